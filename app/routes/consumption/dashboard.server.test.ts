import { readFileSync } from "node:fs";
import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { QuantityForecast } from "~/services/tenant/schemas";
import { dashboardCall, dashboardForecasts, forecastLine, forecastRange } from "./dashboard.server";

const NBSP = "\u00a0";

const today = "2025-11-20";

describe("the dashboard's weather-adjusted call (ADR 0070)", () => {
  it("asks heat's key figures with weatherAdjusted over the card's own period", () => {
    const call = dashboardCall(7009, ["cold-water-volume", "heat-energy", "hca"], today);
    expect(call.weather).toEqual({
      tenancyId: 7009,
      quantity: "heat-energy",
      periodBegin: call.input.consumption?.periodBegin,
      periodEnd: call.input.consumption?.periodEnd,
      weatherAdjusted: true,
    });
  });

  it("takes heat-cost allocators, then heat volume, then gas, where there is no heat meter", () => {
    expect(dashboardCall(1, ["hca", "gas-volume"], today).weather?.quantity).toBe("hca");
    expect(dashboardCall(1, ["gas-volume", "heat-volume"], today).weather?.quantity).toBe("heat-volume");
    expect(dashboardCall(1, ["gas-volume", "electricity-energy"], today).weather?.quantity).toBe("gas-volume");
  });

  it("asks nothing more for a home without heat or gas", () => {
    expect(dashboardCall(1, ["cold-water-volume", "electricity-energy"], today).weather).toBeNull();
  });
});

describe("the dashboard's forecast card (ADR 0072)", () => {
  const translator = (language: "en" | "da") => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: language,
      resources: { [language]: { common: JSON.parse(readFileSync(`locales/${language}/common.json`, "utf8")) } },
      defaultNS: "common",
      interpolation: { escapeValue: false },
      initImmediate: false,
    });
    return instance.t as unknown as TFunction;
  };
  const en = { t: translator("en"), language: "en" };
  const da = { t: translator("da"), language: "da" };

  const row = (overrides: Partial<QuantityForecast>): QuantityForecast => ({
    quantity: "heat-energy",
    horizon: "MONTH",
    firstDay: "2026-11-01",
    lastDay: "2026-11-30",
    daysPassed: 12,
    problem: null,
    soFar: 171.4,
    expected: 435,
    low: 412.3,
    high: 458.7,
    method: "HEATING_FIT",
    lastYear: 438.2,
    price: null,
    currency: null,
    ...overrides,
  });

  it("rounds the range outwards to two figures of its larger end, in the quantity's unit", () => {
    expect(forecastRange(412.3, 458.7, "heat-energy", "en")).toBe(`410–460${NBSP}kWh`);
    expect(forecastRange(4123, 4987, "heat-energy", "en")).toBe(`4,100–5,000${NBSP}kWh`);
    expect(forecastRange(4123, 4987, "heat-energy", "da")).toBe(`4.100–5.000${NBSP}kWh`);
    // Water in m³: tenths where the total is a few cubic metres; 0.3 / 0.1 does not slip to 0.2.
    expect(forecastRange(0.3, 3.46, "cold-water-volume", "en")).toBe(`0.3–3.5${NBSP}m³`);
    // Heat-cost allocators are whole units, never tenths.
    expect(forecastRange(7.2, 8.6, "hca", "en")).toBe(`7–9${NBSP}units`);
  });

  it("says this month's outlook with last year's total, what was used so far and the cost range", () => {
    const line = forecastLine(row({ price: 1.25, currency: "DKK" }), en);
    expect(line).toEqual({
      horizon: "MONTH",
      label: "This month",
      outlook: `Heading for about 410–460${NBSP}kWh this month; last year 438${NBSP}kWh.`,
      problem: null,
      soFar: `So far 171${NBSP}kWh`,
      // 412.3 × 1.25 and 458.7 × 1.25, as money.
      cost: `Cost about 515.38${NBSP}DKK–573.38${NBSP}DKK`,
    });
    expect(forecastLine(row({ price: 1.25, currency: "DKK" }), da).cost).toBe(
      `Pris ca. 515,38${NBSP}kr.–573,38${NBSP}kr.`,
    );
  });

  it("leaves out last year and the cost where the back-end has none", () => {
    const line = forecastLine(row({ horizon: "YEAR", lastYear: null }), en);
    expect(line.outlook).toBe(`Heading for about 410–460${NBSP}kWh this year.`);
    expect(line.cost).toBeNull();
  });

  it("says why in words where no forecast is made, with the consumption so far", () => {
    const early = forecastLine(
      row({ daysPassed: 1, problem: "TOO_EARLY", expected: null, low: null, high: null, method: null }),
      en,
    );
    expect(early.outlook).toBeNull();
    expect(early.problem).toBe("A forecast comes after the first 7 days of the period.");
    expect(early.soFar).toBe(`So far 171${NBSP}kWh`);
    const few = forecastLine(row({ problem: "TOO_FEW_READINGS", low: null, high: null, soFar: null }), da);
    expect(few.problem).toBe("For få aflæsninger indtil nu i perioden til en prognose.");
    expect(few.soFar).toBeNull();
  });

  it("names the billing year by its dates", () => {
    const line = forecastLine(row({ horizon: "BILLING_YEAR", firstDay: "2026-07-01", lastDay: "2027-06-30" }), en);
    expect(line.label).toMatch(/^Billing year 1 Jul(y)? 2026 – 30 Jun(e)? 2027$/);
    expect(line.outlook).toContain("this billing year");
  });

  it("keeps the dashboard's quantities and order, this month first, and leaves out quantities without rows", () => {
    const rows = [
      row({ quantity: "cold-water-volume", horizon: "YEAR", low: 30, high: 36 }),
      row({ quantity: "heat-energy", horizon: "YEAR" }),
      row({ quantity: "heat-energy", horizon: "MONTH" }),
      row({ quantity: "electricity-energy", horizon: "MONTH" }),
    ];
    const card = dashboardForecasts(rows, ["heat-energy", "hot-water-volume", "cold-water-volume"], en);
    expect(card.map((item) => [item.quantity, item.lines.map((line) => line.horizon)])).toEqual([
      ["heat-energy", ["MONTH", "YEAR"]],
      ["cold-water-volume", ["YEAR"]],
    ]);
  });

  it("asks the forecasts and the efficient neighbours in the dashboard's one request, where there is consumption", () => {
    expect(dashboardCall(1, ["heat-energy"], today).input.forecasts).toBe(true);
    expect(dashboardCall(1, ["indoor-temperature"], today).input.forecasts).toBe(false);
  });
});
