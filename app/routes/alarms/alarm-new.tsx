import { type AlarmType, levelRule } from "@common/alarms";
import { formatLocale } from "@common/format";
import { alarmLevelText } from "@common/notification-text";
import { alarmsPath, newAlarmPath } from "@common/portal-paths";
import { unitLabel } from "@common/quantity-format";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, FrequencyChoices, RadioChoices, SaveAlarm, TypeChoices } from "~/components/alarm-fields";
import { Fact } from "~/components/fact";
import { PageHeading } from "~/components/page-heading";
import {
  type WizardChoices,
  type WizardError,
  type WizardStep,
  wizardPage,
  wizardSearch,
  wizardSteps,
} from "~/domain/alarm-wizard";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { levelErrorText, requireAlarmArea, typesFor } from "~/routes/alarms/alarm-pages.server";
import { isServiceFailure } from "~/services/graphql.server";
import { isAlarmError } from "~/services/tenant/tenant.server";
import { alarmRefusal } from "~/session/api-errors";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import type { TenancyHandle } from "../tenancy/tenancy-layout";

export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "alarms.new_title", to: `${newAlarmPath(tenancyId)}?step=1` }),
};

/** The level's hint: its unit and range, as the resident would type them. */
function levelHint(type: AlarmType, quantity: WizardChoices["quantity"], language: string) {
  if (!quantity) return null;
  const rule = levelRule(type, quantity);
  if (!rule) return null;
  const number = new Intl.NumberFormat(formatLocale(language), { maximumFractionDigits: rule.maxDecimals });
  return {
    percent: rule.unit === "percent",
    unit: rule.unit === "percent" ? "%" : unitLabel(quantity, language, { value: 2 }),
    min: number.format(rule.min),
    max: number.format(rule.max),
  };
}

/**
 * /t/{tenancyId}/alarms/new-alarm?step=1..4 (spec section 2): a new alarm in four steps,
 * type, frequency, level and summary. Every choice travels in the URL (app/domain/alarm-wizard.ts),
 * so each step is a plain GET form that works without JavaScript, survives a reload and keeps its
 * choice when the resident goes back; the summary's form posts to save.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy, language, quantities, ended } = await requireAlarmArea(request, params, context);
  const wizard = wizardPage(new URL(request.url).searchParams, quantities);
  const { quantity, type } = wizard.choices;
  const errors: Partial<Record<keyof WizardChoices, WizardError>> = {};
  for (const [field, error] of Object.entries(wizard.errors))
    errors[field as keyof WizardChoices] = levelErrorText(error, language);
  return {
    tenancyId: tenancy.id,
    ended,
    quantities,
    step: wizard.step,
    choices: wizard.choices,
    errors,
    types: quantity ? typesFor(quantity) : [],
    hint: type ? levelHint(type, quantity, language) : null,
    summaryLevel:
      wizard.step === 4 && quantity && type && wizard.level !== null
        ? alarmLevelText(type, quantity, wizard.level, language)
        : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy, quantities, ended } = await requireAlarmArea(request, params, context);
  if (ended) return data({ error: { key: "alarms.ended" } }, { status: 409 });
  const form = await readForm(request);
  const field = (name: string) =>
    name === "step" ? "4" : typeof form.get(name) === "string" ? (form.get(name) as string) : null;
  const wizard = wizardPage({ get: field }, quantities);
  const { quantity, type, frequency } = wizard.choices;
  // A choice that is missing or wrong: the step that asks for it, with its error (in the URL).
  if (wizard.step !== 4 || !quantity || !type || !frequency) {
    throw redirect(`${newAlarmPath(tenancy.id)}${wizardSearch(wizard.choices, 4)}`, 303);
  }
  try {
    await context.api.tenant.createAlarm({
      tenancyId: tenancy.tenancyId,
      quantity,
      type,
      frequency,
      level: wizard.level,
      enabled: form.get("enabled") === "on",
    });
  } catch (error) {
    // The service cannot take it now (down, or reporting its own fault): say so beside Save.
    if (isServiceFailure(error)) return data({ error: { key: "errors.service_unavailable" } }, { status: 503 });
    if (isAlarmError(error, "TENANCY_ENDED")) return data({ error: { key: "alarms.ended" } }, { status: 409 });
    if (isAlarmError(error, "ALARM_INVALID")) return data({ error: alarmRefusal(error) }, { status: 400 });
    throw error;
  }
  return redirectWithSuccess(alarmsPath(tenancy.id), toastMessage("toast.alarm_created"));
}

function StepList({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  return (
    <ol className="wizard-steps" aria-label={t("alarms.steps")}>
      {wizardSteps.map((s) => (
        <li key={s} aria-current={s === step ? "step" : undefined} className={s < step ? "done" : undefined}>
          <span className="wizard-step-number" aria-hidden="true">
            {s}
          </span>{" "}
          {t(`alarms.step_name.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/** The choices of the other steps, carried along so none is lost going back and forth. */
