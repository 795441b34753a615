import { Outlet } from "@remix-run/react";
import type { TenancyHandle } from "../tenancy/tenancy-layout";
import { notificationsPath } from "@common/portal-paths";

/** /t/{tenancyId}/notifications/*: the "Notifications" breadcrumb (no data of its own). */
export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "notifications.title", to: notificationsPath(tenancyId) }),
};

export default function NotificationsLayout() {
  return <Outlet />;
}
