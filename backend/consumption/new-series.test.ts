/**
 * New series loaded by COPY (PostgreSQL) are the rows the unnest inserts write; a failed COPY leaves
 * nothing of its transaction; values come back exactly. The pure encoder: bulk-insert.test.ts.
 */

import { startOfDay } from "@common/calendar";
import { quantityDefinition } from "@common/quantities";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { isPostgres } from "../db/migrations/dialect";
import { hourContext, hourIndexOf, meterReadings, modelMeters } from "../db/seed/reading-model";
import { topUpDemoReadings } from "../db/seed/readings";
import { propertyRollupTables } from "../testing/property-rollups";
import { createDemoBackend } from "../testing/setup";
import { hourlyFromRegister, type Reading } from "./aggregate";
import { withKeysBuiltAfter } from "./bulk-insert";
import { hourlyOnWholeHours, type NewSeries, writeNewSeriesBatch } from "./new-series";
import { rebuildPropertyRollups } from "./property-rollups";

const FROM_DAY = "2025-01-25";
const TO_DAY = "2025-04-03"; // across a month, a year's partitions and the spring change

async function demoSeries(backend: Backend, unitIds: number[]): Promise<NewSeries[]> {
  const meters = await modelMeters(backend.db, unitIds);
  const fromIndex = hourIndexOf(startOfDay(FROM_DAY));
  const toIndex = hourIndexOf(startOfDay(TO_DAY));
  const hours = hourContext(0, toIndex + 1);
  return meters.map((meter) => ({
    meterId: meter.id,
    aggregation: quantityDefinition(meter.quantity).aggregation,
    readings: meterReadings(meter, hours, fromIndex, toIndex),
  }));
}

async function rowsOf(backend: Backend, meterIds: number[]) {
  const db = backend.db;
  return {
    readings: await db
      .selectFrom("meter_readings")
      .selectAll()
      .where("meter_id", "in", meterIds)
      .orderBy("meter_id")
      .orderBy("ts")
      .execute(),
    hourly: await db
      .selectFrom("consumption_hourly")
      .selectAll()
      .where("meter_id", "in", meterIds)
      .orderBy("meter_id")
      .orderBy("hour")
      .execute(),
    daily: await db
      .selectFrom("consumption_daily")
      .selectAll()
      .where("meter_id", "in", meterIds)
      .orderBy("meter_id")
      .orderBy("day")
      .execute(),
    monthly: await db
      .selectFrom("consumption_monthly")
      .selectAll()
      .where("meter_id", "in", meterIds)
      .orderBy("meter_id")
      .orderBy("month")
      .execute(),
  };
}

async function deleteRows(backend: Backend, meterIds: number[]) {
  for (const table of ["meter_readings", "consumption_hourly", "consumption_daily", "consumption_monthly"] as const)
    await backend.db.deleteFrom(table).where("meter_id", "in", meterIds).execute();
}

/**
 * The demo series of `unitIds`' meters written the ordinary way (one transaction, no options), the
 * rows that made, then deleted: for a test that writes the same series again another way.
 */
async function writtenOnceThenDeleted(backend: Backend, unitIds: number[]) {
  const series = await demoSeries(backend, unitIds);
  const meterIds = series.map((s) => s.meterId);
  await backend.db.transaction().execute((trx) => writeNewSeriesBatch(trx, series));
  const written = await rowsOf(backend, meterIds);
  await deleteRows(backend, meterIds);
  return { series, meterIds, written };
}

