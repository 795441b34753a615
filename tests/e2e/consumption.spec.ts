import { expect, type Page, test } from "@playwright/test";
import { dailyOnlyAccount, dailyOnlyTenancyId } from "../../backend/db/seed/daily-only-property";
import {
  demoAccounts,
  demoTenancyIds,
  expectNoNulByte,
  signInAndWaitForDashboard,
  untilHydrated,
  useLanguage,
} from "./helpers";
import { languages, text } from "./page-texts";
import {
  copenhagenMidnight,
  formatFixed,
  highestHour,
  metersOfUnit,
  nextDay,
  readingAt,
  registerConsumption,
  sampleAverage,
} from "./readings";

/**
 * The consumption and indoor-climate screens, in both projects: with JavaScript and
 * without. Figures are recomputed from the back-end's raw readings (tests/e2e/readings.ts), texts
 * come from the locale files so every language is checked with the same test.
 */

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The demo residents of these tests, with their unit (tenancy 7000 + n lives in unit 100 + n). */
const residents = {
  anna: { email: demoAccounts.anna.email, tenancyId: demoTenancyIds.anna, unitId: demoTenancyIds.anna - 6900 },
  jens: {
    email: demoAccounts.jens.email,
    tenancyId: demoTenancyIds.jensFirst,
    unitId: demoTenancyIds.jensFirst - 6900,
  },
} as const;

/** Most tests start on Anna's dashboard. */
async function signInAsAnna({ page }: { page: Page }) {
  await signInAndWaitForDashboard(page, residents.anna.email, residents.anna.tenancyId);
}

const indoorClimate = ["indoor-temperature", "indoor-relative-humidity"];

/** The consumption quantities a unit has meters for, plus total water when it has hot and cold. */
function quantitiesOf(unitId: number): string[] {
  const measured = new Set(metersOfUnit(unitId).map((meter) => meter.quantity));
  if (measured.has("hot-water-volume") && measured.has("cold-water-volume")) measured.add("total-water-volume");
  return [...measured].filter((quantity) => !indoorClimate.includes(quantity));
}

function meterIdsOf(unitId: number, quantity: string): number[] {
  return metersOfUnit(unitId)
    .filter((meter) => meter.quantity === quantity)
    .map((meter) => meter.id);
}

/** Opens a page and checks it answered 200 with its heading, not an error page. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expectNoNulByte(response, path);
  await expect(page.locator("main h1")).toBeVisible();
  await expect(page.locator(".route-error")).toHaveCount(0);
}

/** The chart of the page: a server-drawn SVG with a title and description, and its table of numbers. */
async function expectChartWithTable(page: Page) {
  const figure = page.locator("figure.chart-figure").first();
  const svg = figure.locator('svg[role="img"]');
  await expect(svg).toHaveCount(1);
  expect((await svg.locator("title").first().textContent())?.trim()).toBeTruthy();
  expect((await svg.locator("desc").first().textContent())?.trim()).toBeTruthy();
  expect(await figure.locator(".chart-table tbody tr").count()).toBeGreaterThan(0);
}

/** The total of the page's (first) chart, as printed beside it. */
const chartTotal = (page: Page) => page.locator("figure.chart-figure .legend-main strong").first();

/**
 * The rows (label, value[, comparison]) of the page's first chart table, shown or folded away.
 * With `expected`, first waits until the table has that many rows: right after a click the URL can
 * already be the new one while the new page is still arriving (without JavaScript) or rendering.
 */
async function chartRows(page: Page, expected?: number): Promise<string[][]> {
  const rows = page.locator("figure.chart-figure").first().locator(".chart-table tbody tr");
  if (expected !== undefined) await expect(rows).toHaveCount(expected);
  const count = await rows.count();
  const out: string[][] = [];
  for (let i = 0; i < count; i++) {
    // The quantity's and its comparison's cells; the degree-day column (ADR 0070) is checked in weather-adjusted.spec.ts.
    out.push((await rows.nth(i).locator("th, td:not(.degree-days)").allTextContents()).map((cell) => cell.trim()));
  }
  return out;
}

/**
 * Which project walks each resident's screens in each language. The server renders the same markup
 * with and without JavaScript, so each of the six pairs runs once, and each project still sees both
 * residents and all three languages (with JavaScript, the browser's i18next hydrates every
 * language's pages; every-page.spec.ts checks every page hydrates). Halves the suite's costliest
 * test (about 45 s a pair on the CI machine; docs/performance.md, "The test suite's run time").
 */
const walkedWithJavaScript: Record<"anna" | "jens", readonly string[]> = { anna: ["da"], jens: ["en", "nb"] };

