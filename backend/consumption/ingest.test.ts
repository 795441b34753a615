import type { Aggregation } from "@common/quantities";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Backend, createBackend } from "../app";
import type { Database } from "../db/types";
import { silentLogger } from "../logger";
import { insertOneUnitProperty, insertTestMeters } from "../testing/setup";
import { countingStatements } from "../testing/statements";
import type { Reading } from "./aggregate";
import { ingestMeterReadings, ingestReadings, type MeterReadings, writeNewSeries } from "./store";

/**
 * The property rollups' upkeep runs after the ingest, once per batch, with statements of its own
 * (per changed quantity, and fewer when no home's runs of days change: ADR 0038). The statement
 * counts below are the ingest's own; `upkeep.skip` leaves the upkeep out of them.
 */
const upkeep = vi.hoisted(() => ({ skip: false }));
vi.mock("./property-rollups", async (importOriginal) =>
  (await import("../testing/rollup-upkeep")).withSkippableUpkeep(
    await importOriginal<typeof import("./property-rollups")>(),
    upkeep,
  ),
);

/**
 * Readings that arrive a few at a time, in any order, leave the same rollups as the whole series
 * written at once: the ingest finds each new reading's neighbours and recomputes every hour, day and
 * month they touch. The series has what makes finding neighbours hard: a gap of seven weeks (longer
 * than the first look back), hours at local midnight (the previous reading lies in the day before),
 * the spring clock change, and readings that arrive before older ones. Runs on PostgreSQL too
 * (TEST_DATABASE_URL), where the reading tables are partitioned by month.
 */

const hour = 3600;
const spring = Date.parse("2025-03-25T20:00:00Z") / 1000;
/** A series over the autumn clock change (2025-10-26, a 25-hour day). */
const autumn = Date.parse("2025-10-20T20:00:00Z") / 1000;

/**
 * Hourly readings over 2025-03-25 … 2025-04-08 (for four days of it 20 minutes past the hour, so
 * hours are interpolated across local midnight), then nothing for 7 weeks, then two more weeks.
 */
function series(aggregation: Aggregation, start = spring): Reading[] {
  const times: number[] = [];
  for (let ts = start; ts < start + 14 * 24 * hour; ts += hour)
    times.push(ts >= start + 5 * 24 * hour && ts < start + 9 * 24 * hour ? ts + 1200 : ts);
  const resume = start + (14 + 49) * 24 * hour;
  for (let ts = resume; ts < resume + 14 * 24 * hour; ts += hour) times.push(ts);
  let register = 1000;
  return times.map((ts, index) => {
    // Deterministic, uneven steps.
    const step = ((index * 7919) % 13) / 10;
    register += step;
    return { ts, value: aggregation === "addition" ? Math.round(register * 1000) / 1000 : 18 + step };
  });
}

/** Chunks of 1 to 30 readings, in time order. */
function chunksOf(readings: readonly Reading[]): Reading[][] {
  const chunks: Reading[][] = [];
  for (let index = 0, size = 1; index < readings.length; index += size, size = 1 + ((size * 17 + 5) % 30))
    chunks.push(readings.slice(index, index + size));
  return chunks;
}

const orders = {
  "one at a time, as the hourly import": (readings: readonly Reading[]) => readings.map((reading) => [reading]),
  "in chunks, in time order": chunksOf,
  "in chunks, newest first": (readings: readonly Reading[]) => chunksOf(readings).reverse(),
  "in chunks, scrambled": (readings: readonly Reading[]) =>
    chunksOf(readings)
      .map((chunk, index) => ({ chunk, key: (index * 7331) % 101 }))
      .sort((a, b) => a.key - b.key)
      .map((c) => c.chunk),
};

/** A meter's readings and rollups, without its id. */
async function rollupsOf(db: Kysely<Database>, meterId: number) {
  const strip = <T extends { meter_id: number }>(rows: T[]) => rows.map(({ meter_id: _, ...rest }) => rest);
  return {
    readings: strip(
      await db.selectFrom("meter_readings").selectAll().where("meter_id", "=", meterId).orderBy("ts").execute(),
    ),
    hourly: strip(
      await db.selectFrom("consumption_hourly").selectAll().where("meter_id", "=", meterId).orderBy("hour").execute(),
    ),
    daily: strip(
      await db.selectFrom("consumption_daily").selectAll().where("meter_id", "=", meterId).orderBy("day").execute(),
    ),
    monthly: strip(
      await db.selectFrom("consumption_monthly").selectAll().where("meter_id", "=", meterId).orderBy("month").execute(),
    ),
  };
}

