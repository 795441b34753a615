/**
 * Ranges of the Europe/Copenhagen calendar (the index is calendar.ts): days as named, days as
 * computed, the API's period strings, and the back-end's buckets.
 *
 * Ranges, one convention. Inside the code every range is half-open, [begin, end): instants and
 * wall times (`WallPeriod`, a `Bucket`'s start and end) and whole days alike (`DayRange`
 * {fromDay, endDay}, a `Bucket`'s firstDay and endDay), so a range's length is end − begin,
 * neighbouring ranges share a bound, and the instants of days [fromDay, endDay) are exactly
 * [startOfDay(fromDay), startOfDay(endDay)) whether a day has 23, 24 or 25 hours. No end is ever
 * written as a last minute (…T23:59). A `Period` {from, to} with both days inclusive is how a
 * person names days (the selected period of a page and its URL, an alarm's or report's period and
 * a tenancy as stored, the dates a label shows); code that computes over it converts it with
 * `daysOfPeriod` and back with `periodOfDays`.
 * The API's periodBegin/periodEnd are local datetimes with an exclusive end; as an end, a time
 * ending in :59 includes that minute (…T23:59:00 is the whole day), which the API has always
 * accepted. `toApiRange` and `fromApiRange` (`wallOfApiDateTime`) are the only conversions.
 *
 * The bucket cutting lives here, not in backend/consumption: it is nothing but this calendar
 * (whole weeks, months and years, their clipping), and the portal's labels must cut weeks and
 * months the same way.
 */
import {
  addDays,
  addMonths,
  DAY_MS,
  type DayKey,
  dayKeyOf,
  dayKeyOfWall,
  daysBetween,
  firstOfMonth,
  firstOfYear,
  fromWall,
  HOUR_MS,
  mondayOf,
  type Period,
  parseLocalDateTime,
  type Resolution,
  startOfDay,
  toWall,
  wallOfDay,
} from "./calendar-days";

// ---------------------------------------------------------------------------------------------
// Ranges: days as named, days as computed, and the API's strings

/** The days of a period as a half-open range. */
export function daysOfPeriod(period: Period): DayRange {
  return { fromDay: period.from, endDay: addDays(period.to, 1) };
}

/** A half-open range of days as a period, both ends inclusive. */
export function periodOfDays(range: DayRange): Period {
  return { from: range.fromDay, to: addDays(range.endDay, -1) };
}

/** A period as the API's periodBegin/periodEnd. */
export interface ApiRange {
  periodBegin: string;
  periodEnd: string;
}

/** The API's range for a period: local Copenhagen midnights, the end exclusive, so the last day is included whole. */
export function toApiRange(period: Period): ApiRange {
  return { periodBegin: `${period.from}T00:00:00`, periodEnd: `${addDays(period.to, 1)}T00:00:00` };
}

/**
 * The wall time an API datetime stands for, or null when it is not one. As the end of a period, a
 * time ending in :59 includes that minute, so …T23:59:00 ends at the next midnight.
 */
export function wallOfApiDateTime(value: string, edge: "begin" | "end"): number | null {
  const wall = parseLocalDateTime(value);
  if (wall === null) return null;
  return edge === "end" && new Date(wall).getUTCMinutes() === 59 ? wall + 60_000 : wall;
}

/** The wall period of the API's periodBegin/periodEnd, or null when either is not a local datetime. */
export function fromApiRange(range: ApiRange): WallPeriod | null {
  const beginWall = wallOfApiDateTime(range.periodBegin, "begin");
  const endWall = wallOfApiDateTime(range.periodEnd, "end");
  return beginWall === null || endWall === null ? null : { beginWall, endWall };
}

// ---------------------------------------------------------------------------------------------
// Buckets

export interface Bucket {
  /** First instant of the bucket. */
  start: number;
  /** First instant after it. */
  end: number;
  /** For DAILY and coarser: the first day and the day after the last (Copenhagen dates). */
  firstDay: DayKey;
  endDay: DayKey;
  /**
   * The bucket's calendar span (its whole week, month or year) reaches beyond the period, so it
   * covers only the days inside the period (ADR 0018).
   */
  partial?: boolean;
}

/** A period in whole buckets: [begin, end) as wall times. */
export interface WallPeriod {
  beginWall: number;
  endWall: number;
}

function bucketStartDay(resolution: Exclude<Resolution, "HOURLY">, day: DayKey): DayKey {
  switch (resolution) {
    case "DAILY":
      return day;
    case "WEEKLY":
      return mondayOf(day);
    case "MONTHLY":
      return firstOfMonth(day);
    case "YEARLY":
      return firstOfYear(day);
  }
}

function nextBucketDay(resolution: Exclude<Resolution, "HOURLY">, day: DayKey): DayKey {
  switch (resolution) {
    case "DAILY":
      return addDays(day, 1);
    case "WEEKLY":
      return addDays(day, 7);
    case "MONTHLY":
      return addMonths(day, 1);
    case "YEARLY":
      return addMonths(day, 12);
  }
}

/**
 * Expands [beginWall, endWall) to whole buckets of the resolution: the begin goes back to the
 * start of its bucket, the end forward to the end of the bucket holding its last minute.
 */