test.describe("every consumption screen, for Anna and Jens, in each language", () => {
  for (const who of ["anna", "jens"] as const) {
    for (const lng of languages) {
      test(`${who} in ${lng}`, async ({ page, javaScriptEnabled }) => {
        test.skip(
          walkedWithJavaScript[who].includes(lng) !== javaScriptEnabled,
          "each pair is walked in one project (walkedWithJavaScript)",
        );
        test.setTimeout(120_000);
        const resident = residents[who];
        const base = `/t/${resident.tenancyId}`;
        await signInAndWaitForDashboard(page, resident.email, resident.tenancyId);
        await useLanguage(page, lng);

        // The dashboard: its four sections, in the resident's language.
        await open(page, base);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        for (const key of [
          "dashboard.consumption_rating",
          "dashboard.your_consumption",
          "dashboard.indoor_climate",
          "dashboard.latest_statement",
        ]) {
          await expect(
            page.getByRole("heading", { level: 2, name: new RegExp(`^${escapeRegExp(text(lng, key))}`) }),
          ).toBeVisible();
        }
        // Today's indoor climate is today so far, and says until when.
        const soFar = escapeRegExp(text(lng, "dashboard.climate_today_so_far", { until: "UNTIL" })).replace(
          "UNTIL",
          "([01]\\d|2[0-3]):[0-5]\\d",
        );
        await expect(page.locator('section[aria-labelledby="climate-heading"] .hint')).toHaveText(
          new RegExp(`^${soFar}$`),
        );

        // One entry per measured quantity on the dashboard and in the menu, each leading to its page.
        const quantities = quantitiesOf(resident.unitId);
        expect(quantities.length).toBeGreaterThanOrEqual(5);
        for (const quantity of quantities) {
          await expect(page.locator(`main .quantity-${quantity} h3 a`)).toHaveText(text(lng, `quantity.${quantity}`));
        }

        for (const quantity of quantities) {
          const path = `${base}/consumption/${quantity}`;
          await open(page, path);
          await expect(page.locator("main h1")).toHaveText(text(lng, `quantity.${quantity}`));
          await expectChartWithTable(page);
          await expect(
            page.getByRole("heading", { level: 2, name: new RegExp(`^${escapeRegExp(text(lng, "kpi.heading"))}`) }),
          ).toBeVisible();

          await open(page, `${path}?tab=detailed`);
          await expect(page.locator("main table.data-table tbody tr").first()).toBeVisible();

          if ((await page.getByRole("link", { name: text(lng, "consumption.view_price"), exact: true }).count()) > 0) {
            await open(page, `${path}/price`);
            await expectChartWithTable(page);
            await open(page, `${path}/price?view=co2`);
            await expect(page.locator("main")).toContainText(text(lng, "price.co2_heading"));
            await expectChartWithTable(page);
          }
        }

        // Grouped by room, a quantity whose meters are in no room says so instead of an empty table.
        const roomless = quantities.find(
          (quantity) =>
            quantity !== "total-water-volume" &&
            metersOfUnit(resident.unitId).every((meter) => meter.quantity !== quantity || meter.roomName === null),
        );
        expect(roomless).toBeDefined();
        await open(page, `${base}/consumption/${roomless}?tab=detailed&group=room`);
        await expect(page.locator("main")).toContainText(text(lng, "consumption.table_meters_in_no_room"));
        await expect(page.locator("main table.data-table")).toHaveCount(0);
        await open(page, `${base}/consumption/hca?tab=detailed&group=room`);
        await expect(page.locator("main table.data-table tbody tr").first()).toBeVisible();

        // A room page and a meter page, reached from the radiator meters' lists.
        await open(page, `${base}/consumption/hca`);
        const roomLink = page.locator(`main a[href*="/consumption/hca/room/"]`).first();
        const roomName = (await roomLink.textContent())!.trim();
        await roomLink.click();
        await expect(page).toHaveURL(/\/consumption\/hca\/room\/[a-z0-9-]+/);
        await expect(page.locator("main")).toContainText(roomName);
        await expectChartWithTable(page);

        await open(page, `${base}/consumption/hca`);
        await page.locator(`main a[href*="/consumption/hca/meter/"]`).first().click();
        await expect(page).toHaveURL(/\/consumption\/hca\/meter\/\d+/);
        await expect(
          page.getByRole("heading", {
            level: 2,
            name: new RegExp(`^${escapeRegExp(text(lng, "consumption.last_readout"))}`),
          }),
        ).toBeVisible();
        await expectChartWithTable(page);

        await open(page, `${base}/consumption/indoor-climate`);
        await expect(page.locator("main h1")).toContainText(text(lng, "indoor_climate.title"));
        for (const quantity of indoorClimate) {
          await expect(
            page.getByRole("heading", { level: 2, name: text(lng, `quantity.${quantity}`), exact: true }),
          ).toBeVisible();
        }
      });
    }
  }
});