function expectSameRollups(
  actual: Awaited<ReturnType<typeof rollupsOf>>,
  expected: Awaited<ReturnType<typeof rollupsOf>>,
): void {
  expect(actual.readings).toEqual(expected.readings);
  expect(actual.hourly.length).toBe(expected.hourly.length);
  for (const [key, rows] of [
    ["hourly", [actual.hourly, expected.hourly]],
    ["daily", [actual.daily, expected.daily]],
    ["monthly", [actual.monthly, expected.monthly]],
  ] as const) {
    const [got, want] = rows as unknown as [{ value: number; weight: number }[], { value: number; weight: number }[]];
    expect(got.length, key).toBe(want.length);
    got.forEach((row, index) => {
      expect({ ...row, value: 0, weight: 0 }, key).toEqual({ ...want[index], value: 0, weight: 0 });
      expect(row.value, key).toBeCloseTo(want[index]!.value, 6);
      expect(row.weight, key).toBeCloseTo(want[index]!.weight, 6);
    });
  }
}

/**
 * An empty back-end whose one home has a meter (ids from 1) of each aggregation given: heat for an
 * addition, the living room's temperature for an average.
 */
async function backendWithMeters(aggregations: readonly Aggregation[]): Promise<Backend> {
  const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
  await insertOneUnitProperty(backend.db);
  await insertTestMeters(
    backend.db,
    aggregations.map((aggregation, index) =>
      aggregation === "addition"
        ? { id: index + 1, unitId: 1, quantity: "heat-energy" }
        : { id: index + 1, unitId: 1, quantity: "indoor-temperature", roomName: "Stue" },
    ),
  );
  return backend;
}

describe("ingesting readings piece by piece", () => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await backendWithMeters(Array.from({ length: 10 }, (_, index) => (index < 5 ? "addition" : "average")));
  }, 60_000);
  afterAll(() => backend.close());

  const rollups = (meterId: number) => rollupsOf(backend.db, meterId);

  const cases = (["addition", "average"] as const).flatMap((aggregation, a) =>
    Object.keys(orders).map((order, o) => ({
      aggregation,
      order: order as keyof typeof orders,
      whole: a * 5 + 1,
      pieces: a * 5 + 2 + o,
    })),
  );

  it.each(cases)(
    "leaves the same readings, hours, days and months as the series written at once: $aggregation, $order",
    async ({ aggregation, order, whole, pieces }) => {
      const readings = series(aggregation);
      // The series crosses local midnight many times and the 2025-03-30 clock change.
      expect(readings.some((r) => new Date(r.ts * 1000).toISOString().endsWith("T23:00:00.000Z"))).toBe(true);
      if (
        (await backend.db
          .selectFrom("meter_readings")
          .select("ts")
          .where("meter_id", "=", whole)
          .executeTakeFirst()) === undefined
      ) {
        await writeNewSeries(backend.db, whole, aggregation, readings);
      }
      for (const chunk of orders[order](readings)) await ingestMeterReadings(backend.db, pieces, aggregation, chunk);
      expectSameRollups(await rollups(pieces), await rollups(whole));
    },
    // Hundreds of ingests, each its own commit on PostgreSQL: slow on a busy machine.
    120_000,
  );
});

/**
 * The same cases through ingestReadings, many meters at once as the hourly import and a file
 * import write them: every step one batch holding the next piece of every meter (meters in a
 * scrambled order, each meter in its own order of pieces), over both clock changes, after a first
 * batch of wrong values that the right ones then replace.
 */
