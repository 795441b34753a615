import { expect, type Page, test } from "@playwright/test";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard, untilHydrated, useLanguage } from "./helpers";
import { type Language, problemsAtEveryWidth, text } from "./page-texts";

/**
 * Issue 46 items 3 and 4 on the dashboard (ADR 0072, ADR 0073): Anna's Forecast card says, for her
 * heat, this month's outlook or why there is none, and this year's range with last year's total;
 * her rating card shows the efficient neighbours per m² beside the property average (her property
 * has 32 homes). With JavaScript and without (the sentences are the server's), in English and
 * Danish, without sideways scrolling at 1366, 390 and 320 px, and axe-clean at each (the Danish
 * dashboard, loaded once).
 *
 * The demo writes readings up to now, so what this month says depends on the day: in its first
 * 7 days (as on 2026-12-02, when this was written) the reason, later a range.
 */

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A text as a pattern: {{range}} a range of two figures and a unit, any other placeholder a figure and a unit. */
function pattern(lng: Language, key: string): RegExp {
  const figure = lng === "da" ? "\\d[\\d.]*(,\\d+)?" : "\\d[\\d,]*(\\.\\d+)?";
  return new RegExp(
    escapeRegExp(text(lng, key)).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) =>
      name === "range" ? `(?<low>${figure})–(?<high>${figure})\\s?kWh` : `${figure}\\s?kWh`,
    ),
  );
}

/** A figure written in the language ("4.100" in Danish, "4,100" in English) as a number. */
const numberOf = (written: string, lng: Language) =>
  Number(lng === "da" ? written.replace(/\./g, "").replace(",", ".") : written.replace(/,/g, ""));

/** Today's day of the month in Copenhagen, as the back-end counts the days of the month passed. */
function dayOfMonth(): number {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date());
  return Number(today.slice(8, 10));
}

const anna = { email: demoAccounts.anna.email, tenancyId: demoTenancyIds.anna };

async function openDashboard(page: Page, lng: Language) {
  await useLanguage(page, lng);
  await signInAndWaitForDashboard(page, anna.email, anna.tenancyId);
  await untilHydrated(page);
}

for (const lng of ["en", "da"] as const) {
  test(`${lng}: the forecast card and the rating card's efficient neighbours`, async ({ page, javaScriptEnabled }) => {
    await openDashboard(page, lng);
    const card = page.getByRole("region", { name: text(lng, "forecast.title") });
    await expect(card).toBeVisible();
    const heat = card.locator(".forecast-heat-energy");
    await expect(heat.locator("h3")).toHaveText(text(lng, "quantity.heat-energy"));

    // This month: the reason in its first 7 days, else a range.
    const month = heat.locator(".forecast-horizon.forecast-month");
    await expect(month.locator("h4")).toHaveText(text(lng, "forecast.period.MONTH"));
    if (dayOfMonth() <= 7) {
      await expect(month.locator(".forecast-problem")).toHaveText(text(lng, "forecast.problem.TOO_EARLY"));
      await expect(month.locator(".forecast-outlook")).toHaveCount(0);
    } else {
      await expect(month.locator(".forecast-outlook")).toHaveText(pattern(lng, "forecast.outlook.MONTH"));
    }

    // This year: a range, low below high, with last year's total (Anna has lived there for years).
    const year = heat.locator(".forecast-horizon.forecast-year");
    await expect(year.locator("h4")).toHaveText(text(lng, "forecast.period.YEAR"));
    const outlook = (await year.locator(".forecast-outlook").textContent()) ?? "";
    const range = outlook.match(pattern(lng, "forecast.outlook.YEAR"));
    expect(range, outlook).not.toBeNull();
    const low = numberOf(range?.groups?.low ?? "", lng);
    const high = numberOf(range?.groups?.high ?? "", lng);
    expect(low, outlook).toBeLessThan(high);
    expect(outlook).toMatch(pattern(lng, "forecast.last_year"));
    await expect(year.locator(".hint")).toContainText(text(lng, "forecast.so_far").replace(" {{value}}", ""));

    // The help link goes to the forecast section of the help page.
    await expect(card.getByRole("link", { name: text(lng, "forecast.help_link") })).toHaveAttribute(
      "href",
      `/t/${anna.tenancyId}/help#view-forecast`,
    );

    // The rating card: the efficient neighbours per m² beside the property average, at 32 homes a figure.
    const rating = page.getByRole("region", { name: text(lng, "dashboard.consumption_rating") });
    const figures = rating.locator("dl.rating-figures");
    await expect(figures.locator("dt")).toHaveText([
      text(lng, "rating_figures.your_home"),
      text(lng, "rating_figures.property_average"),
      text(lng, "rating_figures.efficient_neighbours"),
    ]);
    await expect(figures.locator("dd").nth(1)).toHaveText(/^\d[\d.,]*\s?kWh\/m²$/);
    await expect(figures.locator(".rating-efficient-neighbours")).toHaveText(/^\d[\d.,]*\s?kWh\/m²$/);
    const neighbours = numberOf(
      ((await figures.locator(".rating-efficient-neighbours").textContent()) ?? "").replace(/\s?kWh\/m²$/, ""),
      lng,
    );
    const average = numberOf(
      ((await figures.locator("dd").nth(1).textContent()) ?? "").replace(/\s?kWh\/m²$/, ""),
      lng,
    );
    // The most efficient fifth uses no more than the average home.
    expect(neighbours).toBeLessThanOrEqual(average);

    // Nothing sticks out at 1366, 390 or 320 px; axe-clean at each (axe needs JavaScript in the
    // page, and one language is enough for it).
    expect(await problemsAtEveryWidth(page, { axe: javaScriptEnabled && lng === "da" })).toEqual([]);
  });
}
