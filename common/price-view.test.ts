import { describe, expect, it } from "vitest";
import {
  co2FactorsFor,
  hasCo2Footprint,
  hasCost,
  hasPriceView,
  pricedQuantitiesOf,
  pricesDecidePriceView,
} from "./price-view";
import { type QuantityId, quantityIds } from "./quantities";

// A property like the demo one: factors for heat, electricity, hot and cold water and gas.
const co2Factors = [
  { quantity: "heat-energy", gramPerQuantityUnit: 62 },
  { quantity: "electricity-energy", gramPerQuantityUnit: 135 },
  { quantity: "hot-water-volume", gramPerQuantityUnit: 3400 },
  { quantity: "cold-water-volume", gramPerQuantityUnit: 290 },
  { quantity: "gas-volume", gramPerQuantityUnit: 2150 },
];
const prices = [
  { quantity: "hot-water-volume", price: 102.75 },
  { quantity: "cold-water-volume", price: 67.1 },
  { quantity: "gas-volume", price: 11.1 },
];

describe("pricedQuantitiesOf", () => {
  it("is the quantity itself for a metered quantity", () => {
    expect(pricedQuantitiesOf("gas-volume")).toEqual(["gas-volume"]);
  });
  it("adds hot and cold water to total water", () => {
    expect(pricedQuantitiesOf("total-water-volume")).toEqual([
      "total-water-volume",
      "hot-water-volume",
      "cold-water-volume",
    ]);
  });
});

describe("co2FactorsFor", () => {
  it("gives total water the hot- and the cold-water factor", () => {
    expect(co2FactorsFor("total-water-volume", co2Factors).map((factor) => factor.gramPerQuantityUnit)).toEqual([
      3400, 290,
    ]);
  });
  it("gives one quantity its own factor only", () => {
    expect(co2FactorsFor("hot-water-volume", co2Factors)).toEqual([
      { quantity: "hot-water-volume", gramPerQuantityUnit: 3400 },
    ]);
  });
  it("gives none where the property has none", () => {
    expect(co2FactorsFor("hca", co2Factors)).toEqual([]);
    expect(co2FactorsFor("heat-energy", [])).toEqual([]);
  });
  it("keeps the part that has a factor when the other has none", () => {
    const onlyCold = co2Factors.filter((factor) => factor.quantity !== "hot-water-volume");
    expect(co2FactorsFor("total-water-volume", onlyCold).map((factor) => factor.quantity)).toEqual([
      "cold-water-volume",
    ]);
  });
});

describe("hasPriceView", () => {
  const facts = { co2Factors, prices };

  it("offers heat-cost allocator units none: no price and no factor", () => {
    expect(hasPriceView("hca", facts)).toBe(false);
  });
  it("offers one for hca once the property prices them or has a factor for them", () => {
    expect(hasPriceView("hca", { co2Factors, prices: [...prices, { quantity: "hca" }] })).toBe(true);
    expect(hasPriceView("hca", { co2Factors: [{ quantity: "hca" }], prices: [] })).toBe(true);
  });
  it("offers total water through its hot and cold water prices and factors", () => {
    expect(hasPriceView("total-water-volume", facts)).toBe(true);
    expect(hasPriceView("total-water-volume", { co2Factors: [], prices: [{ quantity: "cold-water-volume" }] })).toBe(
      true,
    );
    expect(hasPriceView("total-water-volume", { co2Factors: [], prices: [] })).toBe(false);
  });
  it("offers market-priced heating and electricity without any tariff or factor", () => {
    expect(hasPriceView("heat-energy", { co2Factors: [], prices: [] })).toBe(true);
    expect(hasPriceView("electricity-energy", { co2Factors: [], prices: [] })).toBe(true);
  });
  it("never offers one for averages, whatever the data says", () => {
    const everything = quantityIds.map((quantity) => ({ quantity }));
    for (const quantity of [
      "indoor-temperature",
      "indoor-relative-humidity",
      "cooling-energy",
      "heat-flow-temperature",
    ] as const) {
      expect(hasPriceView(quantity, { co2Factors: everything, prices: everything }), quantity).toBe(false);
    }
  });
  it("tells a cost from a footprint", () => {
    expect(hasCost("gas-volume", prices)).toBe(true);
    expect(hasCost("gas-volume", [])).toBe(false);
    expect(hasCo2Footprint("gas-volume", co2Factors)).toBe(true);
    expect(hasCo2Footprint("heat-volume", co2Factors)).toBe(false);
  });
});

describe("pricesDecidePriceView", () => {
  it("agrees with hasPriceView without prices whenever it says prices do not matter", () => {
    for (const factors of [co2Factors, []]) {
      for (const quantity of quantityIds as readonly QuantityId[]) {
        if (pricesDecidePriceView(quantity, factors)) continue;
        const withPrices = hasPriceView(quantity, {
          co2Factors: factors,
          prices: quantityIds.map((q) => ({ quantity: q })),
        });
        expect(hasPriceView(quantity, { co2Factors: factors, prices: [] }), quantity).toBe(withPrices);
      }
    }
  });
  it("asks for the prices of hca, which has no factor", () => {
    expect(pricesDecidePriceView("hca", co2Factors)).toBe(true);
    expect(pricesDecidePriceView("hot-water-volume", co2Factors)).toBe(false);
    expect(pricesDecidePriceView("indoor-temperature", [])).toBe(false);
  });
});
