import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { alarmView, loadAlarm, requireAlarmArea } from "~/routes/alarms/alarm-pages.server";
import { pageMeta } from "~/i18n/meta";
import { itemCrumb } from "../tenancy/tenancy-handle";
import { alarmPath } from "@common/portal-paths";

export const handle = itemCrumb("alarms.detail_title", "alarmId", alarmPath);

/** /t/{tenancyId}/alarms/{alarmId}: one alarm, when it last fired, and the ways to change or delete it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy, language, ended } = await requireAlarmArea(request, params, context);
  const alarm = alarmView(await loadAlarm(context, tenancy.tenancyId, params.alarmId), language);
  if (!alarm) throw new Response(null, { status: 404 });
  return { tenancyId: tenancy.id, alarm, ended };
}

export default function AlarmDetail() {
  const { t } = useTranslation();
  const { tenancyId, alarm, ended } = useLoaderData<typeof loader>();
  const base = alarmPath(tenancyId, alarm.id);
  return (
    <div className="alarm-page">
      <div className="page-heading">
        <h1>
          {t(`quantity.${alarm.quantity}`)} · {t(`alarms.type.${alarm.type}`)}
        </h1>
      </div>
      <section className="card">
        <dl className="summary-list">
          <div>
            <dt>{t("alarms.col_quantity")}</dt>
            <dd>{t(`quantity.${alarm.quantity}`)}</dd>
          </div>
          <div>
            <dt>{t("alarms.col_type")}</dt>
            <dd>
              {t(`alarms.type.${alarm.type}`)}
              <span className="field-hint"> {t(`alarms.type_help.${alarm.type}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t("alarms.col_frequency")}</dt>
            <dd>{t(`alarms.frequency.${alarm.frequency}`)}</dd>
          </div>
          <div>
            <dt>{t("alarms.col_level")}</dt>
            <dd>{t(alarm.level.key, alarm.level.values)}</dd>
          </div>
          <div>
            <dt>{t("alarms.col_status")}</dt>
            <dd>{t(alarm.enabled ? "alarms.on" : "alarms.off")}</dd>
          </div>
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
        )}
        <Link to={`${base}/delete`} className="button button-secondary">
          {t("alarms.delete")}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "alarms.detail_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
