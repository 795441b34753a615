/**
 * A property's outdoor temperature in the store (ADR 0071): the raw samples, and per Copenhagen
 * day the sum of its hours' mean temperatures, from which ADR 0070's day means and degree days are
 * read. Outdoor readings never touch a home's rollups.
 */
import { addDays, type DayKey, dayKeyOf, HOUR_MS, startOfDay } from "@common/calendar-days";
import { sql } from "kysely";
import { bulkInsert, type Db } from "../consumption/bulk-insert";
import type { DayMean } from "./degree-days";

export interface OutdoorSeries {
  meterId: number;
  /** Samples: epoch seconds, °C. */
  readings: readonly { ts: number; value: number }[];
}

/** The outdoor meter of each of the properties that has one, by property id. */
export async function outdoorMetersOf(
  db: Db,
  propertyIds: readonly number[],
): Promise<Map<number, { id: number; number: string }>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("outdoor_meters")
    .select(["id", "property_id", "number"])
    .where("property_id", "in", propertyIds)
    .execute();
  return new Map(rows.map((row) => [row.property_id, { id: row.id, number: row.number }]));
}

/**
 * Adds a property's outdoor meter. Its number must be no meter's at all: the import finds a meter
 * by its number alone.
 */
export async function addOutdoorMeter(db: Db, propertyId: number, number: string, id?: number): Promise<number> {
  const taken = await db.selectFrom("meters").select("id").where("number", "=", number).executeTakeFirst();
  if (taken !== undefined) throw new Error(`meter number ${number} is a home's meter already`);
  const row = await db
    .insertInto("outdoor_meters")
    .values({ ...(id === undefined ? {} : { id }), property_id: propertyId, number })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes new samples (a sample already stored at that instant is kept) and brings the days they
 * fall on up to date. Call inside a transaction: the samples and their days change together.
 */
export async function writeOutdoorReadings(db: Db, series: readonly OutdoorSeries[]): Promise<number> {
  let written = 0;
  for (const { meterId, readings } of series) {
    if (readings.length === 0) continue;
    const values: number[] = [];
    const days = new Set<DayKey>();
    for (const { ts, value } of readings) {
      values.push(meterId, ts, value);
      days.add(dayKeyOf(ts * 1000));
    }
    await bulkInsert(db, "outdoor_readings", ["meter_id", "ts", "celsius"], values, "on conflict do nothing");
    written += readings.length;
    await refreshOutdoorDays(db, meterId, [...days].sort());
  }
  return written;
}

/** Recomputes the given days of a meter from its raw samples: each hour's mean, summed per day. */
async function refreshOutdoorDays(db: Db, meterId: number, days: readonly DayKey[]): Promise<void> {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return;
  const samples = await db
    .selectFrom("outdoor_readings")
    .select(["ts", "celsius"])
    .where("meter_id", "=", meterId)
    .where("ts", ">=", startOfDay(first) / 1000)
    .where("ts", "<", startOfDay(addDays(last, 1)) / 1000)
    .orderBy("ts")
    .execute();
  const wanted = new Set(days);
  const rows = outdoorDayRows(samples.map((sample) => ({ ts: Number(sample.ts), celsius: sample.celsius }))).filter(
    (row) => wanted.has(row.day),
  );
  const values: (string | number)[] = [];
  for (const row of rows) values.push(meterId, row.day, row.celsiusSum, row.hours);
  await bulkInsert(
    db,
    "outdoor_daily",
    ["meter_id", "day", "celsius_sum", "hours"],
    values,
    "on conflict (meter_id, day) do update set celsius_sum = excluded.celsius_sum, hours = excluded.hours",
  );
}

/**
 * Per Copenhagen day, the sum of the mean temperatures of its hours with samples and their number
 * (samples in ascending time). Pure, so the arithmetic is tested beside it.
 */
export function outdoorDayRows(
  samples: readonly { ts: number; celsius: number }[],
): { day: DayKey; celsiusSum: number; hours: number }[] {
  const rows: { day: DayKey; celsiusSum: number; hours: number }[] = [];
  let hourStart = Number.NaN;
  let sum = 0;
  let count = 0;
  const closeHour = () => {
    if (count === 0) return;
    const day = dayKeyOf(hourStart);
    const last = rows[rows.length - 1];
    if (last !== undefined && last.day === day) {
      last.celsiusSum += sum / count;
      last.hours++;
    } else rows.push({ day, celsiusSum: sum / count, hours: 1 });
  };
  for (const { ts, celsius } of samples) {
    const start = Math.floor((ts * 1000) / HOUR_MS) * HOUR_MS;
    if (start !== hourStart) {
      closeHour();
      hourStart = start;
      sum = 0;
      count = 0;
    }
    sum += celsius;
    count++;
  }
  closeHour();
  return rows;
}

/** The day means of a property's outdoor meter over [fromDay, endDay), by day; empty without a meter. */
export async function outdoorDayMeans(
  db: Db,
  propertyId: number,
  fromDay: DayKey,
  endDay: DayKey,
): Promise<Map<DayKey, DayMean>> {
  const rows = await db
    .selectFrom("outdoor_daily as d")
    .innerJoin("outdoor_meters as m", "m.id", "d.meter_id")
    .select(["d.day", "d.celsius_sum", "d.hours"])
    .where("m.property_id", "=", propertyId)
    .where("d.day", ">=", fromDay)
    .where("d.day", "<", endDay)
    .orderBy("d.day")
    .execute();
  return new Map(rows.map((row) => [row.day, { day: row.day, mean: row.celsius_sum / row.hours, hours: row.hours }]));
}

/** The latest sample of each outdoor meter (for topping a series up), by meter id. */
export async function latestOutdoorSamples(db: Db, meterIds: readonly number[]): Promise<Map<number, number>> {
  if (meterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("outdoor_readings")
    .select(["meter_id", sql<number>`max(ts)`.as("ts")])
    .where("meter_id", "in", meterIds)
    .groupBy("meter_id")
    .execute();
  return new Map(rows.map((row) => [row.meter_id, Number(row.ts)]));
}
