/**
 * Collecting rollup rows into calendar buckets: from the coarsest rollup that answers each bucket
 * exactly, priced or weighed by CO2 per meter when the mode asks, and summed per group; and a
 * request's totals per meter, each range read once.
 */

import { type Bucket, type DayKey, dayKeyOf, type Resolution } from "@common/calendar";
import type { Aggregate } from "./aggregate";
import type { DataWindow, Db } from "./engine";
import type { Co2FactorOfMeter, PriceOfMeterHour } from "./hour-prices";
import { dailyRows, daysAndMonthsRows, hourlyRows, type RollupRow, totalsByMeter } from "./rollup-reads";

/** Index of the bucket holding a day (buckets sorted, contiguous), or -1. */
export function bucketIndexOfDay(buckets: readonly Bucket[], day: DayKey): number {
  return bucketIndexOf(buckets, (bucket) => (day < bucket.firstDay ? -1 : day >= bucket.endDay ? 1 : 0));
}

/** Index of the bucket holding an instant (buckets sorted, disjoint, maybe with gaps), or -1. */
export function bucketIndexOfInstant(buckets: readonly Bucket[], utcMs: number): number {
  return bucketIndexOf(buckets, (bucket) => (utcMs < bucket.start ? -1 : utcMs >= bucket.end ? 1 : 0));
}

/**
 * Binary search over sorted, disjoint buckets: `side` says whether what is sought lies before (-1),
 * in (0) or after (1) a bucket. The index of the bucket holding it, or -1.
 */
