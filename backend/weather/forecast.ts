/**
 * Forecasts of a period's consumption (issue 46 item 3, ADR 0072): the consumption so far, the
 * expected total and a range, made at the start of a day from the home's days before it.
 *
 * - Heat (the quantities that follow the weather) with a sound heating fit (ADR 0070): the days
 *   left get `base + slope × their normal degree days`.
 * - Otherwise, with a year of history: the same dates a year earlier, scaled by how the last 28
 *   days compare with the same 28 days a year earlier.
 * - Otherwise: the mean of the last 28 days with data, for each day left.
 *
 * The range is the days left's expected consumption ± a share set per method (`rangeShares`),
 * measured by the backtest (`npm run backtest:forecast`) to hold the outcome at least 80 % of the
 * time. Pure: days in, a forecast out.
 */
import { addDays, type DayKey, daysBetween, hoursInDay } from "@common/calendar-days";
import type { ForecastMethod, ForecastProblem } from "@common/graphql-enums.generated";
import { fitDaysOf } from "./adjusted-comparison";
import { type DayMean, type NormalYear, normalDegreeDaysOver } from "./degree-days";
import { type FitVerdict, heatingFit } from "./heating-fit";

/** A day of a home's consumption: the sum over its meters and the hours the readings cover. */
export interface ConsumptionDay {
  value: number;
  /** Hours of the day covered by readings (the least over the meters with a row that day). */
  hours: number;
}

/** Adds a meter's daily row to a home's days: values summed, hours the least over the meters with a row. */
export function addDayRow(days: Map<DayKey, ConsumptionDay>, day: DayKey, value: number, weight: number): void {
  const hours = Math.min(weight, hoursInDay(day));
  const entry = days.get(day);
  if (entry === undefined) days.set(day, { value, hours });
  else {
    entry.value += value;
    entry.hours = Math.min(entry.hours, hours);
  }
}

/** A day's consumption when every meter with a row that day covers all of its hours; else undefined. */
export function wholeDayValue(days: ReadonlyMap<DayKey, ConsumptionDay>, day: DayKey): number | undefined {
  const entry = days.get(day);
  return entry !== undefined && entry.hours >= hoursInDay(day) ? entry.value : undefined;
}

export const forecastRules = {
  /** Fewest days of the period passed before a forecast is made. */
  minimumDaysPassed: 7,
  /** Least share of the period's hours so far with readings. */
  minimumCoverage: 0.75,
  /** The recent days compared with a year earlier (and averaged without history). */
  recentDays: 28,
  /** Least share of the recent days, and of their year-earlier dates, with data for the year-earlier method. */
  minimumHistoryShare: 0.9,
} as const;

/**
 * The range's half-width as a share of the expected consumption of the days estimated, per method,
 * for 30 days estimated. Set from the backtest (docs/forecast-backtest.md): round shares whose range
 * held at least 80 % of the outcomes for every quantity and horizon of the demo.
 *
 * - HEATING_FIT and LAST_YEAR_SCALED miss by the weather's and the household's day-to-day swings,
 *   which partly even out over many days: their share scales with √(30 / days estimated), wider for
 *   the last days of a month, narrower for most of a year, but not below half of it (a fit or last
 *   year's shape can be off for a whole season, and that does not even out).
 * - RECENT_MEAN misses by the season it does not know, which grows with the days: its share is flat.
 */
export const rangeShares: Readonly<Record<ForecastMethod, { share: number; evensOut: boolean }>> = {
  HEATING_FIT: { share: 0.25, evensOut: true },
  LAST_YEAR_SCALED: { share: 0.2, evensOut: true },
  RECENT_MEAN: { share: 0.3, evensOut: false },
};

/**
 * The range's half-width as a share of the days estimated's consumption. A heating fit of fewer
 * than 365 days has seen only part of the year (a fit of winter days guesses the summer's base):
 * its share widens by √(365 / days fitted).
 */
export function rangeShareOf(method: ForecastMethod, daysEstimated: number, daysFitted = 365): number {
  const { share, evensOut } = rangeShares[method];
  const fitted = method === "HEATING_FIT" ? Math.sqrt(365 / Math.max(1, Math.min(365, daysFitted))) : 1;
  // Not below half: a fit or last year's shape can be off for a whole season, which no number of days evens out.
  return fitted * (evensOut ? share * Math.max(0.5, Math.sqrt(30 / Math.max(1, daysEstimated))) : share);
}

export interface ForecastInput {
  /** The period [fromDay, endDay). */
  fromDay: DayKey;
  endDay: DayKey;
  /** The forecast is made at this day's start: the days before it are known. */
  today: DayKey;
  /** The home's days; at least from a year and 28 days before `today` where it has them. */
  days: ReadonlyMap<DayKey, ConsumptionDay>;
  /** For heat: the outdoor day means of the last 365 days and the normal year; null for other quantities. */
  weather: { means: ReadonlyMap<DayKey, DayMean>; normal: NormalYear | null } | null;
}

