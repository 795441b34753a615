import { metricTypeName } from "@common/notification-text";
import { alarmsPath } from "@common/portal-paths";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/data-table";
import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/i18n/meta";
import { type AlarmView, alarmView, requireAlarmArea } from "~/routes/alarms/alarm-pages.server";
import type { TenancyHandle } from "~/routes/tenancy/tenancy-handle";

/** A page of the side menu: it clears the breadcrumbs (no trail; on a phone the menu button). */
export const handle: TenancyHandle = { clearsBreadcrumbs: true };

/**
 * /t/{tenancyId}/alarms (spec section 2, "Alarm settings"): the resident's alarms on the tenancy,
 * each with its quantity, type, period, level and whether it is on; the empty state "no alarms".
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenancyId = Number(params.tenancyId);
  // The alarms need only the URL's tenancy and the token: asked while the guard asks (ADR 0021).
  if (Number.isSafeInteger(tenancyId) && tenancyId > 0) context.api.prefetch.tenant.alarms(tenancyId);
  const { tenancy, language, quantities, ended } = await requireAlarmArea(request, params, context);
  const alarms = await context.api.tenant.alarms(tenancy.tenancyId);
  return {
    tenancyId: tenancy.id,
    alarms: alarms.map((alarm) => alarmView(alarm, language)).filter((alarm): alarm is AlarmView => alarm !== null),
    canCreate: !ended && quantities.length > 0,
    ended,
    noQuantities: quantities.length === 0,
  };
}

export default function Alarms() {
  const { t, i18n } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const base = alarmsPath(d.tenancyId);
  const create = d.canCreate ? (
    <p className="page-actions">
      <Link to={`${base}/new-alarm?step=1`} className="button">
        {t("alarms.create")}
      </Link>
    </p>
  ) : null;
  return (
    <div className="alarm-page">
      <PageHeading title={t("alarms.title")} />
      <p className="lead">{t("alarms.intro")}</p>
      {d.ended ? (
        <p className="notice">{t("alarms.ended")}</p>
      ) : d.noQuantities ? (
        <p className="notice">{t("alarms.no_quantities")}</p>
      ) : null}
      {d.alarms.length === 0 ? (
        <section className="card">
          <p className="empty-state">{t("alarms.empty")}</p>
          {create}
        </section>
      ) : (
        <>
          <section className="card">
            <DataTable
              className="data-table alarm-table"
              caption={t("alarms.list_caption")}
              columns={[
                t("alarms.col_quantity"),
                t("alarms.col_type"),
                t("alarms.col_frequency"),
                t("alarms.col_level"),
                t("alarms.col_status"),
              ]}
              stacked
            >
              {d.alarms.map((alarm) => (
                <tr key={alarm.id}>
                  <th scope="row">
                    <Link to={`${base}/${alarm.id}`}>
                      {metricTypeName(alarm.quantity, i18n.language, (key) => t(key))}
                    </Link>
                  </th>
                  <td data-label={t("alarms.col_type")}>{t(`alarms.type.${alarm.type}`)}</td>
                  <td data-label={t("alarms.col_frequency")}>{t(`alarms.frequency.${alarm.frequency}`)}</td>
                  <td data-label={t("alarms.col_level")}>{t(alarm.level.key, alarm.level.values)}</td>
                  <td data-label={t("alarms.col_status")}>
                    <span className={alarm.enabled ? "status status-on" : "status status-off"}>
                      {t(alarm.enabled ? "alarms.on" : "alarms.off")}
                    </span>
                  </td>
                </tr>
              ))}
            </DataTable>
          </section>
          {create}
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "alarms.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
