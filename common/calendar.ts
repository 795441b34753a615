/**
 * The Europe/Copenhagen calendar, the one place dates and times are computed, for the portal and
 * the back-end alike: day and month keys and their arithmetic, wall time ↔ instant across daylight
 * saving, ISO weeks, the days of a month, today's date, the back-end's buckets and comparison
 * shifts, and the conversion to and from the API's period strings.
 *
 * Instants are epoch milliseconds (UTC); "wall" times are the local clock read as if it were UTC
 * (so Date's UTC getters give the local fields). Danish time is CET (+01:00) with summer time
 * (+02:00) from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC (the EU
 * rule, in force since 1996). Days have 23 hours on the last Sunday of March and 25 on the last
 * Sunday of October; weeks start on Monday; months and years are calendar ones.
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
 * dayjs (with its utc, timezone and isoWeek plugins, extended here once) answers what is asked a
 * few times per request: today's date in Copenhagen (from the IANA data) and ISO weeks. The
 * arithmetic the back-end runs per reading or per bucket (offsets, wall times, day keys, adding
 * days and months, parsing API datetimes) is written out here: dayjs takes 10 to 400 times as long
 * for it (dayjs with the timezone plugin about 0.2 ms per conversion, against 0.4 µs), which over a
 * year of hourly buckets or an import of a million readings is seconds. calendar.test.ts checks
 * that arithmetic against dayjs and the IANA database.
 *
 * The bucket cutting lives here too, not in backend/consumption: it is nothing but this calendar
 * (whole weeks, months and years, their clipping, the comparison maps of ADR 0018), and the
 * portal's labels must cut weeks and months the same way.
 */
import dayjs from "dayjs";
import isoWeekPlugin from "dayjs/plugin/isoWeek.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeekPlugin);

export const TIME_ZONE = "Europe/Copenhagen";
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** YYYY-MM-DD, a Copenhagen calendar date. */
export type DayKey = string;
/** YYYY-MM, a Copenhagen calendar month. */
export type MonthKey = string;
/** The portal's name for a DayKey. */
export type IsoDate = DayKey;

/** Days as a person names them: both ends are inclusive calendar days. */
export interface Period {
  from: IsoDate;
  to: IsoDate;
}

export const resolutions = ["HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type Resolution = (typeof resolutions)[number];

const pad2 = (value: number) => String(value).padStart(2, "0");
const pad4 = (value: number) => String(value).padStart(4, "0");

/** The last Sunday of a month (month 1–12) at 01:00 UTC. */
function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = lastDay.getUTCDay(); // 0 = Sunday
  return Date.UTC(year, month - 1, lastDay.getUTCDate() - back, 1);
}

const transitionsByYear = new Map<number, readonly [number, number]>();
/** [summer time starts, summer time ends] of a year, as UTC instants. */
export function summerTimeOf(year: number): readonly [number, number] {
  let transitions = transitionsByYear.get(year);
  if (transitions === undefined) {
    transitions = [lastSundayAt0100Utc(year, 3), lastSundayAt0100Utc(year, 10)] as const;
    transitionsByYear.set(year, transitions);
  }
  return transitions;
}

/** The UTC offset in Copenhagen at an instant: 60 or 120 minutes. */
export function offsetMinutesAt(utcMs: number): 60 | 120 {
  const year = new Date(utcMs).getUTCFullYear();
  const [start, end] = summerTimeOf(year);
  return utcMs >= start && utcMs < end ? 120 : 60;
}

export function toWall(utcMs: number): number {
  return utcMs + offsetMinutesAt(utcMs) * 60_000;
}

/**
 * The instant of a local wall time. A time in the spring gap (02:00–02:59 on the last Sunday of
 * March) does not exist and maps to the same minutes after the gap's start (02:30 → 03:30 summer
 * time); a time in the autumn overlap takes its first occurrence (summer time).
 */
export function fromWall(wallMs: number): number {
  const summer = wallMs - 2 * HOUR_MS;
  if (offsetMinutesAt(summer) === 120) return summer;
  return wallMs - HOUR_MS;
}

