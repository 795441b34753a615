/**
 * Whole series of new meters at once (the demo seed, the benchmark): readings, hours, days and
 * months. On PostgreSQL by COPY, many meters per statement (ADR 0040); on SQLite by the prepared
 * multi-row inserts (ADR 0008), which already load at a few hundred thousand readings a second.
 */
import type { Aggregation } from "@common/quantities";
import type { Kysely, Transaction } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import { ensureReadingPartitions } from "../db/postgres/reading-partitions";
import type { Database } from "../db/types";
import {
  type Aggregate,
  clean,
  HOUR_S,
  type HourAggregate,
  hourlyFromReadings,
  type Reading,
  rollupDays,
  rollupMonths,
} from "./aggregate";
import {
  BinaryCopyRows,
  bulkInsert,
  copyInto,
  copyLines,
  type Db,
  insertIntoReadingTable,
  inTransaction,
} from "./bulk-insert";
import type { PropertyRollupAccumulator } from "./property-rollup-accumulator";

/** One new meter's whole series. */
export interface NewSeries {
  meterId: number;
  aggregation: Aggregation;
  readings: readonly Reading[];
}

export interface NewSeriesOptions {
  /** PostgreSQL: load by COPY (the default) or by the unnest inserts (the tests compare the two). */
  copy?: boolean;
  /**
   * A bulk load's property rollups, made from the series as they are written and written once at
   * its end (PropertyRollupAccumulator.write) instead of a rebuild that reads every row again.
   */
  propertyRollups?: PropertyRollupAccumulator;
  /**
   * PostgreSQL, given the pool (not a transaction): the readings in one transaction and the rollups
   * in another, both at once on two connections, so that the server parses and stores the two big
   * COPY streams on two cores while this process encodes them (a bulk load's writing was one server
   * process at work, this one mostly waiting). For a bulk load of a fresh database only, as
   * withKeysBuiltAfter: a failure can leave one of the two committed without the other.
   */
  concurrent?: boolean;
}

interface Rollups {
  meterId: number;
  readings: readonly Reading[];
  hours: readonly HourAggregate[];
  days: ReadonlyMap<string, Aggregate>;
  months: ReadonlyMap<string, Aggregate>;
}

function rollupsOf({ meterId, aggregation, readings }: NewSeries): Rollups {
  const hours =
    (aggregation === "addition" && hourlyOnWholeHours(readings)) || hourlyFromReadings(aggregation, readings);
  const days = rollupDays(hours);
  return { meterId, readings, hours, days, months: rollupMonths(days) };
}

/**
 * The hours of register readings that all fall on whole hours (a bulk load's usually do), as
 * hourlyFromRegister makes them but without its map of partial hours: between two readings on
 * whole hours every hour is whole, and belongs to that pair of readings alone. The arithmetic is
 * hourlyFromRegister's own, step for step (the share (delta × 3600) / span added to 0, then
 * cleaned), so the values are the same doubles; the load's largest cost in JavaScript before.
 * Undefined when a reading is off the hour or out of order: the general path handles those.
 */
export function hourlyOnWholeHours(readings: readonly Reading[]): HourAggregate[] | undefined {
  for (let index = 0; index < readings.length; index++) {
    const ts = readings[index]!.ts;
    if (ts % HOUR_S !== 0 || (index > 0 && ts <= readings[index - 1]!.ts)) return undefined;
  }
  const hours: HourAggregate[] = [];
  for (let index = 1; index < readings.length; index++) {
    const a = readings[index - 1]!;
    const b = readings[index]!;
    const span = b.ts - a.ts;
    const delta = b.value - a.value;
    const value = clean(0 + (delta * HOUR_S) / span);
    const weight = clean(0 + HOUR_S / HOUR_S);
    for (let hour = a.ts; hour < b.ts; hour += HOUR_S) hours.push({ hour, value, weight });
  }
  return hours;
}

function keyedValues(meterId: number, rows: ReadonlyMap<string, Aggregate>): (string | number)[] {
  const values: (string | number)[] = [];
  for (const [key, aggregate] of rows) values.push(meterId, key, aggregate.value, aggregate.weight);
  return values;
}

/**
 * Writes the series of meters that have no readings yet, rollups included, in `db`'s transaction
 * (or one of its own, or two at once: `options.concurrent`). The property rollups are not kept here: a bulk load makes them once at its
 * end, from the series handed to `options.propertyRollups` (or by rebuildPropertyRollups).
 */
