/**
 * A report by its code: without a token, only for a live code, with the consumption
 * pages' own figures for its month (unitQuantityKpis through GraphQL, with the same token-holding
 * resident), the water cost of the price page (COST mode) and the chart's months.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoTenancyIds } from "../db/seed/demo-accounts";
import { generateMonthlyReports } from "../jobs/monthly-reports";
import { graphqlData } from "../testing/graphql";
import { monthKpisOfAnna, reportBackend } from "../testing/month-kpis";
import { monthReportFigures } from "./month-figures";
import { CHART_MONTHS, isPlausibleReportCode, monthsEndingWith, reportOfCode } from "./report-data";

const NOW = new Date("2026-11-25T06:00:00.000Z");
let backend: Backend;
let token: string;
let code: string;

beforeAll(async () => {
  ({ backend, token } = await reportBackend(NOW, "2025-08-01"));
  await generateMonthlyReports(backend.db, NOW);
  code = (
    await backend.db
      .selectFrom("consumption_reports")
      .select("code")
      .where("tenancy_id", "=", demoTenancyIds.anna)
      .where("month", "=", "2026-10")
      .executeTakeFirstOrThrow()
  ).code;
}, 180_000);
afterAll(() => backend?.close());

const REPORT_QUERY = `query ($code: String!) { consumptionReport(code: $code) { availability report {
  month address country
  quantities { quantity total previousMonth sameMonthLastYear propertyAverage co2Grams months { month value }
    weatherAdjustedPreviousMonth { problem degreeDays comparedDegreeDays adjustedCompared change colder }
    weatherAdjustedSameMonthLastYear { problem degreeDays comparedDegreeDays adjustedCompared change colder } }
  waterCost { currency prices { quantity pricePerLitre } cost previousCost } } } }`;

const pageKpis = async (quantity: string, month: string, mode = "HOURLY_VALUES") =>
  (await monthKpisOfAnna(backend, token, quantity, month, mode)).total;

describe("consumptionReport", () => {
  it("answers a live code without a token, with the pages' figures for the month, its chart months, CO2 and water cost", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the report is read field by field as the JSON it is
    const data = await graphqlData<{ consumptionReport: { availability: string; report: any } }>(
      backend,
      "tenant",
      REPORT_QUERY,
      { variables: { code } },
    );
    expect(data.consumptionReport.availability).toBe("AVAILABLE");
    const report = data.consumptionReport.report;
    expect(report.month).toBe("2026-10");
    const tenancy = await backend.db
      .selectFrom("tenancies")
      .selectAll()
      .where("id", "=", demoTenancyIds.anna)
      .executeTakeFirstOrThrow();
    expect(report.country).toBe("DK");
    expect(report.quantities.length).toBeGreaterThan(3);
    for (const q of report.quantities) {
      expect(q.total, q.quantity).toBe(await pageKpis(q.quantity, "2026-10"));
      expect(q.months.map((m: { month: string }) => m.month)).toEqual(monthsEndingWith("2026-10", CHART_MONTHS));
      expect(q.months[0].month).toBe("2025-10");
      // The chart's months are the pages' month totals too (the first one is last year's month).
      expect(q.months[0].value, q.quantity).toBe(q.sameMonthLastYear);
      expect(q.months[11].value, q.quantity).toBe(q.previousMonth);
      expect(q.months[12].value).toBe(q.total);
      expect(q.months[6].value, q.quantity).toBe(await pageKpis(q.quantity, "2026-04"));
    }
    const heat = report.quantities.find((q: { quantity: string }) => q.quantity === "heat-energy");
    expect(heat.co2Grams).toBe(await pageKpis("heat-energy", "2026-10", "CO2"));
    // The weather-adjusted comparisons are monthReportFigures' (held against the pages' in month-figures.test.ts).
    const [heatFigures] = await monthReportFigures(backend.db, tenancy, "2026-10", NOW);
    expect(heat.weatherAdjustedPreviousMonth).toEqual(heatFigures!.weatherAdjustedPreviousMonth);
    expect(heat.weatherAdjustedSameMonthLastYear).toEqual(heatFigures!.weatherAdjustedSameMonthLastYear);
    expect(heat.weatherAdjustedSameMonthLastYear.problem).toBeNull();
    const water = report.quantities.find((q: { quantity: string }) => q.quantity === "cold-water-volume");
    expect(water.weatherAdjustedPreviousMonth).toBeNull();
    // Water: hot and cold each at its own tariff, as the price page prices total water.
    // The 2026 tariffs per m³ (106.40 and 69.85 DKK), per litre.
    expect(report.waterCost.prices.map((p: { quantity: string }) => p.quantity)).toEqual([
      "hot-water-volume",
      "cold-water-volume",
    ]);
    expect(report.waterCost.prices[0].pricePerLitre).toBeCloseTo(0.1064, 10);
    expect(report.waterCost.prices[1].pricePerLitre).toBeCloseTo(0.06985, 10);
    expect(report.waterCost.cost).toBe(await pageKpis("total-water-volume", "2026-10", "COST"));
    expect(report.waterCost.previousCost).toBe(await pageKpis("total-water-volume", "2026-09", "COST"));
    expect(report.waterCost.cost).toBeGreaterThan(0);
  }, 60_000);

  it("answers NOT_FOUND for an unknown or malformed code and GONE for an expired or revoked one", async () => {
    for (const unknown of ["AAAAAAAAAAAAAAAAAAAAAAAA", "x", "'; drop table consumption_reports; --", "ä".repeat(24)]) {
      expect(await reportOfCode(backend.db, unknown, NOW)).toEqual({ availability: "NOT_FOUND", report: null });
    }
    expect(isPlausibleReportCode(code)).toBe(true);
    const [first, second] = await backend.db
      .selectFrom("consumption_reports")
      .select(["id", "code", "expires_at"])
      .where("tenancy_id", "=", demoTenancyIds.jensFirst)
      .orderBy("month")
      .limit(2)
      .execute();
    await backend.db
      .updateTable("consumption_reports")
      .set({ revoked_at: NOW.toISOString() })
      .where("id", "=", first!.id)
      .execute();
    expect(await reportOfCode(backend.db, first!.code, NOW)).toEqual({ availability: "GONE", report: null });
    expect((await reportOfCode(backend.db, second!.code, NOW)).availability).toBe("AVAILABLE");
    expect(
      await reportOfCode(backend.db, second!.code, new Date(new Date(second!.expires_at).getTime() + 1000)),
    ).toEqual({ availability: "GONE", report: null });
  }, 60_000);
});
