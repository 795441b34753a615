/**
 * From raw readings to hourly consumption, and from hours to days and months. Pure functions,
 * used by ingestion (store.ts), the demo seed and the import, so every path computes rollups
 * the same way.
 *
 * - Register meters (the addition quantities: energy, volumes, hca units, error counts) keep
 *   cumulative readings; the consumption between two readings is their difference, spread over
 *   the hours between them in proportion to time ("assigned to the hour it was used"). With a
 *   reading on every full hour, hour H gets reading(H+1) − reading(H).
 * - Sample meters (the average quantities: temperatures, humidity, cooling) keep instantaneous
 *   values; an hour holds the sum and the count of its samples, so any coarser bucket averages
 *   exactly (sum of sums / sum of counts).
 *
 * Every stored aggregate is therefore a pair (value, weight): value is the sum (consumption, or
 * the sum of samples), weight the covered hours (registers) or the number of samples.
 */

import { addDays, type DayKey, dayKeyOf, type MonthKey, monthKeyOfDay, startOfDay } from "@common/calendar";
import { type Aggregation, type QuantityId, quantityDefinition } from "@common/quantities";

export const HOUR_S = 3600;

export interface Reading {
  /** Epoch seconds (UTC). */
  ts: number;
  value: number;
}

export interface Aggregate {
  value: number;
  weight: number;
}

export interface HourAggregate extends Aggregate {
  /** Epoch seconds of the hour's start. */
  hour: number;
}

/** Rounds away binary noise (0.44399999999996 → 0.444) without losing any real digit. */
export function clean(value: number, decimals = 9): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Adds a value and its weight to the sums' entry for `key`. */
function addTo<K>(sums: Map<K, Aggregate>, key: K, value: number, weight: number): void {
  const entry = sums.get(key) ?? { value: 0, weight: 0 };
  entry.value += value;
  entry.weight += weight;
  sums.set(key, entry);
}

/** The sums, each value and weight cleaned of floating-point noise. */
function cleanSums<K>(sums: Map<K, Aggregate>): Map<K, Aggregate> {
  for (const entry of sums.values()) {
    entry.value = clean(entry.value);
    entry.weight = clean(entry.weight);
  }
  return sums;
}

export function aggregationOf(quantity: QuantityId): Aggregation {
  return quantityDefinition(quantity).aggregation;
}

/** Register readings (sorted by ts, strictly increasing) → consumption per hour. */
export function hourlyFromRegister(readings: readonly Reading[]): HourAggregate[] {
  const hours = new Map<number, Aggregate>();
  for (let index = 1; index < readings.length; index++) {
    const a = readings[index - 1]!;
    const b = readings[index]!;
    const span = b.ts - a.ts;
    if (span <= 0) throw new Error(`readings out of order at ${b.ts}`);
    const delta = b.value - a.value;
    for (let hour = Math.floor(a.ts / HOUR_S) * HOUR_S; hour < b.ts; hour += HOUR_S) {
      const overlap = Math.min(b.ts, hour + HOUR_S) - Math.max(a.ts, hour);
      if (overlap <= 0) continue;
      addTo(hours, hour, (delta * overlap) / span, overlap / HOUR_S);
    }
  }
  return [...hours.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([hour, entry]) => ({ hour, value: clean(entry.value), weight: clean(entry.weight) }));
}

/** Samples (sorted by ts) → per hour the sum and the count of its samples. */
export function hourlyFromSamples(readings: readonly Reading[]): HourAggregate[] {
  const hours = new Map<number, Aggregate>();
  for (const reading of readings) {
    const hour = Math.floor(reading.ts / HOUR_S) * HOUR_S;
    addTo(hours, hour, reading.value, 1);
  }
  return [...hours.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([hour, entry]) => ({ hour, value: clean(entry.value), weight: entry.weight }));
}

export function hourlyFromReadings(aggregation: Aggregation, readings: readonly Reading[]): HourAggregate[] {
  return aggregation === "addition" ? hourlyFromRegister(readings) : hourlyFromSamples(readings);
}

/** Sums hours into Copenhagen days (23, 24 or 25 hours each). */
export function rollupDays(hours: readonly HourAggregate[]): Map<DayKey, Aggregate> {
  const days = new Map<DayKey, Aggregate>();
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let day = "";
  for (const hour of hours) {
    // Cheap path: hours inside the current day's bounds share its key.
    if (hour.hour < dayStart || hour.hour >= dayEnd) {
      day = dayKeyOf(hour.hour * 1000);
      dayStart = startOfDay(day) / 1000;
      dayEnd = startOfDay(addDays(day, 1)) / 1000;
    }
    addTo(days, day, hour.value, hour.weight);
  }
  return cleanSums(days);
}

/** Sums days into calendar months. */
export function rollupMonths(days: ReadonlyMap<DayKey, Aggregate>): Map<MonthKey, Aggregate> {
  const months = new Map<MonthKey, Aggregate>();
  for (const [day, aggregate] of days) {
    addTo(months, monthKeyOfDay(day), aggregate.value, aggregate.weight);
  }
  return cleanSums(months);
}

/** The value of a bucket: the sum for addition quantities, the mean for average ones; null without data. */
export function aggregateValue(aggregation: Aggregation, aggregate: Aggregate | undefined): number | null {
  if (aggregate === undefined || aggregate.weight <= 0) return null;
  return aggregation === "addition" ? clean(aggregate.value, 6) : clean(aggregate.value / aggregate.weight, 6);
}
