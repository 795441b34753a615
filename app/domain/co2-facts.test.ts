import { describe, expect, it } from "vitest";
import { co2Facts } from "./co2-facts";

describe("co2Facts", () => {
  it("puts grams into car kilometres, phone charges and tree-years", () => {
    // 60 kg: 500 km by car, 30 000 phone charges, three trees for a year.
    expect(co2Facts(60_000)).toEqual({ carKm: 500, phoneCharges: 30_000, treeYears: 3 });
  });
  it("rounds tree-years to one decimal", () => {
    expect(co2Facts(25_000)?.treeYears).toBe(1.3);
  });
  it("has no facts without a footprint", () => {
    expect(co2Facts(null)).toBeNull();
    expect(co2Facts(0)).toBeNull();
    expect(co2Facts(-5)).toBeNull();
  });
});