test.describe("the numbers on the pages are the back-end's readings", () => {
  const { anna } = residents;
  test.beforeEach(signInAsAnna);
  const october = { from: "2026-10-01", to: "2026-10-31" };

  test("a month of cold water: the total and every day, in Danish and English number formats", async ({ page }) => {
    const coldWater = meterIdsOf(anna.unitId, "cold-water-volume");
    const total = registerConsumption(coldWater, october.from, october.to);
    const path = `/t/${anna.tenancyId}/consumption/cold-water-volume?from=${october.from}&to=${october.to}&compare=none`;

    await open(page, path);
    // Water has exactly three decimals (spec section 9), in Danish conventions by default.
    await expect(chartTotal(page)).toHaveText(formatFixed(total, "da", 3));
    const rows = await chartRows(page, 31);
    // 25 October 2026 has 25 hours (summer time ends): its figure is still midnight to midnight.
    const dstDay = rows.find((row) => row[0]!.includes("25. oktober 2026"));
    expect(dstDay?.[1]).toBe(formatFixed(registerConsumption(coldWater, "2026-10-25", "2026-10-25"), "da", 3));

    await useLanguage(page, "en");
    await open(page, path);
    await expect(chartTotal(page)).toHaveText(formatFixed(total, "en", 3));
    await useLanguage(page, "nb");
    await open(page, path);
    // Norwegian keeps the Danish number conventions (spec section 9).
    await expect(chartTotal(page)).toHaveText(formatFixed(total, "da", 3));
  });

  test("heat, electricity and radiator meters with their own decimals; the key figures agree", async ({ page }) => {
    const search = `from=${october.from}&to=${october.to}&compare=none`;
    const cases = [
      { quantity: "heat-energy", digits: 0 },
      { quantity: "electricity-energy", digits: 2 },
      { quantity: "hca", digits: 0 },
    ];
    for (const { quantity, digits } of cases) {
      const total = registerConsumption(meterIdsOf(anna.unitId, quantity), october.from, october.to);
      await open(page, `/t/${anna.tenancyId}/consumption/${quantity}?${search}`);
      await expect(chartTotal(page)).toHaveText(formatFixed(total, "da", digits));
      await expect(page.locator("main .kpi-total .kpi-value")).toContainText(formatFixed(total, "da", digits));
    }
    // The radiator meters' unit follows the plural rule: "enheder" for many.
    await expect(page.locator("main .kpi-total .kpi-value")).toContainText("enheder");
  });

  test("a meter's last readout of the period is its register at the period's end", async ({ page }) => {
    const [meter] = metersOfUnit(anna.unitId).filter((candidate) => candidate.quantity === "electricity-energy");
    const reading = readingAt(meter!.id, copenhagenMidnight(nextDay(october.to)));
    await open(
      page,
      `/t/${anna.tenancyId}/consumption/electricity-energy/meter/${meter!.id}?from=${october.from}&to=${october.to}`,
    );
    await expect(page.locator("main .readout strong")).toHaveText(`${formatFixed(reading, "da", 2)} kWh`);
    await expect(page.locator("main")).toContainText(meter!.number);
  });

  test("indoor climate: the period's average temperature and humidity with their smileys", async ({ page }) => {
    await useLanguage(page, "en");
    await open(page, `/t/${anna.tenancyId}/consumption/indoor-climate?from=${october.from}&to=${october.to}`);
    const temperature = sampleAverage(meterIdsOf(anna.unitId, "indoor-temperature"), october.from, october.to);
    const humidity = sampleAverage(meterIdsOf(anna.unitId, "indoor-relative-humidity"), october.from, october.to);
    const averages = page.locator("main .climate-average");
    await expect(averages.nth(0)).toContainText(`${formatFixed(temperature, "en", 0)} °C`);
    await expect(averages.nth(1)).toContainText(`${formatFixed(humidity, "en", 0)} %`);
    // The smiley bands of spec section 4: happy 19-22 °C and 40-60 %.
    const face = (value: number, happy: [number, number], neutral: [number, number]) =>
      value >= happy[0] && value <= happy[1] ? "happy" : value >= neutral[0] && value <= neutral[1] ? "neutral" : "sad";
    await expect(averages.nth(0).locator(".smiley")).toHaveClass(
      new RegExp(`smiley-${face(temperature, [19, 22], [15, 25])}`),
    );
    await expect(averages.nth(1).locator(".smiley")).toHaveClass(
      new RegExp(`smiley-${face(humidity, [40, 60], [20, 70])}`),
    );
  });

  test("a year of hourly values draws a thinned chart, keeps the peaks and adds up to the year", async ({ page }) => {
    test.setTimeout(60_000);
    const year = { from: "2025-11-01", to: "2026-10-31" };
    const electricity = meterIdsOf(anna.unitId, "electricity-energy");
    await open(
      page,
      `/t/${anna.tenancyId}/consumption/electricity-energy?from=${year.from}&to=${year.to}&compare=none&tab=detailed&resolution=hour`,
    );
    await expect(chartTotal(page)).toHaveText(
      formatFixed(registerConsumption(electricity, year.from, year.to), "da", 2),
    );
    // 365 days of 24 hours (one lost in March, one gained in October) but far fewer SVG elements.
    const svg = page.locator('figure.chart-figure svg[role="img"]').first();
    expect(await svg.locator("*").count()).toBeLessThan(1500);
    const caption = page.locator("figure.chart-figure .chart-table caption").first();
    await expect(caption).toContainText(/af 8760 værdier/);
    // The year's highest hour is among the values drawn.
    const highest = Math.max(
      ...(await chartRows(page)).map((row) => Number(row[1]!.replace(/\./g, "").replace(",", "."))),
    );
    expect(highest).toBeCloseTo(highestHour(electricity, year.from, year.to), 2);
  });
});

