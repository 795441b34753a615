import { planMeters, planTenancies, planUnits, userIdOf } from "../../backend/db/seed/demo-plan";
import { everyPage, type Who } from "../../scripts/every-page.mjs";
import { database, demoAccounts, demoTenancyIds, firstAlarmAndNotification } from "./helpers";

/**
 * Every page of the portal, for the checks that must hold on each one (reflow at 320 px, a text
 * browser's reading, the HTML validator, hydration): one page of every page route, from the list
 * the bench measures too (scripts/every-page.mjs, where a new route adds its page), each as its
 * demo account sees it, and besides those the dialogs and views that change a page's shape
 * (tables, tabs, help, another period).
 */

/** A report code that names no report: its page says the report is no longer available. */
const unknownReportCode = "AAAAAAAAAAAAAAAAAAAAAAAA";

/** The pages of one account in scripts/every-page.mjs, with its placeholders filled. */
function pagesOf(who: Who, values: Record<string, string | number>): string[] {
  return everyPage
    .filter((page) => page.who === who)
    .map((page) =>
      page.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`every-page.mjs: no value for {${name}} in ${page.path}`);
        return String(value);
      }),
    );
}

/** The first heat cost allocator of a demo tenancy's home, from the demo's plan (the seed's own). */
function firstHcaOf(tenancyId: number): number {
  const units = planUnits();
  const unitId = planTenancies(units).find((tenancy) => tenancy.id === tenancyId)?.unitId;
  const meter = planMeters(units).find((m) => m.unitId === unitId && m.quantity === "hca");
  if (meter === undefined) throw new Error(`the demo plan gives tenancy ${tenancyId} no heat cost allocator`);
  return meter.id;
}

export const publicPages: readonly string[] = [
  ...pagesOf("visitor", { report: unknownReportCode }),
  "/login?dialog=language",
  "/no-such-page",
];

/** The signed-in pages of Jens (two homes, admin of the first), as `demoAccounts.jens` sees them. */
export function residentPages(): { account: string; tenancyId: number; paths: string[] } {
  const tenancyId = demoTenancyIds.jensFirst;
  const first = `/t/${tenancyId}`;
  const period = "from=2026-10-01&to=2026-10-31";
  return {
    account: demoAccounts.jens.email,
    tenancyId,
    paths: [
      ...pagesOf("jens", { tenancy: tenancyId, room: "stue", meter: firstHcaOf(tenancyId) }),
      "/select-tenancy",
      `${first}?help=rating`,
      `${first}/consumption/heat-energy?${period}&compare=previous-year`,
      // Issue 46's figures in English: the heat page compared with the efficient neighbours, and the
      // dashboard with its Forecast card (weatherFigurePages).
      `${first}/consumption/heat-energy?${period}&compare=efficient-neighbours&lng=en`,
      `${first}?lng=en`,
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
      `/t/${demoTenancyIds.jensSecond}/settings`,
      `${first}/alarms`,
      `${first}/notifications`,
      "/welcome?step=4",
    ],
  };
}

/**
 * The pages of {@link residentPages} that show issue 46's figures (ADR 0070, 0072, 0073), each with
 * words it must carry: the heat page compared with last year (weather-adjusted key figures, both
 * periods' degree days, the table's degree-day column), the same page in English compared with the
 * efficient neighbours, and the dashboard with the Forecast card and the heat card's weather line,
 * in Danish and English. English comes from the link's ?lng=, which counts without a stored choice.
 */
export function weatherFigurePages(): { path: string; words: string[] }[] {
  const first = `/t/${demoTenancyIds.jensFirst}`;
  const period = "from=2026-10-01&to=2026-10-31";
  return [
    { path: `${first}/consumption/heat-energy?${period}&compare=previous-year`, words: ["Vejrkorrigeret", "graddage"] },
    {
      path: `${first}/consumption/heat-energy?${period}&compare=efficient-neighbours&lng=en`,
      words: ["Weather-adjusted", "degree days", "Efficient neighbours"],
    },
    { path: first, words: ["Prognose", "Vejrkorrigeret"] },
    { path: `${first}?lng=en`, words: ["Forecast", "Weather-adjusted"] },
  ];
}

/**
 * Anna's alarm and notification pages (the seed gives her both), with the wizard's steps, and her
 * dashboard, which suggests the watches (issue 47: she has none on; Jens, whose pages
 * {@link residentPages} reads, has both on, so his dashboard does not).
 */
export function alarmPages(): { account: string; tenancyId: number; paths: string[] } {
  const tenancyId = demoTenancyIds.anna;
  const { alarmId, notificationId } = firstAlarmAndNotification(tenancyId);
  const wizard = `/t/${tenancyId}/alarms/new-alarm`;
  return {
    account: demoAccounts.anna.email,
    tenancyId,
    paths: [
      ...pagesOf("anna", { tenancy: tenancyId, alarm: alarmId, notification: notificationId }),
      `${wizard}?step=2&quantity=heat-energy`,
      `${wizard}?step=3&quantity=indoor-relative-humidity&type=maximum`,
      `${wizard}?step=4&quantity=cold-water-volume&type=threshold&frequency=week`,
      `/t/${tenancyId}`,
    ],
  };
}

/**
 * The pages only other accounts reach: Mette (admin of Jens's second home) removing Jens, and Nora's
 * page of an account without a home. `landing` is where signing in ends.
 */
export function otherAccountPages(): { account: string; landing: string; paths: string[] }[] {
  return [
    {
      account: demoAccounts.mette.email,
      landing: `/t/${demoTenancyIds.jensSecond}`,
      paths: pagesOf("mette", { tenancy: demoTenancyIds.jensSecond, user: userIdOf("jens") }),
    },
    { account: demoAccounts.nora.email, landing: "/no-tenancies", paths: pagesOf("nora", {}) },
  ];
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