export function expandToBuckets(resolution: Resolution, period: WallPeriod): WallPeriod {
  if (resolution === "HOURLY") {
    return {
      beginWall: Math.floor(period.beginWall / HOUR_MS) * HOUR_MS,
      endWall: Math.ceil(period.endWall / HOUR_MS) * HOUR_MS,
    };
  }
  const firstDay = bucketStartDay(resolution, dayKeyOfWall(period.beginWall));
  const lastDay = bucketStartDay(resolution, dayKeyOfWall(period.endWall - 60_000));
  return { beginWall: wallOfDay(firstDay), endWall: wallOfDay(nextBucketDay(resolution, lastDay)) };
}

/** Days [fromDay, endDay) of a range of days. */
export interface DayRange {
  fromDay: DayKey;
  endDay: DayKey;
}

/** The whole days a wall period touches: [day of its begin, day after the day of its last minute). */
export function daysOfWallPeriod(period: WallPeriod): DayRange {
  return { fromDay: dayKeyOfWall(period.beginWall), endDay: addDays(dayKeyOfWall(period.endWall - 60_000), 1) };
}

/**
 * The buckets of a period (ADR 0018): hours are whole hours; a day, week, month or year bucket
 * whose calendar span reaches beyond the period's days is clipped to them and marked partial.
 */
export function bucketsOf(resolution: Resolution, period: WallPeriod): Bucket[] {
  const whole = wholeBucketsOf(resolution, period);
  if (resolution === "HOURLY") return whole;
  const days = daysOfWallPeriod(period);
  return whole.map((bucket) => {
    const firstDay = bucket.firstDay < days.fromDay ? days.fromDay : bucket.firstDay;
    const endDay = bucket.endDay > days.endDay ? days.endDay : bucket.endDay;
    if (firstDay === bucket.firstDay && endDay === bucket.endDay) return bucket;
    return { start: startOfDay(firstDay), end: startOfDay(endDay), firstDay, endDay, partial: true };
  });
}

/** The buckets of a period expanded to whole buckets (their whole weeks, months, years). */
export function wholeBucketsOf(resolution: Resolution, period: WallPeriod): Bucket[] {
  const expanded = expandToBuckets(resolution, period);
  const buckets: Bucket[] = [];
  if (resolution === "HOURLY") {
    // Hours are instants: a 25-hour day has two buckets whose local time reads 02:00.
    const end = fromWall(expanded.endWall);
    for (let start = fromWall(expanded.beginWall); start < end; start += HOUR_MS) {
      const day = dayKeyOf(start);
      buckets.push({ start, end: start + HOUR_MS, firstDay: day, endDay: addDays(day, 1) });
    }
    return buckets;
  }
  const endDay = dayKeyOfWall(expanded.endWall);
  for (let day = dayKeyOfWall(expanded.beginWall); day < endDay; ) {
    const next = nextBucketDay(resolution, day);
    buckets.push({ start: startOfDay(day), end: startOfDay(next), firstDay: day, endDay: next });
    day = next;
  }
  return buckets;
}

/**
 * The period just before, for "previous period" comparisons (spec section 4: the same number of
 * days before). MONTHLY and YEARLY periods are whole months and move by whole months; DAILY and
 * WEEKLY ones by their number of days; HOURLY ones by their number of days when they are whole
 * days (so a 23-hour day compares with the day before), otherwise by their number of hours.
 */
export function previousPeriod(resolution: Resolution, period: WallPeriod): WallPeriod {
  const expanded = expandToBuckets(resolution, period);
  const beginDay = dayKeyOfWall(expanded.beginWall);
  const endDay = dayKeyOfWall(expanded.endWall);
  const wholeDays = expanded.beginWall % DAY_MS === 0 && expanded.endWall % DAY_MS === 0;
  if (resolution === "MONTHLY" || resolution === "YEARLY") {
    const months =
      (Number(endDay.slice(0, 4)) - Number(beginDay.slice(0, 4))) * 12 +
      (Number(endDay.slice(5, 7)) - Number(beginDay.slice(5, 7)));
    return { beginWall: wallOfDay(addMonths(beginDay, -months)), endWall: expanded.beginWall };
  }
  if (wholeDays) {
    const days = daysBetween(beginDay, endDay);
    return { beginWall: wallOfDay(addDays(beginDay, -days)), endWall: expanded.beginWall };
  }
  const hours = Math.round((fromWall(expanded.endWall) - fromWall(expanded.beginWall)) / HOUR_MS);
  const begin = fromWall(expanded.beginWall) - hours * HOUR_MS;
  return { beginWall: toWall(begin), endWall: expanded.beginWall };
}

/** The same dates a year earlier (29 February becomes 28 February). */
export function previousYear(resolution: Resolution, period: WallPeriod): WallPeriod {
  const expanded = expandToBuckets(resolution, period);
  const shift = (wall: number) => {
    const day = dayKeyOfWall(wall);
    return wallOfDay(addMonths(day, -12)) + (wall - wallOfDay(day));
  };
  return { beginWall: shift(expanded.beginWall), endWall: shift(expanded.endWall) };
}

/** Longest period per resolution, in days (the span limits of the API). */
export const maxSpanDays: Readonly<Record<Resolution, number>> = {
  HOURLY: 370,
  DAILY: 1_100,
  WEEKLY: 3_700,
  MONTHLY: 36_600,
  YEARLY: 36_600,
};
