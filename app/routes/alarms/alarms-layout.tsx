import { alarmsPath } from "@common/portal-paths";
import { Outlet } from "@remix-run/react";
import { titleCrumb } from "../tenancy/tenancy-handle";

/** /t/{tenancyId}/alarms/*: the "Alarm settings" breadcrumb of every alarm page (no data of its own). */
export const handle = titleCrumb("alarms.title", alarmsPath);

export default function AlarmsLayout() {
  return <Outlet />;
}
