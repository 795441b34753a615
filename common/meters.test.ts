import { describe, expect, it } from "vitest";
import { emptyTableReason, metersOfQuantity, partsOf, withTotalWater } from "./meters";

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

describe("emptyTableReason", () => {
  const unit = [
    { quantity: "heat-energy", roomName: null },
    { quantity: "hot-water-volume", roomName: null },
    { quantity: "cold-water-volume", roomName: null },
    { quantity: "hca", roomName: "Stue" },
    { quantity: "hca", roomName: "Bad" },
    { quantity: "gas-volume", roomName: "Køkken" },
  ];
  it("says the meters are in no room when grouping by room a quantity whose meters have none", () => {
    expect(emptyTableReason(unit, "heat-energy", "ROOM")).toBe("meters_in_no_room");
    expect(emptyTableReason(unit, "total-water-volume", "ROOM")).toBe("meters_in_no_room");
  });
  it("says there is no data when the meters have rooms, or when grouping by meter", () => {
    expect(emptyTableReason(unit, "hca", "ROOM")).toBe("no_data");
    expect(emptyTableReason(unit, "gas-volume", "ROOM")).toBe("no_data");
    expect(emptyTableReason(unit, "heat-energy", "METER")).toBe("no_data");
  });
  it("says there is no data for a quantity without meters", () => {
    expect(emptyTableReason(unit, "electricity-energy", "ROOM")).toBe("no_data");
  });
});
