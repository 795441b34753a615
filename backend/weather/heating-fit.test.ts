import { describe, expect, it } from "vitest";
import { type FitDay, fitRules, heatingFit, leastSquares, weatherAdjusted } from "./heating-fit";

/** `n` days with degree days 0, 1, 2, … 29 repeating, consumption base + slope × degree days + noise. */
function days(n: number, base: number, slope: number, noise: (i: number) => number = () => 0): FitDay[] {
  return Array.from({ length: n }, (_, i) => {
    const degreeDays = i % 30;
    return { degreeDays, consumption: base + slope * degreeDays + noise(i) };
  });
}

describe("leastSquares", () => {
  it("finds the base and slope of days on a line, explaining all of their variance", () => {
    const fit = leastSquares(days(120, 2, 0.9))!;
    expect(fit.base).toBeCloseTo(2, 9);
    expect(fit.slope).toBeCloseTo(0.9, 9);
    expect(fit.r2).toBeCloseTo(1, 9);
    expect(fit.days).toBe(120);
    expect(fit.heatingDays).toBe(116); // 4 of 120 days have 0 degree days
  });

  it("matches the textbook sums on a small set", () => {
    // x: 0, 10, 20; y: 5, 12, 25. x̄ = 10, ȳ = 14; Sxx = 200, Sxy = 90 + 110 = 200, Syy = 81 + 4 + 121 = 206.
    const fit = leastSquares([
      { degreeDays: 0, consumption: 5 },
      { degreeDays: 10, consumption: 12 },
      { degreeDays: 20, consumption: 25 },
    ])!;
    expect(fit.slope).toBeCloseTo(1, 12);
    expect(fit.base).toBeCloseTo(4, 12);
    expect(fit.r2).toBeCloseTo((200 * 200) / (200 * 206), 12);
  });

  it("has no fit for one day or for days that all had the same weather", () => {
    expect(leastSquares([{ degreeDays: 3, consumption: 4 }])).toBeNull();
    expect(leastSquares(Array.from({ length: 90 }, (_, i) => ({ degreeDays: 5, consumption: i })))).toBeNull();
  });
});

describe("heatingFit", () => {
  it("is sound for a heated home's year", () => {
    const verdict = heatingFit(days(365, 3, 1.2, (i) => ((i * 7) % 5) - 2));
    expect(verdict.sound).toBe(true);
  });

  it(`says why when a home has under ${fitRules.minimumDays} days`, () => {
    expect(heatingFit(days(fitRules.minimumDays - 1, 2, 0.9))).toEqual({ sound: false, reason: "TOO_FEW_DAYS" });
  });

  it("says why when too few of the days were cold", () => {
    const summer = Array.from({ length: 100 }, (_, i) => ({ degreeDays: i < 20 ? i % 5 : 0, consumption: 2 }));
    expect(heatingFit(summer)).toMatchObject({ sound: false, reason: "TOO_FEW_HEATING_DAYS" });
  });

  it("says why when consumption does not rise with the cold", () => {
    expect(heatingFit(days(100, 30, -0.5))).toMatchObject({ sound: false, reason: "NO_WEATHER_DEPENDENCE" });
  });

  it(`says why when the weather explains under ${fitRules.minimumR2 * 100} % of the days' variance`, () => {
    // A small slope under noise far above it: ±15 in alternate blocks of the 30 degree-day values,
    // so the noise is uncorrelated with the weather (slope exactly 0.1, R² about 0.003).
    const verdict = heatingFit(days(180, 20, 0.1, (i) => (Math.floor(i / 30) % 2 === 0 ? 15 : -15)));
    expect(verdict.fit!.slope).toBeCloseTo(0.1, 9);
    expect(verdict).toMatchObject({ sound: false, reason: "WEAK_FIT" });
    expect(verdict.fit!.r2).toBeLessThan(fitRules.minimumR2);
  });
});

describe("weatherAdjusted", () => {
  // ADR 0070's worked example: base 2 kWh a day, 0.9 kWh per degree day; January 2026 had 529
  // degree days and 560 kWh, January 2025 429 degree days and 480 kWh.
  const fit = { base: 2, slope: 0.9, r2: 0.9, days: 365, heatingDays: 250 };

  it("corrects the compared period's temperature part to this period's degree days", () => {
    const result = weatherAdjusted({ consumption: 560, degreeDays: 529 }, { consumption: 480, degreeDays: 429 }, fit)!;
    // The compared period's temperature part, scaled by the ratio of degree days; its base part kept.
    const temperaturePart = 0.9 * 429;
    const recomputed = 480 - temperaturePart + temperaturePart * (529 / 429);
    expect(result.adjustedCompared).toBeCloseTo(recomputed, 9);
    expect(result.adjustedCompared).toBeCloseTo(570, 9);
    expect(result.change).toBeCloseTo((560 - 570) / 570, 12); // −1.8 %: the cold explains it all
    expect(result.colder).toBeCloseTo(100 / 429, 12); // 23 % colder
  });

  it("says nothing of colder when the compared period had no degree days", () => {
    const result = weatherAdjusted({ consumption: 60, degreeDays: 20 }, { consumption: 40, degreeDays: 0 }, fit)!;
    expect(result.adjustedCompared).toBeCloseTo(58, 9);
    expect(result.colder).toBeNull();
  });

  it("has no figure when the corrected consumption is not above zero", () => {
    expect(weatherAdjusted({ consumption: 5, degreeDays: 0 }, { consumption: 10, degreeDays: 300 }, fit)).toBeNull();
  });
});
