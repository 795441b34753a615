/**
 * What an ingest of many meters' readings must recompute, worked out without the database: the
 * batch merged per meter, the whole Copenhagen days a meter's new readings touch, the hours whose
 * values can change, the months holding the days, and the partitions the rows go into. store.ts
 * asks the database for the neighbouring readings and runs the statements; these rules are what
 * make the set-wise ingest give the rollups of recomputing each meter on its own.
 */
import {
  addDays,
  addMonths,
  type DayKey,
  dayKeyOf,
  firstOfMonth,
  type MonthKey,
  monthKeyOfDay,
  startOfDay,
} from "@common/calendar";
import type { Aggregation } from "@common/quantities";
import { type PartitionedTable, partitionsFor } from "../db/postgres/reading-partitions";
import { HOUR_S, type Reading } from "./aggregate";

/** One meter's new readings, for ingestReadings. */
export interface MeterReadings {
  meterId: number;
  aggregation: Aggregation;
  readings: readonly Reading[];
}

/** A meter's new readings, sorted by time, one per time. */
export interface MeterBatch {
  meterId: number;
  aggregation: Aggregation;
  readings: Reading[];
}

/**
 * The batch per meter, readings sorted and one per time: a meter named twice has its readings
 * merged, and of two readings at one time the later in the batch wins, as it would when written
 * one after the other. Meters without readings are left out. A meter named with two aggregations
 * is a mistake of the caller.
 */
export function mergeBatch(batch: readonly MeterReadings[]): MeterBatch[] {
  const byMeter = new Map<number, { aggregation: Aggregation; byTs: Map<number, number> }>();
  for (const { meterId, aggregation, readings } of batch) {
    if (readings.length === 0) continue;
    let entry = byMeter.get(meterId);
    if (entry === undefined) {
      entry = { aggregation, byTs: new Map() };
      byMeter.set(meterId, entry);
    } else if (entry.aggregation !== aggregation) {
      throw new Error(`meter ${meterId} is given as both ${entry.aggregation} and ${aggregation}`);
    }
    for (const reading of readings) entry.byTs.set(reading.ts, reading.value);
  }
  return [...byMeter].map(([meterId, { aggregation, byTs }]) => ({
    meterId,
    aggregation,
    readings: [...byTs].map(([ts, value]) => ({ ts, value })).sort((a, b) => a.ts - b.ts),
  }));
}

/** Whole Copenhagen days [firstDay, endDay) and their bounds in epoch seconds [rangeStart, rangeEnd). */
export interface DaySpan {
  firstDay: DayKey;
  endDay: DayKey;
  rangeStart: number;
  rangeEnd: number;
}

/** The whole Copenhagen days holding the instants fromTs … toTs (epoch seconds). */
export function daysOf(fromTs: number, toTs: number): DaySpan {
  const firstDay = dayKeyOf(fromTs * 1000);
  const endDay = addDays(dayKeyOf(toTs * 1000), 1);
  return { firstDay, endDay, rangeStart: startOfDay(firstDay) / 1000, rangeEnd: startOfDay(endDay) / 1000 };
}

/**
 * The span a meter's new readings change, given its stored readings just before the first and
 * just after the last new one (null: none). Registers spread a difference over the time between
 * two readings, so the change reaches from the previous reading to the next; samples change only
 * the hours they fall in.
 */
export function changedSpan(
  aggregation: Aggregation,
  firstTs: number,
  lastTs: number,
  before: number | null,
  after: number | null,
): { from: number; to: number } {
  return aggregation === "addition" ? { from: before ?? firstTs, to: after ?? lastTs } : { from: firstTs, to: lastTs };
}

/**
 * The hours [from, end) whose values can differ after the change: every hour a register's changed
 * intervals overlap, every hour holding a new sample. The other hours of the changed days keep
 * their values exactly (the same intervals or samples, summed in the same order), so only these
 * are written again; the days are still summed from all their hours.
 */
export function changedHours(
  aggregation: Aggregation,
  span: { from: number; to: number },
): { from: number; end: number } {
  const from = Math.floor(span.from / HOUR_S) * HOUR_S;
  // A register's hour ends where the last changed interval ends; a sample's hour is the whole hour.
  const end =
    aggregation === "addition" ? Math.ceil(span.to / HOUR_S) * HOUR_S : Math.floor(span.to / HOUR_S) * HOUR_S + HOUR_S;
  return { from, end };
}

/** The months [firstMonth, endMonth) holding the days [firstDay, endDay). */
export function monthsOf(firstDay: DayKey, endDay: DayKey): { firstMonth: MonthKey; endMonth: MonthKey } {
  return {
    firstMonth: monthKeyOfDay(firstDay),
    endMonth: monthKeyOfDay(addMonths(firstOfMonth(addDays(endDay, -1)), 1)),
  };
}

/**
 * The runs of consecutive partitions that rows in the given [from, to] ranges (inclusive; epoch
 * seconds, or days for consumption_daily) go into, each as the [from, to] to ask
 * ensureReadingPartitions for: no partition between two ranges that no row needs, and one call
 * for all the meters of an hour.
 */
export function partitionRuns(
  table: PartitionedTable,
  ranges: readonly (readonly [number | string, number | string])[],
): [number | string, number | string][] {
  const sorted = [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: [number | string, number | string][] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && from <= last[1]) {
      if (to > last[1]) last[1] = to;
    } else merged.push([from, to]);
  }
  const partitions = new Map<string, { from: number | string; to: number | string }>();
  for (const [from, to] of merged)
    for (const partition of partitionsFor(table, from, to)) partitions.set(partition.name, partition);
  const runs: [number | string, number | string][] = [];
  let runEnd: number | string | null = null;
  for (const partition of [...partitions.values()].sort((a, b) => (a.from < b.from ? -1 : 1))) {
    const last = runs[runs.length - 1];
    if (last !== undefined && partition.from === runEnd) last[1] = partition.from;
    else runs.push([partition.from, partition.from]);
    runEnd = partition.to;
  }
  return runs;
}
