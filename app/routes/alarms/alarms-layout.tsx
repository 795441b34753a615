import { Outlet } from "@remix-run/react";
import { titleCrumb } from "../tenancy/tenancy-handle";
import { alarmsPath } from "@common/portal-paths";

/** /t/{tenancyId}/alarms/*: the "Alarm settings" breadcrumb of every alarm page (no data of its own). */
export const handle = titleCrumb("alarms.title", alarmsPath);

export default function AlarmsLayout() {
  return <Outlet />;
}