export type Forecast =
  | {
      ok: true;
      soFar: number;
      expected: number;
      low: number;
      high: number;
      method: ForecastMethod;
      /** The days estimated: those left and those so far without readings. */
      daysEstimated: number;
    }
  | { ok: false; problem: ForecastProblem; soFar: number | null };

/** The forecast of a period made at the start of `today`. */
export function forecast(input: ForecastInput): Forecast {
  const { fromDay, endDay, today, days } = input;
  const passedEnd = today < endDay ? today : endDay;
  const passed = Math.max(0, daysBetween(fromDay, passedEnd));
  let soFar = 0;
  let hours = 0;
  let allHours = 0;
  for (let day = fromDay; day < passedEnd; day = addDays(day, 1)) {
    const entry = days.get(day);
    allHours += hoursInDay(day);
    if (entry === undefined) continue;
    soFar += entry.value;
    hours += Math.min(entry.hours, hoursInDay(day));
  }
  if (passed < forecastRules.minimumDaysPassed)
    return { ok: false, problem: "TOO_EARLY", soFar: passed > 0 ? soFar : null };
  if (hours < forecastRules.minimumCoverage * allHours) return { ok: false, problem: "TOO_FEW_READINGS", soFar };
  // The days without readings so far are estimated like the days left, so a gap does not read as thrift.
  const missing: DayKey[] = [];
  for (let day = fromDay; day < passedEnd; day = addDays(day, 1)) if (!days.has(day)) missing.push(day);
  const left: DayKey[] = [...missing];
  for (let day = passedEnd; day < endDay; day = addDays(day, 1)) left.push(day);

  const estimate = estimateOf(input);
  if (estimate === null) return { ok: false, problem: "NO_HISTORY", soFar };
  const rest = left.reduce((sum, day) => sum + estimate.day(day), 0);
  const share = rangeShareOf(estimate.method, left.length, estimate.daysFitted);
  return {
    ok: true,
    soFar,
    expected: soFar + rest,
    // Never below what has been used.
    low: soFar + Math.max(0, rest * (1 - share)),
    high: soFar + rest * (1 + share),
    method: estimate.method,
    daysEstimated: left.length,
  };
}

interface Estimate {
  method: ForecastMethod;
  day(day: DayKey): number;
  /** The heating fit's days (HEATING_FIT). */
  daysFitted?: number;
}

function estimateOf(input: ForecastInput): Estimate | null {
  const { today, days, weather } = input;
  if (weather !== null && weather.normal !== null) {
    const verdict = fitBefore(today, days, weather.means);
    if (verdict.sound) {
      const { base, slope } = verdict.fit;
      const normal = weather.normal;
      return {
        method: "HEATING_FIT",
        daysFitted: verdict.fit.days,
        day: (day) => Math.max(0, base + slope * normalDegreeDaysOver(normal, day, addDays(day, 1))),
      };
    }
  }
  const recentFrom = addDays(today, -forecastRules.recentDays);
  let recent = 0;
  let recentDays = 0;
  let yearEarlier = 0;
  let yearEarlierDays = 0;
  for (let day = recentFrom; day < today; day = addDays(day, 1)) {
    const entry = days.get(day);
    if (entry === undefined) continue;
    recent += entry.value;
    recentDays++;
    const earlier = days.get(addDays(day, -364));
    if (earlier !== undefined) {
      yearEarlier += earlier.value;
      yearEarlierDays++;
    }
  }
  const enough = forecastRules.minimumHistoryShare * forecastRules.recentDays;
  if (recentDays >= enough && yearEarlierDays >= enough && yearEarlier > 0) {
    // The same weekday a year earlier (364 days: 52 weeks), scaled by the recent days' ratio; a
    // day a year earlier without data takes the recent mean.
    const scale = recent / yearEarlier;
    const recentMean = recent / recentDays;
    return {
      method: "LAST_YEAR_SCALED",
      day: (day) => {
        const earlier = days.get(addDays(day, -364));
        return earlier === undefined ? recentMean : earlier.value * scale;
      },
    };
  }
  if (recentDays === 0) return null;
  const mean = recent / recentDays;
  return { method: "RECENT_MEAN", day: () => mean };
}

/** The heating fit of the 365 days before `today` (ADR 0070's fit, as the key figures make it). */
export function fitBefore(
  today: DayKey,
  days: ReadonlyMap<DayKey, ConsumptionDay>,
  means: ReadonlyMap<DayKey, DayMean>,
): FitVerdict {
  return heatingFit(fitDaysOf((day) => wholeDayValue(days, day), means, addDays(today, -365), today));
}
