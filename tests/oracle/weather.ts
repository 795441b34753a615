/**
 * An independent recomputation of the weather-adjusted comparison (ADR 0070) from raw readings
 * only: a home's heat per Copenhagen day from its registers at the day's two midnights, each day's
 * degree days from the property's raw outdoor samples (the mean of the hours' means, a day counting
 * with 18 hours or more, max(0, 17 − mean)), the fit by its own least squares over the 365 days
 * before today, and the compared period brought to this period's degree days. No code of backend/,
 * app/ or common/.
 */
import { addDays, daysBetween, type IsoDate, localMidnight } from "./recompute";

const TIME_ZONE = "Europe/Copenhagen";

export interface WeatherInputs {
  /** Each heat meter's register by epoch second. */
  registers: ReadonlyMap<number, ReadonlyMap<number, number>>;
  /** The property's raw outdoor samples. */
  outdoor: readonly { ts: number; celsius: number }[];
}

const dateOf = (() => {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return (seconds: number) => format.format(new Date(seconds * 1000));
})();

/** Degree days per date with at least 18 hours of samples. */
export function degreeDaysByDate(outdoor: WeatherInputs["outdoor"]): Map<IsoDate, number> {
  const hours = new Map<number, { sum: number; count: number }>();
  for (const { ts, celsius } of outdoor) {
    const hour = Math.floor(ts / 3600);
    const entry = hours.get(hour) ?? { sum: 0, count: 0 };
    entry.sum += celsius;
    entry.count++;
    hours.set(hour, entry);
  }
  const days = new Map<IsoDate, { sum: number; count: number }>();
  for (const [hour, { sum, count }] of hours) {
    const date = dateOf(hour * 3600);
    const entry = days.get(date) ?? { sum: 0, count: 0 };
    entry.sum += sum / count;
    entry.count++;
    days.set(date, entry);
  }
  const result = new Map<IsoDate, number>();
  for (const [date, { sum, count }] of days) if (count >= 18) result.set(date, Math.max(0, 17 - sum / count));
  return result;
}

/** The home's heat over the dates [from, to) from the registers at their midnights; null where one is missing. */
export function heatBetween(registers: WeatherInputs["registers"], from: IsoDate, to: IsoDate): number | null {
  const s = localMidnight(from, TIME_ZONE);
  const e = localMidnight(to, TIME_ZONE);
  let sum = 0;
  for (const readings of registers.values()) {
    const a = readings.get(s);
    const b = readings.get(e);
    if (a === undefined || b === undefined) return null;
    sum += b - a;
  }
  return sum;
}

export interface ExpectedWeather {
  degreeDays: number;
  comparedDegreeDays: number;
  adjustedCompared: number;
  /** (total − adjustedCompared) / adjustedCompared */
  change: number;
}

/**
 * The weather-adjusted comparison of the whole past dates [from, to] with the compared dates
 * [comparedFrom, comparedTo], the fit over the 365 days before `today` from `tenancyStart` on.
 */
export function expectedWeatherAdjusted(
  inputs: WeatherInputs,
  period: { from: IsoDate; to: IsoDate; comparedFrom: IsoDate; comparedTo: IsoDate },
  today: IsoDate,
  tenancyStart: IsoDate,
): ExpectedWeather | null {
  const degreeDays = degreeDaysByDate(inputs.outdoor);
  const points: { x: number; y: number }[] = [];
  for (let date = addDays(today, -365); date < today; date = addDays(date, 1)) {
    if (date < tenancyStart) continue;
    const y = heatBetween(inputs.registers, date, addDays(date, 1));
    const x = degreeDays.get(date);
    if (y !== null && x !== undefined) points.push({ x, y });
  }
  if (points.length < 60) return null;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const slope =
    points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0) /
    points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  const sumOver = (from: IsoDate, to: IsoDate) => {
    let sum = 0;
    for (let date = from; date <= to; date = addDays(date, 1)) sum += degreeDays.get(date) ?? Number.NaN;
    return sum;
  };
  const total = heatBetween(inputs.registers, period.from, addDays(period.to, 1));
  const compared = heatBetween(inputs.registers, period.comparedFrom, addDays(period.comparedTo, 1));
  if (total === null || compared === null || daysBetween(period.comparedFrom, period.comparedTo) < 0) return null;
  const thisDegreeDays = sumOver(period.from, period.to);
  const comparedDegreeDays = sumOver(period.comparedFrom, period.comparedTo);
  const adjustedCompared = compared + slope * (thisDegreeDays - comparedDegreeDays);
  return {
    degreeDays: thisDegreeDays,
    comparedDegreeDays,
    adjustedCompared,
    change: (total - adjustedCompared) / adjustedCompared,
  };
}