test.describe("what a figure covers (ADR 0018)", () => {
  const { anna } = residents;
  test.beforeEach(signInAsAnna);
  const base = `/t/${anna.tenancyId}/consumption`;
  /** The register consumption of the meters between two instants (epoch seconds). */
  const between = (meterIds: readonly number[], from: number, to: number) =>
    meterIds.reduce((sum, id) => sum + readingAt(id, to) - readingAt(id, from), 0);
  const legendComparison = (page: Page) => page.locator("figure.chart-figure .legend-comparison strong").first();
  const card = (page: Page, key: string) => page.locator(`main .kpi-${key} .kpi-value`);

  test("the spring day by hour against the previous day: rows by clock time, legend = card", async ({ page }) => {
    const electricity = meterIdsOf(anna.unitId, "electricity-energy");
    await open(page, `${base}/electricity-energy?from=2026-03-29&to=2026-03-29&compare=previous-period`);
    const rows = await chartRows(page, 23);
    const before = copenhagenMidnight("2026-03-28");
    // 01:00–03:00 (one hour: the clocks jump) against the day before's 01:00 and 02:00, which the
    // compared value says (ADR 0018 rule 10).
    expect(rows[1]).toEqual([
      "29. marts 2026 01:00–03:00",
      expect.any(String),
      `${formatFixed(between(electricity, before + 3600, before + 3 * 3600), "da", 2)} (${text("da", "chart_buckets.compared_hours", { count: 2 })})`,
    ]);
    // 03:00–04:00 against the day before's 03:00–04:00, not its 02:00–03:00.
    expect(rows[2]![0]).toBe("29. marts 2026 03:00–04:00");
    expect(rows[2]![2]).toBe(formatFixed(between(electricity, before + 3 * 3600, before + 4 * 3600), "da", 2));
    // The comparison's total is the whole previous day, as on the key-figure card.
    const previousDay = formatFixed(registerConsumption(electricity, "2026-03-28", "2026-03-28"), "da", 2);
    await expect(legendComparison(page)).toHaveText(previousDay);
    await expect(card(page, "previous-period")).toContainText(previousDay);

    // Heat (no decimals): the legend 20 against the card's 21.
    const heat = meterIdsOf(anna.unitId, "heat-energy");
    await open(page, `${base}/heat-energy?from=2026-03-29&to=2026-03-29&compare=previous-period`);
    const heatDay = formatFixed(registerConsumption(heat, "2026-03-28", "2026-03-28"), "da", 0);
    await expect(legendComparison(page)).toHaveText(heatDay);
    await expect(card(page, "previous-period")).toContainText(heatDay);
  });

  test("the autumn day by hour: the winter-time 02:00 has no comparison value", async ({ page }) => {
    const electricity = meterIdsOf(anna.unitId, "electricity-energy");
    await open(page, `${base}/electricity-energy?from=2026-10-25&to=2026-10-25&compare=previous-period`);
    const rows = await chartRows(page, 25);
    const before = copenhagenMidnight("2026-10-24");
    expect(rows[2]![0]).toBe(`25. oktober 2026 02:00–03:00 (${text("da", "chart_buckets.summer_time")})`);
    expect(rows[2]![2]).toBe(formatFixed(between(electricity, before + 2 * 3600, before + 3 * 3600), "da", 2));
    expect(rows[3]![0]).toBe(`25. oktober 2026 02:00–03:00 (${text("da", "chart_buckets.winter_time")})`);
    expect(rows[3]![2]).toBe("–");
    const previousDay = formatFixed(registerConsumption(electricity, "2026-10-24", "2026-10-24"), "da", 2);
    await expect(legendComparison(page)).toHaveText(previousDay);
    await expect(card(page, "previous-period")).toContainText(previousDay);
  });

  test("weeks against the previous year: week 24 2026 from 10 June against 10–14 June 2025, partial weeks marked", async ({
    page,
  }) => {
    const heat = meterIdsOf(anna.unitId, "heat-energy");
    await open(page, `${base}/heat-energy?from=2026-06-10&to=2026-08-20&compare=previous-year`);
    const rows = await chartRows(page, 11);
    expect(rows[0]).toEqual([
      `uge 24 2026 (10.–14. juni 2026, ${text("da", "chart_buckets.part_of_week")})`,
      formatFixed(registerConsumption(heat, "2026-06-10", "2026-06-14"), "da", 0),
      formatFixed(registerConsumption(heat, "2025-06-10", "2025-06-14"), "da", 0),
    ]);
    expect(rows[1]![2]).toBe(formatFixed(registerConsumption(heat, "2025-06-15", "2025-06-21"), "da", 0));
    expect(rows[10]![0]).toBe(`uge 34 2026 (17.–20. august 2026, ${text("da", "chart_buckets.part_of_week")})`);
    // The totals cover the named dates and their images a year earlier, as the key-figure cards.
    const total = formatFixed(registerConsumption(heat, "2026-06-10", "2026-08-20"), "da", 0);
    const lastYear = formatFixed(registerConsumption(heat, "2025-06-10", "2025-08-20"), "da", 0);
    await expect(chartTotal(page)).toHaveText(total);
    await expect(card(page, "total")).toContainText(total);
    await expect(legendComparison(page)).toHaveText(lastYear);
    await expect(card(page, "previous-year")).toContainText(lastYear);
    // The partial weeks are drawn apart and a note under the chart says which.
    const figure = page.locator("figure.chart-figure").first();
    expect(await figure.locator('svg rect[data-partial="true"]').count()).toBeGreaterThanOrEqual(2);
    await expect(figure.locator("p.chart-note")).toContainText("10.–14. juni 2026");
    await expect(figure.locator("p.chart-note")).toContainText("17.–20. august 2026");
    await expect(figure.locator(".chart-table tbody tr.partial")).toHaveCount(2);
  });

  test("weeks against the previous period: the same number of days just before; legend = card", async ({ page }) => {
    const heat = meterIdsOf(anna.unitId, "heat-energy");
    await open(page, `${base}/heat-energy?from=2026-06-10&to=2026-08-20&compare=previous-period`);
    const rows = await chartRows(page, 11);
    // 72 days: 10 June − 72 days = 30 March; the first row (10–14 June) against 30 March–3 April.
    expect(rows[0]![2]).toBe(formatFixed(registerConsumption(heat, "2026-03-30", "2026-04-03"), "da", 0));
    const previous = formatFixed(registerConsumption(heat, "2026-03-30", "2026-06-09"), "da", 0);
    await expect(legendComparison(page)).toHaveText(previous);
    await expect(card(page, "previous-period")).toContainText(previous);
  });

  test("the last 365 days by month: the legend total is the card's, partial months named", async ({ page }) => {
    await open(page, `${base}/heat-energy?preset=last-365-days&compare=none`);
    const url = new URL(page.url());
    const from = url.searchParams.get("from")!;
    const legend = (await chartTotal(page).textContent())!.trim();
    await expect(card(page, "total")).toContainText(legend);
    const rows = await chartRows(page);
    if (!from.endsWith("-01")) {
      expect(rows[0]![0]).toContain(text("da", "chart_buckets.part_of_month"));
      await expect(page.locator("figure.chart-figure p.chart-note").first()).toBeVisible();
    }
  });
});

