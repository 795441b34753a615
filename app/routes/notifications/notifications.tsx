import { metricTypeName } from "@common/notification-text";
import { notificationPath, notificationsPath } from "@common/portal-paths";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { PageHeading } from "~/components/page-heading";
import { Separator } from "~/components/separator";
import { SubmitButton } from "~/components/submit-button";
import { isWatchNotification, watchNotificationTexts } from "~/domain/watches";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { type NotificationView, notificationView, requireAlarmArea } from "~/routes/alarms/alarm-pages.server";
import { WatchIcon } from "~/routes/notifications/watch-icon";
import type { TenancyHandle } from "~/routes/tenancy/tenancy-handle";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/** A page of the side menu: it clears the breadcrumbs (no trail; on a phone the menu button). */
export const handle: TenancyHandle = { clearsBreadcrumbs: true };

/**
 * /t/{tenancyId}/notifications (spec section 2, "Notifications: new and old"): unread first, each
 * with its kind, period, what happened against which limit, linking to the notification; "mark all
 * as read"; the empty state "no notifications".
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenancyId = Number(params.tenancyId);
  if (Number.isSafeInteger(tenancyId) && tenancyId > 0) context.api.prefetch.tenant.notifications(tenancyId);
  const { tenancy, language } = await requireAlarmArea(request, params, context);
  const page = await context.api.tenant.notifications(tenancy.tenancyId);
  const items = page.items.map((n) => notificationView(n, tenancy.id, language));
  return {
    tenancyId: tenancy.id,
    unread: items.filter((n) => !n.read),
    read: items.filter((n) => n.read),
    unreadCount: page.unreadCount,
    totalCount: page.totalCount,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireAlarmArea(request, params, context);
  await readForm(request);
  await context.api.tenant.markAllNotificationsRead(tenancy.tenancyId);
  return redirectWithSuccess(notificationsPath(tenancy.id), toastMessage("toast.notifications_read"));
}

/** What ends a notification's text before the next line, for text browsers: a full stop unless it has one. */
function endOf(text: string): string {
  return /[.!?]$/.test(text) ? " " : ". ";
}

/** A watch notification's nights (each one's lowest hourly flow) or days (each one's heat), in the list. */
function WatchDayList({ kind, days }: { kind: "leak_watch" | "heating_left_on"; days: NotificationView["watchDays"] }) {
  const { t } = useTranslation();
  const texts = watchNotificationTexts[kind];
  return (
    <ul className="watch-days" aria-label={t(texts.caption)}>
      {days.map((day) => (
        <li key={day.iso} data-date={day.iso}>
          {t(texts.item, { date: day.date, amount: day.amount })}
        </li>
      ))}
    </ul>
  );
}

function NotificationList({ items, tenancyId }: { items: NotificationView[]; tenancyId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="notification-list">
      {items.map((n) => (
        <li key={n.id} className={n.read ? "notification" : "notification notification-unread"}>
          <Link to={notificationPath(tenancyId, n.id)}>
            {isWatchNotification(n.kind) ? (
              <>
                <WatchIcon kind={n.kind} />{" "}
              </>
            ) : null}
            <span className="notification-kind">
              {t(`notifications.kind.${n.kind}`)}
              {n.quantity ? ` · ${metricTypeName(n.quantity, i18n.language, (key) => t(key))}` : null}
              {n.read ? null : <span className="visually-hidden"> ({t("notifications.unread")})</span>}
            </span>
          </Link>
          <Separator text=": " />
          <span className="notification-period">{n.period}</span>
          <Separator text=". " />
          <span className="notification-text">{t(n.text.key, n.text.values)}</span>
          <Separator text={endOf(t(n.text.key, n.text.values))} />
          {isWatchNotification(n.kind) && n.watchDays.length > 0 ? (
            <WatchDayList kind={n.kind} days={n.watchDays} />
          ) : null}
          <span className="notification-received">{t("notifications.received", { date: n.received })}</span>
        </li>
      ))}
    </ul>
  );
}

export default function Notifications() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  return (
    <div className="notification-page">
      <PageHeading title={t("notifications.title")}>
        {d.unreadCount > 0 ? (
          <Form method="post">
            <SubmitButton className="button button-secondary button-small">{t("notifications.mark_all")}</SubmitButton>
          </Form>
        ) : null}
      </PageHeading>
      {d.totalCount === 0 ? (
        <section className="card">
          <p className="empty-state">{t("notifications.empty")}</p>
        </section>
      ) : (
        <>
          {d.unread.length > 0 ? (
            <Card id="new-heading" heading={t("notifications.new")}>
              <NotificationList items={d.unread} tenancyId={d.tenancyId} />
            </Card>
          ) : null}
          {d.read.length > 0 ? (
            <Card id="earlier-heading" heading={t("notifications.earlier")}>
              <NotificationList items={d.read} tenancyId={d.tenancyId} />
            </Card>
          ) : null}
        </>
      )}
    </div>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "notifications.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
