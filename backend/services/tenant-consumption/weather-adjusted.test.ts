/**
 * The weather-adjusted comparisons of unitQuantityKpis (issue 46 item 2, ADR 0070) on the demo's
 * own readings of Anna's home (its heat and hca follow the demo's outdoor model), recomputed here
 * from the raw readings alone: each day's heat from the register at the day's two Copenhagen
 * midnights, each day's degree days from the raw outdoor samples (by the figures oracle's
 * tests/oracle/weather.ts), the fit by its own least squares, the correction by ADR 0070's
 * formula. Nothing of the back-end's calendar, rollups, degree-day or fit code is used. Runs on PostgreSQL too when TEST_DATABASE_URL is set (ADR 0031).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnitQuantityKpisQuery } from "../../../app/services/tenant/documents";
import type { UnitQuantityKpisQuery as KpisResult } from "../../../app/services/tenant/graphql.generated";
import { degreeDaysByDate } from "../../../tests/oracle/weather";
import type { Backend } from "../../app";
import { demoAccounts, demoTenancyIds } from "../../db/seed/demo-accounts";
import { firstErrorCode, graphql, signInToUsers } from "../../testing/graphql";
import { addDays, datesThrough, midnightOf } from "../../testing/oracle-calendar";
import { createDemoBackend, meterIdsOf, outdoorSamplesOfUnit, rawRegistersOf } from "../../testing/setup";

const NOW = new Date("2025-11-20T10:30:00.000Z");

let backend: Backend;
let token = "";
let heatMeterIds: number[] = [];
let outdoor: { ts: number; celsius: number }[] = [];
let registers = new Map<number, Map<number, number>>();

/** The home's heat between two instants from the raw registers, or null where one is missing. */
function heatBetween(s: number, e: number): number | null {
  let sum = 0;
  for (const id of heatMeterIds) {
    const a = registers.get(id)?.get(s / 1000);
    const b = registers.get(id)?.get(e / 1000);
    if (a === undefined || b === undefined) return null;
    sum += b - a;
  }
  return sum;
}
const heatOfDates = (from: string, toIncluded: string) =>
  heatBetween(midnightOf(from), midnightOf(addDays(toIncluded, 1)));

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
  const tenancy = await backend.db
    .selectFrom("tenancies")
    .select("unit_id")
    .where("id", "=", demoTenancyIds.anna)
    .executeTakeFirstOrThrow();
  await backend.close();
  backend = await createDemoBackend({ now: () => NOW, demoReadings: true, demoReadingsUnitIds: [tenancy.unit_id] });
  heatMeterIds = await meterIdsOf(backend.db, tenancy.unit_id, "heat-energy");
  registers = await rawRegistersOf(backend.db, heatMeterIds);
  outdoor = await outdoorSamplesOfUnit(backend.db, tenancy.unit_id);
  token = (await signInToUsers(backend, demoAccounts.anna.email)).token;
}, 240_000);
afterAll(() => backend?.close());

async function kpis(input: Record<string, unknown>) {
  const result = await graphql<KpisResult>(backend, "tenant", UnitQuantityKpisQuery, {
    token,
    variables: { input: { tenancyId: demoTenancyIds.anna, quantity: "heat-energy", ...input } },
  });
  return { code: firstErrorCode(result), data: result.body.data?.unitQuantityKpis };
}

const period = (from: string, to: string) => ({ periodBegin: `${from}T00:00:00`, periodEnd: `${to}T23:59:00` });