function bucketIndexOf(buckets: readonly Bucket[], side: (bucket: Bucket) => -1 | 0 | 1): number {
  let low = 0;
  let high = buckets.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const where = side(buckets[middle]!);
    if (where < 0) high = middle - 1;
    else if (where > 0) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * Whether every whole calendar month inside the buckets' span lies in one bucket, so that monthly
 * rollup rows may stand for their days: the buckets are contiguous and meet only at month starts.
 */
function monthAligned(buckets: readonly Bucket[]): boolean {
  for (let index = 1; index < buckets.length; index++) {
    const boundary = buckets[index]!.firstDay;
    if (buckets[index - 1]!.endDay !== boundary || !boundary.endsWith("-01")) return false;
  }
  return true;
}

export interface BucketRow {
  meterId: number;
  index: number;
  value: number;
  weight: number;
}

/**
 * The rollup rows of the meters inside the buckets and the window, each tagged with its bucket.
 * Consumption reads the coarsest exact rollup; cost reads hours and multiplies each by its price
 * (hours without a price are left out). CO2 reads the same rollups as consumption and multiplies
 * each meter's rows by its factor (a factor is constant over time, so a year of CO2 costs no more
 * than a year of consumption); meters without a factor are left out.
 */
export async function collectBucketRows(
  db: Db,
  allMeterIds: readonly number[],
  resolution: Resolution,
  buckets: readonly Bucket[],
  window: DataWindow,
  prices?: PriceOfMeterHour,
  co2Factors?: Co2FactorOfMeter,
): Promise<BucketRow[]> {
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const meterIds =
    co2Factors === undefined ? allMeterIds : allMeterIds.filter((meterId) => co2Factors(meterId) !== undefined);
  if (first === undefined || last === undefined || meterIds.length === 0) return [];
  const out: BucketRow[] = [];
  const weighed = (meterId: number, value: number) => (co2Factors === undefined ? value : value * co2Factors(meterId)!);

  if (resolution === "HOURLY" || prices !== undefined) {
    const fromS = Math.max(first.start / 1000, window.fromS);
    const toS = Math.min(last.end / 1000, window.toS);
    const rows = await hourlyRows(db, meterIds, fromS, toS);
    for (const row of rows) {
      const hour = row.key as number;
      let value = row.value;
      if (prices !== undefined) {
        const price = prices(hour, row.meter_id);
        if (price === undefined) continue;
        value *= price;
      }
      const index =
        resolution === "HOURLY"
          ? bucketIndexOfInstant(buckets, hour * 1000)
          : bucketIndexOfDay(buckets, dayKeyOf(hour * 1000));
      if (index >= 0 && index < buckets.length)
        out.push({ meterId: row.meter_id, index, value: weighed(row.meter_id, value), weight: row.weight });
    }
    return out;
  }

  const fromDay = first.firstDay > window.fromDay ? first.firstDay : window.fromDay;
  const endDay = last.endDay < window.endDay ? last.endDay : window.endDay;
  const rows: RollupRow[] =
    (resolution === "MONTHLY" || resolution === "YEARLY") && monthAligned(buckets)
      ? await daysAndMonthsRows(db, meterIds, fromDay, endDay)
      : await dailyRows(db, meterIds, fromDay, endDay);
  for (const row of rows) {
    const key = row.key as string;
    const index = bucketIndexOfDay(buckets, key.length === 7 ? `${key}-01` : key);
    if (index >= 0)
      out.push({ meterId: row.meter_id, index, value: weighed(row.meter_id, row.value), weight: row.weight });
  }
  return out;
}

/**
 * One row per meter with its total over one bucket (whole days) inside the window, summed by the
 * database; what `collectBucketRows` gives for a single bucket, without a row per day.
 */
export async function summedBucketRows(
  db: Db,
  allMeterIds: readonly number[],
  bucket: Bucket,
  window: DataWindow,
  co2Factors?: Co2FactorOfMeter,
  meterTotals?: MeterTotals,
): Promise<BucketRow[]> {
  const meterIds =
    co2Factors === undefined ? allMeterIds : allMeterIds.filter((meterId) => co2Factors(meterId) !== undefined);
  const fromDay = bucket.firstDay > window.fromDay ? bucket.firstDay : window.fromDay;
  const endDay = bucket.endDay < window.endDay ? bucket.endDay : window.endDay;
  if (meterIds.length === 0 || fromDay >= endDay) return [];
  const shared = meterTotals !== undefined && meterIds.every((meterId) => meterTotals.meterIds.has(meterId));
  const totals = shared
    ? await meterTotals.totals(fromDay, endDay)
    : await totalsByMeter(db, meterIds, fromDay, endDay);
  const rows: BucketRow[] = [];
  for (const meterId of meterIds) {
    const total = totals.get(meterId);
    if (total === undefined) continue;
    rows.push({
      meterId,
      index: 0,
      value: co2Factors === undefined ? total.value : total.value * co2Factors(meterId)!,
      weight: total.weight,
    });
  }
  return rows;
}

/** Sums rows per group and bucket. `groupOf` maps a meter to its group (undefined: skip it). */
export function groupRows<K>(
  rows: readonly BucketRow[],
  bucketCount: number,
  groupOf: (meterId: number) => K | undefined,
): Map<K, Aggregate[]> {
  const groups = new Map<K, Aggregate[]>();
  for (const row of rows) {
    const group = groupOf(row.meterId);
    if (group === undefined) continue;
    let aggregates = groups.get(group);
    if (aggregates === undefined) {
      aggregates = Array.from({ length: bucketCount }, () => ({ value: 0, weight: 0 }));
      groups.set(group, aggregates);
    }
    const aggregate = aggregates[row.index]!;
    aggregate.value += row.value;
    aggregate.weight += row.weight;
  }
  return groups;
}

/**
 * Totals per meter over whole days for one set of meters (a unit's), each range read once: a table
 * of several quantities, or a dashboard, reads one range for all the unit's meters in one query
 * instead of one query per quantity and range. Made per request, so nothing outlives the request.
 */
export interface MeterTotals {
  meterIds: ReadonlySet<number>;
  totals(fromDay: DayKey, endDay: DayKey): Promise<Map<number, Aggregate>>;
}

export function meterTotalsOf(db: Db, meterIds: readonly number[]): MeterTotals {
  const ranges = new Map<string, Promise<Map<number, Aggregate>>>();
  return {
    meterIds: new Set(meterIds),
    totals(fromDay, endDay) {
      const key = `${fromDay}/${endDay}`;
      let totals = ranges.get(key);
      if (totals === undefined) {
        totals = totalsByMeter(db, meterIds, fromDay, endDay);
        ranges.set(key, totals);
      }
      return totals;
    },
  };
}
