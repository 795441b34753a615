/**
 * A period's heating degree days as the tenant data service serves them (issue 46 item 1, ADR
 * 0070): the period's sum, its buckets of a resolution in the Copenhagen calendar (weeks from
 * Monday, calendar months and years, clipped to the period as a graph's buckets are), and the
 * normal year's degree days of the same days, with where that normal year came from.
 *
 * Pure: day means in, sums out. Reading the property's day means is the store's business
 * (outdoor-store.ts), checking who may ask the resolver's.
 */
import {
  addMonths,
  bucketsOf,
  type DayKey,
  type DayRange,
  firstOfYear,
  type Resolution,
  wallOfDay,
} from "@common/calendar";
import {
  countryNormalYearOf,
  type DayMean,
  type DegreeDaySum,
  degreeDaysOver,
  type NormalYear,
  type NormalYearCountry,
  normalDegreeDaysOver,
  normalYearFromHistory,
} from "./degree-days";

/** Degree days are per day: every resolution but HOURLY. */
export type DegreeDayResolution = Exclude<Resolution, "HOURLY">;

/** Where a normal year comes from (ADR 0070). */
export type NormalYearSource = "own-history" | "country-table";

export interface NormalYearOf {
  normal: NormalYear;
  source: NormalYearSource;
  /** The country whose table it is, when the source is "country-table". */
  country?: NormalYearCountry;
}

/**
 * How many calendar years before this one a property's own normal year is read from: the length
 * of a climate normal period (WMO, 30 years). Every whole year of them counts (ADR 0070).
 */
export const normalYearHistoryYears = 30;

/** The days a property's own normal year is read from: the whole years before `today`'s year. */
export function normalYearHistoryDays(today: DayKey): DayRange {
  const endDay = firstOfYear(today);
  return { fromDay: addMonths(endDay, -12 * normalYearHistoryYears), endDay };
}

/**
 * The normal year of a property: its own (`normalYearFromHistory`, three or more whole calendar
 * years before `today`'s year) when it has one, otherwise its country's configured table (Denmark's,
 * ADR 0070; Norway's, ADR 0074), otherwise none: a country without a table has no normal year.
 */
export function normalYearOf(
  history: ReadonlyMap<DayKey, DayMean>,
  today: DayKey,
  country: string,
): NormalYearOf | null {
  const own = normalYearFromHistory(history, today);
  if (own !== null) return { normal: own, source: "own-history" };
  const table = countryNormalYearOf(country);
  return table === undefined ? null : { normal: table.normal, source: "country-table", country: table.country };
}

export interface DegreeDaysOfDays extends DegreeDaySum, DayRange {
  /** The normal year's degree days of the same days; null without a normal year. */
  normalDegreeDays: number | null;
}

export interface DegreeDayBucket extends DegreeDaysOfDays {
  /** The bucket's calendar week, month or year reaches beyond the period's days (ADR 0018). */
  partial: boolean;
}

export interface DegreeDayPeriod extends DegreeDaysOfDays {
  buckets: DegreeDayBucket[];
}

function degreeDaysOfDays(
  means: ReadonlyMap<DayKey, DayMean>,
  normal: NormalYear | null,
  fromDay: DayKey,
  endDay: DayKey,
): DegreeDaysOfDays {
  return {
    fromDay,
    endDay,
    ...degreeDaysOver(means, fromDay, endDay),
    normalDegreeDays: normal === null ? null : normalDegreeDaysOver(normal, fromDay, endDay),
  };
}

/**
 * The degree days of the days [fromDay, endDay) and of each of their buckets of `resolution`. The
 * buckets are those of a graph of the same days (`bucketsOf`): whole days, weeks from Monday,
 * calendar months and years, the first and last clipped to the days and marked partial.
 */
export function degreeDayPeriod(
  means: ReadonlyMap<DayKey, DayMean>,
  normal: NormalYear | null,
  resolution: DegreeDayResolution,
  days: DayRange,
): DegreeDayPeriod {
  const buckets = bucketsOf(resolution, { beginWall: wallOfDay(days.fromDay), endWall: wallOfDay(days.endDay) });
  return {
    ...degreeDaysOfDays(means, normal, days.fromDay, days.endDay),
    buckets: buckets.map((bucket) => ({
      ...degreeDaysOfDays(means, normal, bucket.firstDay, bucket.endDay),
      partial: bucket.partial === true,
    })),
  };
}