/** `db` with the times its `method` (a new transaction, a pooled connection) was asked for counted. */
function countingCalls(db: Backend["db"], method: "transaction" | "connection") {
  let calls = 0;
  const counted = new Proxy(db, {
    get(target, key) {
      if (key === method) calls++;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: counted, calls: () => calls };
}

describe("the hours of register readings on whole hours", () => {
  it("are exactly hourlyFromRegister's, gaps and awkward values included", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let trial = 0; trial < 200; trial++) {
      const readings: Reading[] = [];
      let ts = 1_711_846_800 + Math.floor(random() * 1000) * 3600; // around the spring change
      let value = random() * 1e6;
      for (let index = 0; index < 300; index++) {
        readings.push({ ts, value });
        ts += 3600 * (random() < 0.9 ? 1 : 1 + Math.floor(random() * 30));
        value += random() < 0.1 ? 0 : random() < 0.5 ? random() / 7 : random() * 1e3 * (random() < 0.05 ? -1 : 1);
      }
      expect(hourlyOnWholeHours(readings)).toEqual(hourlyFromRegister(readings));
    }
    expect(hourlyOnWholeHours([])).toEqual([]);
    expect(hourlyOnWholeHours([{ ts: 3600, value: 1 }])).toEqual([]);
  });

  it("are left to the general path for a reading off the hour or out of order", () => {
    expect(
      hourlyOnWholeHours([
        { ts: 3600, value: 1 },
        { ts: 7_260, value: 2 },
      ]),
    ).toBeUndefined();
    expect(
      hourlyOnWholeHours([
        { ts: 7200, value: 1 },
        { ts: 3600, value: 2 },
      ]),
    ).toBeUndefined();
    expect(
      hourlyOnWholeHours([
        { ts: 3600, value: 1 },
        { ts: 3600, value: 2 },
      ]),
    ).toBeUndefined();
  });
});

