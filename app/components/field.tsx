import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

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
  errors: string[] | undefined;
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

/** Form-level errors (for example wrong credentials), announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.length ? errors.map((key) => <p key={key}>{t(key)}</p>) : null}
    </div>
  );
}