describe("unitQuantityKpis, weather-adjusted", () => {
  it("corrects October 2025 against the previous period and October 2024 as recomputed from the raw readings", async () => {
    const degreeDays = degreeDaysByDate(outdoor);
    // The fit: every whole day of the 365 before today (2025-11-20) with heat and degree days.
    const fitDays = datesThrough(addDays("2025-11-20", -365), addDays("2025-11-20", -1)).flatMap((date) => {
      const heat = heatOfDates(date, date);
      const x = degreeDays.get(date);
      return heat === null || x === undefined ? [] : [{ x, y: heat }];
    });
    expect(fitDays.length).toBe(365);
    const meanX = fitDays.reduce((sum, day) => sum + day.x, 0) / fitDays.length;
    const meanY = fitDays.reduce((sum, day) => sum + day.y, 0) / fitDays.length;
    const sxy = fitDays.reduce((sum, day) => sum + (day.x - meanX) * (day.y - meanY), 0);
    const sxx = fitDays.reduce((sum, day) => sum + (day.x - meanX) ** 2, 0);
    const slope = sxy / sxx;
    const base = meanY - slope * meanX;
    const r2 =
      1 -
      fitDays.reduce((sum, day) => sum + (day.y - base - slope * day.x) ** 2, 0) /
        fitDays.reduce((sum, day) => sum + (day.y - meanY) ** 2, 0);
    expect(r2).toBeGreaterThan(0.5);
    expect(slope).toBeGreaterThan(0);

    const sumDegreeDays = (from: string, to: string) =>
      datesThrough(from, to).reduce((sum, date) => sum + (degreeDays.get(date) ?? Number.NaN), 0);
    const expected = (from: string, to: string) => {
      const consumption = heatOfDates("2025-10-01", "2025-10-31")!;
      const degreeDaysThis = sumDegreeDays("2025-10-01", "2025-10-31");
      const compared = heatOfDates(from, to)!;
      const comparedDegreeDays = sumDegreeDays(from, to);
      const adjustedCompared = compared + slope * (degreeDaysThis - comparedDegreeDays);
      return {
        problem: null,
        degreeDays: degreeDaysThis,
        comparedDegreeDays,
        adjustedCompared,
        change: (consumption - adjustedCompared) / adjustedCompared,
        colder: (degreeDaysThis - comparedDegreeDays) / comparedDegreeDays,
      };
    };

    const { code, data } = await kpis({ ...period("2025-10-01", "2025-10-31"), weatherAdjusted: true });
    expect(code).toBeUndefined();
    // The previous period: the 31 days before; the previous year: the same dates of 2024.
    const figures = [
      [data!.weatherAdjustedPreviousPeriod, expected("2025-08-31", "2025-09-30")],
      [data!.weatherAdjustedPreviousYear, expected("2024-10-01", "2024-10-31")],
    ] as const;
    for (const [served, recomputed] of figures) {
      expect(served?.problem).toBeNull();
      for (const key of ["degreeDays", "comparedDegreeDays", "adjustedCompared", "change", "colder"] as const) {
        expect(served![key]).toBeCloseTo(recomputed[key], 6);
      }
    }
    // October was colder than September: the adjustment lowers the change.
    expect(data!.weatherAdjustedPreviousPeriod!.colder!).toBeGreaterThan(0);
    const plain = (data!.total! - data!.previousPeriod!) / data!.previousPeriod!;
    expect(data!.weatherAdjustedPreviousPeriod!.change!).toBeLessThan(plain);
  });

  it("is given only when asked for, and only for quantities that follow the weather", async () => {
    const unasked = await kpis(period("2025-10-01", "2025-10-31"));
    expect(unasked.data?.weatherAdjustedPreviousPeriod).toBeNull();
    const water = await kpis({
      ...period("2025-10-01", "2025-10-31"),
      quantity: "cold-water-volume",
      weatherAdjusted: true,
    });
    expect(water.code).toBeUndefined();
    expect(water.data?.weatherAdjustedPreviousYear).toBeNull();
    const hca = await kpis({ ...period("2025-10-01", "2025-10-31"), quantity: "hca", weatherAdjusted: true });
    expect(hca.data?.weatherAdjustedPreviousYear?.problem).toBeNull();
  });

  it("fits a home once while its days stand, not on every request", async () => {
    const asked = { ...period("2025-10-01", "2025-10-31"), weatherAdjusted: true };
    const before = (await kpis(asked)).data!.weatherAdjustedPreviousYear!;
    // Take April and May 2025 out of the home's days: outside both periods and their comparisons,
    // inside the fit's year. A fit made again would see 61 days fewer and another slope.
    const heatMeters = await backend.db
      .selectFrom("meters")
      .select("id")
      .where(
        "unit_id",
        "in",
        backend.db.selectFrom("tenancies").select("unit_id").where("id", "=", demoTenancyIds.anna),
      )
      .where("quantity", "=", "heat-energy");
    await backend.db
      .deleteFrom("consumption_daily")
      .where("meter_id", "in", heatMeters)
      .where("day", ">=", "2025-04-01")
      .where("day", "<", "2025-06-01")
      .execute();
    const after = (await kpis(asked)).data!.weatherAdjustedPreviousYear!;
    expect(after).toEqual(before);
  });

  it("says why instead of a figure where there is nothing to compare or no outdoor readings", async () => {
    // Before the readings begin (25 months before November 2025): nothing to compare with a year back.
    const early = await kpis({ ...period("2023-11-01", "2023-11-30"), weatherAdjusted: true });
    expect(early.data?.weatherAdjustedPreviousYear).toMatchObject({ problem: "NO_COMPARISON", change: null });
    await backend.db.deleteFrom("outdoor_daily").where("day", ">=", "2025-10-01").execute();
    const withoutWeather = await kpis({ ...period("2025-10-01", "2025-10-31"), weatherAdjusted: true });
    expect(withoutWeather.data?.weatherAdjustedPreviousPeriod).toMatchObject({
      problem: "NO_OUTDOOR_DATA",
      degreeDays: null,
      change: null,
    });
  });
});