export function dayKeyOfWall(wallMs: number): DayKey {
  const date = new Date(wallMs);
  return `${pad4(date.getUTCFullYear())}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** The Copenhagen date of an instant. */
export function dayKeyOf(utcMs: number): DayKey {
  return dayKeyOfWall(toWall(utcMs));
}

export function monthKeyOfDay(day: DayKey): MonthKey {
  return day.slice(0, 7);
}

/** Wall time of a local date and time (month 1–12). */
function wallOf(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear does not.
  return year >= 0 && year < 100 ? new Date(wall).setUTCFullYear(year) : wall;
}

/** Wall time of a day's midnight. */
export function wallOfDay(day: DayKey): number {
  return wallOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)));
}

/** The instant a Copenhagen day starts (its local midnight). */
export function startOfDay(day: DayKey): number {
  return fromWall(wallOfDay(day));
}

export function addDays(day: DayKey, days: number): DayKey {
  return dayKeyOfWall(wallOfDay(day) + days * DAY_MS);
}

/** Adds calendar months; the day is clamped to the target month's length (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: DayKey, months: number): DayKey {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const date = Math.min(Number(day.slice(8, 10)), daysInMonth(targetYear, targetMonth + 1));
  return `${pad4(targetYear)}-${pad2(targetMonth + 1)}-${pad2(date)}`;
}

export function daysBetween(from: DayKey, to: DayKey): number {
  return Math.round((wallOfDay(to) - wallOfDay(from)) / DAY_MS);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: DayKey): number {
  return (new Date(wallOfDay(day)).getUTCDay() + 6) % 7;
}

export function mondayOf(day: DayKey): DayKey {
  return addDays(day, -weekdayOf(day));
}

export function firstOfMonth(day: DayKey): DayKey {
  return `${day.slice(0, 7)}-01`;
}

export function firstOfYear(day: DayKey): DayKey {
  return `${day.slice(0, 4)}-01-01`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const dayKeyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a `YYYY-MM-DD` naming a real calendar date (2026-02-30 is not). */
export function isValidDayKey(value: string): boolean {
  const match = dayKeyPattern.exec(value);
  if (match === null) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month);
}

/** The last day of the month holding a day. */
export function lastOfMonth(day: DayKey): DayKey {
  return `${day.slice(0, 8)}${pad2(daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7))))}`;
}

/** The days of a calendar month, first to last. */
export function periodOfMonth(month: MonthKey): Period {
  return { from: `${month}-01`, to: lastOfMonth(`${month}-01`) };
}

/** The month `months` months after (negative: before) a month. */
export function addMonthsToMonth(month: MonthKey, months: number): MonthKey {
  return monthKeyOfDay(addMonths(`${month}-01`, months));
}

/** ISO 8601 week and week-year of a date (weeks start Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(day: DayKey): { week: number; year: number } {
  const date = dayjs.utc(day);
  return { week: date.isoWeek(), year: date.isoWeekYear() };
}

/**
 * Today's date in Copenhagen, whatever the time zone of the machine. The IANA data behind dayjs is
 * slow to consult (a fraction of a millisecond) and a page asks several times: one answer per second.
 */
export function todayInCopenhagen(now: Date = new Date()): DayKey {
  const second = Math.floor(now.getTime() / 1000);
  if (lastToday?.second === second) return lastToday.day;
  const day = dayjs(now).tz(TIME_ZONE).format("YYYY-MM-DD");
  lastToday = { second, day };
  return day;
}
let lastToday: { second: number; day: DayKey } | undefined;

/** Hours in a Copenhagen day: 23, 24 or 25. */
export function hoursInDay(day: DayKey): number {
  return Math.round((startOfDay(addDays(day, 1)) - startOfDay(day)) / HOUR_MS);
}

/** ISO 8601 with the Copenhagen offset, e.g. 2025-10-26T02:00:00+02:00 (unambiguous in the autumn overlap). */
export function formatInstant(utcMs: number): string {
  const offset = offsetMinutesAt(utcMs);
  const wall = new Date(utcMs + offset * 60_000).toISOString().slice(0, 19);
  return `${wall}+${pad2(offset / 60)}:00`;
}

/** The local datetime format of the API: YYYY-MM-DDTHH:mm:00. */
export function formatWall(wallMs: number): string {
  return `${new Date(wallMs).toISOString().slice(0, 16)}:00`;
}

/**
 * Parses an API datetime: `YYYY-MM-DDTHH:mm` with optional `:00` seconds, or a bare date
 * (midnight). Returns the wall time, or null when it is not a real calendar time.
 */
export function parseLocalDateTime(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.0{1,3})?)?)?$/.exec(value);
  if (match === null) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00"] = match;
  if (!isValidDayKey(`${y}-${mo}-${d}`)) return null;
  const hour = Number(h);
  const minute = Number(mi);
  if (hour > 23 || minute > 59 || Number(s) !== 0) return null;
  return wallOf(Number(y), Number(mo), Number(d), hour, minute);
}

/**
 * The zone a timestamp's offset stands for: Copenhagen's summer and winter time by their usual
 * abbreviations, anything else as an offset from UTC.
 */
export function zoneName(timestamp: string): string {
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(timestamp)?.[1];
  if (offset === "+02:00") return "CEST";
  if (offset === "+01:00") return "CET";
  return offset === undefined || offset === "Z" ? "UTC" : `UTC${offset}`;
}

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

// ---------------------------------------------------------------------------------------------
// Comparisons (ADR 0018)

export type ShiftKind = "PREVIOUS_PERIOD" | "PREVIOUS_YEAR";

/**
 * The map f of a comparison from a date to the date it is compared with. Previous period: n days
 * earlier, n the number of days of the period. Previous year: the same calendar date a year
 * earlier, 29 February going to 28 February.
 */
export function comparedDay(kind: ShiftKind, day: DayKey, periodDays: number): DayKey {
  return kind === "PREVIOUS_PERIOD" ? addDays(day, -periodDays) : addMonths(day, -12);
}

/**
 * The image of the days [fromDay, endDay) under the comparison's map, as sorted disjoint ranges.
 * f never decreases, so the image of a range is one range, except that a year earlier no date maps
 * to a 29 February: the image of 1 February–31 March 2025 is 1–28 February and 1–31 March 2024.
 */
export function imageOfDays(kind: ShiftKind, range: DayRange, periodDays: number): DayRange[] {
  const out: DayRange[] = [];
  let previous: DayKey | null = null;
  for (let day = range.fromDay; day < range.endDay; day = addDays(day, 1)) {
    const image = comparedDay(kind, day, periodDays);
    if (image === previous) continue;
    const last = out[out.length - 1];
    if (last !== undefined && last.endDay === image) last.endDay = addDays(image, 1);
    else out.push({ fromDay: image, endDay: addDays(image, 1) });
    previous = image;
  }
  return out;
}

/** The clock hour (0–23) of an instant in Copenhagen. */
export function clockHourOf(utcMs: number): number {
  return new Date(toWall(utcMs)).getUTCHours();
}

/** The hours of a day (their start instants) whose local clock reads `hour`: none, one or two. */
export function hoursAtClock(day: DayKey, hour: number): number[] {
  const first = fromWall(wallOfDay(day) + hour * HOUR_MS);
  if (dayKeyOf(first) !== day || clockHourOf(first) !== hour) return []; // the spring gap
  const second = first + HOUR_MS;
  return clockHourOf(second) === hour && dayKeyOf(second) === day ? [first, second] : [first];
}

/**
 * The hours an hourly row is compared with (ADR 0018): the hours of the compared day f(day) at
 * the row's clock hour. The spring day's row 01:00–03:00 (the clocks jump from 02:00 to 03:00)
 * takes the compared day's 01:00 and 02:00 hours; the autumn day's second 02:00 hour (winter time)
 * takes none, its first (summer time) the compared day's 02:00; a row compared with an autumn day
 * at 02:00 takes both of that day's 02:00 hours, and a row at 02:00 compared with a spring day none.
 */
export function comparedHours(kind: ShiftKind, hourStart: number, periodDays: number): number[] {
  const day = dayKeyOf(hourStart);
  const clock = clockHourOf(hourStart);
  const target = comparedDay(kind, day, periodDays);
  const hours = hoursInDay(day);
  if (hours === 25 && clock === 2 && offsetMinutesAt(hourStart) === 60) return [];
  const clocks = hours === 23 && clock === 1 ? [1, 2] : [clock];
  return clocks.flatMap((hour) => hoursAtClock(target, hour));
}

/** Longest period per resolution, in days (the span limits of the API). */
export const maxSpanDays: Readonly<Record<Resolution, number>> = {
  HOURLY: 370,
  DAILY: 1_100,
  WEEKLY: 3_700,
  MONTHLY: 36_600,
  YEARLY: 36_600,
};
