/**
 * Readings and rollups in the database (ADR 0008): writing readings keeps consumption_hourly,
 * consumption_daily and consumption_monthly up to date in the same transaction. Reading them:
 * rollup-reads.ts; the inserts themselves: bulk-insert.ts.
 */

import type { Aggregation } from "@common/quantities";
import { type RawBuilder, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import { ensureReadingPartitions, type PartitionedTable } from "../db/postgres/reading-partitions";
import { HOUR_S, hourlyFromReadings, type Reading, rollupDays } from "./aggregate";
import { bulkInsert, type Db } from "./bulk-insert";
import {
  changedHours,
  changedSpan,
  type DaySpan,
  daysOf,
  type MeterBatch,
  type MeterReadings,
  mergeBatch,
  monthsOf,
  partitionRuns,
} from "./ingest-plan";
import { writeNewSeriesBatch } from "./new-series";
import { type RollupChange, refreshPropertyRollups } from "./property-rollups";
import { type NeighbourAsk, neighbourReadings, readingsInRanges, rowSource } from "./reading-sets";
import { deleteRollupKeys, deleteRollupRanges, rollupKeysInRanges } from "./rollup-reads";

/** round(x, 9): SQLite rounds a real; PostgreSQL rounds only numeric. */
function roundTo9(expression: RawBuilder<unknown>, db: Db): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`round((${expression})::numeric, 9)::float8`
    : sql<number>`round(${expression}, 9)`;
}

/**
 * Writes a new meter's whole series at once (demo seed, benchmark): readings, hours, days and
 * months. The meter must have no readings yet. The property rollups are not kept here: a bulk load
 * makes them once at its end (rebuildPropertyRollups). Many meters at once: writeNewSeriesBatch.
 */
export async function writeNewSeries(
  db: Db,
  meterId: number,
  aggregation: Aggregation,
  readings: readonly Reading[],
): Promise<void> {
  await writeNewSeriesBatch(db, [{ meterId, aggregation, readings }]);
}

/**
 * Adds (or replaces) readings of one meter and recomputes the rollups they touch: an
 * {@link ingestReadings} of one meter.
 */
export async function ingestMeterReadings(
  db: Db,
  meterId: number,
  aggregation: Aggregation,
  readings: readonly Reading[],
): Promise<void> {
  await ingestReadings(db, [{ meterId, aggregation, readings }]);
}

export type { MeterReadings } from "./ingest-plan";

/** How many meters one round of statements takes: bounds the rows a statement sends and loads. */
const METERS_PER_ROUND = 5_000;

/**
 * Ingests readings of many meters (an hour of every meter, an import) in a few statements per
 * {@link METERS_PER_ROUND} meters, whatever their number: adds (or replaces) the readings, then
 * recomputes for each meter the whole Copenhagen days from the reading before its first new one
 * to the reading after its last (registers spread a difference over that time), and the months
 * holding them; the property rollups of every changed meter follow at the end. Idempotent:
 * writing the same readings again changes nothing. Readings of one meter may come in any order
 * and across weeks. Run it in a transaction. Returns what changed, per meter.
 */
export async function ingestReadings(
  db: Db,
  batch: readonly MeterReadings[],
  options: { metersPerRound?: number } = {},
): Promise<RollupChange[]> {
  const meters = mergeBatch(batch);
  const perRound = options.metersPerRound ?? METERS_PER_ROUND;
  const changes: RollupChange[] = [];
  for (let offset = 0; offset < meters.length; offset += perRound)
    changes.push(...(await ingestRound(db, meters.slice(offset, offset + perRound))));
  if (changes.length > 0) await refreshPropertyRollups(db, changes);
  return changes;
}

/** Makes the partitions (PostgreSQL) that rows in these [from, to] ranges of a reading table go into. */
async function ensurePartitionsFor(
  db: Db,
  table: PartitionedTable,
  ranges: readonly (readonly [number | string, number | string])[],
): Promise<void> {
  if (!isPostgres(db) || ranges.length === 0) return;
  for (const [from, to] of partitionRuns(table, ranges)) await ensureReadingPartitions(db, table, from, to);
}

interface MeterWork extends MeterBatch {
  days: DaySpan;
  hours: { from: number; end: number };
}

