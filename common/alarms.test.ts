import { describe, expect, it } from "vitest";
import {
  alarmQuantityIds,
  alarmTypesFor,
  directionOf,
  levelRule,
  metricTypeOf,
  notificationKindOf,
  parseLevel,
  validateLevel,
  validateLevelNumber,
} from "./alarms";

describe("alarm rules", () => {
  it("offers consumption types for quantities that add up and min/max for the indoor climate", () => {
    expect(alarmTypesFor("heat-energy")).toEqual(["threshold", "comparison", "zero"]);
    expect(alarmTypesFor("cold-water-volume")).toEqual(["threshold", "comparison", "zero"]);
    expect(alarmTypesFor("indoor-relative-humidity")).toEqual(["minimum", "maximum"]);
    expect(alarmTypesFor("cooling-energy")).toEqual([]);
    expect(alarmTypesFor("heat-flow-temperature")).toEqual([]);
    expect(alarmQuantityIds).not.toContain("error");
  });

  it("names the notification kind, direction and metric type of each alarm", () => {
    expect(notificationKindOf("threshold")).toBe("high_consumption");
    expect(notificationKindOf("comparison")).toBe("high_consumption");
    expect(notificationKindOf("zero")).toBe("zero_consumption");
    expect(notificationKindOf("maximum")).toBe("indoor_climate");
    expect(directionOf("comparison")).toBe("increase");
    expect(directionOf("minimum")).toBe("below");
    expect(directionOf("zero")).toBe("above");
    expect(metricTypeOf("hot-water-volume")).toBe("hotwater");
    expect(metricTypeOf("hca")).toBe("radiator");
    expect(metricTypeOf("indoor-temperature")).toBe("temperature");
  });

  it("reads levels typed with a comma or a point, and nothing else", () => {
    expect(parseLevel("1,5")).toBe(1.5);
    expect(parseLevel(" 1.5 ")).toBe(1.5);
    expect(parseLevel("12")).toBe(12);
    expect(parseLevel("1.500,5")).toBeNull();
    expect(parseLevel("-3")).toBeNull();
    expect(parseLevel("1e3")).toBeNull();
    expect(parseLevel("")).toBeNull();
  });

  it("checks levels against the quantity's unit and decimals (spec section 9)", () => {
    // Water: exactly 3 decimals, so a litre (0.001 m³) is the smallest limit.
    expect(validateLevel("threshold", "cold-water-volume", "0,250")).toEqual({ ok: true, level: 0.25 });
    expect(validateLevel("threshold", "cold-water-volume", "0,0005")).toEqual({
      ok: false,
      error: { key: "alarms.error.level_decimals", values: { decimals: 3 } },
    });
    // Heat energy: whole kWh.
    expect(validateLevel("threshold", "heat-energy", "1,5")).toMatchObject({
      ok: false,
      error: { key: "alarms.error.level_decimals" },
    });
    expect(validateLevel("threshold", "heat-energy", "0")).toMatchObject({
      ok: false,
      error: { key: "alarms.error.level_range" },
    });
    expect(validateLevel("threshold", "electricity-energy", "2.25")).toEqual({ ok: true, level: 2.25 });
    expect(validateLevel("threshold", "heat-energy", "")).toEqual({
      ok: false,
      error: { key: "alarms.error.level_required" },
    });
    expect(validateLevel("threshold", "heat-energy", "abc")).toEqual({
      ok: false,
      error: { key: "alarms.error.level_not_a_number" },
    });
  });

  it("takes percentages 1–1000, physical indoor ranges, and fixes zero consumption at 0", () => {
    expect(validateLevel("comparison", "heat-energy", "25")).toEqual({ ok: true, level: 25 });
    expect(validateLevel("comparison", "heat-energy", "0")).toMatchObject({
      ok: false,
      error: { values: { min: 1, max: 1000 } },
    });
    expect(validateLevel("comparison", "heat-energy", "1001")).toMatchObject({ ok: false });
    expect(validateLevel("comparison", "heat-energy", "2,5")).toMatchObject({
      ok: false,
      error: { key: "alarms.error.level_decimals" },
    });
    expect(validateLevel("maximum", "indoor-relative-humidity", "70")).toEqual({ ok: true, level: 70 });
    expect(validateLevel("maximum", "indoor-relative-humidity", "100")).toMatchObject({ ok: false });
    expect(validateLevel("minimum", "indoor-temperature", "18")).toEqual({ ok: true, level: 18 });
    expect(validateLevel("minimum", "indoor-temperature", "45")).toMatchObject({ ok: false });
    expect(levelRule("zero", "heat-energy")).toBeNull();
    expect(validateLevel("zero", "heat-energy", "12")).toEqual({ ok: true, level: 0 });
  });

  it("checks numbers from the GraphQL input the same way", () => {
    expect(validateLevelNumber("threshold", "cold-water-volume", 0.1 + 0.2)).toEqual({ ok: true, level: 0.3 });
    expect(validateLevelNumber("threshold", "heat-energy", -5)).toMatchObject({ ok: false });
    expect(validateLevelNumber("threshold", "heat-energy", null)).toMatchObject({
      ok: false,
      error: { key: "alarms.error.level_required" },
    });
    expect(validateLevelNumber("zero", "heat-energy", null)).toEqual({ ok: true, level: 0 });
  });
});
