import { getInputProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { type FieldMeta, FormField } from "./field";

/**
 * A new password with the rules as a hint, and its repeat (sign-up and set-password). Every broken
 * rule shows as its own message under the field.
 */
export function NewPasswordFields({
  password,
  passwordRepeat,
  labelKey,
}: {
  password: FieldMeta;
  passwordRepeat: FieldMeta;
  labelKey: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField meta={password} label={t(labelKey)}>
        <input
          {...getInputProps(password, { type: "password", ariaDescribedBy: "password-hint" })}
          autoComplete="new-password"
        />
        <p id="password-hint" className="hint">
          {t("signup.password_hint")}
        </p>
      </FormField>
      <FormField meta={passwordRepeat} label={t("signup.password_repeat")}>
        <input {...getInputProps(passwordRepeat, { type: "password" })} autoComplete="new-password" />
      </FormField>
    </>
  );
}
