import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { axeViolations, describeViolations } from "./axe";
import { database, demoAccounts, demoTenancyIds, signInAndWaitForDashboard } from "./helpers";
import { copenhagenMidnight, metersOfUnit, nextDay, registerConsumption } from "./readings";

/**
 * The screens of the quantities the demo first had no meter for (ADR 0022), with
 * and without JavaScript: Jens's second home (tenancy 7022, unit 122) is the district-heating unit
 * (heat volume, flow and return temperature, heat cooling, backflow, errors), his first (7019, unit
 * 119) has cooling. Each page is checked against the raw readings in the back-end's database:
 * averages of every sample for the average quantities, register differences for the rest, in the
 * unit and with the decimals of spec section 9, and without a price or CO2 view.
 */

type Texts = Record<string, unknown>;
const da = JSON.parse(readFileSync("locales/da/common.json", "utf8")) as Texts;
function text(key: string): string {
  const found = key.split(".").reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], da);
  if (typeof found !== "string") throw new Error(`no text ${key}`);
  return found;
}

const jens = demoAccounts.jens.email; // Danish
const heating = { tenancyId: demoTenancyIds.jensSecond, unitId: demoTenancyIds.jensSecond - 6900 };
const cooling = { tenancyId: demoTenancyIds.jensFirst, unitId: demoTenancyIds.jensFirst - 6900 };

interface Kind {
  quantity: string;
  home: { tenancyId: number; unitId: number };
  average: boolean;
  unit: string;
  /** Fraction digits [min, max] of spec section 9 (ADR 0022). */
  digits: [number, number];
  totalLabel: string;
}
type Row = [quantity: string, unit: string, digits: Kind["digits"]];
/** Average quantities show the mean of their samples, with "average" as the key figure's label. */
const averaged = (home: Kind["home"], [quantity, unit, digits]: Row): Kind => {
  return { quantity, home, average: true, unit, digits, totalLabel: "kpi.total_average" };
};
/** Technical values that add up (backflow, errors) show a plain sum, not consumption. */
const summed = ([quantity, unit, digits]: Row): Kind => {
  return { quantity, home: heating, average: false, unit, digits, totalLabel: "kpi.total_sum" };
};
const kinds: Kind[] = [
  averaged(heating, ["heat-flow-temperature", "°C", [0, 0]]),
  averaged(heating, ["heat-return-temperature", "°C", [0, 0]]),
  averaged(heating, ["heat-cooling", "K", [0, 0]]),
  averaged(cooling, ["cooling-energy", "kWh", [2, 2]]),
  { quantity: "heat-volume", home: heating, average: false, unit: "m³", digits: [0, 2], totalLabel: "kpi.total" },
  summed(["hot-water-backflow", "m³", [3, 3]]),
  summed(["cold-water-backflow", "m³", [3, 3]]),
  summed(["error", "", [0, 0]]),
];

const format = (value: number, [min, max]: [number, number]) =>
  new Intl.NumberFormat("da-DK", { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);

// ---------------------------------------------------------------------------------------------
// Days and the raw readings

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date());
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const dayHours = (day: string) => (copenhagenMidnight(nextDay(day)) - copenhagenMidnight(day)) / 3600;
const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
};

/** A week of whole 24-hour days (no clock change) ending at least three days ago. */
function recentWeek(): { from: string; to: string } {
  let to = addDays(today(), -3);
  while (daysOf(addDays(to, -6), to).some((day) => dayHours(day) !== 24)) to = addDays(to, -7);
  return { from: addDays(to, -6), to };
}

function meterIds(unitId: number, quantity: string): number[] {
  const ids = metersOfUnit(unitId)
    .filter((meter) => meter.quantity === quantity)
    .map((meter) => meter.id);
  expect(ids.length, `${quantity} meters of unit ${unitId}`).toBeGreaterThan(0);
  return ids;
}

