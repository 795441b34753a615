import { metricTypeName } from "@common/notification-text";
import { alarmPath } from "@common/portal-paths";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Fact } from "~/components/fact";
import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/i18n/meta";
import { alarmView, loadAlarm, requireAlarmArea } from "~/routes/alarms/alarm-pages.server";
import { itemCrumb } from "../tenancy/tenancy-handle";

export const handle = itemCrumb("alarms.detail_title", "alarmId", alarmPath);

/** /t/{tenancyId}/alarms/{alarmId}: one alarm, when it last fired, and the ways to change or delete it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy, language, ended } = await requireAlarmArea(request, params, context);
  const alarm = alarmView(await loadAlarm(context, tenancy.tenancyId, params.alarmId), language);
  if (!alarm) throw new Response(null, { status: 404 });
  return { tenancyId: tenancy.id, alarm, ended };
}

export default function AlarmDetail() {
  const { t, i18n } = useTranslation();
  const { tenancyId, alarm, ended } = useLoaderData<typeof loader>();
  const base = alarmPath(tenancyId, alarm.id);
  const watched = metricTypeName(alarm.quantity, i18n.language, (key) => t(key));
  return (
    <div className="alarm-page">
      <PageHeading
        title={
          <>
            {watched} · {t(`alarms.type.${alarm.type}`)}
          </>
        }
      />
      <section className="card">
        <dl className="summary-list">
          <Fact term={t("alarms.col_quantity")}>{watched}</Fact>
          <Fact term={t("alarms.col_type")}>
            {t(`alarms.type.${alarm.type}`)}
            <span className="field-hint"> {t(`alarms.type_help.${alarm.type}`)}</span>
          </Fact>
          <Fact term={t("alarms.col_frequency")}>{t(`alarms.frequency.${alarm.frequency}`)}</Fact>
          <Fact term={t("alarms.col_level")}>{t(alarm.level.key, alarm.level.values)}</Fact>
          <Fact term={t("alarms.col_status")}>{t(alarm.enabled ? "alarms.on" : "alarms.off")}</Fact>
        </dl>
        <p className="alarm-fired">
          {alarm.lastFired
            ? t("alarms.last_fired", { date: alarm.lastFired.on, period: alarm.lastFired.period })
            : t("alarms.never_fired")}{" "}
          {t("alarms.created_at", { date: alarm.createdOn })}
        </p>
      </section>
      {ended ? <p className="notice">{t("alarms.ended")}</p> : null}
      <p className="page-actions button-row">
        {ended ? null : (
          <Link to={`${base}/edit`} className="button">
            {t("alarms.edit")}
          </Link>
        )}{" "}
        <Link to={`${base}/delete`} className="button button-secondary">
          {t("alarms.delete")}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "alarms.detail_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
