import { expect, type Page, test } from "@playwright/test";
import { dailyOnlyAccount, dailyOnlyTenancyId } from "../../backend/db/seed/daily-only-property";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard } from "./helpers";

/**
 * Hourly values only where the property has the hourly-values setting (spec section 4): Ida's home
 * on Jagtvej (a demo property without it) is neither offered nor given hourly values, whatever its
 * address asks for, while Anna's home is; every resolution of the spec, yearly included, is offered
 * where it applies. With and without JavaScript.
 */

const ida = { email: dailyOnlyAccount.email, tenancyId: dailyOnlyTenancyId };
const anna = { email: demoAccounts.anna.email, tenancyId: demoTenancyIds.anna };
const oneDay = "from=2026-10-14&to=2026-10-14";

async function resolutionOptions(page: Page): Promise<string[]> {
  return page
    .locator('select[name="resolution"] option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
}

test("a property without hourly values offers and gives none, even when the address asks for them", async ({
  page,
}) => {
  await signInAndWaitForDashboard(page, ida.email, ida.tenancyId);
  const heat = `/t/${ida.tenancyId}/consumption/heat-energy`;
  const response = await page.goto(`${heat}?${oneDay}&tab=detailed&resolution=hour`);
  expect(response?.status()).toBe(200);
  // The page falls back to its own resolution and its address says so.
  await expect(page).toHaveURL(new RegExp(`${heat}\\?${oneDay}&tab=detailed$`));
  expect(await resolutionOptions(page)).toEqual(["", "day", "week", "month", "year"]);
  // A day by the day: one row, not 24 hours.
  await expect(page.locator("figure.chart-figure").first().locator(".chart-table tbody tr")).toHaveCount(1);
  await expect(page.locator('a[href*="resolution=hour"]')).toHaveCount(0);

  // The meter list offers no hourly download, and the file refuses one asked for by hand.
  await page.goto(`/t/${ida.tenancyId}/meters?${oneDay}`);
  await expect(page.locator("#csv-heading")).toBeVisible();
  await expect(page.locator('select[name="resolution"]')).toHaveCount(0);
  await expect(page.locator("main")).toContainText("pr. dag");
  await expect(page.locator("main")).not.toContainText("pr. time");
  const hourly = await page.request.get(`/t/${ida.tenancyId}/meters/readings.csv?${oneDay}&resolution=hour`);
  expect(hourly.status()).toBe(400);
  expect(await hourly.text()).toContain("Din ejendom har ikke timeværdier.");
  const daily = await page.request.get(`/t/${ida.tenancyId}/meters/readings.csv?${oneDay}&resolution=day`);
  expect(daily.status()).toBe(200);
  expect(daily.headers()["content-type"]).toBe("text/csv; charset=utf-8");
});

test("a property with hourly values offers them and shows a day by the hour", async ({ page }) => {
  await signInAndWaitForDashboard(page, anna.email, anna.tenancyId);
  const heat = `/t/${anna.tenancyId}/consumption/heat-energy`;
  await page.goto(`${heat}?${oneDay}&tab=detailed&resolution=hour`);
  await expect(page).toHaveURL(/resolution=hour/);
  expect(await resolutionOptions(page)).toEqual(["", "hour", "day", "week", "month", "year"]);
  await expect(page.locator("figure.chart-figure").first().locator(".chart-table tbody tr")).toHaveCount(24);
  await page.goto(`/t/${anna.tenancyId}/meters?${oneDay}`);
  await expect(page.locator('select[name="resolution"] option')).toHaveText(["Pr. dag", "Pr. time"]);
});

test("yearly values are offered and labelled by year, a partial year naming its days", async ({ page }) => {
  await signInAndWaitForDashboard(page, anna.email, anna.tenancyId);
  const heat = `/t/${anna.tenancyId}/consumption/heat-energy`;
  await page.goto(`${heat}?from=2025-03-10&to=2026-10-31&compare=none&tab=detailed`);
  const form = page.locator("form", { has: page.locator('select[name="resolution"]') });
  await form.locator('select[name="resolution"]').selectOption("year");
  await form.getByRole("button", { name: "Vis", exact: true }).click();
  await expect(page).toHaveURL(/resolution=year/);
  const rows = page.locator("figure.chart-figure").first().locator(".chart-table tbody tr th");
  await expect(rows).toHaveText([
    "2025 (10. marts–31. december 2025, del af året)",
    "2026 (1. januar–31. oktober 2026, del af året)",
  ]);
});

test("an unknown resolution falls back to the page's own", async ({ page }) => {
  await signInAndWaitForDashboard(page, anna.email, anna.tenancyId);
  const heat = `/t/${anna.tenancyId}/consumption/heat-energy`;
  const response = await page.goto(`${heat}?${oneDay}&tab=detailed&resolution=fortnight`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${heat}\\?${oneDay}&tab=detailed$`));
  await expect(page.locator('select[name="resolution"]')).toHaveValue("");
});