/** For each meter, the asks for its stored readings just before its days and just after them. */
function outsideAsks(meters: readonly MeterWork[]): NeighbourAsk[] {
  return meters.flatMap(({ meterId, days }) => [
    { meterId, side: "before" as const, ts: days.rangeStart },
    { meterId, side: "after" as const, ts: days.rangeEnd - 1 },
  ]);
}

async function ingestRound(db: Db, meters: readonly MeterBatch[]): Promise<RollupChange[]> {
  const flat: number[] = [];
  for (const { meterId, readings } of meters)
    for (const reading of readings) flat.push(meterId, reading.ts, reading.value);
  await ensurePartitionsFor(
    db,
    "meter_readings",
    meters.map((meter) => [meter.readings[0]!.ts, meter.readings[meter.readings.length - 1]!.ts]),
  );
  await bulkInsert(
    db,
    "meter_readings",
    ["meter_id", "ts", "value"],
    flat,
    "on conflict (meter_id, ts) do update set value = excluded.value",
  );

  // A register's new readings change the time from the stored reading before the first to the one
  // after the last; its days' first and last hours need the readings just outside those days.
  // Every meter's readings of its new readings' days come in one statement, and the register's
  // readings just outside those days in another: the neighbours of the new readings are then
  // among them. Only the meters whose change reaches into other days (a gap, a first reading)
  // need two more statements, for their wider days.
  const work: MeterWork[] = meters.map((meter) => {
    const { readings, aggregation } = meter;
    const span = changedSpan(aggregation, readings[0]!.ts, readings[readings.length - 1]!.ts, null, null);
    return { ...meter, days: daysOf(span.from, span.to), hours: changedHours(aggregation, span) };
  });
  const registers = work.filter((meter) => meter.aggregation === "addition");
  const around = await neighbourReadings(db, outsideAsks(registers));
  const stored = await readingsInRanges(
    db,
    work.map(({ meterId, days }) => ({ meterId, from: days.rangeStart, to: days.rangeEnd - 1 })),
  );
  const widened: MeterWork[] = [];
  registers.forEach((meter, index) => {
    const { meterId, readings } = meter;
    const [beforeDays, afterDays] = around.slice(2 * index, 2 * index + 2);
    const inside = stored.get(meterId) ?? [];
    const firstTs = readings[0]!.ts;
    const lastTs = readings[readings.length - 1]!.ts;
    let before = beforeDays?.ts ?? null;
    let after = afterDays?.ts ?? null;
    for (const reading of inside) {
      if (reading.ts < firstTs) before = reading.ts;
      else if (reading.ts > lastTs) {
        after = reading.ts;
        break;
      }
    }
    const span = changedSpan("addition", firstTs, lastTs, before, after);
    const days = daysOf(span.from, span.to);
    meter.hours = changedHours("addition", span);
    if (days.rangeStart === meter.days.rangeStart && days.rangeEnd === meter.days.rangeEnd) {
      stored.set(meterId, [
        ...(beforeDays === null || beforeDays === undefined ? [] : [beforeDays]),
        ...inside,
        ...(afterDays === null || afterDays === undefined ? [] : [afterDays]),
      ]);
    } else {
      meter.days = days;
      widened.push(meter);
    }
  });
  if (widened.length > 0) {
    const outside = await neighbourReadings(db, outsideAsks(widened));
    const wider = await readingsInRanges(
      db,
      widened.map((meter, index) => ({
        meterId: meter.meterId,
        from: outside[2 * index]?.ts ?? meter.days.rangeStart,
        to: outside[2 * index + 1]?.ts ?? meter.days.rangeEnd - 1,
      })),
    );
    for (const meter of widened) stored.set(meter.meterId, wider.get(meter.meterId) ?? []);
  }

  const hourly: number[] = [];
  const daily: (string | number)[] = [];
  const hourRanges: [number, number][] = [];
  const dayRanges: [string, string][] = [];
  const changes: RollupChange[] = [];
  for (const meter of work) {
    const { meterId, aggregation, days, hours: changed } = meter;
    const hours = hourlyFromReadings(aggregation, stored.get(meterId) ?? []).filter(
      (hour) => hour.hour >= days.rangeStart && hour.hour < days.rangeEnd,
    );
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const hour of hours) {
      if (hour.hour < changed.from || hour.hour >= changed.end) continue;
      hourly.push(meterId, hour.hour, hour.value, hour.weight);
      first = Math.min(first, hour.hour);
      last = Math.max(last, hour.hour);
    }
    if (first <= last) hourRanges.push([first, last]);
    const dayRows = rollupDays(hours);
    for (const [day, aggregate] of dayRows) daily.push(meterId, day, aggregate.value, aggregate.weight);
    if (dayRows.size > 0) {
      const keys = [...dayRows.keys()];
      dayRanges.push([keys[0]!, keys[keys.length - 1]!]);
    }
    // The hours rewritten or deleted below lie in [changed.from, changed.end): only those of the
    // property's hours need recomputing.
    changes.push({
      meterId,
      fromDay: days.firstDay,
      endDay: days.endDay,
      fromHour: Math.max(changed.from, days.rangeStart),
      endHour: Math.min(changed.end, days.rangeEnd),
    });
  }

  // The changed hours are rewritten in place; only a stored hour that no longer has a value goes.
  // (Not one delete of the ranges: on a month's partition just filled, before PostgreSQL has its
  // statistics, that delete was planned as a scan of the whole partition: a second an hour.)
  const storedHours = await rollupKeysInRanges(
    db,
    "hourly",
    work.map((meter) => ({ meterId: meter.meterId, from: meter.hours.from, end: meter.hours.end })),
  );
  const rewritten = new Set<string>();
  for (let index = 0; index < hourly.length; index += 4) rewritten.add(`${hourly[index]}/${hourly[index + 1]}`);
  await deleteRollupKeys(
    db,
    "hourly",
    storedHours.filter((row) => !rewritten.has(`${row.meterId}/${row.key}`)),
  );
  await ensurePartitionsFor(db, "consumption_hourly", hourRanges);
  await bulkInsert(
    db,
    "consumption_hourly",
    ["meter_id", "hour", "value", "weight"],
    hourly,
    "on conflict (meter_id, hour) do update set value = excluded.value, weight = excluded.weight",
  );

  await deleteRollupRanges(
    db,
    "daily",
    work.map((meter) => ({ meterId: meter.meterId, from: meter.days.firstDay, end: meter.days.endDay })),
  );
  await ensurePartitionsFor(db, "consumption_daily", dayRanges);
  await bulkInsert(db, "consumption_daily", ["meter_id", "day", "value", "weight"], daily);

  const months = work.map((meter) => ({ meterId: meter.meterId, ...monthsOf(meter.days.firstDay, meter.days.endDay) }));
  await deleteRollupRanges(
    db,
    "monthly",
    months.map((month) => ({ meterId: month.meterId, from: month.firstMonth, end: month.endMonth })),
  );
  await insertMonthsFromDays(db, months);
  return changes;
}

