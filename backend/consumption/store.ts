/**
 * Readings and rollups in the database (ADR 0008): writing readings keeps consumption_hourly,
 * consumption_daily and consumption_monthly up to date in the same transaction; reading picks
 * the coarsest rollup that answers exactly (months inside a range from the monthly table, the
 * edges from the daily one).
 */
import { CompiledQuery, sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import { ensureReadingPartitions, partitionKeyOf, type PartitionedTable } from "../db/postgres/reading-partitions";
import type { Aggregation } from "@common/quantities";
import { addDays, addMonths, dayKeyOf, firstOfMonth, monthKeyOfDay, startOfDay, type DayKey } from "@common/calendar";
import type { Database } from "../db/types";
import {
  HOUR_S,
  hourlyFromReadings,
  rollupDays,
  rollupMonths,
  type Aggregate,
  type HourAggregate,
  type Reading,
} from "./aggregate";

type Db = Kysely<Database> | Transaction<Database>;

/** round(x, 9): SQLite rounds a real; PostgreSQL rounds only numeric. */
function roundTo9(expression: RawBuilder<unknown>, db: Db): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`round((${expression})::numeric, 9)::float8`
    : sql<number>`round(${expression}, 9)`;
}

// ---------------------------------------------------------------------------------------------
// Bulk inserts: one prepared multi-row statement per chunk, bypassing the query builder.

const statementCache = new Map<string, string>();
function multiRowInsert(table: string, columns: readonly string[], rows: number, conflict: string): string {
  const key = `${table}|${columns.join(",")}|${rows}|${conflict}`;
  let statement = statementCache.get(key);
  if (statement === undefined) {
    const tuple = `(${columns.map(() => "?").join(",")})`;
    statement = `insert into ${table} (${columns.join(",")}) values ${Array.from({ length: rows }, () => tuple).join(",")} ${conflict}`;
    statementCache.set(key, statement);
  }
  return statement;
}

/** PostgreSQL array types of the reading tables' columns; other columns are text or double precision by value. */
const postgresColumnTypes: Readonly<Record<string, string>> = { meter_id: "int4", ts: "int8", hour: "int8" };

/**
 * PostgreSQL: one statement per 10,000 rows, each column one array parameter unnested into rows
 * (`insert … select * from unnest($1::int4[], $2::int8[], …)`): a statement's text and plan do not
 * grow with its rows, and no statement nears PostgreSQL's 65,535 parameters.
 */
async function unnestInsert(
  db: Db,
  table: string,
  columns: readonly string[],
  values: readonly (string | number | null)[],
  conflict: string,
): Promise<void> {
  const width = columns.length;
  const chunkRows = 10_000;
  const types = columns.map(
    (column, index) => postgresColumnTypes[column] ?? (typeof values[index] === "string" ? "text" : "float8"),
  );
  const statement = `insert into ${table} (${columns.join(",")}) select * from unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(", ")}) ${conflict}`;
  for (let offset = 0; offset < values.length; offset += chunkRows * width) {
    const end = Math.min(values.length, offset + chunkRows * width);
    const arrays: (string | number | null)[][] = columns.map(() => []);
    for (let index = offset; index < end; index++) arrays[(index - offset) % width]!.push(values[index]!);
    await db.executeQuery(CompiledQuery.raw(statement, arrays));
  }
}

/** Inserts flat rows (values in column order): SQLite in prepared chunks of 400 rows, PostgreSQL by arrays. */
export async function bulkInsert(
  db: Db,
  table: string,
  columns: readonly string[],
  values: readonly (string | number | null)[],
  conflict = "",
): Promise<void> {
  if (values.length === 0) return;
  if (isPostgres(db)) return unnestInsert(db, table, columns, values, conflict);
  const width = columns.length;
  const chunkRows = 400;
  for (let offset = 0; offset < values.length; offset += chunkRows * width) {
    const chunk = values.slice(offset, offset + chunkRows * width);
    await db.executeQuery(
      CompiledQuery.raw(multiRowInsert(table, columns, chunk.length / width, conflict), chunk as unknown[]),
    );
  }
}

