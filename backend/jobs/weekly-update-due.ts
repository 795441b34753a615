/**
 * When a weekly update is due (issue 47 item 4, ADR 0076): the week Monday–Sunday just ended is
 * reported from the next Monday 06:00 Copenhagen time on. A back-end that starts (or runs) later
 * in the week still finds that week due until the next Monday 06:00, when the week after it takes
 * its place: only the latest week is ever due, so a first run never sends a backlog.
 *
 * Pure: no I/O; the calendar is common/calendar's Copenhagen calendar (both DST changes included).
 */
import { addDays, type DayKey, dayKeyOf, fromWall, HOUR_MS, mondayOf, wallOfDay } from "@common/calendar";

/** The local hour of Monday from which last week is due. */
export const weeklyUpdateHour = 6;

/** The instant (UTC ms) at which the week starting on Monday `week` becomes due: the next Monday 06:00 local. */
export function weekDueAt(week: DayKey): number {
  const nextMonday = addDays(mondayOf(week), 7);
  // 06:00 on the wall clock of that Monday, whatever the UTC offset then.
  return fromWall(wallOfDay(nextMonday) + weeklyUpdateHour * HOUR_MS);
}

/** The Monday of the latest week due at `now`. */
export function dueWeek(now: Date): DayKey {
  const thisMonday = mondayOf(dayKeyOf(now.getTime()));
  const lastWeek = addDays(thisMonday, -7);
  return now.getTime() >= weekDueAt(lastWeek) ? lastWeek : addDays(lastWeek, -7);
}

/** The seven days of the week starting on Monday `week`, [fromDay, endDay). */
export function daysOfWeek(week: DayKey): { fromDay: DayKey; endDay: DayKey } {
  return { fromDay: week, endDay: addDays(week, 7) };
}
