/**
 * Reading the rollups (ADR 0008): each range from the coarsest rollup that answers it exactly (months
 * inside a range from the monthly table, the edges from the daily one); and clearing meters' ranges
 * of one before ingest writes them again.
 */
import { addMonths, type DayKey, firstOfMonth, monthKeyOfDay } from "@common/calendar";
import { sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import type { Aggregate } from "./aggregate";
import type { Db } from "./bulk-insert";
import { rowSource } from "./reading-sets";

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

/** Whether a rollup can have rows of these meters in [from, end): not for no meters or an empty range. */
function canHaveRows(meterIds: readonly number[], from: number | string, end: number | string): boolean {
  return meterIds.length > 0 && from < end;
}

/** A rollup's rows of these meters whose key lies in [from, end). */
function rollupRange(db: Db, rollup: Rollup, meterIds: readonly number[], from: number | string, end: number | string) {
  const [table, key] = rollupTables[rollup];
  return {
    key,
    rows: db.selectFrom(table).where("meter_id", "in", meterIds).where(key, ">=", from).where(key, "<", end),
  };
}

/** A meter's rows of a rollup whose key lies in [from, end). */
export interface RollupRange {
  meterId: number;
  from: number | string;
  end: number | string;
}

/**
 * Deletes every range's rows of a rollup, before ingest writes them again: one statement for all
 * the meters. The overall bounds let PostgreSQL leave out the partitions no range reaches when it
 * plans; each meter's range is then an index range scan.
 */
export async function deleteRollupRanges(db: Db, rollup: Rollup, ranges: readonly RollupRange[]): Promise<void> {
  const wanted = ranges.filter((range) => range.from < range.end);
  if (wanted.length === 0) return;
  const [table, key] = rollupTables[rollup];
  const type = rollup === "hourly" ? "int8" : "text";
  const source = rowSource(
    db,
    "a",
    [
      ["m", "int4"],
      ["f", type],
      ["e", type],
    ],
    wanted.map((range) => [range.meterId, range.from, range.end]),
  );
  let low = wanted[0]!.from;
  let high = wanted[0]!.end;
  for (const range of wanted) {
    if (range.from < low) low = range.from;
    if (range.end > high) high = range.end;
  }
  const column = sql.ref(`t.${key}`);
  if (isPostgres(db)) {
    await sql`delete from ${sql.table(table)} t using ${source}
      where t.meter_id = a.m and ${column} >= a.f and ${column} < a.e and ${column} >= ${low} and ${column} < ${high}`.execute(
      db,
    );
  } else {
    // SQLite's DELETE has no join: the keys are found first (each range a primary-key range scan).
    await sql`delete from ${sql.table(table)} where (meter_id, ${sql.ref(key)}) in (
      select t.meter_id, ${column} from ${source} cross join ${sql.table(table)} t
      on t.meter_id = a.m and ${column} >= a.f and ${column} < a.e)`.execute(db);
  }
}

/** A meter's row of a rollup by its key. */
export interface RollupKey {
  meterId: number;
  key: number | string;
}

function rangeSource(db: Db, rollup: Rollup, ranges: readonly RollupRange[]) {
  const type = rollup === "hourly" ? "int8" : "text";
  return rowSource(
    db,
    "a",
    [
      ["m", "int4"],
      ["f", type],
      ["e", type],
    ],
    ranges.map((range) => [range.meterId, range.from, range.end]),
  );
}

/**
 * The keys of every range's stored rows of a rollup: one statement, each range an index range scan
 * (LATERAL on PostgreSQL, whatever the statistics of a partition just filled say).
 */
export async function rollupKeysInRanges(db: Db, rollup: Rollup, ranges: readonly RollupRange[]): Promise<RollupKey[]> {
  const wanted = ranges.filter((range) => range.from < range.end);
  if (wanted.length === 0) return [];
  const [table, key] = rollupTables[rollup];
  const source = rangeSource(db, rollup, wanted);
  const column = sql.ref(`t.${key}`);
  const { rows } = await (isPostgres(db)
    ? sql<{ meter_id: number; key: number | string }>`select a.m as meter_id, t.key from ${source} cross join lateral (
        select ${column} as key from ${sql.table(table)} t where t.meter_id = a.m and ${column} >= a.f and ${column} < a.e) t`
    : sql<{ meter_id: number; key: number | string }>`select a.m as meter_id, ${column} as key from ${source}
        cross join ${sql.table(table)} t on t.meter_id = a.m and ${column} >= a.f and ${column} < a.e`
  ).execute(db);
  return rows.map((row) => ({ meterId: Number(row.meter_id), key: rollup === "hourly" ? Number(row.key) : row.key }));
}

/** Deletes rows of a rollup by their keys: one statement. */
export async function deleteRollupKeys(db: Db, rollup: Rollup, keys: readonly RollupKey[]): Promise<void> {
  if (keys.length === 0) return;
  const [table, key] = rollupTables[rollup];
  const source = rowSource(
    db,
    "a",
    [
      ["m", "int4"],
      ["k", rollup === "hourly" ? "int8" : "text"],
    ],
    keys.map((row) => [row.meterId, row.key]),
  );
  if (isPostgres(db))
    await sql`delete from ${sql.table(table)} t using ${source} where t.meter_id = a.m and ${sql.ref(`t.${key}`)} = a.k`.execute(
      db,
    );
  else
    await sql`delete from ${sql.table(table)} where (meter_id, ${sql.ref(key)}) in (select a.m, a.k from ${source})`.execute(
      db,
    );
}

async function rollupRows(
  db: Db,
  rollup: Rollup,
  meterIds: readonly number[],
  from: number | string,
  end: number | string,
): Promise<RollupRow[]> {
  if (!canHaveRows(meterIds, from, end)) return [];
  const range = rollupRange(db, rollup, meterIds, from, end);
  return range.rows.select((eb) => ["meter_id", eb.ref(range.key).as("key"), "value", "weight"]).execute();
}

export function hourlyRows(db: Db, meterIds: readonly number[], fromS: number, toS: number): Promise<RollupRow[]> {
  return rollupRows(db, "hourly", meterIds, fromS, toS);
}

/**
 * The start (epoch seconds) of the latest hour in [fromS, toS) that has a value of any of the
 * meters, or null: where a period's values end (ADR 0018 rule 8).
 */
export async function latestHourWithValue(
  db: Db,
  meterIds: readonly number[],
  fromS: number,
  toS: number,
): Promise<number | null> {
  if (!canHaveRows(meterIds, fromS, toS)) return null;
  const row = await rollupRange(db, "hourly", meterIds, fromS, toS)
    .rows.select((eb) => eb.fn.max("hour").as("latest"))
    .executeTakeFirst();
  return row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
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
  if (!canHaveRows(meterIds, from, end)) return [];
  return rollupRange(db, rollup, meterIds, from, end)
    .rows.select((eb) => ["meter_id", eb.fn.sum<number>("value").as("value"), eb.fn.sum<number>("weight").as("weight")])
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
