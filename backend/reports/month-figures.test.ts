/**
 * The monthly report's figures are the consumption pages' figures (unitQuantityKpis through
 * GraphQL) for the same month, the month before and the same month a year earlier; so are its
 * weather-adjusted comparisons (ADR 0070), the previous month's held against the pages' previous
 * period where the two are the same days, against tenantDegreeDays and against the one fit where not.
 * On PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoTenancyIds } from "../db/seed/demo-accounts";
import { graphqlData } from "../testing/graphql";
import { monthKpisOfAnna, reportBackend } from "../testing/month-kpis";
import { daysOfMonth, monthReportFigures, previousMonthOf, reportQuantities } from "./month-figures";

const NOW = new Date("2026-11-25T06:00:00.000Z");
let backend: Backend;
let token: string;

beforeAll(async () => {
  ({ backend, token } = await reportBackend(NOW, "2025-09-01"));
}, 180_000);
afterAll(() => backend?.close());

const pageKpis = (quantity: string, month: string) => monthKpisOfAnna(backend, token, quantity, month);

const weatherFields = "problem degreeDays comparedDegreeDays adjustedCompared change colder";
interface WeatherFigure {
  problem: string | null;
  degreeDays: number | null;
  comparedDegreeDays: number | null;
  adjustedCompared: number | null;
  change: number | null;
  colder: number | null;
}
const monthInput = (quantity: string, month: string) => {
  const { first, last } = daysOfMonth(month);
  return { tenancyId: demoTenancyIds.anna, quantity, periodBegin: `${first}T00:00:00`, periodEnd: `${last}T23:59:00` };
};

/** The weather-adjusted key figures the consumption page of Anna's tenancy shows for a calendar month. */
async function weatherKpis(quantity: string, month: string) {
  const data = await graphqlData<{
    unitQuantityKpis: {
      total: number | null;
      previousPeriod: number | null;
      previousPeriodDays: { firstDay: string | null; lastDay: string | null };
      weatherAdjustedPreviousPeriod: WeatherFigure | null;
      weatherAdjustedPreviousYear: WeatherFigure | null;
    };
  }>(
    backend,
    "tenant",
    `query ($i: UnitQuantityKpisInput!) { unitQuantityKpis(input: $i) { total previousPeriod
      previousPeriodDays { firstDay lastDay }
      weatherAdjustedPreviousPeriod { ${weatherFields} } weatherAdjustedPreviousYear { ${weatherFields} } } }`,
    { token, variables: { i: { ...monthInput(quantity, month), weatherAdjusted: true } } },
  );
  return data.unitQuantityKpis;
}

/** A calendar month's degree days of Anna's property (tenantDegreeDays, the degree-day graph's call). */
async function degreeDaysOf(month: string): Promise<number> {
  const { quantity: _, ...input } = monthInput("heat-energy", month);
  const data = await graphqlData<{ tenantDegreeDays: { degreeDays: number; days: number; daysWithData: number } }>(
    backend,
    "tenant",
    "query ($i: TenantDegreeDaysInput!) { tenantDegreeDays(input: $i) { degreeDays days daysWithData } }",
    { token, variables: { i: { ...input, resolution: "MONTHLY" } } },
  );
  expect(data.tenantDegreeDays.daysWithData).toBe(data.tenantDegreeDays.days);
  return data.tenantDegreeDays.degreeDays;
}

async function annaTenancy() {
  return backend.db.selectFrom("tenancies").selectAll().where("id", "=", demoTenancyIds.anna).executeTakeFirstOrThrow();
}

describe("monthReportFigures", () => {
  it("equals the consumption pages' key figures for the month, the month before and the year before", async () => {
    const tenancy = await backend.db
      .selectFrom("tenancies")
      .selectAll()
      .where("id", "=", demoTenancyIds.anna)
      .executeTakeFirstOrThrow();
    const figures = await monthReportFigures(backend.db, tenancy, "2026-10", NOW);
    expect(figures.map((f) => f.quantity)).toEqual([
      "heat-energy",
      "hca",
      "hot-water-volume",
      "cold-water-volume",
      "total-water-volume",
      "electricity-energy",
    ]);
    for (const figure of figures) {
      const page = await pageKpis(figure.quantity, "2026-10");
      const before = await pageKpis(figure.quantity, "2026-09");
      expect(figure, figure.quantity).toMatchObject({
        quantity: figure.quantity,
        total: page.total,
        previousMonth: before.total,
        sameMonthLastYear: page.previousYear,
        propertyAverage: page.propertyComparison,
      });
      expect(figure.total).toBeGreaterThan(0);
      expect(figure.sameMonthLastYear).toBeGreaterThan(0);
    }
  }, 60_000);
});