/** Every sample of the meters in the days from..to. */
function samples(ids: readonly number[], from: string, to: string): number[] {
  const db = database();
  try {
    const rows = db
      .prepare(
        `SELECT value FROM meter_readings WHERE meter_id IN (${ids.map(() => "?").join(",")}) AND ts >= ? AND ts < ?`,
      )
      .all(...ids, copenhagenMidnight(from), copenhagenMidnight(nextDay(to))) as { value: number }[];
    return rows.map((row) => row.value);
  } finally {
    db.close();
  }
}
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** The last day on which water ran backwards through the cold-water backflow meter (a backflow episode). */
function lastBackflowDay(): string {
  const [id] = meterIds(heating.unitId, "cold-water-backflow");
  const db = database();
  try {
    const row = db
      .prepare(
        `SELECT a.ts AS ts FROM meter_readings a JOIN meter_readings b ON b.meter_id = a.meter_id AND b.ts = a.ts + 3600
         WHERE a.meter_id = ? AND b.value > a.value ORDER BY a.ts DESC LIMIT 1`,
      )
      .get(id) as { ts: number } | undefined;
    if (!row) throw new Error("no backflow episode in the demo readings");
    return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date(row.ts * 1000));
  } finally {
    db.close();
  }
}

/** The first week of July with readings (cooling needs warm days), or a recent week. */
function coolingWeek(): { from: string; to: string } {
  const ids = meterIds(cooling.unitId, "cooling-energy");
  for (const year of [Number(today().slice(0, 4)), Number(today().slice(0, 4)) - 1]) {
    const week = { from: `${year}-07-06`, to: `${year}-07-12` };
    if (week.to < today() && samples(ids, week.from, week.to).length === 7 * 24 * ids.length) return week;
  }
  return recentWeek();
}

// ---------------------------------------------------------------------------------------------

/** Signs Jens in; on a busy machine the password check can take longer than expect's 5 s. */
async function signInAsJens(page: Page) {
  await signInAndWaitForDashboard(page, jens, demoTenancyIds.jensFirst, { timeout: 30_000 });
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("main h1")).toBeVisible();
}

async function chartRows(page: Page, expected: number): Promise<string[]> {
  const rows = page.locator("figure.chart-figure").first().locator(".chart-table tbody tr");
  await expect(rows).toHaveCount(expected);
  // The quantity's cells; heat volume's degree-day column (ADR 0070) is weather-adjusted.spec.ts's.
  return (await rows.locator("td:not(.degree-days)").allTextContents()).map((cell) => cell.trim());
}

test.describe("the spec's other quantities have screens right for their kind", () => {
  test("the district-heating home lists its technical values in the menu, not on the dashboard", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsJens(page);
    await open(page, `/t/${heating.tenancyId}`);
    const menu = page.locator("nav#side-menu");
    for (const quantity of [
      "heat-volume",
      "heat-flow-temperature",
      "heat-return-temperature",
      "heat-cooling",
      "hot-water-backflow",
      "cold-water-backflow",
      "error",
    ]) {
      await expect(menu.locator(`a[href="/t/${heating.tenancyId}/consumption/${quantity}"]`)).toHaveText(
        text(`quantity.${quantity}`),
      );
    }
    // Heat volume is consumption (a card on the dashboard); temperatures and counts are not.
    await expect(page.locator("main .quantity-heat-volume")).toHaveCount(1);
    for (const quantity of ["heat-flow-temperature", "heat-cooling", "hot-water-backflow", "error"]) {
      await expect(page.locator(`main .quantity-${quantity}`)).toHaveCount(0);
    }
  });

  test("the new pages are accessible (axe, WCAG 2.2 AA)", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
    test.setTimeout(180_000);
    await signInAsJens(page);
    for (const path of [
      `/t/${heating.tenancyId}/consumption/heat-flow-temperature`,
      `/t/${heating.tenancyId}/consumption/error?tab=detailed`,
      `/t/${heating.tenancyId}/consumption/cold-water-backflow?compare=previous-period`,
      `/t/${cooling.tenancyId}/consumption/cooling-energy?compare=previous-year`,
    ]) {
      await open(page, path);
      expect(describeViolations(await axeViolations(page)).map((violation) => `${path} ${violation}`)).toEqual([]);
    }
  });

  // One sign-in for all the pages: a sign-in per page would be 16 in a row for one account.
  test("each page averages or sums for its kind, in its unit and decimals, without a price or CO2 view", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAsJens(page);
    for (const kind of kinds) {
      await test.step(`${kind.quantity}: ${kind.average ? "averages" : "sums"} in ${kind.unit || "a count"}`, () =>
        checkPage(page, kind));
    }
  });
});

