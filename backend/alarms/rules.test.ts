import type { AlarmType } from "@common/alarms";
import { describe, expect, it } from "vitest";
import { evaluateAlarm, type PeriodFigures, type Verdict } from "./rules";

const fires = (value: number, comparedValue: number | null = null): Verdict => ({ fires: true, value, comparedValue });
const quiet: Verdict = { fires: false };
const total = (value: number | null, previousTotal?: number | null): PeriodFigures =>
  previousTotal === undefined ? { total: value, average: null } : { total: value, average: null, previousTotal };
const average = (value: number | null): PeriodFigures => ({ total: null, average: value });

describe("evaluateAlarm", () => {
  it.each<[string, AlarmType, number, PeriodFigures, Verdict]>([
    ["threshold: fires above the level", "threshold", 100, total(100.5), fires(100.5)],
    ["threshold: not at the level", "threshold", 100, total(100), quiet],
    ["threshold: not without readings", "threshold", 100, total(null), quiet],
    ["zero consumption: fires on anything above 0", "zero", 0, total(0.001), fires(0.001)],
    ["zero consumption: not on 0", "zero", 0, total(0), quiet],
    ["zero consumption: never on a period without readings", "zero", 0, total(null), quiet],
    ["comparison: fires at an increase of the percentage", "comparison", 25, total(125, 100), fires(25, 100)],
    ["comparison: not below the percentage", "comparison", 25, total(124.9, 100), quiet],
    ["comparison: not over a previous total of 0", "comparison", 25, total(10, 0), quiet],
    ["comparison: not without a previous total", "comparison", 25, total(10, null), quiet],
    ["minimum: fires on an average below the level", "minimum", 18, average(17.4), fires(17.4)],
    ["minimum: not at the level", "minimum", 18, average(18), quiet],
    ["maximum: fires on an average above the level", "maximum", 70, average(71), fires(71)],
    ["maximum: not without readings", "maximum", 70, average(null), quiet],
  ])("%s", (_, type, level, figures, verdict) => {
    expect(evaluateAlarm(type, level, figures)).toEqual(verdict);
  });

  it("comparison: 0.3 over 0.24 is still 25 %", () => {
    // 0.3 / 0.24 is 1.2499999999999998 in floating point.
    expect(evaluateAlarm("comparison", 25, total(0.3, 0.24))).toMatchObject({ fires: true, value: 25 });
  });
});