describe("monthReportFigures, weather-adjusted", () => {
  it("equals the pages' comparison with the same month last year, for heat and heat-cost allocators only", async () => {
    const figures = await monthReportFigures(backend.db, await annaTenancy(), "2026-10", NOW);
    for (const figure of figures) {
      if (figure.quantity !== "heat-energy" && figure.quantity !== "hca") {
        expect(figure.weatherAdjustedPreviousMonth, figure.quantity).toBeNull();
        expect(figure.weatherAdjustedSameMonthLastYear, figure.quantity).toBeNull();
        continue;
      }
      const page = await weatherKpis(figure.quantity, "2026-10");
      expect(figure.weatherAdjustedSameMonthLastYear, figure.quantity).toEqual(page.weatherAdjustedPreviousYear);
      expect(figure.weatherAdjustedSameMonthLastYear!.problem, figure.quantity).toBeNull();
    }
  }, 120_000);

  it("compares with the previous calendar month: the pages' previous period when it is that month (July–August)", async () => {
    const [heat] = await monthReportFigures(backend.db, await annaTenancy(), "2026-08", NOW);
    const page = await weatherKpis("heat-energy", "2026-08");
    expect(page.previousPeriodDays).toEqual({ firstDay: "2026-07-01", lastDay: "2026-07-31" });
    expect(heat!.quantity).toBe("heat-energy");
    expect(heat!.weatherAdjustedPreviousMonth).toEqual(page.weatherAdjustedPreviousPeriod);
  }, 120_000);

  it("compares October with September (not the 31 days before), by the same fit as the year's comparison", async () => {
    const [heat] = await monthReportFigures(backend.db, await annaTenancy(), "2026-10", NOW);
    const month = heat!.weatherAdjustedPreviousMonth!;
    const year = heat!.weatherAdjustedSameMonthLastYear!;
    expect(month.problem).toBeNull();
    // Both periods' degree days are the calendar months' own (tenantDegreeDays).
    const october = await degreeDaysOf("2026-10");
    expect(month.degreeDays).toBeCloseTo(october, 9);
    expect(year.degreeDays).toBeCloseTo(october, 9);
    expect(month.comparedDegreeDays).toBeCloseTo(await degreeDaysOf("2026-09"), 9);
    expect(year.comparedDegreeDays).toBeCloseTo(await degreeDaysOf("2025-10"), 9);
    // ADR 0070: adjusted = compared + slope × (degree days − compared degree days), one slope for both.
    const slope = (figure: WeatherFigure, compared: number) =>
      (figure.adjustedCompared! - compared) / (figure.degreeDays! - figure.comparedDegreeDays!);
    expect(slope(month, heat!.previousMonth!)).toBeGreaterThan(0);
    expect(slope(month, heat!.previousMonth!)).toBeCloseTo(slope(year, heat!.sameMonthLastYear!), 9);
    expect(month.change).toBeCloseTo((heat!.total! - month.adjustedCompared!) / month.adjustedCompared!, 12);
    expect(month.colder).toBeCloseTo((october - month.comparedDegreeDays!) / month.comparedDegreeDays!, 12);
    // October was colder than September: less of October's heat is the resident's own doing.
    expect(month.colder!).toBeGreaterThan(0);
    expect(month.change!).toBeLessThan((heat!.total! - heat!.previousMonth!) / heat!.previousMonth!);
  }, 120_000);
});

describe("months", () => {
  it("knows each month's days and the month before", () => {
    expect(daysOfMonth("2026-02")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
    expect(daysOfMonth("2028-02").last).toBe("2028-02-29");
    expect(previousMonthOf("2026-01")).toBe("2025-12");
    expect(previousMonthOf("2026-11")).toBe("2026-10");
    expect(() => daysOfMonth("2026-13")).toThrow();
  });

  it("reports the quantities that add up, water in total when there are both", () => {
    expect(
      reportQuantities([
        "indoor-temperature",
        "cold-water-volume",
        "hot-water-volume",
        "heat-flow-temperature",
        "gas-volume",
      ]),
    ).toEqual(["hot-water-volume", "cold-water-volume", "total-water-volume", "gas-volume"]);
  });
});