describe("new series, many meters at once", () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await createDemoBackend();
  }, 60_000);
  afterAll(() => backend.close());

  it("make the demo seed's property rollups as they are written, as a rebuild makes them", async () => {
    const db = backend.db;
    await topUpDemoReadings(db, new Date("2025-03-10T12:00:00Z"), { unitIds: [110, 111, 112], fromDay: "2025-02-01" });
    const tables = () => propertyRollupTables(db);
    const seeded = await tables();
    expect(seeded.hourly.length).toBeGreaterThan(1000);
    await rebuildPropertyRollups(db);
    expect(await tables()).toEqual(seeded);
  }, 120_000);

  it("loaded by COPY equal those loaded by the inserts: readings, hours, days and months", async () => {
    const series = await demoSeries(backend, [101, 102]);
    const meterIds = series.map((s) => s.meterId);
    expect(series.length).toBeGreaterThan(6);
    await backend.db.transaction().execute((trx) => writeNewSeriesBatch(trx, series, { copy: false }));
    const inserted = await rowsOf(backend, meterIds);
    expect(inserted.readings.length).toBe(series.reduce((sum, s) => sum + s.readings.length, 0));
    expect(inserted.monthly.length).toBeGreaterThan(0);
    await deleteRows(backend, meterIds);
    expect((await rowsOf(backend, meterIds)).readings).toEqual([]);
    await backend.db.transaction().execute((trx) => writeNewSeriesBatch(trx, series));
    expect(await rowsOf(backend, meterIds)).toEqual(inserted);
    await deleteRows(backend, meterIds);
  });

  it("written outside a transaction commit as a whole", async () => {
    const series = await demoSeries(backend, [103]);
    const meterIds = series.map((s) => s.meterId);
    await writeNewSeriesBatch(backend.db, series);
    expect((await rowsOf(backend, meterIds)).readings.length).toBe(
      series.reduce((sum, s) => sum + s.readings.length, 0),
    );
    await deleteRows(backend, meterIds);
  });

  it("written on two connections at once (a bulk load's `concurrent`) equal those of one transaction", async () => {
    const { series, meterIds, written: together } = await writtenOnceThenDeleted(backend, [107]);
    expect(together.hourly.length).toBeGreaterThan(1000);
    const counted = countingCalls(backend.db, "transaction");
    await writeNewSeriesBatch(counted.db, series, { concurrent: true });
    expect(await rowsOf(backend, meterIds)).toEqual(together);
    // PostgreSQL: the readings in one transaction, the rollups in another; SQLite has one writer.
    expect(counted.calls()).toBe(isPostgres(backend.db) ? 2 : 1);
    await deleteRows(backend, meterIds);
  });

  it("that fail leave nothing of their transaction, and the connection serves the next query", async () => {
    const [good] = await demoSeries(backend, [104]);
    const missingMeter: NewSeries = { meterId: 987_654, aggregation: "addition", readings: good!.readings };
    await expect(
      backend.db.transaction().execute(async (trx) => {
        await writeNewSeriesBatch(trx, [good!]);
        // A meter that does not exist: its COPY breaks the foreign key.
        await writeNewSeriesBatch(trx, [missingMeter]);
      }),
    ).rejects.toThrow(/foreign key/i);
    expect(await rowsOf(backend, [good!.meterId])).toEqual({ readings: [], hourly: [], daily: [], monthly: [] });
    for (let i = 0; i < 12; i++) await backend.db.selectFrom("meters").select("id").limit(1).execute();
  });

  it("keep every value exactly: negative, fractions, large and tiny", async () => {
    const [meter] = await demoSeries(backend, [105]);
    const values = [
      -1.5,
      0.1 + 0.2,
      1 / 3,
      -2 / 3,
      123_456_789.123_456_79,
      9_007_199_254_740_991,

      5e-324,
      -1.234e-7,
      1e21,
      0,
      2 ** -30,
      987.654_321_000_001,
    ];
    const start = meter!.readings[0]!.ts;
    const readings = values.map((value, index) => ({ ts: start + index * 3600, value }));
    await backend.db.transaction().execute((trx) => writeNewSeriesBatch(trx, [{ ...meter!, readings }]));
    const stored = await backend.db
      .selectFrom("meter_readings")
      .select(["ts", "value"])
      .where("meter_id", "=", meter!.meterId)
      .orderBy("ts")
      .execute();
    expect(stored).toEqual(readings);
    await deleteRows(backend, [meter!.meterId]);
  });

  /** The reading tables' keys and indexes, partitions included, as PostgreSQL describes them. */
  async function keysOf() {
    const { rows } = await sql<{ name: string; definition: string }>`
      select c.relname || '.' || con.conname as name, pg_get_constraintdef(con.oid) as definition
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      where c.relnamespace = current_schema()::regnamespace and con.contype in ('p', 'f')
        and (c.relname like 'meter_readings%' or c.relname like 'consumption_%')
      union all
      select indexrelid::regclass::text, pg_get_indexdef(indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = current_schema()::regnamespace and (c.relname like 'meter_readings%' or c.relname like 'consumption_%')
      order by 1`.execute(backend.db);
    return rows;
  }

  it.runIf(process.env.TEST_DATABASE_URL)(
    "loaded with the keys built after the data are the same rows, and the keys are back as they were",
    async () => {
      const { series, meterIds, written: expected } = await writtenOnceThenDeleted(backend, [106]);
      // The keys as the ordinary write left them (deleting its rows drops none).
      const keys = await keysOf();
      expect(keys.length).toBeGreaterThan(8);
      await backend.db.transaction().execute((trx) => withKeysBuiltAfter(trx, () => writeNewSeriesBatch(trx, series)));
      expect(await rowsOf(backend, meterIds)).toEqual(expected);
      expect(await keysOf()).toEqual(keys);
      // A duplicate row breaks the primary key when it is built: nothing of the load stays, the keys do.
      await deleteRows(backend, meterIds);
      await expect(
        backend.db.transaction().execute((trx) =>
          withKeysBuiltAfter(trx, async () => {
            await writeNewSeriesBatch(trx, series);
            await writeNewSeriesBatch(trx, series.slice(0, 1));
          }),
        ),
      ).rejects.toThrow(/unique|duplicate/i);
      expect((await rowsOf(backend, meterIds)).readings).toEqual([]);
      expect(await keysOf()).toEqual(keys);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "given the pool, loaded with the keys built on two connections at once: the same rows and keys",
    async () => {
      const { series, meterIds, written: expected } = await writtenOnceThenDeleted(backend, [108]);
      const keys = await keysOf();
      const counted = countingCalls(backend.db, "connection");
      await withKeysBuiltAfter(counted.db, () => writeNewSeriesBatch(counted.db, series, { concurrent: true }));
      expect(await rowsOf(backend, meterIds)).toEqual(expected);
      expect(await keysOf()).toEqual(keys);
      expect(counted.calls()).toBe(2);
      await deleteRows(backend, meterIds);
    },
  );
});
