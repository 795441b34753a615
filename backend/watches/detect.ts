/**
 * The watches' rules (issue 47 items 1–3, ADR 0075), pure: which nights are running, which days
 * are warm with heat used, and which runs of them make a notification. The job
 * (jobs/watch-evaluation.ts) reads the values and writes the notifications; nothing here reads a
 * database or a clock.
 *
 * - A night (LEAK) belongs to the Copenhagen date its 01:00 falls on and has the hours starting
 *   01, 02, 03 and 04 local time: 4 hours, 3 on the spring DST night (02:00 does not exist), 5 on
 *   the autumn one (02:00 happens twice). It is running when the quantity is above zero in every
 *   one of them; a missing hour is not above zero.
 * - A day (HEATING_LEFT_ON) counts when its mean outdoor temperature (the sum of its hours' means
 *   over their count) is at least 17 °C and the heat used that day is above zero.
 * - Runs: consecutive counting dates. A run of at least `minLength` makes one notification, keyed
 *   by its first date, naming every date of the run seen so far.
 */

import { addDays, fromWall, HOUR_MS, type IsoDate, wallOfDay } from "@common/calendar";

/** Running nights in a row that make a LEAK_WATCH notification. */
export const LEAK_NIGHTS = 3;
/** Warm days with heat in a row that make a HEATING_LEFT_ON notification. */
export const WARM_DAYS = 7;
/** A warm day's mean outdoor temperature, at least (°C). */
export const WARM_DAY_CELSIUS = 17;

/** The local hours of a night: those starting at 01:00 up to (not including) 05:00. */
const NIGHT_FROM_HOUR = 1;
const NIGHT_TO_HOUR = 5;

/** The hour starts (epoch seconds, UTC) of the night of `date`: 4, or 3 / 5 on the DST nights. */
export function nightHours(date: IsoDate): number[] {
  const wall = wallOfDay(date);
  const from = fromWall(wall + NIGHT_FROM_HOUR * HOUR_MS);
  const to = fromWall(wall + NIGHT_TO_HOUR * HOUR_MS);
  const hours: number[] = [];
  for (let ms = from; ms < to; ms += HOUR_MS) hours.push(ms / 1000);
  return hours;
}

/** A judged night or day: whether it counts towards a run, and its value (lowest flow; heat used). */
export interface Judged {
  date: IsoDate;
  counts: boolean;
  value: number;
}

/**
 * The night of `date`, judged from the home's hourly values of the quantity (hour start in epoch
 * seconds → the hour's consumption; a missing hour is absent). value: the lowest hourly flow.
 * `hours`: the night's hours when the caller has them already (nightHours(date)).
 */
export function judgeNight(
  date: IsoDate,
  hourly: ReadonlyMap<number, number>,
  hours: readonly number[] = nightHours(date),
): Judged {
  let lowest = Number.POSITIVE_INFINITY;
  let counts = true;
  for (const hour of hours) {
    const value = hourly.get(hour);
    if (value === undefined || !(value > 0)) {
      counts = false;
      lowest = Math.min(lowest, value ?? 0);
    } else lowest = Math.min(lowest, value);
  }
  return { date, counts, value: lowest };
}

/** A day's outdoor temperature as outdoor_daily keeps it. */
export interface OutdoorDay {
  celsiusSum: number;
  hours: number;
}

/** The mean outdoor temperature of a day, or null without hours. */
export function outdoorMean(day: OutdoorDay | undefined): number | null {
  return day === undefined || day.hours <= 0 ? null : day.celsiusSum / day.hours;
}

/** A day judged for HEATING_LEFT_ON: warm (mean ≥ 17 °C) with heat used above zero. value: the heat used. */
export function judgeWarmDay(date: IsoDate, outdoor: OutdoorDay | undefined, heat: number | undefined): Judged {
  const mean = outdoorMean(outdoor);
  const used = heat ?? 0;
  return { date, counts: mean !== null && mean >= WARM_DAY_CELSIUS && used > 0, value: used };
}

/** A run that makes a notification. */
export interface Run {
  first: IsoDate;
  last: IsoDate;
  days: { date: IsoDate; value: number }[];
}

/**
 * The runs of at least `minLength` counting dates in `judged` (consecutive dates, oldest first).
 * A run that includes the first date may have begun before it: its first date is not known, so it
 * is left out unless `firstDateIsStart` (the watch's first evaluation, or the tenancy's first day),
 * when the window's first date stands for its start. Every run names all its dates in `judged`.
 */
export function runsOf(judged: readonly Judged[], minLength: number, firstDateIsStart: boolean): Run[] {
  const runs: Run[] = [];
  let current: Judged[] = [];
  let startKnown = firstDateIsStart;
  const close = () => {
    if (current.length >= minLength && startKnown)
      runs.push({
        first: current[0]!.date,
        last: current[current.length - 1]!.date,
        days: current.map(({ date, value }) => ({ date, value })),
      });
    current = [];
    startKnown = true;
  };
  let expected: IsoDate | null = null;
  for (const day of judged) {
    if (expected !== null && day.date !== expected) throw new Error(`runsOf: ${day.date} follows ${expected}`);
    expected = addDays(day.date, 1);
    if (day.counts) current.push(day);
    else close();
  }
  close();
  return runs;
}

/** The figure a run's notification carries: LEAK the lowest flow of its nights, HEATING the heat over its days. */
export function runValue(kind: "leak" | "heating_left_on", run: Run): number {
  return kind === "leak"
    ? Math.min(...run.days.map((day) => day.value))
    : run.days.reduce((sum, day) => sum + day.value, 0);
}
