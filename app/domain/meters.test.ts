import { describe, expect, it } from "vitest";
import { metersOfQuantity, partsOf, withTotalWater } from "./meters";

const meters = [
  { number: "31000001", quantity: "hot-water-volume" },
  { number: "32000001", quantity: "cold-water-volume" },
  { number: "61000001", quantity: "heat-energy" },
];

describe("metersOfQuantity", () => {
  it("finds the meters of a metered quantity", () => {
    expect(metersOfQuantity(meters, "heat-energy").map((m) => m.number)).toEqual(["61000001"]);
  });
  it("takes total water from the hot and cold water meters", () => {
    expect(metersOfQuantity(meters, "total-water-volume").map((m) => m.number)).toEqual(["31000001", "32000001"]);
  });
  it("finds none for a quantity without meters", () => {
    expect(metersOfQuantity(meters, "gas-volume")).toEqual([]);
  });
});

describe("withTotalWater", () => {
  it("adds total water to a unit with hot and cold water meters", () => {
    expect(withTotalWater(["heat-energy", "hot-water-volume", "cold-water-volume"])).toContain("total-water-volume");
  });
  it("adds nothing with only one of them", () => {
    expect(withTotalWater(["cold-water-volume"])).toEqual(["cold-water-volume"]);
  });
});

describe("partsOf", () => {
  it("makes total water of hot and cold water, and any other quantity of itself", () => {
    expect(partsOf("total-water-volume")).toEqual(["hot-water-volume", "cold-water-volume"]);
    expect(partsOf("hca")).toEqual(["hca"]);
  });
});