test.describe("a chart's drawing: in the page as markup, kept by hydration (ADR 0062)", () => {
  const { anna } = residents;
  test.beforeEach(signInAsAnna);

  test("the page carries the drawing as markup; hydration keeps it; each new period brings its own", async ({
    page,
    javaScriptEnabled,
  }) => {
    const december = `/t/${anna.tenancyId}/consumption/heat-energy?from=2025-12-01&to=2025-12-31&compare=previous-year`;
    const html = await (await page.request.get(december)).text();
    // Once as markup; the loader data carries it too, as an escaped string ("\u003csvg"), for hydration.
    const markup = html.match(/<svg viewBox="0 0 \d+ \d+"[\s\S]*?<\/svg>/g);
    expect(markup).toHaveLength(1);
    const bars = markup![0]!.match(/<rect /g)!.length;
    expect(html).toContain("\\u003csvg viewBox");
    await open(page, december);
    const chartTitle = page.locator(".chart svg title");
    await expect(chartTitle).toHaveText("Varme, 1. december 2025 – 31. december 2025");
    await expect(page.locator(".chart svg rect").first()).toBeVisible();
    await expect(page.locator(".chart svg rect")).toHaveCount(bars);
    if (!javaScriptEnabled) return;
    // Hydrated, the drawing is the server's, whole; moving to another period draws that one.
    await untilHydrated(page);
    await expect(page.locator(".chart svg rect")).toHaveCount(bars);
    await expect(chartTitle).toHaveText("Varme, 1. december 2025 – 31. december 2025");
    await page.getByRole("link", { name: "Næste periode" }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
    await expect(chartTitle).toHaveText("Varme, 1. januar 2026 – 31. januar 2026");
    await page.getByRole("link", { name: "Forrige periode" }).click();
    await expect(chartTitle).toHaveText("Varme, 1. december 2025 – 31. december 2025");
    await expect(page.locator(".chart svg rect")).toHaveCount(bars);
  });
});

test.describe("the period selector", () => {
  const { anna } = residents;
  test.beforeEach(signInAsAnna);

  test("steps whole months and years across a year end", async ({ page }) => {
    const heat = `/t/${anna.tenancyId}/consumption/heat-energy`;
    await open(page, `${heat}?from=2025-12-01&to=2025-12-31&compare=none`);
    await page.getByRole("link", { name: "Næste periode" }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31&compare=none/);
    await expect(page.locator(".period-current")).toHaveText("1. januar 2026 – 31. januar 2026");
    await page.getByRole("link", { name: "Forrige periode" }).click();
    // Wait for each step: with JavaScript the old page (and its links) stays until the new one is ready.
    await expect(page).toHaveURL(/from=2025-12-01&to=2025-12-31/);
    await expect(page.locator(".period-current")).toHaveText("1. december 2025 – 31. december 2025");
    await page.getByRole("link", { name: "Forrige periode" }).click();
    await expect(page).toHaveURL(/from=2025-11-01&to=2025-11-30/);

    await open(page, `${heat}?from=2025-01-01&to=2025-12-31&compare=none`);
    await page.getByRole("link", { name: "Næste periode" }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-12-31/);
    // A year is shown by month.
    await chartRows(page, 12);
  });

  test("steps days and weeks across the daylight-saving changes, hour by hour", async ({ page }) => {
    const electricity = `/t/${anna.tenancyId}/consumption/electricity-energy`;
    await open(page, `${electricity}?from=2026-10-24&to=2026-10-24&compare=none`);
    await chartRows(page, 24);
    await page.getByRole("link", { name: "Næste periode" }).click();
    await expect(page).toHaveURL(/from=2026-10-25&to=2026-10-25/);
    // The day summer time ends has 25 hours; the repeated hour says which one it is.
    const autumn = await chartRows(page, 25);
    expect(autumn.filter((row) => row[0]!.includes("02:00–03:00")).map((row) => row[0])).toEqual([
      `25. oktober 2026 02:00–03:00 (${text("da", "chart_buckets.summer_time")})`,
      `25. oktober 2026 02:00–03:00 (${text("da", "chart_buckets.winter_time")})`,
    ]);
    const hours = autumn.map((row) => Number(row[1]!.replace(",", ".")));
    const day = registerConsumption(meterIdsOf(anna.unitId, "electricity-energy"), "2026-10-25", "2026-10-25");
    expect(hours.reduce((a, b) => a + b, 0)).toBeCloseTo(day, 1);
    await page.getByRole("link", { name: "Næste periode" }).click();
    await expect(page).toHaveURL(/from=2026-10-26&to=2026-10-26/);
    await chartRows(page, 24);

    // The spring change: 23 hours, and no 02:00.
    await open(page, `${electricity}?from=2026-03-29&to=2026-03-29&compare=none`);
    const spring = await chartRows(page, 23);
    expect(spring.some((row) => row[0]!.includes("02:00–03:00"))).toBe(false);
    // The clocks jump from 02:00 to 03:00: the hour from 01:00 ends at 03:00.
    expect(spring[1]![0]).toBe("29. marts 2026 01:00–03:00");

    // A week steps by seven days across the change, Monday to Sunday.
    await open(page, `${electricity}?from=2026-10-19&to=2026-10-25&compare=none`);
    await page.getByRole("link", { name: "Næste periode" }).click();
    await expect(page).toHaveURL(/from=2026-10-26&to=2026-11-01/);
    await chartRows(page, 7);
  });

  test("a preset becomes its dates in the URL, the comparison is kept, and bad dates keep what was typed", async ({
    page,
  }) => {
    await useLanguage(page, "en");
    const heat = `/t/${anna.tenancyId}/consumption/heat-energy`;
    await open(page, `${heat}?from=2026-10-01&to=2026-10-31&compare=none`);
    const form = page.locator("form.period-form");
    await form.locator('select[name="preset"]').selectOption("last-year");
    await form.locator('select[name="compare"]').selectOption("previous-year");
    await form.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/from=2025-01-01&to=2025-12-31&compare=previous-year/);
    await expect(page.locator(".period-current")).toHaveText("1 January 2025 – 31 December 2025");
    // The legend names the compared dates: the same dates a year earlier.
    await expect(page.locator("figure.chart-figure .legend-comparison")).toContainText(
      `${text("en", "compare.previous-year")} (1 January–31 December 2024)`,
    );

    // End before start: a message, the typed dates kept, the page still there.
    await form.locator('input[name="from"]').fill("2026-05-10");
    await form.locator('input[name="to"]').fill("2026-05-01");
    await form.getByRole("button", { name: "Show these dates" }).click();
    await expect(page.getByRole("alert")).toHaveText("The end date must be on or after the start date.");
    await expect(form.locator('input[name="from"]')).toHaveValue("2026-05-10");
    await expect(form.locator('input[name="to"]')).toHaveValue("2026-05-01");
    await expect(page.locator("main h1")).toHaveText("Heating");

    // A bad URL parameter never fails the page either.
    const response = await page.goto(`${heat}?from=2026-02-30&to=nonsense&compare=bogus&resolution=year`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("alert")).toBeVisible();
  });

  test("rooms and meters compare with the previous period; the property average is not possible there", async ({
    page,
  }) => {
    const room = `/t/${anna.tenancyId}/consumption/hca/room/stue`;
    await open(page, `${room}?from=2026-10-01&to=2026-10-31`);
    await expect(page.locator('select[name="compare"]')).toHaveValue("previous-period");
    // October's 31 days just before: 31 August to 30 September.
    await expect(page.locator("figure.chart-figure .legend-comparison")).toContainText(
      "Forrige periode (31. august–30. september 2026)",
    );
    await open(page, `${room}?from=2026-10-01&to=2026-10-31&compare=property-average`);
    await expect(page.locator("main")).toContainText("Sammenligning ikke mulig");
  });
});

