/**
 * Efficient neighbours (issue 46 item 4, ADR 0073): beside the property average, the mean per m2
 * of the most efficient fifth of the other homes of the property, scaled to the caller's floor
 * area. Only where at least MIN_EFFICIENT_NEIGHBOURS other homes have data over the period, so
 * that the fifth is at least two homes and no figure reveals one. The pure part: which homes
 * count, which are the fifth, and the figures.
 */

import { addDays, type DayKey, type DayRange, dayKeyOf, startOfDay } from "@common/calendar";
import { clean } from "./aggregate";

/** Fewest other homes with data over the period for an efficient-neighbours figure. */
export const MIN_EFFICIENT_NEIGHBOURS = 10;
/** The share of the homes taken: the most efficient fifth. */
export const EFFICIENT_SHARE = 5;

/** A neighbour's value over the period per m2 of its own floor area. */
export interface NeighbourValue {
  unitId: number;
  perM2: number;
}

/** The efficient fifth of the homes and the mean per m2 they rest on. */
export interface EfficientFifth {
  /** The homes of the fifth, most efficient first. */
  unitIds: number[];
  /** Their mean per m2 over the period. */
  meanPerM2: number;
  /** How many other homes with data the fifth was chosen from. */
  homes: number;
}

/**
 * The ceil(n/5) homes with the lowest values per m2 (ties by the lower unit id, so the choice is
 * the same on every request), or null when fewer than MIN_EFFICIENT_NEIGHBOURS homes have a
 * finite value. A home without a finite value (no floor area) does not count.
 */
export function efficientFifthOf(values: readonly NeighbourValue[]): EfficientFifth | null {
  const homes = values.filter((home) => Number.isFinite(home.perM2));
  if (homes.length < MIN_EFFICIENT_NEIGHBOURS) return null;
  const sorted = [...homes].sort((a, b) => a.perM2 - b.perM2 || a.unitId - b.unitId);
  const fifth = sorted.slice(0, Math.ceil(homes.length / EFFICIENT_SHARE));
  return {
    unitIds: fifth.map((home) => home.unitId),
    meanPerM2: fifth.reduce((sum, home) => sum + home.perM2, 0) / fifth.length,
    homes: homes.length,
  };
}

/**
 * A mean per m2 as the figure the caller compares with: per m2 when the view is normalized,
 * else times the caller's floor area (as its own total); cleaned to 6 decimals like every figure.
 */
export function scaledToHome(meanPerM2: number, normalized: boolean, floorArea: number): number | null {
  const value = normalized ? meanPerM2 : meanPerM2 * floorArea;
  return Number.isFinite(value) ? clean(value, 6) : null;
}

/**
 * A bucket's figure from the fifth's values per m2 in it: their mean, or null unless every home
 * of the fifth has a value there (a bucket where only some have data would rest on fewer homes,
 * perhaps one).
 */
export function bucketMeanOf(perM2: readonly (number | null | undefined)[]): number | null {
  if (perM2.length === 0) return null;
  let sum = 0;
  for (const value of perM2) {
    if (value === null || value === undefined || !Number.isFinite(value)) return null;
    sum += value;
  }
  return sum / perM2.length;
}

/**
 * The days a home must have data on to count: the period's days inside the caller's data window,
 * less the window's last day when the window ends inside it (today, until now: its readings may
 * not have arrived yet), unless that day is all there is. Null when none of the period's days is
 * in the window.
 */
export function requiredDaysOf(
  days: DayRange,
  window: { fromDay: DayKey; endDay: DayKey; toS: number },
): DayRange | null {
  const fromDay = days.fromDay > window.fromDay ? days.fromDay : window.fromDay;
  let endDay = days.endDay < window.endDay ? days.endDay : window.endDay;
  if (fromDay >= endDay) return null;
  const endMs = window.toS * 1000;
  const cutDay = dayKeyOf(endMs);
  if (startOfDay(cutDay) < endMs && addDays(cutDay, 1) === endDay && cutDay > fromDay) endDay = cutDay;
  return { fromDay, endDay };
}

/** Whether a home's runs of days with data ([firstDay, endDay) each) cover every day of the range. */
export function runsCover(runs: readonly { firstDay: DayKey; endDay: DayKey }[], range: DayRange): boolean {
  return runs.some((run) => run.firstDay <= range.fromDay && run.endDay >= range.endDay);
}
