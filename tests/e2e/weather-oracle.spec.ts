import { expect, test } from "@playwright/test";
import { parseDisplayedNumber } from "../oracle/page-figures";
import { addDays, agreesToDisplayedDecimals } from "../oracle/recompute";
import { expectedWeatherAdjusted, type WeatherInputs } from "../oracle/weather";
import { e2e } from "./env";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard, untilHydrated, useLanguage } from "./helpers";
import { copenhagenToday, lastWholeMonth } from "./page-texts";
import { openTestDatabase } from "./test-database";

/**
 * The weather-adjusted key figures of Anna's heat page (issue 46 item 2, ADR 0070) against an
 * independent recomputation from the e2e database's raw readings (tests/oracle/weather.ts): the
 * compared value brought to this period's weather, the change in per cent and both periods' degree
 * days, each to the decimals the page shows. On SQLite and, in the multi-instance run, PostgreSQL.
 */

/** Anna's heat registers and her property's outdoor samples, as stored, nothing else. */
function rawInputs(): { inputs: WeatherInputs; tenancyStart: string } {
  const db = openTestDatabase(e2e.dataDir, true);
  try {
    const tenancy = db
      .prepare("SELECT unit_id AS unitId, start_date AS startDate FROM tenancies WHERE id = ?")
      .get(demoTenancyIds.anna) as { unitId: number; startDate: string };
    const rows = db
      .prepare(
        "SELECT r.meter_id AS meterId, r.ts AS ts, r.value AS value FROM meter_readings r JOIN meters m ON m.id = r.meter_id WHERE m.unit_id = ? AND m.quantity = 'heat-energy'",
      )
      .all(tenancy.unitId) as { meterId: number; ts: number; value: number }[];
    const registers = new Map<number, Map<number, number>>();
    for (const row of rows) {
      if (!registers.has(row.meterId)) registers.set(row.meterId, new Map());
      registers.get(row.meterId)!.set(Number(row.ts), row.value);
    }
    const outdoor = (
      db
        .prepare(
          "SELECT o.ts AS ts, o.celsius AS celsius FROM outdoor_readings o JOIN outdoor_meters m ON m.id = o.meter_id JOIN units u ON u.property_id = m.property_id WHERE u.id = ?",
        )
        .all(tenancy.unitId) as { ts: number; celsius: number }[]
    ).map((row) => ({ ts: Number(row.ts), celsius: Number(row.celsius) }));
    return { inputs: { registers, outdoor }, tenancyStart: tenancy.startDate };
  } finally {
    db.close();
  }
}

test("Anna's weather-adjusted heat figures equal a recomputation from the raw readings", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "the HTML is the same without JavaScript");
  await useLanguage(page, "en");
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
  const { from, to } = lastWholeMonth();
  await page.goto(`/t/${demoTenancyIds.anna}/consumption/heat-energy?from=${from}&to=${to}`);
  await untilHydrated(page);
  const { inputs, tenancyStart } = rawInputs();
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const yearEarlier = (date: string) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  const compared = {
    "previous-period": { comparedFrom: addDays(from, -days), comparedTo: addDays(from, -1) },
    "previous-year": { comparedFrom: yearEarlier(from), comparedTo: yearEarlier(to) },
  } as const;
  for (const key of ["previous-period", "previous-year"] as const) {
    const expected = expectedWeatherAdjusted(inputs, { from, to, ...compared[key] }, copenhagenToday(), tenancyStart);
    expect(expected, key).not.toBeNull();
    const card = page.locator(`.kpi-weather-${key}`);
    const value = parseDisplayedNumber((await card.locator(".kpi-value").textContent()) ?? "", "en");
    expect(
      agreesToDisplayedDecimals(value, expected!.adjustedCompared),
      `${key}: ${value?.text} against ${expected!.adjustedCompared}`,
    ).toBe(true);
    const sentence = (await card.locator(".smiley-label").textContent()) ?? "";
    // "The same as …" carries no percentage: the change is within ±0.5 % (app/domain/smileys.ts, spec section 4).
    const said = /(\d+)\s?%/.exec(sentence);
    const percent = said === null ? 0 : Number(said[1]);
    expect(
      Math.abs(percent - Math.abs(expected!.change * 100)),
      `${key}: ${sentence} against ${expected!.change}`,
    ).toBeLessThanOrEqual(0.5 + 1e-9);
    if (said !== null) expect(sentence).toMatch(expected!.change < 0 ? /less/ : /more/);
    const line = (await card.locator(".kpi-note").textContent()) ?? "";
    const figures = [...line.matchAll(/(\d[\d,]*) against (\d[\d,]*) degree days/g)][0];
    expect(figures, line).toBeDefined();
    const [thisSaid, comparedSaid] = [figures![1]!, figures![2]!].map((text) => Number(text.replace(/,/g, "")));
    expect(Math.abs(thisSaid! - expected!.degreeDays), line).toBeLessThanOrEqual(0.5 + 1e-9);
    expect(Math.abs(comparedSaid! - expected!.comparedDegreeDays), line).toBeLessThanOrEqual(0.5 + 1e-9);
  }
});
