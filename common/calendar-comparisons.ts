/**
 * The comparison maps of ADR 0018 (the index is calendar.ts): which day or hours of the previous
 * period or year a day or hour of a period is compared with.
 */
import {
  addDays,
  addMonths,
  type DayKey,
  dayKeyOf,
  daysBetween,
  fromWall,
  HOUR_MS,
  hoursInDay,
  offsetMinutesAt,
  startOfDay,
  toWall,
  wallOfDay,
} from "./calendar-days";
import type { DayRange } from "./calendar-ranges";

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

// ---------------------------------------------------------------------------------------------
// What is compared (ADR 0018 rules 7 and 8): the days of the tenancy, up to what has elapsed

/**
 * The period's days that are compared (ADR 0018 rule 7): those of the tenancy. A resident who moved
 * in or out inside the period is compared over the days they lived there, so n (the previous
 * period's shift) counts those days, not the named ones. Null when none is left. `endDay` null:
 * the tenancy has no end.
 */
export function daysOfTenancy(range: DayRange, tenancy: { fromDay: DayKey; endDay: DayKey | null }): DayRange | null {
  const fromDay = range.fromDay > tenancy.fromDay ? range.fromDay : tenancy.fromDay;
  const endDay = tenancy.endDay !== null && tenancy.endDay < range.endDay ? tenancy.endDay : range.endDay;
  return fromDay < endDay ? { fromDay, endDay } : null;
}

/**
 * The instant a comparison maps an instant of the period to: the same clock time on the compared
 * day f(day). On a compared spring day a clock time in the gap (02:xx) becomes 03:00; on an autumn
 * day a repeated clock time is its first (summer-time) instance.
 */
export function comparedInstant(kind: ShiftKind, instant: number, periodDays: number): number {
  const day = dayKeyOf(instant);
  const sinceMidnight = toWall(instant) - wallOfDay(day);
  return fromWall(wallOfDay(comparedDay(kind, day, periodDays)) + sinceMidnight);
}

/**
 * The part of a comparison that is compared (ADR 0018 rule 8): the image of the days, cut where
 * the period's elapsed part ends. `whole` are whole compared days; `hours` the compared part of the
 * day the cut falls in, from its midnight to `until` (the compared instant of the cut), or null.
 */
export interface ComparedSpan {
  whole: DayRange[];
  hours: { day: DayKey; start: number; end: number } | null;
  /** First and last compared day; null when nothing is compared. */
  firstDay: DayKey | null;
  lastDay: DayKey | null;
  /** Where the compared part ends inside its last day (an instant), null when it ends at midnight. */
  until: number | null;
}

/**
 * The compared part of a comparison of the days `days` (already those of the tenancy), whose values
 * end at `elapsedEnd` (an instant; null: the whole period has elapsed). Previous period: n = the
 * number of those days. The image of the days is cut at the compared instant of the end
 * ({@link comparedInstant}): this year to 25 November 14:00 compares with last year's 1 January
 * to 25 November 14:00. (A year back, a cut on 29 February falls on 28 February: that day's image
 * is then counted to the cut only, though the period holds all of 28 February.)
 */
export function comparedSpan(kind: ShiftKind, days: DayRange, elapsedEnd: number | null): ComparedSpan {
  const n = daysBetween(days.fromDay, days.endDay);
  const image = n > 0 ? imageOfDays(kind, days, n) : [];
  const cut = elapsedEnd === null || elapsedEnd >= startOfDay(days.endDay) ? null : elapsedEnd;
  let whole = image;
  let hours: ComparedSpan["hours"] = null;
  if (cut !== null) {
    const until = comparedInstant(kind, cut, n);
    const day = dayKeyOf(until);
    whole = image.flatMap((range) =>
      range.fromDay >= day ? [] : [{ fromDay: range.fromDay, endDay: range.endDay < day ? range.endDay : day }],
    );
    const start = startOfDay(day);
    const inImage = image.some((range) => range.fromDay <= day && day < range.endDay);
    if (cut > startOfDay(days.fromDay) && until > start && inImage) hours = { day, start, end: until };
  }
  const lastWhole = whole[whole.length - 1];
  const firstDay = whole[0]?.fromDay ?? hours?.day ?? null;
  const lastDay = hours?.day ?? (lastWhole === undefined ? null : addDays(lastWhole.endDay, -1));
  return { whole, hours, firstDay, lastDay, until: hours?.end ?? null };
}

/**
 * Where the values of a period end (ADR 0018 rule 8), for the comparison's cut: a period that
 * runs past now ends with the latest hour that has a value (`latestValueHour`, its start), or, with
 * no value at all, at the start of the current hour; null for a period that has fully elapsed.
 */
export function elapsedEndOf(days: DayRange, now: number, latestValueHour: number | null): number | null {
  const end = startOfDay(days.endDay);
  if (end <= now) return null;
  const elapsed = latestValueHour === null ? Math.floor(now / HOUR_MS) * HOUR_MS : latestValueHour + HOUR_MS;
  return Math.min(elapsed, end);
}
