/**
 * Selected periods (spec sections 3, 4 and 9): classification, stepping, named periods and the
 * conversion to the back-end's Copenhagen-time range.
 *
 * A period is a pair of calendar dates, kept as `YYYY-MM-DD` strings. All arithmetic is done on
 * UTC midnights, which have no daylight-saving jumps, so the results never depend on the time zone
 * of the server or the browser: a DST day counts as one day like any other.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** Both ends are inclusive calendar days. */
export interface Period {
  from: IsoDate;
  to: IsoDate;
}

const MS_PER_DAY = 86_400_000;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

interface YearMonthDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function parse(date: IsoDate): YearMonthDay {
  const match = isoDatePattern.exec(date);
  if (!match || !isIsoDate(date)) throw new Error(`Invalid calendar date: ${String(date)}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Days since 1970-01-01 of a calendar date. */
function toDayNumber(date: IsoDate): number {
  const { year, month, day } = parse(date);
  return Math.round(utcMs(year, month, day) / MS_PER_DAY);
}

function utcMs(year: number, month: number, day: number): number {
  const d = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  if (year >= 0 && year < 100) d.setUTCFullYear(year);
  return d.getTime();
}

function fromDayNumber(dayNumber: number): IsoDate {
  const d = new Date(dayNumber * MS_PER_DAY);
  return format(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function format(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * True for a `YYYY-MM-DD` string naming a real calendar date (2026-02-30 is false), so URL and
 * form input can be checked before any arithmetic (spec section 3, selected period).
 */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The calendar date `days` days after (negative: before) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/**
 * The same day `months` months later (negative: earlier), clamped to the end of a shorter month,
 * as dayjs does: 2026-01-31 + 1 month = 2026-02-28.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parse(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const newYear = Math.floor(monthIndex / 12);
  const newMonth = monthIndex - newYear * 12 + 1;
  return format(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)));
}

/** Number of calendar days in the period, both ends included (spec section 4). */
export function periodDays(p: Period): number {
  return toDayNumber(p.to) - toDayNumber(p.from) + 1;
}

export type Periodicity = "day" | "week" | "month" | "quarter" | "half-year" | "year" | "custom";

/**
 * Spec section 4, period classification by length alone: day (up to 1 day), week (7), month
 * (28-31), quarter (90-93), half-year (180-183), year (364-366), otherwise custom.
 */
export function classifyPeriod(p: Period): Periodicity {
  const days = periodDays(p);
  if (days <= 1) return "day";
  if (days === 7) return "week";
  if (days >= 28 && days <= 31) return "month";
  if (days >= 90 && days <= 93) return "quarter";
  if (days >= 180 && days <= 183) return "half-year";
  if (days >= 364 && days <= 366) return "year";
  return "custom";
}

// Calendar-unit periodicities and their length in months.
const monthSteps: Partial<Record<Periodicity, number>> = { month: 1, quarter: 3, "half-year": 6, year: 12 };
const dayStepped: ReadonlySet<string> = new Set(["day", "week", "custom"]);

/**
 * The previous (-1) or next (1) period (spec section 4). Month, quarter, half-year and year move by
 * whole calendar months, so a whole February steps to a whole March; the end is computed from the
 * day after it so that month ends stay month ends. Day, week and custom periods shift by their
 * own length. Throws on a periodicity that is not one of the known ones (spec: an invalid
 * periodicity raises an error).
 */
export function stepPeriod(p: Period, direction: -1 | 1, periodicity: Periodicity = classifyPeriod(p)): Period {
  const months = Object.hasOwn(monthSteps, periodicity) ? monthSteps[periodicity] : undefined;
  if (months !== undefined) {
    const n = months * direction;
    return { from: addMonths(p.from, n), to: addDays(addMonths(addDays(p.to, 1), n), -1) };
  }
  if (dayStepped.has(periodicity)) {
    const n = periodDays(p) * direction;
    return { from: addDays(p.from, n), to: addDays(p.to, n) };
  }
  throw new Error(`Invalid periodicity: ${String(periodicity)}`);
}

/** The named periods of spec section 4, in the order they are offered and matched. */
export const namedPeriods = [
  "today",
  "this-week",
  "last-week",
  "this-month",
  "last-month",
  "this-year",
  "last-year",
  "last-7-days",
  "last-30-days",
  "last-365-days",
] as const;

export type NamedPeriod = (typeof namedPeriods)[number];

/** Monday of the week containing `date` (spec section 4: the week starts Monday). */
export function mondayOf(date: IsoDate): IsoDate {
  // 1970-01-01 was a Thursday, so day number + 3 counts from a Monday.
  const dayNumber = toDayNumber(date);
  const weekday = (((dayNumber + 3) % 7) + 7) % 7; // 0 = Monday
  return fromDayNumber(dayNumber - weekday);
}

/** The period a named period (spec section 4) stands for on the calendar day `today`. */
export function namedPeriod(name: NamedPeriod, today: IsoDate): Period {
  const { year, month } = parse(today);
  switch (name) {
    case "today":
      return { from: today, to: today };
    case "this-week": {
      const monday = mondayOf(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case "last-week": {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case "this-month":
      return { from: format(year, month, 1), to: format(year, month, daysInMonth(year, month)) };
    case "last-month": {
      const first = addMonths(format(year, month, 1), -1);
      return { from: first, to: addDays(format(year, month, 1), -1) };
    }
    case "this-year":
      return { from: format(year, 1, 1), to: format(year, 12, 31) };
    case "last-year":
      return { from: format(year - 1, 1, 1), to: format(year - 1, 12, 31) };
    case "last-7-days":
      return { from: addDays(today, -6), to: today };
    case "last-30-days":
      return { from: addDays(today, -29), to: today };
    case "last-365-days":
      return { from: addDays(today, -364), to: today };
    default:
      throw new Error(`Invalid named period: ${String(name satisfies never)}`);
  }
}

/** Spec sections 3 and 9, "default date range 30 days": the 30 days ending today. */
export function defaultPeriod(today: IsoDate): Period {
  return namedPeriod("last-30-days", today);
}

/**
 * The first named period (in `namedPeriods` order) equal to `p` on `today`, or null for a custom
 * period, so the picker can show which preset is selected.
 */
export function matchNamedPeriod(p: Period, today: IsoDate): NamedPeriod | null {
  for (const name of namedPeriods) {
    const candidate = namedPeriod(name, today);
    if (candidate.from === p.from && candidate.to === p.to) return name;
  }
  return null;
}

// Building an Intl formatter is slow; one is enough. en-CA is not used for its output format but
// only for its parts, which are plain ASCII digits.
let copenhagenDateFormat: Intl.DateTimeFormat | undefined;

/**
 * Today's calendar date in Europe/Copenhagen (spec section 9: the time zone of all API date
 * conversion), whatever the time zone of the machine.
 */
export function todayInCopenhagen(now: Date = new Date()): IsoDate {
  // formatToParts with a time zone is slow, and a page asks several times: one answer per second.
  const second = Math.floor(now.getTime() / 1000);
  if (lastToday && lastToday.second === second) return lastToday.date;
  const date = copenhagenDate(now);
  lastToday = { second, date };
  return date;
}
let lastToday: { second: number; date: IsoDate } | undefined;

function copenhagenDate(now: Date): IsoDate {
  copenhagenDateFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Copenhagen",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const parts = copenhagenDateFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return format(part("year"), part("month"), part("day"));
}

/**
 * The back-end's range for a period (spec section 9): local Copenhagen midnights, the end
 * exclusive, so the last day is included whole.
 */
export function toApiRange(p: Period): { periodBegin: string; periodEnd: string } {
  return { periodBegin: `${p.from}T00:00:00`, periodEnd: `${addDays(p.to, 1)}T00:00:00` };
}

/** ISO 8601 week number (weeks start Monday; week 1 holds the year's first Thursday). */
export function isoWeekNumber(date: IsoDate): number {
  // The week belongs to the year of its Thursday; count weeks from that year's first Thursday.
  const thursday = addDays(mondayOf(date), 3);
  const thursdayYear = parse(thursday).year;
  const januaryFirst = toDayNumber(format(thursdayYear, 1, 1));
  return Math.floor((toDayNumber(thursday) - januaryFirst) / 7) + 1;
}
