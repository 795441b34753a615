/**
 * The comparison maps of ADR 0018 (the index is calendar.ts): which day or hours of the previous
 * period or year a day or hour of a period is compared with.
 */
import {
  addDays,
  addMonths,
  type DayKey,
  dayKeyOf,
  fromWall,
  HOUR_MS,
  hoursInDay,
  offsetMinutesAt,
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
