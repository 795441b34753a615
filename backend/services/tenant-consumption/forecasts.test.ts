/**
 * tenantForecasts through the tenant data service on the demo's own readings (Anna's home, the
 * outdoor history of its property): the periods, the consumption so far and last year's total
 * recomputed here from the raw registers at Copenhagen midnights, and the tenancy check. The
 * estimate's arithmetic is forecast.test.ts's. Runs on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TenantForecastsQuery } from "../../../app/services/tenant/documents";
import type { TenantForecastsQuery as ForecastsResult } from "../../../app/services/tenant/graphql.generated";
import type { Backend } from "../../app";
import { dailyOnlyAccount } from "../../db/seed/daily-only-property";
import { demoAccounts, demoTenancyIds } from "../../db/seed/demo-accounts";
import { demoProperty } from "../../db/seed/demo-plan";
import { firstErrorCode, graphql, signInToUsers } from "../../testing/graphql";
import { midnightOf } from "../../testing/oracle-calendar";
import { createDemoBackend, setPropertyCountry } from "../../testing/setup";
import { forecastPeriods } from "./forecasts";

const NOW = new Date("2025-11-20T10:30:00.000Z");

let backend: Backend;
/** The service's clock: a test moves it past the ten minutes a home's forecasts are kept (day-cache.ts). */
let now = NOW;
const tokens = { anna: "", ida: "" };
const registers = new Map<string, Map<number, number>>();

/** A quantity's consumption over [from, to) (dates) from the raw registers of Anna's meters. */
function consumption(quantity: string, from: string, to: string): number {
  let sum = 0;
  for (const [key, readings] of registers) {
    if (!key.startsWith(`${quantity}/`)) continue;
    sum += readings.get(midnightOf(to) / 1000)! - readings.get(midnightOf(from) / 1000)!;
  }
  return sum;
}

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
  const { unit_id } = await backend.db
    .selectFrom("tenancies")
    .select("unit_id")
    .where("id", "=", demoTenancyIds.anna)
    .executeTakeFirstOrThrow();
  await backend.close();
  backend = await createDemoBackend({ now: () => now, demoReadings: true, demoReadingsUnitIds: [unit_id] });
  const rows = await backend.db
    .selectFrom("meter_readings as r")
    .innerJoin("meters as m", "m.id", "r.meter_id")
    .select(["m.id", "m.quantity", "r.ts", "r.value"])
    .where("m.unit_id", "=", unit_id)
    .where("m.quantity", "in", ["heat-energy", "cold-water-volume"])
    .execute();
  for (const row of rows) {
    const key = `${row.quantity}/${row.id}`;
    if (!registers.has(key)) registers.set(key, new Map());
    registers.get(key)!.set(Number(row.ts), row.value);
  }
  tokens.anna = (await signInToUsers(backend, demoAccounts.anna.email)).token;
  tokens.ida = (await signInToUsers(backend, dailyOnlyAccount.email)).token;
}, 240_000);
afterAll(() => backend?.close());

async function forecasts(user: "anna" | "ida") {
  const result = await graphql<ForecastsResult>(backend, "tenant", TenantForecastsQuery, {
    token: tokens[user],
    variables: { tenancyId: demoTenancyIds.anna },
  });
  return { code: firstErrorCode(result), data: result.body.data?.tenantForecasts };
}

describe("tenantForecasts", () => {
  it("forecasts this month and this year of each consumed quantity from the days before today", async () => {
    const { code, data } = await forecasts("anna");
    expect(code).toBeUndefined();
    const heatMonth = data!.find((row) => row.quantity === "heat-energy" && row.horizon === "MONTH")!;
    expect(heatMonth).toMatchObject({ firstDay: "2025-11-01", lastDay: "2025-11-30", daysPassed: 19, problem: null });
    expect(heatMonth.soFar).toBeCloseTo(consumption("heat-energy", "2025-11-01", "2025-11-20"), 6);
    expect(heatMonth.lastYear).toBeCloseTo(consumption("heat-energy", "2024-11-01", "2024-12-01"), 6);
    expect(heatMonth.method).toBe("HEATING_FIT");
    expect(heatMonth.low!).toBeLessThan(heatMonth.expected!);
    expect(heatMonth.expected!).toBeLessThan(heatMonth.high!);
    expect(heatMonth.low!).toBeGreaterThanOrEqual(heatMonth.soFar!);
    expect(heatMonth.price).toBeGreaterThan(0);
    const waterYear = data!.find((row) => row.quantity === "cold-water-volume" && row.horizon === "YEAR")!;
    expect(waterYear).toMatchObject({ firstDay: "2025-01-01", lastDay: "2025-12-31", problem: null });
    expect(waterYear.soFar).toBeCloseTo(consumption("cold-water-volume", "2025-01-01", "2025-11-20"), 6);
    // No temperatures or technical counts are forecast.
    expect(data!.some((row) => row.quantity.startsWith("indoor-"))).toBe(false);
  });

  it("refuses another resident's tenancy", async () => {
    expect((await forecasts("ida")).code).toBe("FORBIDDEN");
  });

  it("forecasts a Norwegian property's heat without three whole years of its own by the fit at Norway's table (ADR 0074)", async () => {
    // Only 2023 and 2024 left whole before this year: the property has no normal year of its own.
    const meters = backend.db.selectFrom("outdoor_meters").select("id").where("property_id", "=", demoProperty.id);
    await backend.db
      .deleteFrom("outdoor_daily")
      .where("meter_id", "in", meters)
      .where("day", "<", "2023-01-01")
      .execute();
    /** This month's heat forecast with the property in `country`, `minutes` after NOW (past the cache). */
    const heatMonthIn = async (country: string, minutes: number) => {
      await setPropertyCountry(backend.db, demoProperty.id, country);
      now = new Date(NOW.getTime() + minutes * 60_000);
      tokens.anna = (await signInToUsers(backend, demoAccounts.anna.email)).token;
      const { code, data } = await forecasts("anna");
      expect(code).toBeUndefined();
      return data!.find((row) => row.quantity === "heat-energy" && row.horizon === "MONTH")!;
    };
    try {
      const norway = await heatMonthIn("NO", 11);
      const denmark = await heatMonthIn("DK", 22);
      const sweden = await heatMonthIn("SE", 33);
      // Norway has a table now: the heating fit, as Denmark's, not last year's days as a country without one.
      expect(norway.method).toBe("HEATING_FIT");
      expect(denmark.method).toBe("HEATING_FIT");
      expect(sweden.method).toBe("LAST_YEAR_SCALED");
      // Norway's normal November (489.0 degree days) is colder than Denmark's (328): more heat expected
      // for the same days left, from the same consumption so far.
      expect(norway.soFar).toBeCloseTo(denmark.soFar!, 6);
      expect(norway.expected!).toBeGreaterThan(denmark.expected!);
    } finally {
      await setPropertyCountry(backend.db, demoProperty.id, demoProperty.country);
      now = NOW;
    }
  });
});

describe("forecastPeriods", () => {
  it("moves the billing period by whole years to the one that holds today", () => {
    expect(forecastPeriods("2026-03-10", { start: "2024-05-01", end: "2025-04-30" })).toEqual([
      { horizon: "MONTH", days: { fromDay: "2026-03-01", endDay: "2026-04-01" } },
      { horizon: "YEAR", days: { fromDay: "2026-01-01", endDay: "2027-01-01" } },
      { horizon: "BILLING_YEAR", days: { fromDay: "2025-05-01", endDay: "2026-05-01" } },
    ]);
    expect(forecastPeriods("2026-03-10", { start: null, end: null })).toHaveLength(2);
  });
});
