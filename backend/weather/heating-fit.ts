/**
 * How a home's heating follows the weather (issue 46, ADR 0070): its daily consumption over the last
 * 365 days fitted by least squares as a base plus a slope per degree day,
 *
 *     consumption of a day ≈ base + slope × degree days of the day,
 *
 * and a compared period corrected to another period's degree days with it: only the part that
 * depends on the temperature (slope × degree days) is scaled by the ratio of the two periods'
 * degree days, the base stays. Where the fit is unsound (too few days, too few heating days, a
 * weak fit, or consumption that does not rise with the cold) it says why instead of a figure.
 *
 * Pure: days in, figures out. Degree days come from degree-days.ts.
 */

import type { WeatherAdjustmentProblem } from "@common/graphql-enums.generated";

export interface FitDay {
  /** The day's consumption (kWh, units, m³: the quantity's own unit). */
  consumption: number;
  /** The day's degree days. */
  degreeDays: number;
}

export interface HeatingFit {
  /** Consumption per day that does not depend on the temperature (hot water, losses). */
  base: number;
  /** Consumption per degree day. */
  slope: number;
  /** Share of the days' variance the fit explains, 0–1. */
  r2: number;
  /** Days fitted. */
  days: number;
  /** Of those, days with degree days above zero. */
  heatingDays: number;
}

/** The rules a fit must pass to be used (ADR 0070 gives the reasons for each number). */
export const fitRules = {
  /** Fewest days of the home's own data in the last 365. */
  minimumDays: 60,
  /** Fewest of those with any degree days. */
  minimumHeatingDays: 30,
  /** Least share of the variance explained. */
  minimumR2: 0.5,
} as const;

/** The fit's own reasons among the schema's WeatherAdjustmentProblem (written once, there). */
export type UnsoundFit = Extract<
  WeatherAdjustmentProblem,
  "TOO_FEW_DAYS" | "TOO_FEW_HEATING_DAYS" | "WEAK_FIT" | "NO_WEATHER_DEPENDENCE"
>;

export type FitVerdict = { sound: true; fit: HeatingFit } | { sound: false; reason: UnsoundFit; fit?: HeatingFit };

/** Least squares over the days; null for fewer than two days or days that all have the same degree days. */
export function leastSquares(days: readonly FitDay[]): HeatingFit | null {
  const n = days.length;
  if (n < 2) return null;
  let sumX = 0;
  let sumY = 0;
  let heatingDays = 0;
  for (const { consumption, degreeDays } of days) {
    sumX += degreeDays;
    sumY += consumption;
    if (degreeDays > 0) heatingDays++;
  }
  const meanX = sumX / n;
  const meanY = sumY / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const { consumption, degreeDays } of days) {
    const dx = degreeDays - meanX;
    const dy = consumption - meanY;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const base = meanY - slope * meanX;
  // All days alike: the fit explains nothing, and there is nothing to explain.
  const r2 = syy === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  return { base, slope, r2, days: n, heatingDays };
}

/** The fit of a home's days, with the verdict whether it may be used. */
export function heatingFit(days: readonly FitDay[]): FitVerdict {
  if (days.length < fitRules.minimumDays) return { sound: false, reason: "TOO_FEW_DAYS" };
  const fit = leastSquares(days);
  if (fit === null) return { sound: false, reason: "TOO_FEW_HEATING_DAYS" };
  if (fit.heatingDays < fitRules.minimumHeatingDays) return { sound: false, reason: "TOO_FEW_HEATING_DAYS", fit };
  if (fit.slope <= 0) return { sound: false, reason: "NO_WEATHER_DEPENDENCE", fit };
  if (fit.r2 < fitRules.minimumR2) return { sound: false, reason: "WEAK_FIT", fit };
  return { sound: true, fit };
}

export interface PeriodFigures {
  consumption: number;
  degreeDays: number;
}

export interface WeatherAdjusted {
  /** The compared period's consumption at this period's degree days. */
  adjustedCompared: number;
  /** (this − adjustedCompared) / adjustedCompared: +0.05 is 5 % more than the weather explains. */
  change: number;
  /** (this period's degree days − the compared's) / the compared's: +0.18 is 18 % colder; null without compared degree days. */
  colder: number | null;
}

/**
 * This period against the compared one, the compared corrected to this period's degree days:
 * its temperature part slope × D_compared becomes slope × D_compared × (D_this / D_compared), that is
 * slope × D_this, and its base part stays:
 *
 *     adjustedCompared = C_compared + slope × (D_this − D_compared)
 *
 * null when the corrected consumption is not above zero (no change can be said of nothing).
 */
export function weatherAdjusted(
  current: PeriodFigures,
  compared: PeriodFigures,
  fit: HeatingFit,
): WeatherAdjusted | null {
  const adjustedCompared = compared.consumption + fit.slope * (current.degreeDays - compared.degreeDays);
  if (!(adjustedCompared > 0)) return null;
  return {
    adjustedCompared,
    change: (current.consumption - adjustedCompared) / adjustedCompared,
    colder: compared.degreeDays > 0 ? (current.degreeDays - compared.degreeDays) / compared.degreeDays : null,
  };
}
