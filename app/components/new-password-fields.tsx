import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field } from "./field";

/**
 * A new password with the rules as a hint, and its repeat (sign-up and set-password). Every broken
 * rule shows as its own message under the field.
 */
export function NewPasswordFields({
  password,
  passwordRepeat,
  labelKey,
}: {
  password: FieldMetadata<string>;
  passwordRepeat: FieldMetadata<string>;
  labelKey: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field id={password.id} label={t(labelKey)} errorId={password.errorId} errors={password.errors}>
        <input
          {...getInputProps(password, { type: "password", ariaDescribedBy: "password-hint" })}
          autoComplete="new-password"
        />
        <p id="password-hint" className="hint">
          {t("signup.password_hint")}
        </p>
      </Field>
      <Field
        id={passwordRepeat.id}
        label={t("signup.password_repeat")}
        errorId={passwordRepeat.errorId}
        errors={passwordRepeat.errors}
      >
        <input {...getInputProps(passwordRepeat, { type: "password" })} autoComplete="new-password" />
      </Field>
    </>
  );
}