/**
 * {@link bulkInsert} into a reading table that PostgreSQL partitions by time (ADR 0031): the
 * partitions for the rows' times are made first. The rows' times are the table's partition-key column.
 */
async function insertIntoReadingTable(
  db: Db,
  table: PartitionedTable,
  columns: readonly string[],
  values: readonly (string | number)[],
  conflict = "",
): Promise<void> {
  if (values.length > 0 && isPostgres(db)) {
    const width = columns.length;
    const keyIndex = columns.indexOf(partitionKeyOf[table]);
    let min = values[keyIndex]!;
    let max = min;
    for (let index = keyIndex; index < values.length; index += width) {
      const key = values[index]!;
      if (key < min) min = key;
      if (key > max) max = key;
    }
    await ensureReadingPartitions(db, table, min, max);
  }
  await bulkInsert(db, table, columns, values, conflict);
}

function hourValues(meterId: number, hours: readonly HourAggregate[]): number[] {
  const values: number[] = [];
  for (const hour of hours) values.push(meterId, hour.hour, hour.value, hour.weight);
  return values;
}

function keyedValues(meterId: number, rows: ReadonlyMap<string, Aggregate>): (string | number)[] {
  const values: (string | number)[] = [];
  for (const [key, aggregate] of rows) values.push(meterId, key, aggregate.value, aggregate.weight);
  return values;
}

/**
 * Writes a new meter's whole series at once (demo seed, benchmark): readings, hours, days and
 * months. The meter must have no readings yet.
 */
export async function writeNewSeries(
  db: Db,
  meterId: number,
  aggregation: Aggregation,
  readings: readonly Reading[],
): Promise<void> {
  const flat: number[] = [];
  for (const reading of readings) flat.push(meterId, reading.ts, reading.value);
  await insertIntoReadingTable(db, "meter_readings", ["meter_id", "ts", "value"], flat);
  const hours = hourlyFromReadings(aggregation, readings);
  const hourly = hourValues(meterId, hours);
  await insertIntoReadingTable(db, "consumption_hourly", ["meter_id", "hour", "value", "weight"], hourly);
  const days = rollupDays(hours);
  const daily = keyedValues(meterId, days);
  await insertIntoReadingTable(db, "consumption_daily", ["meter_id", "day", "value", "weight"], daily);
  await bulkInsert(
    db,
    "consumption_monthly",
    ["meter_id", "month", "value", "weight"],
    keyedValues(meterId, rollupMonths(days)),
  );
}

/**
 * How far back the previous reading is looked for first. A bounded range lets PostgreSQL plan and
 * read the month partitions of that range only, instead of every partition before the time: with
 * ten years of months that planning alone would cost more than the rest of an ingest. (After a
 * time there are only the few months up to now, so the next reading is looked for unbounded: the
 * hourly ingest's newest reading has none, and a bound would only add a second query.)
 */
const NEIGHBOUR_WINDOW_S = 35 * 86_400;

type NeighbourAsk = readonly ["before" | "after", number];

/**
 * For each ask, the time of the meter's reading just before (or after) the given time, or null:
 * one query for all of them, the previous reading looked for within {@link NEIGHBOUR_WINDOW_S}, and
 * once more without that bound only where none was found (a gap of weeks, a meter's first readings).
 */
