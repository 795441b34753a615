/**
 * The monthly report's figures are the consumption pages' figures (unitQuantityKpis through
 * GraphQL) for the same month, the month before and the same month a year earlier.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoTenancyIds } from "../db/seed/demo-accounts";
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
      expect(figure, figure.quantity).toEqual({
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
