import { Outlet } from "@remix-run/react";
import type { TenancyHandle } from "../tenancy/tenancy-layout";

/** /t/{tenancyId}/notifications/*: the "Notifications" breadcrumb (no data of its own). */
export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "notifications.title", to: `/t/${tenancyId}/notifications` }),
};

export default function NotificationsLayout() {
  return <Outlet />;
}
