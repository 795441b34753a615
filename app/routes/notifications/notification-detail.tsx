import { metricTypeName } from "@common/notification-text";
import { notificationPath } from "@common/portal-paths";
import { isQuantityId } from "@common/quantities";
import { formatQuantity } from "@common/quantity-format";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/data-table";
import { Fact } from "~/components/fact";
import { PageHeading } from "~/components/page-heading";
import { isWatchNotification, watchNotificationTexts } from "~/domain/watches";
import { pageMeta } from "~/i18n/meta";
import {
  idParam,
  notificationView,
  requireAlarmArea,
  rethrowNotificationNotFound,
} from "~/routes/alarms/alarm-pages.server";
import { WatchIcon } from "~/routes/notifications/watch-icon";
import { itemCrumb } from "../tenancy/tenancy-handle";

export const handle = itemCrumb("notifications.detail_title", "notificationId", notificationPath);

/**
 * /t/{tenancyId}/notifications/{id}: one notification. Opening it marks it read (the layout does,
 * tenancy-layout.tsx; the back-end keeps the first time), so the side menu's count goes down.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.notificationId, "notification_not_found");
  const { tenancy, language } = await requireAlarmArea(request, params, context);
  // The layout marks it read (so the menu's count leaves it out); this page shows it.
  const notification = await context.api.tenant.notification(tenancy.tenancyId, id).catch(rethrowNotificationNotFound);
  const view = notificationView(notification, tenancy.id, language);
  const quantity = notification.quantity !== null && isQuantityId(notification.quantity) ? notification.quantity : null;
  const watch = isWatchNotification(notification.kind);
  return {
    view,
    // A watch's run: the lowest hourly flow of its nights, or the heat of its days.
    watchTotal:
      watch && quantity && notification.value !== null ? formatQuantity(notification.value, quantity, language) : null,
    measured:
      !watch && quantity && notification.value !== null && notification.direction !== "increase"
        ? formatQuantity(notification.value, quantity, language)
        : null,
    limit:
      quantity && notification.threshold !== null && notification.direction !== "increase"
        ? formatQuantity(notification.threshold, quantity, language)
        : null,
  };
}

export default function NotificationDetail() {
  const { t, i18n } = useTranslation();
  const { view, measured, limit, watchTotal } = useLoaderData<typeof loader>();
  const watch = isWatchNotification(view.kind) ? watchNotificationTexts[view.kind] : null;
  return (
    <div className="notification-page">
      <PageHeading
        title={
          <>
            {isWatchNotification(view.kind) ? (
              <>
                <WatchIcon kind={view.kind} />{" "}
              </>
            ) : null}
            {t(`notifications.kind.${view.kind}`)}
            {view.quantity ? ` · ${metricTypeName(view.quantity, i18n.language, (key) => t(key))}` : null}
          </>
        }
      />
      <section className="card">
        <p className="notification-text">{t(view.text.key, view.text.values)}</p>
        <dl className="summary-list">
          <Fact term={t("notifications.period")}>{view.period}</Fact>
          {view.direction ? (
            <Fact term={t("notifications.direction_label")}>{t(`notifications.direction.${view.direction}`)}</Fact>
          ) : null}
          {measured ? <Fact term={t("notifications.measured")}>{measured}</Fact> : null}
          {limit ? <Fact term={t("notifications.limit")}>{limit}</Fact> : null}
          {watch && watchTotal ? <Fact term={t(watch.total)}>{watchTotal}</Fact> : null}
        </dl>
        {watch && view.watchDays.length > 0 ? (
          <>
            <DataTable
              className="data-table watch-day-table"
              caption={t(watch.caption)}
              columns={[t(watch.day), t(watch.amount)]}
            >
              {view.watchDays.map((day) => (
                <tr key={day.iso} data-date={day.iso}>
                  <th scope="row">{day.date}</th>
                  <td>{day.amount}</td>
                </tr>
              ))}
            </DataTable>
            {view.kind === "leak_watch" ? <p className="hint">{t("watches.night_note")}</p> : null}
          </>
        ) : null}
        <p className="notification-received">{t("notifications.received", { date: view.received })}</p>
      </section>
      <p className="page-actions button-row">
        {view.consumptionHref ? (
          <Link to={view.consumptionHref} className="button">
            {t("notifications.see_consumption")}
          </Link>
        ) : null}{" "}
        {view.reportHref ? (
          <a href={view.reportHref} className="button">
            {t("notifications.open_report")}
          </a>
        ) : null}{" "}
        {view.alarmHref ? (
          <Link to={view.alarmHref} className="button button-secondary">
            {t("notifications.alarm_link")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "notifications.detail_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
