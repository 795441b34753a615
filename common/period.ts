/**
 * Selected periods (spec sections 3, 4 and 9): classification, stepping, named periods and the
 * conversion to the back-end's Copenhagen-time range.
 *
 * A period is a pair of calendar dates, kept as `YYYY-MM-DD` strings, both inclusive (the range
 * convention of common/calendar.ts). The date arithmetic is common/calendar's, done on UTC
 * midnights, which have no daylight-saving jumps, so the results never depend on the time zone of
 * the server or the browser: a DST day counts as one day like any other. What a resident or a URL
 * gives is checked here: these functions throw on a string that is not a calendar date.
 */
import * as calendar from "./calendar";
import { type IsoDate, isValidDayKey, type Period } from "./calendar";

export { toApiRange, todayInCopenhagen } from "./calendar";
export type { IsoDate, Period };

function checked(date: IsoDate): IsoDate {
  if (!isIsoDate(date)) throw new Error(`Invalid calendar date: ${String(date)}`);
  return date;
}

/**
 * True for a `YYYY-MM-DD` string naming a real calendar date (2026-02-30 is false), so URL and
 * form input can be checked before any arithmetic (spec section 3, selected period).
 */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && isValidDayKey(value);
}

/** The calendar date `days` days after (negative: before) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return calendar.addDays(checked(date), days);
}

/**
 * The same day `months` months later (negative: earlier), clamped to the end of a shorter month,
 * as dayjs does: 2026-01-31 + 1 month = 2026-02-28.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  return calendar.addMonths(checked(date), months);
}

/** Number of calendar days in the period, both ends included (spec section 4). */
export function periodDays(p: Period): number {
  return calendar.daysBetween(checked(p.from), checked(p.to)) + 1;
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
  return calendar.mondayOf(checked(date));
}

/** The period a named period (spec section 4) stands for on the calendar day `today`. */
export function namedPeriod(name: NamedPeriod, today: IsoDate): Period {
  const month = calendar.monthKeyOfDay(checked(today));
  const newYear = calendar.firstOfYear(today);
  switch (name) {
    case "today":
      return { from: today, to: today };
    case "this-week":
      return calendar.periodOfWeek(today);
    case "last-week":
      return calendar.periodOfWeek(addDays(today, -7));
    case "this-month":
      return calendar.periodOfMonth(month);
    case "last-month":
      return calendar.periodOfMonth(calendar.addMonthsToMonth(month, -1));
    case "this-year":
      return { from: newYear, to: calendar.addDays(calendar.addMonths(newYear, 12), -1) };
    case "last-year":
      return { from: calendar.addMonths(newYear, -12), to: calendar.addDays(newYear, -1) };
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

/**
 * Spec sections 3 and 9, "default date range 30 days": the 30 days ending today, today included,
 * which is also the "last 30 days" preset. Section 3's "startDate 30 days before today" would make
 * 31 calendar days here: ADR 0035 says why the portal keeps 30.
 */
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

/** ISO 8601 week number (weeks start Monday; week 1 holds the year's first Thursday). */
export function isoWeekNumber(date: IsoDate): number {
  return calendar.isoWeekOf(checked(date)).week;
}