/** The months [firstMonth, endMonth) of each meter, summed from its daily rollup: one statement. */
async function insertMonthsFromDays(
  db: Db,
  months: readonly { meterId: number; firstMonth: string; endMonth: string }[],
): Promise<void> {
  if (months.length === 0) return;
  const source = rowSource(
    db,
    "a",
    [
      ["m", "int4"],
      ["f", "text"],
      ["e", "text"],
    ],
    months.map((month) => [month.meterId, `${month.firstMonth}-01`, `${month.endMonth}-01`]),
  );
  const days = isPostgres(db)
    ? sql`${source} cross join lateral (select d.meter_id, d.day, d.value, d.weight from consumption_daily d
        where d.meter_id = a.m and d.day >= a.f and d.day < a.e) d`
    : sql`${source} cross join consumption_daily d on d.meter_id = a.m and d.day >= a.f and d.day < a.e`;
  await sql`
    insert into consumption_monthly (meter_id, month, value, weight)
    select d.meter_id, substr(d.day, 1, 7), ${roundTo9(sql`sum(d.value)`, db)}, ${roundTo9(sql`sum(d.weight)`, db)}
    from ${days}
    group by d.meter_id, substr(d.day, 1, 7)
  `.execute(db);
}

// Where the demo seed, the benchmark and the alarm job have always found them.
export { bulkInsert } from "./bulk-insert";
export { totalsByMeter } from "./rollup-reads";
export { HOUR_S };
