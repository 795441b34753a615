import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "./submit-button";
import { alarmFrequencies, type AlarmFrequency, type AlarmType } from "@common/alarms";

/** The fields the alarm creation steps and the edit form share. */

export interface FieldErrorText {
  key: string;
  values?: Record<string, number | string>;
}

/** A field's error, announced when it appears; the id is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: FieldErrorText | undefined }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="field-error" aria-live="polite">
      {error ? <p>{t(error.key, error.values)}</p> : null}
    </div>
  );
}

/** The types a quantity takes, each with what it does; `version` re-mounts them when the URL's choice changes. */
export function TypeChoices({
  types,
  checked,
  error,
  version = "",
}: {
  types: readonly AlarmType[];
  checked: string | null;
  error?: FieldErrorText;
  version?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice-group" aria-describedby="type-error">
      <legend>{t("alarms.type_label")}</legend>
      {types.map((type) => (
        <label key={`${type}-${version}`} className="choice">
          <input
            type="radio"
            name="type"
            value={type}
            defaultChecked={checked === type}
            aria-describedby={`type-${type}-help`}
          />
          <span>
            <strong>{t(`alarms.type.${type}`)}</strong>
            <span id={`type-${type}-help`} className="choice-help">
              {t(`alarms.type_help.${type}`)}
            </span>
          </span>
        </label>
      ))}
      <FieldError id="type-error" error={error} />
    </fieldset>
  );
}

export function FrequencyChoices({
  checked,
  error,
  version = "",
}: {
  checked: AlarmFrequency | string | null;
  error?: FieldErrorText;
  version?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice-group" aria-describedby="frequency-error frequency-note">
      <legend>{t("alarms.frequency_label")}</legend>
      {alarmFrequencies.map((frequency) => (
        <label key={`${frequency}-${version}`} className="choice">
          <input type="radio" name="frequency" value={frequency} defaultChecked={checked === frequency} />
          <span>{t(`alarms.frequency.${frequency}`)}</span>
        </label>
      ))}
      <p id="frequency-note" className="field-hint">
        {t("alarms.frequency_note")}
      </p>
      <FieldError id="frequency-error" error={error} />
    </fieldset>
  );
}

/** "The alarm is on", the form's refusal if any, and the way back beside Save. */
export function SaveAlarm({
  enabled,
  refusal,
  backTo,
  backLabel,
}: {
  enabled: boolean;
  refusal: string | null;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="checkbox-field">
        <input type="checkbox" name="enabled" defaultChecked={enabled} />
        <span>{t("alarms.enabled")}</span>
      </label>
      {refusal ? (
        <p className="field-error" role="alert">
          {t(refusal)}
        </p>
      ) : null}
      <div className="wizard-actions">
        <Link to={backTo} className="button button-secondary">
          {backLabel}
        </Link>
        <SubmitButton>{t("alarms.save")}</SubmitButton>
      </div>
    </>
  );
}