function Carried({ choices, except }: { choices: WizardChoices; except: (keyof WizardChoices)[] }) {
  return (
    <>
      {(Object.keys(choices) as (keyof WizardChoices)[])
        .filter((name) => !except.includes(name) && choices[name] !== null && choices[name] !== "")
        .map((name) => (
          <input key={name} type="hidden" name={name} value={choices[name] ?? ""} />
        ))}
    </>
  );
}

function Chosen({ choices }: { choices: WizardChoices }) {
  const { t } = useTranslation();
  if (!choices.quantity) return null;
  return (
    <p className="wizard-chosen">
      {t(`quantity.${choices.quantity}`)}
      {choices.type ? ` · ${t(`alarms.type.${choices.type}`)}` : null}
      {choices.frequency ? ` · ${t(`alarms.frequency.${choices.frequency}`)}` : null}
    </p>
  );
}

export default function NewAlarm() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [, setSearchParams] = useSearchParams();
  const list = alarmsPath(d.tenancyId);
  const here = `${list}/new-alarm`;
  const { choices, errors, step } = d;

  /** The step's choices as a URL (its own step number, so Back returns to it). */
  const urlOf = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form))
      if (typeof value === "string" && value !== "") params.set(name, value);
    params.set("step", String(step));
    return params;
  };
  /**
   * With JavaScript, the step's history entry is given its choices as the resident moves on, so
   * the browser's Back button returns to the step with its choice shown (without JavaScript the
   * browser restores the form itself).
   */
  const rememberInHistory = (event: FormEvent<HTMLFormElement>) => {
    window.history.replaceState(window.history.state, "", `${here}?${urlOf(event.currentTarget).toString()}`);
  };
  /** Step 1: a new quantity shows its types at once. */
  const showTypes = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLInputElement).name !== "quantity") return;
    setSearchParams(urlOf(event.currentTarget), { replace: true, preventScrollReset: true });
  };

  if (d.ended || d.quantities.length === 0) {
    return (
      <div className="alarm-page">
        <h1>{t("alarms.new_title")}</h1>
        <p className="notice">{t(d.ended ? "alarms.ended" : "alarms.no_quantities")}</p>
        <p>
          <Link to={list}>{t("alarms.title")}</Link>
        </p>
      </div>
    );
  }

  const back = step === 1 ? list : `${here}${wizardSearch(choices, (step - 1) as WizardStep)}`;
  const actions = (next: string) => (
    <div className="wizard-actions">
      <Link to={back} className="button button-secondary">
        {step === 1 ? t("alarms.cancel") : t("alarms.back")}
      </Link>{" "}
      <button type="submit" className="button">
        {next}
      </button>
    </div>
  );

  return (
    <div className="alarm-page">
      <PageHeading title={t("alarms.new_title")}>
        <p className="wizard-position">{t("alarms.step", { step })}</p>
      </PageHeading>
      <StepList step={step} />
      <section className="card wizard-card">
        {step === 1 ? (
          <Form method="get" action={here} onChange={showTypes} onSubmit={rememberInHistory} preventScrollReset>
            {d.quantities.length > 1 ? (
              <RadioChoices
                name="quantity"
                legend={t("alarms.quantity_label")}
                values={d.quantities}
                checked={choices.quantity}
                label={(quantity) => t(`quantity.${quantity}`)}
                error={errors.quantity}
                version={String(choices.quantity)}
              />
            ) : (
              <>
                <input type="hidden" name="quantity" value={d.quantities[0]} />
                <Chosen choices={{ quantity: d.quantities[0] ?? null, type: null, frequency: null, level: null }} />
              </>
            )}
            {choices.quantity ? (
              <TypeChoices
                types={d.types}
                checked={choices.type}
                error={errors.type}
                version={`${choices.quantity}-${choices.type}`}
              />
            ) : null}
            <Carried choices={choices} except={["quantity", "type"]} />
            <input type="hidden" name="step" value={choices.quantity ? 2 : 1} />
            {actions(t("alarms.next"))}
          </Form>
        ) : step === 2 ? (
          <Form method="get" action={here} onSubmit={rememberInHistory} preventScrollReset>
            <Chosen choices={{ ...choices, frequency: null }} />
            <FrequencyChoices checked={choices.frequency} error={errors.frequency} version={choices.frequency ?? ""} />
            <Carried choices={choices} except={["frequency"]} />
            <input type="hidden" name="step" value={3} />
            {actions(t("alarms.next"))}
          </Form>
        ) : step === 3 ? (
          <Form method="get" action={here} onSubmit={rememberInHistory} preventScrollReset>
            <Chosen choices={choices} />
            {d.hint ? (
              <div className="field">
                <label htmlFor="level">{t(d.hint.percent ? "alarms.level_label_percent" : "alarms.level_label")}</label>
                <input
                  id="level"
                  name="level"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={choices.level ?? ""}
                  key={choices.level ?? ""}
                  aria-invalid={errors.level ? true : undefined}
                  aria-describedby="level-hint level-error"
                />
                <p id="level-hint" className="field-hint">
                  {t("alarms.level_hint", { unit: d.hint.unit, min: d.hint.min, max: d.hint.max })}
                </p>
                <FieldError id="level-error" error={errors.level} />
              </div>
            ) : (
              <p className="notice">{t("alarms.level_zero")}</p>
            )}
            <Carried choices={choices} except={["level"]} />
            <input type="hidden" name="step" value={4} />
            {actions(t("alarms.next"))}
          </Form>
        ) : (
          <Form method="post" action={`${here}${wizardSearch(choices, 4)}`}>
            <p>{t("alarms.summary_label")}</p>
            <dl className="summary-list">
              <Fact term={t("alarms.col_quantity")}>{choices.quantity ? t(`quantity.${choices.quantity}`) : null}</Fact>
              <Fact term={t("alarms.col_type")}>{choices.type ? t(`alarms.type.${choices.type}`) : null}</Fact>
              <Fact term={t("alarms.col_frequency")}>
                {choices.frequency ? t(`alarms.frequency.${choices.frequency}`) : null}
              </Fact>
              <Fact term={t("alarms.col_level")}>
                {d.summaryLevel ? t(d.summaryLevel.key, d.summaryLevel.values) : null}
              </Fact>
            </dl>
            <Carried choices={choices} except={[]} />
            <SaveAlarm
              enabled
              refusal={result && "error" in result ? result.error : null}
              backTo={back}
              backLabel={t("alarms.back")}
            />
          </Form>
        )}
      </section>
    </div>
  );
}

// A refused save (ADR 0019) keeps its Allow header on the page.
export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "alarms.new_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
