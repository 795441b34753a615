import { database, demoAccounts, demoTenancyIds, firstAlarmAndNotification } from "./helpers";

/**
 * Every page of the portal, for the checks that must hold on each one (reflow at 320 px, a text
 * browser's reading, the HTML validator): the public pages anyone reaches, and the pages a signed-in
 * resident reaches, with their dialogs and the views that change the page's shape (tables, tabs).
 * A new route adds its page here.
 */
export const publicPages = [
  "/login",
  "/login?dialog=language",
  "/login/email",
  "/login/email/forgot-password",
  "/signup",
  "/signup/email",
  "/enter-code",
  "/data-policy",
  "/cookie-policy",
  "/no-such-page",
  "/set-password",
  "/report/AAAAAAAAAAAAAAAAAAAAAAAA",
] as const;

/** The signed-in pages of Jens (two homes, admin of the first), as `demoAccounts.jens` sees them. */
export function residentPages(): { account: string; tenancyId: number; paths: string[] } {
  const first = `/t/${demoTenancyIds.jensFirst}`;
  const period = "from=2026-10-01&to=2026-10-31";
  return {
    account: demoAccounts.jens.email,
    tenancyId: demoTenancyIds.jensFirst,
    paths: [
      "/select-tenancy",
      first,
      `${first}?help=rating`,
      `${first}/consumption/heat-energy`,
      `${first}/consumption/heat-energy?${period}&compare=previous-year`,
      `${first}/consumption/heat-energy?${period}&help=smileys`,
      `${first}/consumption/hca?${period}&tab=detailed&group=room`,
      `${first}/consumption/hca?${period}&tab=detailed&group=meter`,
      `${first}/consumption/hca/room/stue?${period}&compare=property-average`,
      `${first}/consumption/heat-energy/price?${period}`,
      `${first}/consumption/heat-energy/price?${period}&view=co2&per=m2&help=co2`,
      `${first}/consumption/electricity-energy?from=2026-10-25&to=2026-10-25`,
      `${first}/consumption/indoor-climate?${period}`,
      `${first}/consumption/indoor-climate?${period}&help=indoor-climate`,
      `${first}/meters?${period}`,
      `${first}/statements`,
      `${first}/settings`,
      `/t/${demoTenancyIds.jensSecond}/settings`,
      `${first}/settings/leave`,
      `${first}/help`,
      `${first}/profile`,
      `${first}/profile/password`,
      `${first}/profile/email`,
      `${first}/profile/delete`,
      `${first}/alarms`,
      `${first}/notifications`,
      "/account-created",
      "/welcome",
      "/welcome?step=4",
    ],
  };
}

/** Anna's alarm and notification pages (the seed gives her both), with the wizard's steps. */
export function alarmPages(): { account: string; tenancyId: number; paths: string[] } {
  const base = `/t/${demoTenancyIds.anna}`;
  const { alarmId, notificationId } = firstAlarmAndNotification(demoTenancyIds.anna);
  const wizard = `${base}/alarms/new-alarm`;
  return {
    account: demoAccounts.anna.email,
    tenancyId: demoTenancyIds.anna,
    paths: [
      `${base}/alarms`,
      `${wizard}?step=1`,
      `${wizard}?step=2&quantity=heat-energy`,
      `${wizard}?step=3&quantity=indoor-relative-humidity&type=maximum`,
      `${wizard}?step=4&quantity=cold-water-volume&type=threshold&frequency=week`,
      `${base}/alarms/${alarmId}`,
      `${base}/alarms/${alarmId}/edit`,
      `${base}/alarms/${alarmId}/delete`,
      `${base}/notifications`,
      `${base}/notifications/${notificationId}`,
    ],
  };
}

/** A monthly report's public page, when the seed or a test has made one (none on a fresh database). */
export function aReportPage(): string | undefined {
  const db = database();
  try {
    const row = db.prepare("SELECT code FROM consumption_reports ORDER BY id LIMIT 1").get() as
      | { code: string }
      | undefined;
    return row ? `/report/${row.code}?lng=da` : undefined;
  } finally {
    db.close();
  }
}
