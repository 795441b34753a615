/**
 * Readings and rollups in the database (ADR 0008): writing readings keeps consumption_hourly,
 * consumption_daily and consumption_monthly up to date in the same transaction. Reading them:
 * rollup-reads.ts; the inserts themselves: bulk-insert.ts.
 */

import { addDays, addMonths, dayKeyOf, firstOfMonth, monthKeyOfDay, startOfDay } from "@common/calendar";
import type { Aggregation } from "@common/quantities";
import { type RawBuilder, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import { type Aggregate, HOUR_S, type HourAggregate, hourlyFromReadings, type Reading, rollupDays } from "./aggregate";
import { type Db, insertIntoReadingTable } from "./bulk-insert";
import { writeNewSeriesBatch } from "./new-series";
import { refreshPropertyRollups } from "./property-rollups";
import { deleteRollupRange } from "./rollup-reads";

/** round(x, 9): SQLite rounds a real; PostgreSQL rounds only numeric. */
function roundTo9(expression: RawBuilder<unknown>, db: Db): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`round((${expression})::numeric, 9)::float8`
    : sql<number>`round(${expression}, 9)`;
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

  await deleteRollupRange(db, "hourly", meterId, rangeStart, rangeEnd);
  const hourly = hourValues(meterId, hours);
  await insertIntoReadingTable(db, "consumption_hourly", ["meter_id", "hour", "value", "weight"], hourly);

  await deleteRollupRange(db, "daily", meterId, firstDay, endDay);
  const daily = keyedValues(meterId, rollupDays(hours));
  await insertIntoReadingTable(db, "consumption_daily", ["meter_id", "day", "value", "weight"], daily);

  const firstMonth = monthKeyOfDay(firstDay);
  const endMonth = monthKeyOfDay(addMonths(firstOfMonth(addDays(endDay, -1)), 1));
  await deleteRollupRange(db, "monthly", meterId, firstMonth, endMonth);
  await sql`
    insert into consumption_monthly (meter_id, month, value, weight)
    select meter_id, substr(day, 1, 7), ${roundTo9(sql`sum(value)`, db)}, ${roundTo9(sql`sum(weight)`, db)}
    from consumption_daily
    where meter_id = ${meterId} and day >= ${`${firstMonth}-01`} and day < ${`${endMonth}-01`}
    group by meter_id, substr(day, 1, 7)
  `.execute(db);
  await refreshPropertyRollups(db, [{ meterId, fromDay: firstDay, endDay, fromHour: rangeStart, endHour: rangeEnd }]);
}

/** One meter's new readings, for {@link ingestReadings}. */
export interface MeterReadings {
  meterId: number;
  aggregation: Aggregation;
  readings: readonly Reading[];
}

/**
 * Ingests readings of many meters (an hour of every meter, an import): the same rollups as
 * {@link ingestMeterReadings} of each, property rollups included. Run it in a transaction.
 */
export async function ingestReadings(db: Db, batch: readonly MeterReadings[]): Promise<void> {
  for (const { meterId, aggregation, readings } of batch) await ingestMeterReadings(db, meterId, aggregation, readings);
}

// Where the demo seed, the benchmark and the alarm job have always found them.
export { bulkInsert } from "./bulk-insert";
export { totalsByMeter } from "./rollup-reads";
export { HOUR_S };