async function neighbourTimes(db: Db, meterId: number, asks: readonly NeighbourAsk[]): Promise<(number | null)[]> {
  const find = async (wanted: readonly NeighbourAsk[], bounded: boolean) => {
    const row = (await db
      .selectNoFrom((eb) =>
        wanted.map(([direction, ts], index) => {
          let query = eb.selectFrom("meter_readings").select("ts").where("meter_id", "=", meterId);
          query = direction === "before" ? query.where("ts", "<", ts) : query.where("ts", ">", ts);
          if (bounded && direction === "before") query = query.where("ts", ">=", ts - NEIGHBOUR_WINDOW_S);
          return query
            .orderBy("ts", direction === "before" ? "desc" : "asc")
            .limit(1)
            .as(`n${index}`);
        }),
      )
      .executeTakeFirstOrThrow()) as Record<string, number | null>;
    return wanted.map((_, index) => row[`n${index}`] ?? null);
  };
  const found = await find(asks, true);
  const far = asks.flatMap((ask, index) => (found[index] === null && ask[0] === "before" ? [{ ask, index }] : []));
  if (far.length > 0) {
    const farther = await find(
      far.map((f) => f.ask),
      false,
    );
    far.forEach((f, index) => {
      found[f.index] = farther[index]!;
    });
  }
  return found;
}

/**
 * Adds (or replaces) readings of one meter and recomputes the rollups they touch: the whole
 * Copenhagen days from the reading before the first new one to the reading after the last, and
 * the months holding them. Idempotent: writing the same readings again changes nothing.
 */
export async function ingestMeterReadings(
  db: Db,
  meterId: number,
  aggregation: Aggregation,
  readings: readonly Reading[],
): Promise<void> {
  if (readings.length === 0) return;
  const sorted = [...readings].sort((a, b) => a.ts - b.ts);
  const flat: number[] = [];
  for (const reading of sorted) flat.push(meterId, reading.ts, reading.value);
  await insertIntoReadingTable(
    db,
    "meter_readings",
    ["meter_id", "ts", "value"],
    flat,
    "on conflict (meter_id, ts) do update set value = excluded.value",
  );

  const minTs = sorted[0]!.ts;
  const maxTs = sorted[sorted.length - 1]!.ts;
  // The whole days the new readings touch, and every reading that contributes to their hours. For
  // registers the interval from the previous reading to the first new one (and from the last to the
  // next) changes too, and each day's first and last hour need the readings just outside it. The
  // common case (neighbours within the days of the new readings) needs one query for all four.
  const daysOf = (fromTs: number, toTs: number) => {
    const firstDay = dayKeyOf(fromTs * 1000);
    const endDay = addDays(dayKeyOf(toTs * 1000), 1);
    return { firstDay, endDay, rangeStart: startOfDay(firstDay) / 1000, rangeEnd: startOfDay(endDay) / 1000 };
  };
  let days = daysOf(minTs, maxTs);
  let loadFrom = days.rangeStart;
  let loadTo = days.rangeEnd - 1;
  if (aggregation === "addition") {
    const guess = days;
    const [before, after, beforeDays, afterDays] = await neighbourTimes(db, meterId, [
      ["before", minTs],
      ["after", maxTs],
      ["before", guess.rangeStart],
      ["after", guess.rangeEnd - 1],
    ]);
    days = daysOf(before ?? minTs, after ?? maxTs);
    if (days.rangeStart === guess.rangeStart && days.rangeEnd === guess.rangeEnd) {
      loadFrom = beforeDays ?? days.rangeStart;
      loadTo = afterDays ?? days.rangeEnd - 1;
    } else {
      const [from, to] = await neighbourTimes(db, meterId, [
        ["before", days.rangeStart],
        ["after", days.rangeEnd - 1],
      ]);
      loadFrom = from ?? days.rangeStart;
      loadTo = to ?? days.rangeEnd - 1;
    }
  }
  const { firstDay, endDay, rangeStart, rangeEnd } = days;

  const stored = await db
    .selectFrom("meter_readings")
    .select(["ts", "value"])
    .where("meter_id", "=", meterId)
    .where("ts", ">=", Math.min(loadFrom, rangeStart))
    .where("ts", "<=", Math.max(loadTo, rangeEnd - 1))
    .orderBy("ts")
    .execute();
  const hours = hourlyFromReadings(aggregation, stored).filter(
    (hour) => hour.hour >= rangeStart && hour.hour < rangeEnd,
  );

  await db
    .deleteFrom("consumption_hourly")
    .where("meter_id", "=", meterId)
    .where("hour", ">=", rangeStart)
    .where("hour", "<", rangeEnd)
    .execute();
  const hourly = hourValues(meterId, hours);
  await insertIntoReadingTable(db, "consumption_hourly", ["meter_id", "hour", "value", "weight"], hourly);

  await db
    .deleteFrom("consumption_daily")
    .where("meter_id", "=", meterId)
    .where("day", ">=", firstDay)
    .where("day", "<", endDay)
    .execute();
  const daily = keyedValues(meterId, rollupDays(hours));
  await insertIntoReadingTable(db, "consumption_daily", ["meter_id", "day", "value", "weight"], daily);

  const firstMonth = monthKeyOfDay(firstDay);
  const endMonth = monthKeyOfDay(addMonths(firstOfMonth(addDays(endDay, -1)), 1));
  await db
    .deleteFrom("consumption_monthly")
    .where("meter_id", "=", meterId)
    .where("month", ">=", firstMonth)
    .where("month", "<", endMonth)
    .execute();
  await sql`
    insert into consumption_monthly (meter_id, month, value, weight)
    select meter_id, substr(day, 1, 7), ${roundTo9(sql`sum(value)`, db)}, ${roundTo9(sql`sum(weight)`, db)}
    from consumption_daily
    where meter_id = ${meterId} and day >= ${`${firstMonth}-01`} and day < ${`${endMonth}-01`}
    group by meter_id, substr(day, 1, 7)
  `.execute(db);
}

