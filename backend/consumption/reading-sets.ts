/**
 * Questions about many meters' readings in one statement: the caller's list of (meter, time, …)
 * rows becomes a table the statement joins, so an ingest or an import of thousands of meters costs
 * a handful of round trips instead of a dozen per meter. PostgreSQL receives each column as one
 * array parameter (`unnest($1::int4[], …)`, as the bulk inserts do); SQLite one JSON parameter
 * read by json_each. Either way the statement's text does not grow with its rows and never nears
 * a parameter limit, and each row is answered by an index range scan of the meter's readings.
 */
import { type RawBuilder, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import type { Reading } from "./aggregate";
import type { Db } from "./bulk-insert";

export type ColumnType = "int4" | "int8" | "text";

/**
 * A FROM item `alias(columns…)` holding the rows (values in column order). Column values must be
 * integers (int4, int8) or strings (text).
 */
export function rowSource(
  db: Db,
  alias: string,
  columns: readonly (readonly [name: string, type: ColumnType])[],
  rows: readonly (readonly (number | string)[])[],
): RawBuilder<unknown> {
  if (isPostgres(db)) {
    const arrays = columns.map((_, index) => rows.map((row) => row[index]));
    const unnested = sql.join(arrays.map((array, index) => sql`${array}::${sql.raw(columns[index]![1])}[]`));
    return sql`unnest(${unnested}) as ${sql.raw(alias)}(${sql.raw(columns.map(([name]) => name).join(", "))})`;
  }
  const fields = columns.map(([name], index) => `value ->> ${index} as ${name}`).join(", ");
  return sql`(select ${sql.raw(fields)} from json_each(${JSON.stringify(rows)})) as ${sql.raw(alias)}`;
}

/** A meter's reading looked for on one side of a time (never at it). */
export interface NeighbourAsk {
  meterId: number;
  side: "before" | "after";
  ts: number;
}

/**
 * How far back a previous reading is looked for first. A bounded range lets PostgreSQL read the
 * month partitions of that range only; a meter whose previous reading lies further back (a gap of
 * weeks, its first readings) is asked once more without the bound.
 */
const NEIGHBOUR_WINDOW_S = 35 * 86_400;

/**
 * For each ask, the meter's stored reading nearest to its time on its side, or null: one statement
 * for all, and a second for the asks before a time that found nothing within
 * {@link NEIGHBOUR_WINDOW_S}. The answer is the nearest reading whichever way it was found.
 */
export async function neighbourReadings(db: Db, asks: readonly NeighbourAsk[]): Promise<(Reading | null)[]> {
  const found: (Reading | null)[] = asks.map(() => null);
  const run = async (indexes: readonly number[], bounded: boolean) => {
    const parts: RawBuilder<unknown>[] = [];
    for (const side of ["before", "after"] as const) {
      const rows = indexes
        .filter((index) => asks[index]!.side === side)
        .map((index) => [index, asks[index]!.meterId, asks[index]!.ts]);
      if (rows.length > 0) parts.push(neighbourQuery(db, side, side === "before" && bounded, rows));
    }
    if (parts.length === 0) return;
    const { rows } = await sql<{
      i: number;
      ts: number | null;
      value: number | null;
    }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const row of rows)
      if (row.ts !== null && row.value !== null)
        found[Number(row.i)] = { ts: Number(row.ts), value: Number(row.value) };
  };
  await run(
    asks.map((_, index) => index),
    true,
  );
  await run(
    asks.flatMap((ask, index) => (ask.side === "before" && found[index] === null ? [index] : [])),
    false,
  );
  return found;
}

function neighbourQuery(
  db: Db,
  side: "before" | "after",
  bounded: boolean,
  rows: (readonly number[])[],
): RawBuilder<unknown> {
  const source = rowSource(
    db,
    "a",
    [
      ["i", "int4"],
      ["m", "int4"],
      ["t", "int8"],
    ],
    rows,
  );
  const beyond = side === "before" ? sql`r.ts < a.t` : sql`r.ts > a.t`;
  const bound = bounded ? sql` and r.ts >= a.t - ${sql.lit(NEIGHBOUR_WINDOW_S)}` : sql``;
  const order = side === "before" ? sql`desc` : sql`asc`;
  if (isPostgres(db)) {
    return sql`(select a.i, n.ts, n.value from ${source} left join lateral (
      select r.ts, r.value from meter_readings r where r.meter_id = a.m and ${beyond}${bound} order by r.ts ${order} limit 1
    ) n on true)`;
  }
  // SQLite has no LATERAL: the time by a correlated subquery, then its value by the primary key.
  return sql`select n.i, n.ts, v.value from (
      select a.i, a.m, (select r.ts from meter_readings r where r.meter_id = a.m and ${beyond}${bound} order by r.ts ${order} limit 1) as ts
      from ${source}
    ) n left join meter_readings v on v.meter_id = n.m and v.ts = n.ts`;
}

/** A meter's readings from `from` to `to`, both included (epoch seconds). */
export interface ReadingRange {
  meterId: number;
  from: number;
  to: number;
}

/** The stored readings of every range, per meter, sorted by time: one statement. */
export async function readingsInRanges(db: Db, ranges: readonly ReadingRange[]): Promise<Map<number, Reading[]>> {
  const byMeter = new Map<number, Reading[]>();
  if (ranges.length === 0) return byMeter;
  const source = rowSource(
    db,
    "a",
    [
      ["m", "int4"],
      ["f", "int8"],
      ["t", "int8"],
    ],
    ranges.map((range) => [range.meterId, range.from, range.to]),
  );
  const query = isPostgres(db)
    ? sql<{ meter_id: number; ts: number; value: number }>`select a.m as meter_id, r.ts, r.value from ${source}
        cross join lateral (select ts, value from meter_readings r where r.meter_id = a.m and r.ts >= a.f and r.ts <= a.t order by r.ts) r`
    : // CROSS JOIN keeps SQLite's loop over the ranges outside, each a range scan of the primary key.
      sql<{ meter_id: number; ts: number; value: number }>`select a.m as meter_id, r.ts, r.value from ${source}
        cross join meter_readings r on r.meter_id = a.m and r.ts >= a.f and r.ts <= a.t`;
  const { rows } = await query.execute(db);
  for (const row of rows) {
    const meterId = Number(row.meter_id);
    let readings = byMeter.get(meterId);
    if (readings === undefined) {
      readings = [];
      byMeter.set(meterId, readings);
    }
    readings.push({ ts: Number(row.ts), value: row.value });
  }
  // Two ranges of one meter may overlap: one reading each time, in time order.
  for (const [meterId, readings] of byMeter) {
    readings.sort((a, b) => a.ts - b.ts);
    byMeter.set(
      meterId,
      readings.filter((reading, index) => index === 0 || readings[index - 1]!.ts !== reading.ts),
    );
  }
  return byMeter;
}
