import { describe, expect, it } from "vitest";
import { evaluateAlarm } from "./rules";

describe("evaluateAlarm", () => {
  it("threshold: fires above the level, not at it", () => {
    expect(evaluateAlarm("threshold", 100, { total: 100.5, average: null })).toEqual({
      fires: true,
      value: 100.5,
      comparedValue: null,
    });
    expect(evaluateAlarm("threshold", 100, { total: 100, average: null })).toEqual({ fires: false });
    expect(evaluateAlarm("threshold", 100, { total: null, average: null })).toEqual({ fires: false });
  });

  it("zero consumption: fires on anything above 0, never on a period without readings", () => {
    expect(evaluateAlarm("zero", 0, { total: 0.001, average: null })).toEqual({
      fires: true,
      value: 0.001,
      comparedValue: null,
    });
    expect(evaluateAlarm("zero", 0, { total: 0, average: null })).toEqual({ fires: false });
    expect(evaluateAlarm("zero", 0, { total: null, average: null })).toEqual({ fires: false });
  });

  it("comparison: fires at an increase of at least the percentage over a previous total above 0", () => {
    expect(evaluateAlarm("comparison", 25, { total: 125, average: null, previousTotal: 100 })).toEqual({
      fires: true,
      value: 25,
      comparedValue: 100,
    });
    expect(evaluateAlarm("comparison", 25, { total: 124.9, average: null, previousTotal: 100 })).toEqual({
      fires: false,
    });
    expect(evaluateAlarm("comparison", 25, { total: 10, average: null, previousTotal: 0 })).toEqual({ fires: false });
    expect(evaluateAlarm("comparison", 25, { total: 10, average: null, previousTotal: null })).toEqual({
      fires: false,
    });
    // 0.3 / 0.24 is 1.2499999999999998 in floating point: still 25 %.
    expect(evaluateAlarm("comparison", 25, { total: 0.3, average: null, previousTotal: 0.24 })).toMatchObject({
      fires: true,
      value: 25,
    });
  });

  it("minimum and maximum: the period's average below or above the level", () => {
    expect(evaluateAlarm("minimum", 18, { total: null, average: 17.4 })).toEqual({
      fires: true,
      value: 17.4,
      comparedValue: null,
    });
    expect(evaluateAlarm("minimum", 18, { total: null, average: 18 })).toEqual({ fires: false });
    expect(evaluateAlarm("maximum", 70, { total: null, average: 71 })).toEqual({
      fires: true,
      value: 71,
      comparedValue: null,
    });
    expect(evaluateAlarm("maximum", 70, { total: null, average: null })).toEqual({ fires: false });
  });
});
