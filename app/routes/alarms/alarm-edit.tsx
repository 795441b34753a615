import {
  type AlarmFrequency,
  type AlarmType,
  isAlarmFrequency,
  isAlarmType,
  levelRule,
  validateLevel,
} from "@common/alarms";
import { formatLocale } from "@common/format";
import { alarmEditPath, alarmPath } from "@common/portal-paths";
import { unitLabel } from "@common/quantity-format";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, FrequencyChoices, SaveAlarm, TypeChoices } from "~/components/alarm-fields";
import { PageHeading } from "~/components/page-heading";
import type { WizardError } from "~/domain/alarm-wizard";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { alarmView, levelErrorText, loadAlarm, requireAlarmArea, typesFor } from "~/routes/alarms/alarm-pages.server";
import { isServiceFailure } from "~/services/graphql.server";
import { isAlarmError } from "~/services/tenant/tenant.server";
import { alarmRefusal } from "~/session/api-errors";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { itemCrumb } from "../tenancy/tenancy-handle";

export const handle = itemCrumb("alarms.edit_title", "alarmId", alarmEditPath);

/** /t/{tenancyId}/alarms/{alarmId}/edit: the alarm's type, period, level and on/off in one form. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy, language, ended } = await requireAlarmArea(request, params, context);
  const alarm = alarmView(await loadAlarm(context, tenancy.tenancyId, params.alarmId), language);
  if (!alarm) throw new Response(null, { status: 404 });
  const hints = Object.fromEntries(
    typesFor(alarm.quantity).map((type) => {
      const rule = levelRule(type, alarm.quantity);
      if (!rule) return [type, null];
      const number = new Intl.NumberFormat(formatLocale(language), { maximumFractionDigits: rule.maxDecimals });
      const unit = rule.unit === "percent" ? "%" : unitLabel(alarm.quantity, language, { value: 2 });
      return [type, { unit, min: number.format(rule.min), max: number.format(rule.max) }];
    }),
  ) as Record<AlarmType, { unit: string; min: string; max: string } | null>;
  return { tenancyId: tenancy.id, alarm, ended, types: typesFor(alarm.quantity), hints };
}

type Field = "type" | "frequency" | "level";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy, ended, language } = await requireAlarmArea(request, params, context);
  const alarm = await loadAlarm(context, tenancy.tenancyId, params.alarmId);
  const form = await readForm(request);
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const typed = {
    type: text("type"),
    frequency: text("frequency"),
    level: text("level").slice(0, 40),
    enabled: form.get("enabled") === "on",
  };
  const refuse = (errors: Partial<Record<Field | "form", WizardError>>, status = 400) =>
    data({ errors, typed }, { status });
  if (ended) return refuse({ form: { key: "alarms.ended" } }, 409);

  const quantity = alarm.quantity;
  const errors: Partial<Record<Field, WizardError>> = {};
  const type =
    isAlarmType(typed.type) && typesFor(quantity as never).includes(typed.type) ? (typed.type as AlarmType) : null;
  if (!type) errors.type = { key: "alarms.error.type_required" };
  const frequency = isAlarmFrequency(typed.frequency) ? (typed.frequency as AlarmFrequency) : null;
  if (!frequency) errors.frequency = { key: "alarms.error.frequency_required" };
  let level: number | null = null;
  if (type) {
    const checked = validateLevel(type, quantity as never, typed.level);
    if (checked.ok) level = checked.level;
    else errors.level = levelErrorText(checked.error, language);
  }
  if (!type || !frequency || Object.keys(errors).length > 0) return refuse(errors);

  try {
    await context.api.tenant.updateAlarm(alarm.id, {
      tenancyId: tenancy.tenancyId,
      quantity,
      type,
      frequency,
      level,
      enabled: typed.enabled,
    });
  } catch (error) {
    // The service cannot take it now (down, or reporting its own fault): say so, keeping what was typed.
    if (isServiceFailure(error)) return refuse({ form: { key: "errors.service_unavailable" } }, 503);
    if (isAlarmError(error, "TENANCY_ENDED")) return refuse({ form: { key: "alarms.ended" } }, 409);
    if (isAlarmError(error, "ALARM_INVALID")) return refuse({ form: alarmRefusal(error) });
    throw error;
  }
  return redirectWithSuccess(alarmPath(tenancy.id, alarm.id), toastMessage("toast.alarm_saved"));
}

export default function EditAlarm() {
  const { t } = useTranslation();
  const { tenancyId, alarm, ended, types, hints } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  // What was typed stays after a refusal; otherwise the alarm as it is.
  const values = result?.typed ?? {
    type: alarm.type,
    frequency: alarm.frequency,
    level: alarm.type === "zero" ? "" : alarm.levelInput,
    enabled: alarm.enabled,
  };
  const version = JSON.stringify(values);
  const hint = isAlarmType(values.type) ? hints[values.type as AlarmType] : null;
  const detail = alarmPath(tenancyId, alarm.id);
  return (
    <div className="alarm-page">
      <PageHeading title={t("alarms.edit_title")} />
      {ended ? (
        <p className="notice">{t("alarms.ended")}</p>
      ) : (
        <section className="card">
          <p className="wizard-chosen">{t(`quantity.${alarm.quantity}`)}</p>
          <Form method="post" key={version}>
            <TypeChoices types={types} checked={values.type} error={errors.type} />
            <FrequencyChoices checked={values.frequency} error={errors.frequency} />
            <div className="field">
              <label htmlFor="level">{t("alarms.level_label")}</label>
              <input
                id="level"
                name="level"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={values.level}
                aria-invalid={errors.level ? true : undefined}
                aria-describedby="level-hint level-error"
              />
              <p id="level-hint" className="field-hint">
                {hint ? t("alarms.level_hint", hint) : t("alarms.level_zero")}
              </p>
              <FieldError id="level-error" error={errors.level} />
            </div>
            <SaveAlarm
              enabled={values.enabled}
              refusal={"form" in errors && errors.form ? errors.form : null}
              backTo={detail}
              backLabel={t("alarms.cancel")}
            />
          </Form>
        </section>
      )}
    </div>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "alarms.edit_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
