/**
 * The tests' own Copenhagen calendar, for their independent recomputations (the oracles) of what the
 * back-end computes: built on Intl's Europe/Copenhagen time zone only, and deliberately none of the
 * product's calendar (common/calendar*), so a test does not check that code with itself. Instants are
 * epoch milliseconds, dates `YYYY-MM-DD` strings. Imports nothing: the e2e tests' readings.ts uses it
 * too.
 */

const DAY = 86_400_000;

const copenhagen = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Copenhagen",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

/** The Copenhagen date and hour (0–23) of an instant. */
export function localOf(ms: number): { date: string; hour: number } {
  const parts = Object.fromEntries(copenhagen.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The Copenhagen date of an instant. */
export function dateOf(ms: number): string {
  // "2025-11-20, 10"
  return copenhagen.format(new Date(ms)).slice(0, 10);
}

/**
 * The instant a whole Copenhagen hour of a date starts: the one of the date at +01:00 (winter time)
 * and at +02:00 (summer time) whose Copenhagen date and hour they are. On the spring day 02:00 does
 * not exist (it throws); on the autumn day 02:00 is the second one, in winter time.
 */
export function localInstant(date: string, hour: number): number {
  const hh = String(hour).padStart(2, "0");
  for (const offset of ["+01:00", "+02:00"]) {
    const ms = Date.parse(`${date}T${hh}:00:00${offset}`);
    const local = localOf(ms);
    if (local.date === date && local.hour === hour) return ms;
  }
  throw new Error(`no ${hh}:00 in Copenhagen on ${date}`);
}

/** The instant of a date's Copenhagen midnight (its first hour; 23:00 or 22:00 UTC the day before). */
export function midnightOf(date: string): number {
  return localInstant(date, 0);
}

/** The date `days` after a date (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The day after a date. */
export function nextDate(date: string): string {
  return addDays(date, 1);
}

/** The dates from `from` to `toIncluded`, both included (none when `toIncluded` is before `from`). */
export function datesThrough(from: string, toIncluded: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= toIncluded; date = nextDate(date)) dates.push(date);
  return dates;
}
