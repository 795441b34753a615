import { expect, type Page, test } from "@playwright/test";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard, untilHydrated, useLanguage } from "./helpers";
import { type Language, lastWholeMonth, locales, problemsAtEveryWidth, text } from "./page-texts";

/**
 * Issue 46 item 2 on the portal (ADR 0070): Anna's heat page for a past whole month shows, beside
 * the plain comparisons, the weather-adjusted ones with both periods' degree days, and the chart's
 * table a degree-day column; her dashboard's heat card the same figure, compactly. In English and
 * Danish, with JavaScript and without (the page is the server's), without sideways scrolling at
 * 1366, 390 and 320 px and, with JavaScript, axe-clean at each (the Danish page, loaded once).
 */

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A text as a pattern: each {{placeholder}} stands for a figure written in the language. */
function pattern(lng: Language, key: string): RegExp {
  const figure = lng === "da" ? "[\\d.]+" : "[\\d,]+";
  return new RegExp(
    escapeRegExp(text(lng, key)).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) =>
      name === "reference" ? ".+" : `(?<${name}>${figure})`,
    ),
  );
}

/** This period's degree days as the colder, warmer or same-weather line says them; undefined for another text. */
function degreeDaysSaid(lng: Language, line: string): string | undefined {
  return ["weather.colder", "weather.warmer", "weather.same_weather"]
    .map((key) => line.match(pattern(lng, key))?.groups?.degreeDays)
    .find((figure) => figure !== undefined);
}

/** Whole degree days written in the language ("1.234" in Danish, "1,234" in English) as a number. */
const wholeNumber = (written: string) => Number(written.replace(/[.,]/g, ""));
/** A day's degree days with one decimal ("6,0" in Danish, "6.0" in English) as a number. */
const decimalNumber = (written: string, lng: Language) =>
  Number(lng === "da" ? written.replace(/\./g, "").replace(",", ".") : written.replace(/,/g, ""));

const anna = { email: demoAccounts.anna.email, tenancyId: demoTenancyIds.anna };

async function openHeatMonth(page: Page, lng: Language) {
  await useLanguage(page, lng);
  await signInAndWaitForDashboard(page, anna.email, anna.tenancyId);
  const { from, to } = lastWholeMonth();
  await page.goto(`/t/${anna.tenancyId}/consumption/heat-energy?from=${from}&to=${to}`);
  await untilHydrated(page);
}

for (const lng of ["en", "da"] as const) {
  test(`${lng}: the heat page's weather-adjusted key figures and the table's degree days agree`, async ({
    page,
    javaScriptEnabled,
  }) => {
    await openHeatMonth(page, lng);
    for (const key of ["previous-period", "previous-year"] as const) {
      const card = page.locator(`.kpi-weather-${key}`);
      // Right after its plain comparison, named after it.
      await expect(page.locator(`.kpi-${key} + .kpi-weather-${key}`)).toHaveCount(1);
      const plainName = (await page.locator(`.kpi-${key} dt`).textContent()) ?? "";
      await expect(card.locator("dt")).toHaveText(text(lng, "weather.against").replace("{{reference}}", plainName));
      // A past month of a home with a year of heat and the outdoor model: a figure, not a reason.
      await expect(card.locator(".kpi-value")).toHaveText(/^\d[\d.,]*\s?kWh$/);
      const sentence = (await card.locator(".smiley-label").textContent()) ?? "";
      const hint = text(lng, "weather.value_hint").replace("{{reference}}", text(lng, `comparison.against.${key}`));
      expect(sentence).toContain(hint);
      const line = (await card.locator(".kpi-note").textContent()) ?? "";
      expect(degreeDaysSaid(lng, line), line).not.toBeUndefined();
    }

    // The month by the day: a degree-day column, one decimal a day, summing to the month's degree days.
    const table = page.locator("figure.chart-figure .chart-table").first();
    await table.locator("summary").click();
    const headings = table.locator("thead th");
    await expect(headings.last()).toHaveText(text(lng, "weather.degree_days"));
    const cells = await table.locator("tbody tr td:last-child").allTextContents();
    const { from, to } = lastWholeMonth();
    expect(cells).toHaveLength(Number(to.slice(8, 10)));
    for (const cell of cells) expect(cell).toMatch(lng === "da" ? /^\d+,\d$/ : /^\d+\.\d$/);
    const month = cells.reduce((sum, cell) => sum + decimalNumber(cell, lng), 0);
    const line = (await page.locator(".kpi-weather-previous-year .kpi-note").textContent()) ?? "";
    const said = degreeDaysSaid(lng, line) ?? "";
    // The card's whole degree days are the period's; the days' one-decimal figures add up to them.
    expect(Math.abs(wholeNumber(said) - month), `${line} against the days' ${month} (${from}–${to})`).toBeLessThan(
      cells.length * 0.05 + 1,
    );

    // Nothing sticks out at 1366, 390 or 320 px, with the table open; axe-clean at each (axe needs
    // JavaScript in the page, and one language is enough for it).
    expect(await problemsAtEveryWidth(page, { axe: javaScriptEnabled && lng === "da" })).toEqual([]);
  });
}

test("the dashboard's heat card says the weather-adjusted comparison, compactly", async ({ page }) => {
  await openHeatMonth(page, "en");
  await page.goto(`/t/${anna.tenancyId}`);
  const heat = page.locator(".quantity-heat-energy .weather-adjusted");
  await expect(heat.locator("h4")).toHaveText(text("en", "weather.title"));
  // The last 30 days against the 30 before: a change with the degree days, or why not in words.
  const problems = Object.values((locales.en.weather as { problem: Record<string, string> }).problem);
  const said = (await heat.textContent()) ?? "";
  const hasFigure = /colder|warmer|same/.test(said);
  expect(hasFigure || problems.some((words) => said.includes(words)), said).toBe(true);
  // The card fits at every width (forecast.spec runs axe on this dashboard).
  expect(await problemsAtEveryWidth(page)).toEqual([]);
});
