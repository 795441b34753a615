/**
 * The Europe/Copenhagen calendar's days and times (the index is calendar.ts): day and month keys and
 * their arithmetic, wall time ↔ instant across daylight saving, ISO weeks, the days of a month,
 * today's date and the API's datetime strings.
 *
 * Instants are epoch milliseconds (UTC); "wall" times are the local clock read as if it were UTC
 * (so Date's UTC getters give the local fields). Danish time is CET (+01:00) with summer time
 * (+02:00) from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC (the EU
 * rule, in force since 1996). Days have 23 hours on the last Sunday of March and 25 on the last
 * Sunday of October; weeks start on Monday; months and years are calendar ones.
 *
 * Today's date in Copenhagen comes from the IANA data (the runtime's Intl, a few times per
 * request). Everything else is written out here, with no date library: the arithmetic the back-end
 * runs per reading or per bucket (offsets, wall times, day keys, adding days and months, parsing
 * API datetimes) would take 10 to 400 times as long with dayjs (about 0.2 ms per conversion with its
 * timezone plugin, against 0.4 µs), which over a year of hourly buckets or an import of a million
 * readings is seconds; and the browser imports this module too (the period selector, notification
 * texts), where a date library with its plugins was 5 KB gzip of every page's JavaScript that no
 * page ran (docs/performance.md). calendar.test.ts checks all of it against dayjs and the IANA
 * database.
 */

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

export type { Resolution } from "./graphql-enums.generated";
// The schema's enum Resolution (tenant.graphql), generated.
export { Resolution as resolutions } from "./graphql-enums.generated";

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

/**
 * Answers kept for what a request asks thousands of times over a few hundred days (every bucket,
 * comparison and legend of a year's graph turns day keys into wall times and back): a Map of at most
 * `limit` entries, emptied when full. Keys are whole days or instants of bucket bounds, so a
 * process holds a few thousand.
 */
function remembered<K, V>(compute: (key: K) => V, limit = 100_000): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute(key);
      if (answers.size >= limit) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

/** The date of a wall day number (whole days since the epoch in wall time). */
const dayKeyOfWallDay = remembered((wallDay: number): DayKey => {
  const date = new Date(wallDay * DAY_MS);
  return `${pad4(date.getUTCFullYear())}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
});

export function dayKeyOfWall(wallMs: number): DayKey {
  return dayKeyOfWallDay(Math.floor(wallMs / DAY_MS));
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
export const wallOfDay: (day: DayKey) => number = remembered((day: DayKey) =>
  wallOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))),
);

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

/** The days of the week (Monday to Sunday) holding a day. */
export function periodOfWeek(day: DayKey): Period {
  const monday = mondayOf(day);
  return { from: monday, to: addDays(monday, 6) };
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
  // The week's Thursday decides its year; the weeks of that year count from the one holding 4 January.
  const thursday = addDays(day, 3 - weekdayOf(day));
  const year = Number(thursday.slice(0, 4));
  return { week: Math.floor(daysBetween(firstOfYear(thursday), thursday) / 7) + 1, year };
}

/** Formats a date's Copenhagen calendar day from the IANA data (Intl, as dayjs's timezone plugin does). */
let copenhagenDays: Intl.DateTimeFormat | undefined;

/**
 * Today's date in Copenhagen, whatever the time zone of the machine. The IANA data is slow to
 * consult (some microseconds) and a page asks several times: one answer per second.
 */
export function todayInCopenhagen(now: Date = new Date()): DayKey {
  const second = Math.floor(now.getTime() / 1000);
  if (lastToday?.second === second) return lastToday.day;
  copenhagenDays ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    calendar: "gregory",
    numberingSystem: "latn",
  });
  const parts = Object.fromEntries(copenhagenDays.formatToParts(now).map((part) => [part.type, part.value]));
  const day = `${pad4(Number(parts.year))}-${parts.month}-${parts.day}`;
  lastToday = { second, day };
  return day;
}
let lastToday: { second: number; day: DayKey } | undefined;

/** Hours in a Copenhagen day: 23, 24 or 25. */
export function hoursInDay(day: DayKey): number {
  return Math.round((startOfDay(addDays(day, 1)) - startOfDay(day)) / HOUR_MS);
}

/** ISO 8601 with the Copenhagen offset, e.g. 2025-10-26T02:00:00+02:00 (unambiguous in the autumn overlap). */
export const formatInstant: (utcMs: number) => string = remembered((utcMs: number) => {
  const offset = offsetMinutesAt(utcMs);
  const wall = new Date(utcMs + offset * 60_000).toISOString().slice(0, 19);
  return `${wall}+${pad2(offset / 60)}:00`;
});

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
