import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import type { ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";
import { Options } from "./select-options";

/** A labelled form field with its translated errors (error strings are translation keys). */
export function Field({
  id,
  label,
  errorId,
  errors,
  children,
}: {
  id: string;
  label: string;
  errorId: string;
  errors: readonly string[] | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <div id={errorId} className="field-error" aria-live="polite">
        {errors?.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
    </div>
  );
}

/** A field of a conform form, as the components here use it (its value is text, or "on" for a checkbox). */
export type FieldMeta = FieldMetadata<string>;

/** A {@link Field} for a field of a conform form: its ids and errors come from the form. */
export function FormField({
  meta,
  label,
  children,
}: {
  meta: Pick<FieldMeta, "id" | "errorId" | "errors">;
  label: string;
  children: ReactNode;
}) {
  return (
    <Field id={meta.id} label={label} errorId={meta.errorId} errors={meta.errors}>
      {children}
    </Field>
  );
}

/** An e-mail address to type: the mobile keyboard for addresses, the browser's suggestion as named. */
export function EmailField({
  meta,
  label,
  autoComplete,
}: {
  meta: FieldMeta;
  label: string;
  autoComplete: "email" | "username";
}) {
  return (
    <FormField meta={meta} label={label}>
      <input {...getInputProps(meta, { type: "email" })} autoComplete={autoComplete} inputMode="email" />
    </FormField>
  );
}

/** The password the resident signs in with today (to sign in, or to confirm a change). */
export function CurrentPasswordField({
  meta,
  label,
  inputRef,
}: {
  meta: FieldMeta;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FormField meta={meta} label={label}>
      <input {...getInputProps(meta, { type: "password" })} ref={inputRef} autoComplete="current-password" />
    </FormField>
  );
}

/** Form-level errors (for example wrong credentials), announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.length ? errors.map((key) => <p key={key}>{t(key)}</p>) : null}
    </div>
  );
}

/** A checkbox with its label after it (a label's content may hold a link). */
export function CheckboxField({ meta, children }: { meta: FieldMeta; children: ReactNode }) {
  return (
    <div className="checkbox-field">
      <input {...getInputProps(meta, { type: "checkbox" })} />
      <label htmlFor={meta.id}>{children}</label>
    </div>
  );
}

/**
 * A language to choose, each named by its translation in the page's language. Without `required`:
 * a required select must start with an empty option (HTML), and this one always has a language
 * chosen; the server still refuses a missing or unknown one.
 */
export function LanguageField({
  meta,
  label,
  languages,
}: {
  meta: FieldMeta;
  label: string;
  languages: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <FormField meta={meta} label={label}>
      <select {...getSelectProps(meta)} required={false}>
        <Options values={languages} label={(language) => t(`language.${language}`)} />
      </select>
    </FormField>
  );
}
