/**
 * Heating degree days (issue 46, ADR 0070): a day's degree days are max(0, 17 − the day's mean
 * outdoor temperature), the day a Copenhagen calendar day (23, 24 or 25 hours), as Denmark's DMI
 * and DTI ("graddage") and Norway's Enova count them; a period's are the sum of its days'.
 *
 * Pure: hourly outdoor readings in, sums out. Reading them from the property's outdoor meter is the
 * store's business.
 */
import { addDays, type DayKey, dayKeyOf, daysBetween, daysInMonth } from "@common/calendar-days";

/** The base temperature (°C): the indoor warmth that sun, people and appliances keep up alone. */
export const degreeDayBase = 17;

/**
 * Fewest hours with a reading for a day's mean to count (of its 23–25): a day missing more would
 * lean towards the hours it has (a night without readings reads warm).
 */
export const minimumHoursOfDay = 18;

/** Fewest whole calendar years of a property's own days for its own normal year. */
export const minimumYearsOfHistory = 3;

export interface HourReading {
  /** The hour's start, UTC milliseconds. */
  hourStart: number;
  /** The hour's mean outdoor temperature, °C. */
  celsius: number;
}

export interface DayMean {
  day: DayKey;
  /** °C */
  mean: number;
  /** Hours with a reading. */
  hours: number;
}

/** The mean temperature of each Copenhagen day that has readings, by day. */
export function dayMeans(readings: Iterable<HourReading>): Map<DayKey, DayMean> {
  const sums = new Map<DayKey, { sum: number; hours: number }>();
  for (const { hourStart, celsius } of readings) {
    if (!Number.isFinite(celsius)) continue;
    const day = dayKeyOf(hourStart);
    const entry = sums.get(day);
    if (entry === undefined) sums.set(day, { sum: celsius, hours: 1 });
    else {
      entry.sum += celsius;
      entry.hours++;
    }
  }
  const means = new Map<DayKey, DayMean>();
  for (const [day, { sum, hours }] of sums) means.set(day, { day, mean: sum / hours, hours });
  return means;
}

/** One day's degree days from its mean temperature. */
export function degreeDaysOfMean(mean: number): number {
  return Math.max(0, degreeDayBase - mean);
}

/** The degree days of a day, or undefined when it has too few hours to count. */
export function degreeDaysOfDay(means: ReadonlyMap<DayKey, DayMean>, day: DayKey): number | undefined {
  const mean = means.get(day);
  return mean !== undefined && mean.hours >= minimumHoursOfDay ? degreeDaysOfMean(mean.mean) : undefined;
}

export interface DegreeDaySum {
  /** Summed over the days that count. */
  degreeDays: number;
  /** Days in [fromDay, endDay). */
  days: number;
  /** Of those, the days that count (enough hours with readings). */
  daysWithData: number;
}

/** The degree days of the days [fromDay, endDay). A caller decides what coverage is enough. */
export function degreeDaysOver(means: ReadonlyMap<DayKey, DayMean>, fromDay: DayKey, endDay: DayKey): DegreeDaySum {
  let degreeDays = 0;
  let daysWithData = 0;
  for (let day = fromDay; day < endDay; day = addDays(day, 1)) {
    const value = degreeDaysOfDay(means, day);
    if (value === undefined) continue;
    degreeDays += value;
    daysWithData++;
  }
  return { degreeDays, days: Math.max(0, daysBetween(fromDay, endDay)), daysWithData };
}

/** Degree days of a normal year's twelve months, January first. */
export type NormalYear = readonly number[];

/** The countries with a configured normal year (ISO 3166 alpha-2). */
export type NormalYearCountry = "DK" | "NO";

/**
 * The configured normal years per country (ADR 0070 and 0074 name the sources, years and method).
 * A property with fewer than three whole years of its own outdoor readings uses its country's.
 */
export const countryNormalYears: Readonly<Record<NormalYearCountry, NormalYear>> = {
  // DTI's normal year for Denmark, as Danish district-heating companies publish it (sum 3,009).
  DK: [468, 421, 421, 307, 180, 69, 40, 40, 111, 214, 328, 410],
  // Norway (ADR 0074): met.no's daily normal temperatures of Oslo – Blindern (station 18700,
  // 1961–1990), each day's max(0, 17 − normal) summed per month, 29 February left out (sum 4,108.9).
  NO: [660.4, 589.2, 533.4, 375.2, 192.1, 54.3, 18.5, 56.0, 186.0, 331.6, 489.0, 623.2],
};

/** The country's configured normal year, by its ISO code in either case; undefined for one without. */
export function countryNormalYearOf(country: string): { country: NormalYearCountry; normal: NormalYear } | undefined {
  const code = country.toUpperCase();
  return Object.hasOwn(countryNormalYears, code)
    ? { country: code as NormalYearCountry, normal: countryNormalYears[code as NormalYearCountry] }
    : undefined;
}

/**
 * A property's own normal year: per calendar month, the mean of that month's degree days over its
 * whole calendar years before `today`'s year (a whole year: every day counts), when it has at
 * least three; otherwise null.
 */
export function normalYearFromHistory(means: ReadonlyMap<DayKey, DayMean>, today: DayKey): NormalYear | null {
  const lastYear = Number(today.slice(0, 4)) - 1;
  let firstYear = Number.POSITIVE_INFINITY;
  for (const day of means.keys()) firstYear = Math.min(firstYear, Number(day.slice(0, 4)));
  const wholeYears: number[][] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const months: number[] = [];
    let whole = true;
    for (let month = 1; month <= 12 && whole; month++) {
      const from = `${year}-${String(month).padStart(2, "0")}-01`;
      const sum = degreeDaysOver(means, from, addDays(from, daysInMonth(year, month)));
      whole = sum.daysWithData === sum.days;
      months.push(sum.degreeDays);
    }
    if (whole) wholeYears.push(months);
  }
  if (wholeYears.length < minimumYearsOfHistory) return null;
  const normal = Array.from({ length: 12 }, (_, month) => {
    let sum = 0;
    for (const year of wholeYears) sum += year[month]!;
    return sum / wholeYears.length;
  });
  return normal;
}

/**
 * The normal degree days of the days [fromDay, endDay): each day gets its month's normal spread
 * evenly over the month's days (a normal January day of Denmark: 468 / 31).
 */
export function normalDegreeDaysOver(normal: NormalYear, fromDay: DayKey, endDay: DayKey): number {
  let sum = 0;
  for (let day = fromDay; day < endDay; day = addDays(day, 1)) {
    const year = Number(day.slice(0, 4));
    const month = Number(day.slice(5, 7));
    sum += normal[month - 1]! / daysInMonth(year, month);
  }
  return sum;
}
