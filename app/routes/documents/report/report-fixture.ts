/** A monthly report as the back-end answers it, for the report's unit tests. */
import type { ConsumptionReport } from "~/services/tenant/document-schemas";

type WeatherAdjusted = NonNullable<ConsumptionReport["quantities"][number]["weatherAdjustedPreviousMonth"]>;

/**
 * A compared month's heat (`compared` kWh at `comparedDegreeDays`) adjusted to October 2026's 291.6
 * degree days by a fit with a slope of 2 kWh per degree day, against October's 694 kWh.
 */
function adjustedToOctober(compared: number, comparedDegreeDays: number): WeatherAdjusted {
  const adjustedCompared = compared + 2 * (291.6 - comparedDegreeDays);
  return {
    problem: null,
    degreeDays: 291.6,
    comparedDegreeDays,
    adjustedCompared,
    change: (694 - adjustedCompared) / adjustedCompared,
    colder: (291.6 - comparedDegreeDays) / comparedDegreeDays,
  };
}

export const sampleReport: ConsumptionReport = {
  month: "2026-10",
  createdAt: "2026-11-01T05:00:00.000Z",
  address: "Nørrebrogade 148B, 4. tv.",
  zipcode: "2200",
  city: "København N",
  country: "DK",
  quantities: [
    {
      quantity: "heat-energy",
      total: 694,
      previousMonth: 294,
      sameMonthLastYear: 653,
      propertyAverage: 610.4,
      co2Grams: 43040,
      months: Array.from({ length: 13 }, (_, i) => ({
        month: i === 0 ? "2025-10" : i < 3 ? `2025-${10 + i}` : `2026-${String(i - 2).padStart(2, "0")}`,
        value: i === 0 ? 653 : i === 12 ? 694 : i === 11 ? 294 : 100 + i,
      })),
      weatherAdjustedSameMonthLastYear: adjustedToOctober(653, 246.9),
      weatherAdjustedPreviousMonth: adjustedToOctober(294, 131.2),
    },
    {
      quantity: "cold-water-volume",
      total: 7.687,
      previousMonth: 7.536,
      sameMonthLastYear: null,
      propertyAverage: null,
      co2Grams: null,
      months: [],
      weatherAdjustedSameMonthLastYear: null,
      weatherAdjustedPreviousMonth: null,
    },
  ],
  waterCost: {
    currency: "DKK",
    prices: [{ quantity: "cold-water-volume", pricePerLitre: 0.06985 }],
    cost: 536.94,
    previousCost: 526.39,
  },
};
