import { namedPeriods, type Period } from "@common/period";
import { Form, Link } from "@remix-run/react";
import { Fragment, useId } from "react";
import { useTranslation } from "react-i18next";
import { type CompareChoice, compareChoices, type PeriodError, type Preset } from "~/domain/period-query";
import { LabelledSelect } from "./select-options";

export interface PeriodSelectorState {
  period: Period;
  /**
   * The period's first and last day as the resident reads them ("1. november 2026"), written by the
   * server: the browser's first Intl.DateTimeFormat takes 50–85 ms of a hydrating page on a slow
   * machine (docs/performance.md, "Dates written on the server").
   */
  shown: { from: string; to: string };
  compare: CompareChoice;
  preset: Preset;
  error: PeriodError | null;
  typed: { from: string; to: string };
  /** Links to the previous and next period (null where stepping stops). */
  previousHref: string | null;
  nextHref: string | null;
  /** Whether the tenancy has a billing year to offer. */
  hasBillingYear: boolean;
  /** View state to keep when the period changes (tab, view …). */
  keep: Record<string, string | null>;
  /**
   * Where the form goes: the page it is on. The selector is drawn by a layout route, and a form
   * without an action would post to the layout's own URL, dropping a room, meter or price subpage.
   */
  action: string;
}

/** The selector's two date fields, first day then last: each shows what was typed, else the period's day. */
const dateFieldNames = ["from", "to"] as const;

/** A date field of the selector; `errorId` marks it invalid and points at the message. */
function DateField({
  name,
  label,
  value,
  errorId,
}: {
  name: "from" | "to";
  label: string;
  value: string;
  errorId?: string;
}) {
  return (
    <label>
      <span>{label}</span>{" "}
      <input
        type="date"
        name={name}
        defaultValue={value}
        key={`${name}-${value}`}
        required
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </label>
  );
}

/**
 * The period selector (spec section 2): presets, custom start and end dates, since moving in,
 * billing year, previous and next, and what to compare with. It is a GET form, so the chosen
 * period and comparison live in the URL. The date fields have their own submit button and come
 * first, so pressing Enter in them applies the dates, not the preset. Nothing changes until a
 * button is pressed (WCAG 3.2.2), with or without JavaScript.
 */
export function PeriodSelector({ state, withCompare = true }: { state: PeriodSelectorState; withCompare?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const presets: Preset[] = [
    ...namedPeriods,
    "since-moving-in",
    ...(state.hasBillingYear ? (["billing-year"] as const) : []),
    "custom",
  ];
  const invalid = state.error !== null;

  return (
    <section className="period-selector card" aria-label={t("period.label")}>
      <div className="period-stepper">
        {state.previousHref ? (
          <Link to={state.previousHref} className="stepper-button" preventScrollReset rel="prev">
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t("period.previous")}</span>
          </Link>
        ) : (
          <span className="stepper-button" aria-hidden="true">
            ‹
          </span>
        )}
        <p className="period-current" aria-live="polite">
          {state.shown.from} – {state.shown.to}
        </p>
        {state.nextHref ? (
          <Link to={state.nextHref} className="stepper-button" preventScrollReset rel="next">
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{t("period.next")}</span>
          </Link>
        ) : (
          <span className="stepper-button" aria-hidden="true">
            ›
          </span>
        )}
      </div>
      <Form method="get" action={state.action} className="period-form" preventScrollReset>
        {Object.entries(state.keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <fieldset className="period-dates">
          <legend>{t("period.custom_legend")}</legend>{" "}
          {dateFieldNames.map((name) => (
            <Fragment key={name}>
              <DateField
                name={name}
                label={t(`period.${name}`)}
                value={state.typed[name] || state.period[name]}
                errorId={invalid ? errorId : undefined}
              />{" "}
            </Fragment>
          ))}
          <button type="submit" name="apply" value="dates" className="button button-small">
            {t("period.apply_dates")}
          </button>
        </fieldset>
        {invalid ? (
          <p id={errorId} className="field-error" role="alert">
            {t(`period.error.${state.error}`)}
          </p>
        ) : null}
        <div className="period-choices">
          <LabelledSelect
            label={t("period.preset_label")}
            name="preset"
            defaultValue={state.preset}
            resetKey={`preset-${state.preset}`}
            values={presets}
            optionLabel={(preset) => t(`period.preset.${preset}`)}
          />{" "}
          {withCompare ? (
            <LabelledSelect
              label={t("period.compare_label")}
              name="compare"
              defaultValue={state.compare}
              resetKey={`compare-${state.compare}`}
              values={compareChoices}
              optionLabel={(choice) => t(`compare.${choice}`)}
            />
          ) : null}{" "}
          <button type="submit" className="button button-small">
            {t("period.show")}
          </button>
        </div>
      </Form>
    </section>
  );
}
