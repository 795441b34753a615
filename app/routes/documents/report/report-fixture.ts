/** A monthly report as the back-end answers it, for the report's unit tests. */
import type { ConsumptionReport } from "~/services/tenant/document-schemas";

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
    },
    {
      quantity: "cold-water-volume",
      total: 7.687,
      previousMonth: 7.536,
      sameMonthLastYear: null,
      propertyAverage: null,
      co2Grams: null,
      months: [],
    },
  ],
  waterCost: {
    currency: "DKK",
    prices: [{ quantity: "cold-water-volume", pricePerLitre: 0.06985 }],
    cost: 536.94,
    previousCost: 526.39,
  },
};