export async function writeNewSeriesBatch(
  db: Db,
  batch: readonly NewSeries[],
  options: NewSeriesOptions = {},
): Promise<void> {
  const series = batch.map(rollupsOf);
  if (!isPostgres(db) || options.copy === false) {
    await inTransaction(db, async (trx) => {
      for (const { meterId, readings, hours, days, months } of series) {
        const flat: number[] = [];
        for (const reading of readings) flat.push(meterId, reading.ts, reading.value);
        await insertIntoReadingTable(trx, "meter_readings", ["meter_id", "ts", "value"], flat);
        const hourly: number[] = [];
        for (const hour of hours) hourly.push(meterId, hour.hour, hour.value, hour.weight);
        await insertIntoReadingTable(trx, "consumption_hourly", ["meter_id", "hour", "value", "weight"], hourly);
        const daily = keyedValues(meterId, days);
        await insertIntoReadingTable(trx, "consumption_daily", ["meter_id", "day", "value", "weight"], daily);
        await bulkInsert(
          trx,
          "consumption_monthly",
          ["meter_id", "month", "value", "weight"],
          keyedValues(meterId, months),
        );
      }
      await options.propertyRollups?.add(trx, series);
    });
    return;
  }
  const tsRange = rangeOf(series.flatMap((s) => s.readings.map((reading) => reading.ts)));
  if (tsRange === undefined) return;
  const hourRange = rangeOf(series.flatMap((s) => s.hours.map((hour) => hour.hour)));
  const dayRange = rangeOf(series.flatMap((s) => [...s.days.keys()]));
  // One COPY per table for the whole batch, each meter's rows encoded only as the stream asks for
  // them: binary for the two big tables of numbers, text for those keyed by day and month.
  const writeReadings = async (trx: Transaction<Database>) => {
    await ensureReadingPartitions(trx, "meter_readings", tsRange[0], tsRange[1]);
    await copyInto(trx, "meter_readings", ["meter_id", "ts", "value"], readingRows(series), "binary");
  };
  const writeRollups = async (trx: Transaction<Database>) => {
    if (hourRange !== undefined) await ensureReadingPartitions(trx, "consumption_hourly", hourRange[0], hourRange[1]);
    if (dayRange !== undefined) await ensureReadingPartitions(trx, "consumption_daily", dayRange[0], dayRange[1]);
    await copyInto(trx, "consumption_hourly", ["meter_id", "hour", "value", "weight"], hourRows(series), "binary");
    const daily = series.flatMap((s) => keyedValues(s.meterId, s.days));
    await copyInto(trx, "consumption_daily", ["meter_id", "day", "value", "weight"], copyLines(4, daily));
    const monthly = series.flatMap((s) => keyedValues(s.meterId, s.months));
    await copyInto(trx, "consumption_monthly", ["meter_id", "month", "value", "weight"], copyLines(4, monthly));
    await options.propertyRollups?.add(trx, series);
  };
  if (options.concurrent && !db.isTransaction) {
    const pool = db as Kysely<Database>;
    await Promise.all([pool.transaction().execute(writeReadings), pool.transaction().execute(writeRollups)]);
    return;
  }
  await inTransaction(db, async (trx) => {
    await writeReadings(trx);
    await writeRollups(trx);
  });
}

/** The smallest and largest key: the partitions a write needs. */
function rangeOf<K extends number | string>(keys: readonly K[]): [K, K] | undefined {
  if (keys.length === 0) return undefined;
  let low = keys[0]!;
  let high = low;
  for (const key of keys) {
    if (key < low) low = key;
    if (key > high) high = key;
  }
  return [low, high];
}

/** The readings in COPY's binary format: meter (int4), time (int8), value (float8). */
function* readingRows(series: readonly Rollups[]): Generator<Buffer> {
  const rows = new BinaryCopyRows();
  for (const { meterId, readings } of series) {
    for (const reading of readings) {
      rows.row(3);
      rows.int4(meterId);
      rows.int8(reading.ts);
      rows.float8(reading.value);
      if (rows.full()) yield rows.take();
    }
  }
  yield rows.take(true);
}

/** The hourly rollups in COPY's binary format: meter (int4), hour (int8), value and weight (float8). */
function* hourRows(series: readonly Rollups[]): Generator<Buffer> {
  const rows = new BinaryCopyRows();
  for (const { meterId, hours } of series) {
    for (const hour of hours) {
      rows.row(4);
      rows.int4(meterId);
      rows.int8(hour.hour);
      rows.float8(hour.value);
      rows.float8(hour.weight);
      if (rows.full()) yield rows.take();
    }
  }
  yield rows.take(true);
}