describe("ingesting many meters' readings at once", () => {
  let backend: Backend;
  const seasons = { spring, autumn } as const;
  type Season = keyof typeof seasons;
  interface Meter {
    id: number;
    aggregation: Aggregation;
    season: Season;
    order: keyof typeof orders | null;
  }
  const meters: Meter[] = [];
  for (const season of Object.keys(seasons) as Season[])
    for (const aggregation of ["addition", "average"] as const)
      for (const order of [null, ...(Object.keys(orders) as (keyof typeof orders)[])])
        meters.push({ id: meters.length + 1, aggregation, season, order });
  const wholeOf = (meter: Meter) =>
    meters.find((m) => m.order === null && m.aggregation === meter.aggregation && m.season === meter.season)!;

  beforeAll(async () => {
    backend = await backendWithMeters(meters.map((meter) => meter.aggregation));
  }, 60_000);
  afterAll(() => backend.close());

  it("leaves every meter the readings, hours, days and months of its series written at once", async () => {
    const pieces = meters.filter((meter) => meter.order !== null);
    for (const meter of meters.filter((m) => m.order === null))
      await writeNewSeries(backend.db, meter.id, meter.aggregation, series(meter.aggregation, seasons[meter.season]));
    const steps = new Map(
      pieces.map((meter) => [meter.id, orders[meter.order!](series(meter.aggregation, seasons[meter.season]))]),
    );
    // Wrong values at every 40th reading's time, replaced by the right ones later.
    await ingestReadings(
      backend.db,
      pieces.map((meter) => ({
        meterId: meter.id,
        aggregation: meter.aggregation,
        readings: series(meter.aggregation, seasons[meter.season])
          .filter((_, index) => index % 40 === 7)
          .map((reading) => ({ ts: reading.ts, value: reading.value + 3.5 })),
      })),
    );
    const count = Math.max(...[...steps.values()].map((chunks) => chunks.length));
    for (let step = 0; step < count; step++) {
      const batch: MeterReadings[] = pieces
        .map((meter, index) => ({ meter, key: (index * 7 + step * 3) % pieces.length }))
        .sort((a, b) => a.key - b.key)
        .flatMap(({ meter }) => {
          const chunk = steps.get(meter.id)![step];
          return chunk === undefined ? [] : [{ meterId: meter.id, aggregation: meter.aggregation, readings: chunk }];
        });
      await backend.db.transaction().execute((trx) => ingestReadings(trx, batch));
    }
    for (const meter of pieces)
      expectSameRollups(await rollupsOf(backend.db, meter.id), await rollupsOf(backend.db, wholeOf(meter).id));
  }, 300_000);

  it("writes an hour of many meters in as many statements as an hour of one", async () => {
    const db = backend.db;
    const ids = meters.map((meter) => meter.id);
    /** The statements an ingest of the batch runs, in a transaction as the hourly import's. */
    const statementsOf = async (batch: MeterReadings[]) => {
      const counting = countingStatements(db);
      await counting.db.transaction().execute((trx) => ingestReadings(trx, batch));
      return counting.count();
    };
    const last = Number(
      (
        await db
          .selectFrom("meter_readings")
          .select((eb) => eb.fn.max("ts").as("ts"))
          .executeTakeFirstOrThrow()
      ).ts,
    );
    const reading = (id: number, ts: number) => ({
      meterId: id,
      aggregation: meters[id - 1]!.aggregation,
      readings: [{ ts, value: meters[id - 1]!.aggregation === "addition" ? 5000 + ts / 1e6 : 20 }],
    });
    // A first hour makes the partitions every later hour finds.
    await ingestReadings(
      db,
      ids.map((id) => reading(id, last + hour)),
    );
    upkeep.skip = true;
    const one = await statementsOf([reading(ids[0]!, last + 2 * hour)]).finally(() => (upkeep.skip = false));
    upkeep.skip = true;
    const many = await statementsOf(ids.map((id) => reading(id, last + 3 * hour))).finally(() => (upkeep.skip = false));
    expect(many).toBe(one);
    expect(one).toBeLessThanOrEqual(12);
  });
});

describe("an hour without a value any more", () => {
  it("is deleted when a change covers it, as recomputing the day would", async () => {
    const backend = await backendWithMeters(["average"]);
    try {
      const ten = Date.parse("2025-06-02T08:00:00Z") / 1000;
      // A row no sample made (an operator's SQL), in the hour between two new samples.
      await backend.db
        .insertInto("consumption_hourly")
        .values({ meter_id: 1, hour: ten + hour, value: 99, weight: 1 })
        .execute();
      await ingestReadings(backend.db, [
        {
          meterId: 1,
          aggregation: "average",
          readings: [
            { ts: ten + 900, value: 20 },
            { ts: ten + 2 * hour + 900, value: 22 },
          ],
        },
      ]);
      expect((await rollupsOf(backend.db, 1)).hourly).toEqual([
        { hour: ten, value: 20, weight: 1 },
        { hour: ten + 2 * hour, value: 22, weight: 1 },
      ]);
    } finally {
      await backend.close();
    }
  });
});