test.describe("help dialogs, addressed by the URL", () => {
  const { anna } = residents;
  test.beforeEach(signInAsAnna);

  test("each topic opens from its link and closes again, with the spec's texts", async ({ page }, info) => {
    test.setTimeout(90_000);
    await useLanguage(page, "en");
    const base = `/t/${anna.tenancyId}`;
    const topics: { path: string; topic: string; says: string }[] = [
      { path: base, topic: "rating", says: "365" },
      { path: base, topic: "smileys", says: "50 %" },
      { path: base, topic: "indoor-climate", says: "21 °C" },
      { path: `${base}/consumption/heat-energy`, topic: "room", says: "" },
      { path: `${base}/consumption/heat-energy`, topic: "meter", says: "" },
      { path: `${base}/consumption/heat-energy/price`, topic: "cost", says: "" },
      { path: `${base}/consumption/heat-energy/price?view=co2`, topic: "co2", says: "km" },
      { path: `${base}/consumption/hca/meter/${meterIdsOf(anna.unitId, "hca")[0]}`, topic: "readout", says: "" },
    ];
    for (const { path, topic, says } of topics) {
      await open(page, path);
      const title = text("en", `help.${topic}.title`);
      // The CO2 topic's link says what it opens ("Fun facts"); the others are a "?" named by their topic.
      const linkName = topic === "co2" ? text("en", "price.co2_fun_facts") : text("en", "help.open", { topic: title });
      await page.getByRole("link", { name: linkName, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`[?&]help=${topic}`));
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      if (says) await expect(dialog).toContainText(says);
      if (info.project.name === "js") {
        // With JavaScript it is a real modal: the page behind does not scroll.
        await expect(page.locator("html")).toHaveClass(/scroll-locked/);
      }
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(page).not.toHaveURL(/[?&]help=/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
  });

  test("the CO2 dialog is the wide stretch variant; Escape closes a dialog with JavaScript", async ({ page }, info) => {
    await open(page, `/t/${anna.tenancyId}/consumption/heat-energy/price?view=co2&help=co2`);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveClass(/modal-stretch/);
    await expect(dialog).toHaveClass(/modal-max-706/);
    await open(page, `/t/${anna.tenancyId}?help=rating`);
    await expect(page.getByRole("dialog")).toHaveClass(/modal-panel/);
    await expect(page.getByRole("dialog")).toHaveClass(/modal-max-484/);
    if (info.project.name === "js") {
      await untilHydrated(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/t/${anna.tenancyId}$`));
      await expect(page.locator("html")).not.toHaveClass(/scroll-locked/);
    }
  });
});

test.describe("what a resident cannot see", () => {
  const { anna } = residents;
  test.beforeEach(signInAsAnna);

  test("a quantity without a meter, a foreign meter and an unknown room are 404 in the resident's language", async ({
    page,
  }) => {
    const base = `/t/${anna.tenancyId}/consumption`;
    const jensMeter = metersOfUnit(residents.jens.unitId).find((meter) => meter.quantity === "gas-volume")!;
    for (const lng of languages) {
      await useLanguage(page, lng);
      for (const [path, key] of [
        [`${base}/gas-volume`, "errors.quantity_not_measured"],
        [`${base}/cooling-energy`, "errors.quantity_not_measured"],
        [`${base}/not-a-quantity`, "errors.quantity_not_measured"],
        [`${base}/hca/meter/${jensMeter.id}`, "errors.meter_not_found"],
        [`${base}/hca/meter/999999999`, "errors.meter_not_found"],
        [`${base}/hca/room/loftet`, "errors.room_not_found"],
        // Radiator meters count units, not kWh: they have no price and no CO2 footprint.
        [`${base}/hca/price`, "errors.no_price_or_co2"],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.locator(".route-error h1")).toHaveText(text(lng, key));
        // The menu and header still stand around the message.
        await expect(page.locator("nav.breadcrumbs")).toBeVisible();
      }
    }
  });
});

test("a period without readings says 'data not yet available', never a blank chart or zeros", async ({ page }) => {
  const { anna } = residents;
  await signInAndWaitForDashboard(page, anna.email, anna.tenancyId);
  // June 2023: before Anna moved in (2023-08-01), and before the demo's readings begin.
  await open(page, `/t/${anna.tenancyId}/consumption/heat-energy?from=2023-06-01&to=2023-06-30&compare=none`);
  await expect(page.locator("figure.chart-figure .empty-state")).toHaveText("Data er endnu ikke tilgængelige");
  await expect(page.locator('figure.chart-figure svg[role="img"]')).toHaveCount(0);
  await expect(page.locator("main .kpi-total .kpi-value")).toHaveText("–");
});

test.describe("renaming a room (a POST form)", () => {
  // Jens's second home (unit 122: Stue, Køkken, Bad): no other test looks at its rooms. (Emma, whom
  // the abuse tests lock out of new browsers for an hour, cannot sign in here.)
  const home = { tenancyId: demoTenancyIds.jensSecond };

  test("renames, refuses a taken or empty name keeping what was typed, and renames back", async ({ page }, info) => {
    await signInAndWaitForDashboard(page, residents.jens.email, residents.jens.tenancyId);
    await useLanguage(page, "en");
    // Each project renames its own room, so the two can run at the same time.
    const [room, slug] = info.project.name === "js" ? ["Bad", "bad"] : ["Køkken", "koekken"];
    const newName = `${room} ${info.project.name} ${Date.now() % 100_000}`;
    const detailed = `/t/${home.tenancyId}/consumption/hca?tab=detailed&from=2026-10-01&to=2026-10-31`;
    await open(page, detailed);

    const field = page.getByLabel(`New name for ${room}`, { exact: true });
    const form = page.locator("form.rename-room").filter({ has: field });
    await field.fill("Stue");
    await form.getByRole("button", { name: "Rename" }).click();
    await expect(form.getByRole("alert")).toHaveText("Another room already has that name.");
    await expect(page.getByLabel(`New name for ${room}`, { exact: true })).toHaveValue("Stue");
    // The period and tab are kept.
    await expect(page).toHaveURL(/tab=detailed/);

    await page.getByLabel(`New name for ${room}`, { exact: true }).fill("   ");
    await page
      .locator("form.rename-room")
      .filter({ has: page.getByLabel(`New name for ${room}`, { exact: true }) })
      .getByRole("button", { name: "Rename" })
      .click();
    await expect(page.locator("main h1")).toHaveText("Radiator meters");
    await expect(
      page
        .locator("form.rename-room")
        .filter({ has: page.getByLabel(`New name for ${room}`, { exact: true }) })
        .getByRole("alert"),
    ).toHaveText("Enter a name for the room.");

    await page.getByLabel(`New name for ${room}`, { exact: true }).fill(newName);
    await page
      .locator("form.rename-room")
      .filter({ has: page.getByLabel(`New name for ${room}`, { exact: true }) })
      .getByRole("button", { name: "Rename" })
      .click();
    await expect(page.getByText(`The room is now called ${newName}.`)).toBeVisible();
    await expect(page).toHaveURL(/tab=detailed&from=2026-10-01&to=2026-10-31/);
    const renamed = page.getByLabel(`New name for ${newName}`, { exact: true });
    await expect(renamed).toBeVisible();
    await expect(page.locator(`a[href*="/room/${slug}"]`)).toHaveCount(0);

    // And back, so the demo data stays as it was.
    await renamed.fill(room);
    await page.locator("form.rename-room").filter({ has: renamed }).getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText(`The room is now called ${room}.`)).toBeVisible();
    await expect(page.getByLabel(`New name for ${room}`, { exact: true })).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the pending bar is JavaScript's");

  test("a slow navigation shows the pending bar while the old page stays", async ({ page }) => {
    const { anna } = residents;
    await signInAndWaitForDashboard(page, anna.email, anna.tenancyId);
    await open(page, `/t/${anna.tenancyId}/consumption/heat-energy?from=2026-10-01&to=2026-10-31&compare=none`);
    // A click before hydration would load the next page whole, without the pending bar (ADR 0077).
    await untilHydrated(page);
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole("link", { name: "Næste periode" }).click();
    await expect(page.locator(".pending-bar")).toHaveAttribute("data-active", "true");
    await expect(page.locator(".period-current")).toHaveText("1. oktober 2026 – 31. oktober 2026");
    await expect(page).toHaveURL(/from=2026-11-01&to=2026-11-30/, { timeout: 10_000 });
    await expect(page.locator(".pending-bar")).toHaveAttribute("data-active", "false");
    await expect(page.locator(".period-current")).toHaveText("1. november 2026 – 30. november 2026");
  });
});

test("a dashboard links only to pages there are: a home without indoor-climate meters", async ({ page }) => {
  // Ida's home on Jagtvej (the demo property without hourly values) has no indoor-climate meters.
  await signInAndWaitForDashboard(page, dailyOnlyAccount.email, dailyOnlyTenancyId);
  const base = `/t/${dailyOnlyTenancyId}`;
  await open(page, base);
  const card = page.locator('section[aria-labelledby="climate-heading"]');
  await expect(card.locator("h2")).toContainText(text("da", "dashboard.indoor_climate"));
  await expect(card.getByText(text("da", "dashboard.no_meters"))).toBeVisible();
  await expect(card.locator('a[href$="/indoor-climate"]')).toHaveCount(0);
  // Every link of the dashboard's own content leads to a page that answers.
  const hrefs = await page
    .locator("main a[href^='/t/']")
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const response = await page.request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).toBe(200);
  }
});
