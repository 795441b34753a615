import { expect, test } from "@playwright/test";
import { database, demoAccounts, demoTenancyIds, signInAndWaitForDashboard, useLanguage } from "./helpers";

/**
 * The meter list (issue 15): every meter of the unit grouped by quantity, with its readings at the
 * start and end of the period and its latest one, equal to the meter pages' last readouts and to
 * the raw readings.
 */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

test("lists every meter with its readings, equal to the meter page's last readout and to the raw readings", async ({ page }) => {
  const tenancyId = demoTenancyIds.anna;
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, tenancyId);
  await useLanguage(page, "en");
  await page.goto(`/t/${tenancyId}`);
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Meter list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Meter list/ })).toBeVisible();

  const db = database();
  const meters = db.prepare("SELECT id, number, quantity FROM meters WHERE unit_id = 109 ORDER BY id").all() as { id: number; number: string; quantity: string }[];
  // Every meter of the unit is listed once.
  await expect(page.locator(".meter-table tbody tr")).toHaveCount(meters.length);

  await page.goto(`/t/${tenancyId}/meters?from=2026-10-01&to=2026-10-31`);
  const heat = meters.find((meter) => meter.quantity === "heat-energy")!;
  const row = page.locator(".meter-table tbody tr").filter({ has: page.getByRole("link", { name: heat.number, exact: true }) });
  const lastCell = row.locator("td").nth(2);
  // The raw reading at the end of October (Copenhagen: 1 November 00:00 is 23:00 UTC).
  const end = Date.parse("2026-11-01T00:00:00+01:00") / 1000;
  const start = Date.parse("2026-10-01T00:00:00+02:00") / 1000;
  const last = db.prepare("SELECT value FROM meter_readings WHERE meter_id = ? AND ts <= ? ORDER BY ts DESC LIMIT 1").get(heat.id, end) as { value: number };
  const first = db.prepare("SELECT value FROM meter_readings WHERE meter_id = ? AND ts >= ? ORDER BY ts ASC LIMIT 1").get(heat.id, start) as { value: number };
  db.close();
  const kwh = (value: number) => `${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 }).format(value)} kWh`;
  expect(plain(await lastCell.locator(".reading-value").textContent())).toBe(kwh(last.value));
  expect(plain(await row.locator("td").nth(1).locator(".reading-value").textContent())).toBe(kwh(first.value));

  const listed = plain(await lastCell.textContent());
  await row.getByRole("link", { name: heat.number, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/consumption/heat-energy/meter/${heat.id}\\?from=2026-10-01&to=2026-10-31`));
  const readout = page.getByRole("region", { name: /Last readout of the period/ });
  await expect(readout).toBeVisible();
  const shown = plain(await readout.textContent());
  expect(shown).toContain(kwh(last.value));
  // The same reading at the same time as on the list.
  expect(listed.replace(kwh(last.value), "").trim().length).toBeGreaterThan(0);
  expect(shown).toContain(listed.replace(kwh(last.value), "").trim());
});
