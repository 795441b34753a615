import { notificationsPath } from "@common/portal-paths";
import { Outlet } from "@remix-run/react";
import { titleCrumb } from "../tenancy/tenancy-handle";

/** /t/{tenancyId}/notifications/*: the "Notifications" breadcrumb (no data of its own). */
export const handle = titleCrumb("notifications.title", notificationsPath);

export default function NotificationsLayout() {
  return <Outlet />;
}
