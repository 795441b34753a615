/**
 * The weather-adjusted comparison of a period with a compared one (issue 46 item 2, ADR 0070), from
 * the two periods' consumption and degree days and the home's heating fit. Pure: the service reads
 * the figures, this decides what may be said.
 */
import { addDays, type DayKey, daysBetween, hoursInDay } from "@common/calendar-days";
import type { DayRange } from "@common/calendar-ranges";
import type { WeatherAdjustmentProblem } from "@common/graphql-enums.generated";
import { type DayMean, degreeDaysOfDay } from "./degree-days";
import { type FitDay, type FitVerdict, weatherAdjusted } from "./heating-fit";

export { isWeatherQuantity, type WeatherQuantity, weatherQuantities } from "@common/weather";

/**
 * Least share of a period's days with an outdoor day mean for its degree days to be used: a period
 * missing more would read warm (its missing days count zero).
 */
export const minimumDegreeDayCoverage = 0.9;

/** Whole days, and the hours of one day a period or its image is cut in (instants, ms). */
export interface DaysAndPart {
  whole: readonly DayRange[];
  part: { day: DayKey; start: number; end: number } | null;
}

export interface SpanDegreeDays {
  degreeDays: number;
  /** Days the span covers (its part as the share of its day it covers). */
  days: number;
  /** Of those, the days with a day mean. */
  daysWithData: number;
}

/** The degree days of whole days and of a share of one day (its degree days times the share of its hours). */
export function degreeDaysOfSpan(means: ReadonlyMap<DayKey, DayMean>, span: DaysAndPart): SpanDegreeDays {
  let degreeDays = 0;
  let days = 0;
  let daysWithData = 0;
  const add = (day: DayKey, share: number) => {
    days += share;
    const value = degreeDaysOfDay(means, day);
    if (value === undefined) return;
    degreeDays += value * share;
    daysWithData += share;
  };
  for (const range of span.whole) for (let day = range.fromDay; day < range.endDay; day = addDays(day, 1)) add(day, 1);
  if (span.part !== null && span.part.end > span.part.start) {
    add(span.part.day, (span.part.end - span.part.start) / (hoursInDay(span.part.day) * 3_600_000));
  }
  return { degreeDays, days, daysWithData };
}

/** The days of [fromDay, endDay) a fit uses: each day's consumption beside its degree days, where both exist. */
export function fitDaysOf(
  consumptionOf: (day: DayKey) => number | undefined,
  means: ReadonlyMap<DayKey, DayMean>,
  fromDay: DayKey,
  endDay: DayKey,
): FitDay[] {
  const days: FitDay[] = [];
  if (daysBetween(fromDay, endDay) <= 0) return days;
  for (let day = fromDay; day < endDay; day = addDays(day, 1)) {
    const value = consumptionOf(day);
    const degreeDays = degreeDaysOfDay(means, day);
    if (value !== undefined && degreeDays !== undefined) days.push({ consumption: value, degreeDays });
  }
  return days;
}

export type AdjustmentProblem = WeatherAdjustmentProblem;

export type AdjustedComparison =
  | {
      sound: true;
      degreeDays: number;
      comparedDegreeDays: number;
      /** The compared period's consumption at this period's degree days. */
      adjustedCompared: number;
      /** (this − adjustedCompared) / adjustedCompared. */
      change: number;
      /** (this period's degree days − the compared's) / the compared's; null without compared degree days. */
      colder: number | null;
    }
  | { sound: false; reason: AdjustmentProblem; degreeDays: number | null; comparedDegreeDays: number | null };

const covered = (sum: SpanDegreeDays) => sum.days > 0 && sum.daysWithData / sum.days >= minimumDegreeDayCoverage;

/**
 * What may be said of this period against the compared one, weather-adjusted. The order of the
 * reasons is the order a resident can act on: no comparison at all, no weather to adjust by, then
 * the fit's own verdict.
 */
export function adjustedComparison(input: {
  verdict: FitVerdict;
  consumption: number | null;
  comparedConsumption: number | null;
  degreeDays: SpanDegreeDays;
  comparedDegreeDays: SpanDegreeDays;
}): AdjustedComparison {
  const { verdict, consumption, comparedConsumption } = input;
  const bothCovered = covered(input.degreeDays) && covered(input.comparedDegreeDays);
  const degreeDays = bothCovered ? input.degreeDays.degreeDays : null;
  const comparedDegreeDays = bothCovered ? input.comparedDegreeDays.degreeDays : null;
  const unsound = (reason: AdjustmentProblem): AdjustedComparison => ({
    sound: false,
    reason,
    degreeDays,
    comparedDegreeDays,
  });
  if (consumption === null || comparedConsumption === null || input.comparedDegreeDays.days === 0)
    return unsound("NO_COMPARISON");
  if (degreeDays === null || comparedDegreeDays === null) return unsound("NO_OUTDOOR_DATA");
  if (!verdict.sound) return unsound(verdict.reason);
  const adjusted = weatherAdjusted(
    { consumption, degreeDays },
    { consumption: comparedConsumption, degreeDays: comparedDegreeDays },
    verdict.fit,
  );
  // The compared period at this period's weather comes to nothing: a summer month against a spring
  // one, whose heating the fit's slope more than explains. Not "nothing to compare": too little heating.
  if (adjusted === null) return unsound("LITTLE_HEATING");
  return { sound: true, degreeDays, comparedDegreeDays, ...adjusted };
}