// ---------------------------------------------------------------------------------------------
// Reading rollups

export interface RollupRow {
  meter_id: number;
  /** Hour start (epoch seconds), day (YYYY-MM-DD) or month (YYYY-MM). */
  key: number | string;
  value: number;
  weight: number;
}

/** Each rollup table and its key column: hour start (epoch seconds), day (YYYY-MM-DD), month (YYYY-MM). */
const rollupTables = {
  hourly: ["consumption_hourly", "hour"],
  daily: ["consumption_daily", "day"],
  monthly: ["consumption_monthly", "month"],
} as const;
type Rollup = keyof typeof rollupTables;

/** A rollup's rows of these meters whose key lies in [from, end); null when none can. */
function rollupRange(db: Db, rollup: Rollup, meterIds: readonly number[], from: number | string, end: number | string) {
  if (meterIds.length === 0 || from >= end) return null;
  const [table, key] = rollupTables[rollup];
  return {
    key,
    rows: db.selectFrom(table).where("meter_id", "in", meterIds).where(key, ">=", from).where(key, "<", end),
  };
}

async function rollupRows(
  db: Db,
  rollup: Rollup,
  meterIds: readonly number[],
  from: number | string,
  end: number | string,
): Promise<RollupRow[]> {
  const range = rollupRange(db, rollup, meterIds, from, end);
  if (range === null) return [];
  return range.rows.select((eb) => ["meter_id", eb.ref(range.key).as("key"), "value", "weight"]).execute();
}

export function hourlyRows(db: Db, meterIds: readonly number[], fromS: number, toS: number): Promise<RollupRow[]> {
  return rollupRows(db, "hourly", meterIds, fromS, toS);
}

export function dailyRows(db: Db, meterIds: readonly number[], fromDay: DayKey, endDay: DayKey): Promise<RollupRow[]> {
  return rollupRows(db, "daily", meterIds, fromDay, endDay);
}

