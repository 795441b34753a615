import { Outlet } from "@remix-run/react";
import type { TenancyHandle } from "../tenancy/tenancy-layout";
import { alarmsPath } from "@common/portal-paths";

/** /t/{tenancyId}/alarms/*: the "Alarm settings" breadcrumb of every alarm page (no data of its own). */
export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "alarms.title", to: alarmsPath(tenancyId) }),
};

export default function AlarmsLayout() {
  return <Outlet />;
}
