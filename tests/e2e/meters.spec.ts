import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { database, demoAccounts, demoTenancyIds, signInAndWaitForDashboard, useLanguage } from "./helpers";

/**
 * The meter list: every meter of the unit grouped by quantity, with its readings at the
 * start and end of the period and its latest one, equal to the meter pages' last readouts and to
 * the raw readings.
 */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

test("lists every meter with its readings, equal to the meter page's last readout and to the raw readings", async ({
  page,
}) => {
  const tenancyId = demoTenancyIds.anna;
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, tenancyId);
  await useLanguage(page, "en");
  await page.goto(`/t/${tenancyId}`);
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Meter list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Meter list/ })).toBeVisible();

  const db = database();
  const meters = db.prepare("SELECT id, number, quantity FROM meters WHERE unit_id = 109 ORDER BY id").all() as {
    id: number;
    number: string;
    quantity: string;
  }[];
  // Every meter of the unit is listed once.
  await expect(page.locator(".meter-table tbody tr")).toHaveCount(meters.length);

  await page.goto(`/t/${tenancyId}/meters?from=2026-10-01&to=2026-10-31`);
  const heat = meters.find((meter) => meter.quantity === "heat-energy")!;
  const row = page
    .locator(".meter-table tbody tr")
    .filter({ has: page.getByRole("link", { name: heat.number, exact: true }) });
  const lastCell = row.locator("td").nth(2);
  // The raw reading at the end of October (Copenhagen: 1 November 00:00 is 23:00 UTC).
  const end = Date.parse("2026-11-01T00:00:00+01:00") / 1000;
  const start = Date.parse("2026-10-01T00:00:00+02:00") / 1000;
  const last = db
    .prepare("SELECT value FROM meter_readings WHERE meter_id = ? AND ts <= ? ORDER BY ts DESC LIMIT 1")
    .get(heat.id, end) as { value: number };
  const first = db
    .prepare("SELECT value FROM meter_readings WHERE meter_id = ? AND ts >= ? ORDER BY ts ASC LIMIT 1")
    .get(heat.id, start) as { value: number };
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

test("downloads my readings as CSV, per day and per hour, adding up to the raw readings", async ({ page }) => {
  const tenancyId = demoTenancyIds.anna;
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, tenancyId);
  await useLanguage(page, "en");
  await page.goto(`/t/${tenancyId}/meters?from=2026-10-01&to=2026-10-31`);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Download CSV" }) });
  await form.getByLabel("Format").selectOption("plain");
  const downloading = page.waitForEvent("download");
  await form.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("readings-DK1042-0201-2026-10-01-2026-10-31-day.csv");
  const daily = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(daily).toHaveLength(1 + 31);
  const header = daily[0]!.split(",");
  expect(header[0]).toBe("Time");

  const db = database();
  const heat = db.prepare("SELECT id, number FROM meters WHERE unit_id = 109 AND quantity = 'heat-energy'").get() as {
    id: number;
    number: string;
  };
  const at = (iso: string) =>
    (
      db
        .prepare("SELECT value FROM meter_readings WHERE meter_id = ? AND ts = ?")
        .get(heat.id, Date.parse(iso) / 1000) as { value: number }
    ).value;
  const october = at("2026-11-01T00:00:00+01:00") - at("2026-10-01T00:00:00+02:00");
  db.close();
  const column = header.findIndex((name) => name.includes(heat.number));
  expect(column).toBeGreaterThan(0);
  const sum = daily.slice(1).reduce((total, line) => total + Number(line.split(",")[column]), 0);
  expect(sum).toBeCloseTo(october, 3);

  // Per hour in the resident's spreadsheet format: 31 days of which one has 25 hours (25 October).
  const hourly = await page.request.get(
    `/t/${tenancyId}/meters/readings.csv?from=2026-10-01&to=2026-10-31&resolution=hour&format=local`,
  );
  expect(hourly.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(hourly.headers()["cache-control"]).toBe("private, no-store");
  const lines = (await hourly.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(1 + 31 * 24 + 1);
  expect(lines.filter((line) => line.startsWith("2026-10-25T02:00:00"))).toHaveLength(2);

  // Hourly values for more than 370 days: a page that says so, not a file.
  const tooLong = await page.request.get(
    `/t/${tenancyId}/meters/readings.csv?from=2025-01-01&to=2026-10-31&resolution=hour`,
  );
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.text()).toContain("Hourly values can be downloaded for at most 370 days.");
});
