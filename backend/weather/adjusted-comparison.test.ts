import { startOfDay } from "@common/calendar-days";
import { describe, expect, it } from "vitest";
import {
  adjustedComparison,
  degreeDaysOfSpan,
  fitDaysOf,
  isWeatherQuantity,
  minimumDegreeDayCoverage,
} from "./adjusted-comparison";
import type { DayMean } from "./degree-days";
import type { FitVerdict } from "./heating-fit";

const means = (entries: Record<string, [mean: number, hours: number]>) =>
  new Map<string, DayMean>(Object.entries(entries).map(([day, [mean, hours]]) => [day, { day, mean, hours }]));

describe("degreeDaysOfSpan", () => {
  const days = means({ "2025-01-01": [7, 24], "2025-01-02": [12, 24], "2025-01-03": [-3, 12], "2025-03-30": [5, 23] });

  it("sums whole days and counts a day without enough hours as a day without data", () => {
    expect(degreeDaysOfSpan(days, { whole: [{ fromDay: "2025-01-01", endDay: "2025-01-04" }], part: null })).toEqual({
      degreeDays: 10 + 5,
      days: 3,
      daysWithData: 2,
    });
  });

  it("takes a cut day's degree days in the share of its hours, the 23-hour spring day by its own length", () => {
    const start = startOfDay("2025-03-30");
    const part = { day: "2025-03-30", start, end: start + 6 * 3_600_000 };
    const sum = degreeDaysOfSpan(days, { whole: [{ fromDay: "2025-01-01", endDay: "2025-01-02" }], part });
    expect(sum.degreeDays).toBeCloseTo(10 + (12 * 6) / 23, 10);
    expect(sum.days).toBeCloseTo(1 + 6 / 23, 10);
    expect(sum.daysWithData).toBeCloseTo(sum.days, 10);
  });
});

describe("fitDaysOf", () => {
  it("pairs each day's consumption with its degree days where both exist", () => {
    const consumption = new Map([
      ["2025-01-01", 30],
      ["2025-01-02", 20],
      ["2025-01-03", 50],
    ]);
    const days = means({ "2025-01-01": [7, 24], "2025-01-03": [-3, 12], "2025-01-02": [12, 24] });
    expect(fitDaysOf((day) => consumption.get(day), days, "2025-01-01", "2025-01-05")).toEqual([
      { consumption: 30, degreeDays: 10 },
      { consumption: 20, degreeDays: 5 },
    ]);
  });
});

describe("adjustedComparison", () => {
  const sound: FitVerdict = { sound: true, fit: { base: 4, slope: 2, r2: 0.9, days: 300, heatingDays: 200 } };
  const covered = (degreeDays: number, days = 30) => ({ degreeDays, days, daysWithData: days });

  it("corrects the compared period's temperature part to this period's degree days (ADR 0070's worked example)", () => {
    // January 2026: 560 kWh at 529 degree days; January 2025: 480 kWh at 429; base 2, slope 0.9.
    const fit: FitVerdict = { sound: true, fit: { base: 2, slope: 0.9, r2: 0.9, days: 365, heatingDays: 220 } };
    const result = adjustedComparison({
      verdict: fit,
      consumption: 560,
      comparedConsumption: 480,
      degreeDays: covered(529, 31),
      comparedDegreeDays: covered(429, 31),
    });
    expect(result).toMatchObject({ sound: true, degreeDays: 529, comparedDegreeDays: 429 });
    if (!result.sound) throw new Error("unsound");
    expect(result.adjustedCompared).toBeCloseTo(570, 10);
    expect(result.change).toBeCloseTo(-10 / 570, 10);
    expect(result.colder).toBeCloseTo(100 / 429, 10);
  });

  it("says why in the order a resident can act on: nothing to compare, no weather, then the fit", () => {
    const unsoundFit: FitVerdict = { sound: false, reason: "WEAK_FIT" };
    const base = { verdict: unsoundFit, consumption: 100, comparedConsumption: 90 };
    expect(
      adjustedComparison({
        ...base,
        comparedConsumption: null,
        degreeDays: covered(0, 0),
        comparedDegreeDays: covered(1),
      }),
    ).toMatchObject({ sound: false, reason: "NO_COMPARISON" });
    const thin = { degreeDays: 100, days: 30, daysWithData: 30 * minimumDegreeDayCoverage - 1 };
    expect(adjustedComparison({ ...base, degreeDays: covered(100), comparedDegreeDays: thin })).toEqual({
      sound: false,
      reason: "NO_OUTDOOR_DATA",
      degreeDays: null,
      comparedDegreeDays: null,
    });
    expect(adjustedComparison({ ...base, degreeDays: covered(100), comparedDegreeDays: covered(80) })).toEqual({
      sound: false,
      reason: "WEAK_FIT",
      degreeDays: 100,
      comparedDegreeDays: 80,
    });
    expect(
      adjustedComparison({ ...base, verdict: sound, degreeDays: covered(100), comparedDegreeDays: covered(80) }),
    ).toMatchObject({ sound: true, adjustedCompared: 90 + 2 * 20 });
  });

  it("says there was too little heating where the compared period at this period's weather comes to nothing", () => {
    // June (36 degree days, 60 kWh) against May (120, 160 kWh) with 2 kWh per degree day: 160 − 2 × 84 < 0.
    expect(
      adjustedComparison({
        verdict: sound,
        consumption: 60,
        comparedConsumption: 160,
        degreeDays: covered(36),
        comparedDegreeDays: covered(120),
      }),
    ).toEqual({ sound: false, reason: "LITTLE_HEATING", degreeDays: 36, comparedDegreeDays: 120 });
  });

  it("offers itself for heat, heat-cost allocators, heat volume and gas only", () => {
    expect(["heat-energy", "hca", "heat-volume", "gas-volume"].every(isWeatherQuantity)).toBe(true);
    expect(["cold-water-volume", "electricity-energy", "outdoor-temperature"].some(isWeatherQuantity)).toBe(false);
  });
});