/** One quantity's page over a period, against the raw readings. */
async function checkPage(page: Page, kind: Kind) {
  const { quantity, home } = kind;
  const ids = meterIds(home.unitId, quantity);
  // Backflow and errors around the last backflow episode; temperatures over whole 24-hour days.
  let period: { from: string; to: string };
  if (quantity === "cooling-energy") period = coolingWeek();
  else if (kind.average) period = recentWeek();
  else {
    const episode = lastBackflowDay();
    const yesterday = addDays(today(), -1);
    period = { from: addDays(episode, -2), to: addDays(episode, 2) < yesterday ? addDays(episode, 2) : yesterday };
  }
  const days = daysOf(period.from, period.to);
  const expectedDays = days.map((day) =>
    kind.average ? mean(samples(ids, day, day)) : registerConsumption(ids, day, day),
  );
  const expectedTotal = kind.average
    ? mean(samples(ids, period.from, period.to))
    : registerConsumption(ids, period.from, period.to);
  if (quantity === "hot-water-backflow" || quantity === "cold-water-backflow" || quantity === "error")
    expect(expectedTotal).toBeGreaterThan(0);

  const path = `/t/${home.tenancyId}/consumption/${quantity}`;
  await open(page, `${path}?from=${period.from}&to=${period.to}&compare=none`);
  await expect(page.locator("main h1")).toHaveText(text(`quantity.${quantity}`));

  // The legend: "Gennemsnit" (average) or "I alt" (total), the figure, the unit.
  const legend = page.locator("figure.chart-figure .legend-main").first();
  await expect(legend).toContainText(text(kind.average ? "chart.average" : "chart.total"));
  await expect(legend.locator("strong")).toHaveText(format(expectedTotal, kind.digits));
  if (kind.unit) await expect(legend).toContainText(kind.unit);
  const header = page.locator("figure.chart-figure .chart-table thead th").nth(1);
  await expect(header).toHaveText(
    kind.unit ? `${text(kind.average ? "chart.value_average" : "chart.value")} (${kind.unit})` : text("chart.value"),
  );

  // One row per day: the day's mean of every sample, or its register difference.
  const rows = await chartRows(page, days.length);
  expect(rows).toEqual(expectedDays.map((value) => format(value, kind.digits)));
  if (kind.average) {
    // An average is not a sum: the period's figure lies between its days' figures.
    expect(expectedTotal).toBeGreaterThanOrEqual(Math.min(...expectedDays) - 1e-9);
    expect(expectedTotal).toBeLessThanOrEqual(Math.max(...expectedDays) + 1e-9);
  }

  // The key figure: named for its kind, the same number with its unit, no smiley for averages.
  const total = page.locator("main .kpi-total");
  await expect(total.locator("dt")).toHaveText(text(kind.totalLabel));
  await expect(total.locator(".kpi-value")).toContainText(format(expectedTotal, kind.digits));
  if (kind.unit) await expect(total.locator(".kpi-value")).toContainText(kind.unit);
  else await expect(total.locator(".kpi-value")).toHaveText(format(expectedTotal, kind.digits));
  if (kind.average) await expect(page.locator("main .kpi-comparison")).toHaveCount(0);

  // No price or CO2 view: no tab, and its addresses are not found.
  await expect(page.getByRole("link", { name: text("consumption.view_price"), exact: true })).toHaveCount(0);
  await expect(page.locator("nav.view-tabs:not(.view-tabs-secondary)")).toHaveCount(0);
  for (const view of ["price", "price?view=co2"]) {
    expect((await page.request.get(`${path}/${view}`)).status(), view).toBe(404);
  }
}
