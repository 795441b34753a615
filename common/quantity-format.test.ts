import { describe, expect, it } from "vitest";
import { type QuantityId, quantityIds } from "./quantities";
import {
  currencyLabel,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatQuantityNumber,
  fractionDigits,
  unitLabel,
} from "./quantity-format";

const NBSP = "\u00a0";

describe("fractionDigits (spec section 9)", () => {
  it.each([
    ["hot-water-volume", 3, 3],
    ["cold-water-volume", 3, 3],
    ["total-water-volume", 3, 3],
    ["cooling-energy", 2, 2],
    ["electricity-energy", 2, 2],
    ["gas-volume", 2, 2],
    ["heat-energy", 0, 0],
    ["hca", 0, 0],
    ["indoor-relative-humidity", 0, 0],
    ["indoor-temperature", 0, 0],
    ["heat-volume", 0, 2],
    ["heat-cooling", 0, 0],
    ["heat-flow-temperature", 0, 0],
    ["heat-return-temperature", 0, 0],
    ["hot-water-backflow", 3, 3],
    ["cold-water-backflow", 3, 3],
    ["error", 0, 0],
  ] as const)("%s: %i to %i", (quantity, min, max) => {
    const expected = { minimumFractionDigits: min, maximumFractionDigits: max };
    expect(fractionDigits(quantity)).toEqual(expected);
    expect(fractionDigits(quantity, { mode: "HOURLY_VALUES" })).toEqual(expected);
  });

  it("covers every quantity", () => {
    for (const quantity of quantityIds)
      expect(fractionDigits(quantity).maximumFractionDigits).toBeGreaterThanOrEqual(0);
  });

  it("gives normalized hca exactly 2 and normalized heat energy 0, as spec section 9 says", () => {
    expect(fractionDigits("hca", { normalized: true })).toEqual({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(fractionDigits("heat-energy", { normalized: true })).toEqual({
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    expect(fractionDigits("cold-water-volume", { normalized: true })).toEqual({
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    });
  });

  it("gives cost exactly 2 whatever the quantity", () => {
    for (const quantity of quantityIds) {
      expect(fractionDigits(quantity, { mode: "COST" })).toEqual({
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      expect(fractionDigits(quantity, { mode: "COST", normalized: true })).toEqual({
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    }
  });

  it("gives CO2 whole grams, up to 2 digits per m²", () => {
    expect(fractionDigits("heat-energy", { mode: "CO2" })).toEqual({
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    expect(fractionDigits("cold-water-volume", { mode: "CO2" })).toEqual({
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    expect(fractionDigits("heat-energy", { mode: "CO2", normalized: true })).toEqual({
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
  });

  it("returns a fresh object each time", () => {
    const digits = fractionDigits("electricity-energy");
    digits.minimumFractionDigits = 9;
    expect(fractionDigits("electricity-energy").minimumFractionDigits).toBe(2);
  });
});

describe("formatNumber", () => {
  const two = { minimumFractionDigits: 0, maximumFractionDigits: 2 };

  it("groups thousands with . in Danish (and Norwegian) and , in English", () => {
    expect(formatNumber(1234567.891, "da", two)).toBe("1.234.567,89");
    expect(formatNumber(1234567.891, "nb", two)).toBe("1.234.567,89");
    expect(formatNumber(1234567.891, "en", two)).toBe("1,234,567.89");
    expect(formatNumber(1234, "da", two)).toBe("1.234");
  });

  it("keeps the fraction digits asked for", () => {
    expect(formatNumber(1.5, "da", { minimumFractionDigits: 3, maximumFractionDigits: 3 })).toBe("1,500");
    expect(formatNumber(1.23456, "en", { minimumFractionDigits: 2, maximumFractionDigits: 3 })).toBe("1.235");
    expect(formatNumber(1.5, "en", two)).toBe("1.5");
  });

  it("writes a negative value rounded to zero as 0", () => {
    expect(formatNumber(-0.2, "da", { minimumFractionDigits: 0, maximumFractionDigits: 0 })).toBe("0");
    expect(formatNumber(-1.5, "en", two)).toBe("-1.5");
  });
});

describe("formatQuantityNumber", () => {
  it("uses the quantity's fraction digits", () => {
    expect(formatQuantityNumber(1.5, "cold-water-volume", "da")).toBe("1,500");
    expect(formatQuantityNumber(12.3456, "electricity-energy", "en")).toBe("12.35");
    expect(formatQuantityNumber(12, "electricity-energy", "en")).toBe("12.00");
    expect(formatQuantityNumber(1234.6, "heat-energy", "da")).toBe("1.235");
    expect(formatQuantityNumber(0.456, "hca", "en", { normalized: true })).toBe("0.46");
  });

  it("shows a missing value as an en dash", () => {
    expect(formatQuantityNumber(null, "heat-energy", "da")).toBe("–");
    expect(formatQuantityNumber(Number.NaN, "heat-energy", "en")).toBe("–");
  });
});

describe("unitLabel (spec section 3)", () => {
  it.each([
    ["heat-energy", "kWh"],
    ["electricity-energy", "kWh"],
    ["cooling-energy", "kWh"],
    ["heat-volume", "m³"],
    ["cold-water-volume", "m³"],
    ["hot-water-volume", "m³"],
    ["total-water-volume", "m³"],
    ["gas-volume", "m³"],
    ["heat-cooling", "K"],
    ["heat-flow-temperature", "°C"],
    ["indoor-temperature", "°C"],
    ["indoor-relative-humidity", "%"],
    ["error", ""],
  ] as const)("%s is %j", (quantity, unit) => {
    for (const language of ["da", "en", "nb"]) expect(unitLabel(quantity, language)).toBe(unit);
  });

  it("appends /m² for normalized values", () => {
    expect(unitLabel("heat-energy", "da", { normalized: true })).toBe("kWh/m²");
    expect(unitLabel("cold-water-volume", "en", { normalized: true })).toBe("m³/m²");
    expect(unitLabel("hca", "en", { normalized: true })).toBe("units/m²");
    expect(unitLabel("error", "en", { normalized: true })).toBe("");
  });

  it("pluralises the hca unit when the value is 0 or above 1 (or unknown)", () => {
    const cases: [number | null | undefined, string, string, string][] = [
      [0, "units", "enheder", "enheter"],
      [0.5, "unit", "enhed", "enhet"],
      [1, "unit", "enhed", "enhet"],
      [1.01, "units", "enheder", "enheter"],
      [2, "units", "enheder", "enheter"],
      [null, "units", "enheder", "enheter"],
      [undefined, "units", "enheder", "enheter"],
    ];
    for (const [value, en, da, nb] of cases) {
      expect(unitLabel("hca", "en", { value }), String(value)).toBe(en);
      expect(unitLabel("hca", "da", { value }), String(value)).toBe(da);
      expect(unitLabel("hca", "nb", { value }), String(value)).toBe(nb);
    }
  });

  it("writes the hca unit in English for a language without its own word", () => {
    expect(unitLabel("hca", "de", { value: 2 })).toBe("units");
  });

  it("gives cost in kroner", () => {
    expect(unitLabel("heat-energy", "da", { mode: "COST" })).toBe("kr.");
    expect(unitLabel("hca", "nb", { mode: "COST", value: 2 })).toBe("kr.");
    expect(unitLabel("heat-energy", "en", { mode: "COST" })).toBe("DKK");
    expect(unitLabel("heat-energy", "da", { mode: "COST", normalized: true })).toBe("kr./m²");
    expect(unitLabel("heat-energy", "en", { mode: "COST", normalized: true })).toBe("DKK/m²");
  });

  it("gives CO2 in grams", () => {
    expect(unitLabel("heat-energy", "da", { mode: "CO2" })).toBe("g CO₂");
    expect(unitLabel("electricity-energy", "en", { mode: "CO2", normalized: true })).toBe("g CO₂/m²");
  });
});

describe("formatQuantity", () => {
  it.each([
    [1.5, "cold-water-volume", "da", {}, `1,500${NBSP}m³`],
    [1.5, "cold-water-volume", "en", {}, `1.500${NBSP}m³`],
    [1234.6, "heat-energy", "da", {}, `1.235${NBSP}kWh`],
    [1234.6, "heat-energy", "en", {}, `1,235${NBSP}kWh`],
    [1234.5, "electricity-energy", "nb", {}, `1.234,50${NBSP}kWh`],
    [31.45, "heat-cooling", "da", {}, `31${NBSP}K`],
    [72.46, "heat-flow-temperature", "en", {}, `72${NBSP}°C`],
    [41.5, "heat-return-temperature", "da", {}, `42${NBSP}°C`],
    [0.0424, "hot-water-backflow", "da", {}, `0,042${NBSP}m³`],
    [0, "cold-water-backflow", "en", {}, `0.000${NBSP}m³`],
    [12.345, "heat-volume", "en", {}, `12.35${NBSP}m³`],
    [0.1234, "cooling-energy", "nb", {}, `0,12${NBSP}kWh`],
    [21.4, "indoor-temperature", "da", {}, `21${NBSP}°C`],
    [45.4, "indoor-relative-humidity", "da", {}, `45${NBSP}%`],
    [45.4, "indoor-relative-humidity", "en", {}, `45${NBSP}%`],
    [1, "hca", "en", {}, `1${NBSP}unit`],
    [0, "hca", "en", {}, `0${NBSP}units`],
    [2, "hca", "en", {}, `2${NBSP}units`],
    // Shown as "1" but the plural rule looks at the value itself.
    [0.5, "hca", "en", {}, `1${NBSP}unit`],
    [1234, "hca", "nb", {}, `1.234${NBSP}enheter`],
    [1, "hca", "da", {}, `1${NBSP}enhed`],
    [0.5, "hca", "en", { normalized: true }, `0.50${NBSP}unit/m²`],
    [1, "hca", "da", { normalized: true }, `1,00${NBSP}enhed/m²`],
    [1.2, "hca", "nb", { normalized: true }, `1,20${NBSP}enheter/m²`],
    [0, "hca", "en", { normalized: true }, `0.00${NBSP}units/m²`],
    [12.3456, "heat-energy", "da", { normalized: true }, `12${NBSP}kWh/m²`],
    [1234.5, "heat-energy", "da", { mode: "COST" }, `1.234,50${NBSP}kr.`],
    [1234.5, "heat-energy", "en", { mode: "COST" }, `1,234.50${NBSP}DKK`],
    [1.2, "heat-energy", "da", { mode: "COST", normalized: true }, `1,20${NBSP}kr./m²`],
    [1234567.891, "heat-energy", "en", { mode: "CO2" }, `1,234,568${NBSP}g CO₂`],
    [0.123, "heat-energy", "en", { mode: "CO2", normalized: true }, `0.12${NBSP}g CO₂/m²`],
  ] as const)("%d %s in %s %j is %j", (value, quantity, language, options, expected) => {
    expect(formatQuantity(value, quantity as QuantityId, language, options)).toBe(expected);
  });

  it("shows an error count without a unit", () => {
    expect(formatQuantity(3, "error", "en")).toBe("3");
    expect(formatQuantity(1234, "error", "da")).toBe("1.234");
  });

  it("shows a missing value as an en dash without a unit", () => {
    expect(formatQuantity(null, "heat-energy", "da")).toBe("–");
    expect(formatQuantity(null, "hca", "en", { normalized: true })).toBe("–");
    expect(formatQuantity(null, "heat-energy", "da", { mode: "COST" })).toBe("–");
  });
});

describe("formatPercent", () => {
  it("rounds to whole percent in the language's conventions", () => {
    expect(formatPercent(12.3, "da")).toBe(`12${NBSP}%`);
    expect(formatPercent(12.3, "nb")).toBe(`12${NBSP}%`);
    expect(formatPercent(12.3, "en")).toBe("12%");
    expect(formatPercent(-25.6, "en")).toBe("-26%");
    expect(formatPercent(1234, "da")).toBe(`1.234${NBSP}%`);
  });

  it("writes a small negative change as 0", () => {
    expect(formatPercent(-0.2, "da")).toBe(`0${NBSP}%`);
  });
});

describe("currencyLabel", () => {
  it("writes kroner as 'kr.' in Danish and Norwegian and the ISO code in English", () => {
    expect(currencyLabel("DKK", "da")).toBe("kr.");
    expect(currencyLabel("NOK", "nb")).toBe("kr.");
    expect(currencyLabel("DKK", "en")).toBe("DKK");
    expect(currencyLabel("EUR", "da")).toBe("EUR");
  });
});

describe("the also-listed quantities (spec section 3)", () => {
  it("read with their units, temperatures whole, the rest up to two decimals", () => {
    const nbsp = "\u00a0";
    expect(formatQuantity(49.98, "electricity-frequency", "da")).toBe(`49,98${nbsp}Hz`);
    expect(formatQuantity(0.35, "hot-water-flow", "en")).toBe(`0.35${nbsp}m³/h`);
    expect(formatQuantity(20.5, "gas-pressure", "nb")).toBe(`20,5${nbsp}mbar`);
    expect(formatQuantity(7.6, "outdoor-temperature", "da")).toBe(`8${nbsp}°C`);
  });
});
