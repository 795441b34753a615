import { type AlarmFrequency, type AlarmType, alarmFrequencies } from "@common/alarms";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { WizardError } from "~/domain/alarm-wizard";
import { Separator } from "./separator";
import { SubmitButton } from "./submit-button";

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

/**
 * One radio button per value, with the field's error (and a note) below, which the group is
 * described by; ids follow the field's name. With `help`, each choice carries a sentence that it is
 * described by. `version` re-mounts the buttons when the URL's choice changes, so the checked one follows.
 */
export function RadioChoices<Value extends string>({
  name,
  legend,
  values,
  checked,
  label,
  help,
  note,
  error,
  version = "",
}: {
  name: string;
  legend: string;
  values: readonly Value[];
  checked: string | null;
  label: (value: Value) => string;
  help?: (value: Value) => string;
  note?: string;
  error?: FieldErrorText;
  version?: string;
}) {
  return (
    <fieldset className="choice-group" aria-describedby={note ? `${name}-error ${name}-note` : `${name}-error`}>
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={`${value}-${version}`} className="choice">
          <input
            type="radio"
            name={name}
            value={value}
            defaultChecked={checked === value}
            aria-describedby={help ? `${name}-${value}-help` : undefined}
          />
          {help ? (
            <span>
              <strong>{label(value)}</strong>
              <Separator text=": " />
              <span id={`${name}-${value}-help`} className="choice-help">
                {help(value)}
              </span>
            </span>
          ) : (
            <span>{label(value)}</span>
          )}
        </label>
      ))}
      {note ? (
        <p id={`${name}-note`} className="field-hint">
          {note}
        </p>
      ) : null}
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** The types a quantity takes, each with what it does. */
export function TypeChoices({
  types,
  checked,
  error,
  version,
}: {
  types: readonly AlarmType[];
  checked: string | null;
  error?: FieldErrorText;
  version?: string;
}) {
  const { t } = useTranslation();
  return (
    <RadioChoices
      name="type"
      legend={t("alarms.type_label")}
      values={types}
      checked={checked}
      label={(type) => t(`alarms.type.${type}`)}
      help={(type) => t(`alarms.type_help.${type}`)}
      error={error}
      version={version}
    />
  );
}

/** How often the alarm looks, with the note on when it does. */
export function FrequencyChoices({
  checked,
  error,
  version,
}: {
  checked: AlarmFrequency | string | null;
  error?: FieldErrorText;
  version?: string;
}) {
  const { t } = useTranslation();
  return (
    <RadioChoices
      name="frequency"
      legend={t("alarms.frequency_label")}
      values={alarmFrequencies}
      checked={checked}
      label={(frequency) => t(`alarms.frequency.${frequency}`)}
      note={t("alarms.frequency_note")}
      error={error}
      version={version}
    />
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
  refusal: WizardError | null;
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
          {t(refusal.key, refusal.values)}
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