/** Monthly rows of whole months [fromMonthDay, endMonthDay) (both first days of months). */
export function monthlyRows(
  db: Db,
  meterIds: readonly number[],
  fromMonthDay: DayKey,
  endMonthDay: DayKey,
): Promise<RollupRow[]> {
  return rollupRows(db, "monthly", meterIds, monthKeyOfDay(fromMonthDay), monthKeyOfDay(endMonthDay));
}

/**
 * The days [fromDay, endDay) as the rollups answer them exactly with the fewest rows: whole months
 * from the monthly rollup, the days before the first and after the last whole month from the daily
 * one. Null when no whole month lies inside (then the daily rollup alone answers).
 */
function monthsInside(fromDay: DayKey, endDay: DayKey): { firstWholeMonth: DayKey; endWholeMonth: DayKey } | null {
  const firstWholeMonth = fromDay.endsWith("-01") ? fromDay : addMonths(firstOfMonth(fromDay), 1);
  const endWholeMonth = firstOfMonth(endDay);
  return firstWholeMonth < endWholeMonth ? { firstWholeMonth, endWholeMonth } : null;
}

/**
 * Rows covering the days [fromDay, endDay) exactly, with as few rows as possible: whole months
 * from the monthly rollup (key YYYY-MM), the days before the first and after the last whole month
 * from the daily one (key YYYY-MM-DD).
 */
export async function daysAndMonthsRows(
  db: Db,
  meterIds: readonly number[],
  fromDay: DayKey,
  endDay: DayKey,
): Promise<RollupRow[]> {
  if (fromDay >= endDay) return [];
  const months = monthsInside(fromDay, endDay);
  if (months === null) return dailyRows(db, meterIds, fromDay, endDay);
  const [head, whole, tail] = await Promise.all([
    dailyRows(db, meterIds, fromDay, months.firstWholeMonth),
    monthlyRows(db, meterIds, months.firstWholeMonth, months.endWholeMonth),
    dailyRows(db, meterIds, months.endWholeMonth, endDay),
  ]);
  return [...head, ...whole, ...tail];
}

/** Sums of one rollup per meter over [from, end) of its key column. */
async function rollupSums(
  db: Db,
  rollup: "daily" | "monthly",
  meterIds: readonly number[],
  from: string,
  end: string,
): Promise<{ meter_id: number; value: number; weight: number }[]> {
  const range = rollupRange(db, rollup, meterIds, from, end);
  if (range === null) return [];
  return range.rows
    .select((eb) => ["meter_id", eb.fn.sum<number>("value").as("value"), eb.fn.sum<number>("weight").as("weight")])
    .groupBy("meter_id")
    .execute();
}

/**
 * Totals per meter over the days [fromDay, endDay), summed by the database: one row per meter and
 * rollup instead of one per day (30 days of six radiators: 6 rows, not 180). Meters without rows
 * in the range are absent.
 */
export async function totalsByMeter(
  db: Db,
  meterIds: readonly number[],
  fromDay: DayKey,
  endDay: DayKey,
): Promise<Map<number, Aggregate>> {
  const totals = new Map<number, Aggregate>();
  if (fromDay >= endDay || meterIds.length === 0) return totals;
  const months = monthsInside(fromDay, endDay);
  const parts =
    months === null
      ? [await rollupSums(db, "daily", meterIds, fromDay, endDay)]
      : await Promise.all([
          rollupSums(db, "daily", meterIds, fromDay, months.firstWholeMonth),
          rollupSums(
            db,
            "monthly",
            meterIds,
            monthKeyOfDay(months.firstWholeMonth),
            monthKeyOfDay(months.endWholeMonth),
          ),
          rollupSums(db, "daily", meterIds, months.endWholeMonth, endDay),
        ]);
  for (const rows of parts) {
    for (const row of rows) {
      const entry = totals.get(row.meter_id);
      if (entry === undefined) totals.set(row.meter_id, { value: row.value, weight: row.weight });
      else {
        entry.value += row.value;
        entry.weight += row.weight;
      }
    }
  }
  return totals;
}

export { HOUR_S };
