import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../../app";
import { ingestMeterReadings, writeNewSeries } from "../../consumption/store";
import { silentLogger } from "../../logger";
import { createDemoBackend, insertOneUnitProperty } from "../../testing/setup";
import { isPostgres } from "../migrations/dialect";
import { ensureReadingPartitions, partitionsFor, preparePartitionsAhead } from "./reading-partitions";

describe("partitionsFor", () => {
  it("covers the UTC months of a range of instants, and the years of a range of days", () => {
    const s = (iso: string) => Date.parse(iso) / 1000;
    expect(partitionsFor("meter_readings", s("2026-11-30T23:00:00Z"), s("2027-01-01T00:00:00Z"))).toEqual([
      { name: "meter_readings_p202611", from: s("2026-11-01T00:00:00Z"), to: s("2026-12-01T00:00:00Z") },
      { name: "meter_readings_p202612", from: s("2026-12-01T00:00:00Z"), to: s("2027-01-01T00:00:00Z") },
      { name: "meter_readings_p202701", from: s("2027-01-01T00:00:00Z"), to: s("2027-02-01T00:00:00Z") },
    ]);
    expect(
      partitionsFor("consumption_hourly", s("2026-05-10T00:00:00Z"), s("2026-05-10T00:00:00Z")).map((p) => p.name),
    ).toEqual(["consumption_hourly_p202605"]);
    expect(partitionsFor("consumption_daily", "2025-12-31", "2026-01-01")).toEqual([
      { name: "consumption_daily_p2025", from: "2025-01-01", to: "2026-01-01" },
      { name: "consumption_daily_p2026", from: "2026-01-01", to: "2027-01-01" },
    ]);
  });
});

// On PostgreSQL (TEST_DATABASE_URL): the reading tables are partitioned and writes make their partitions.
describe.skipIf(!process.env.TEST_DATABASE_URL)("the reading tables on PostgreSQL", () => {
  let backend: Backend;
  afterEach(() => backend?.close());

  const partitionsOf = async (table: string) =>
    (
      await sql<{
        name: string;
      }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass order by 1`.execute(
        backend.db,
      )
    ).rows
      .map((row) => row.name)
      .filter((name) => !name.endsWith("_default"));

  it("are range partitions made as rows arrive: readings and hours by month, days by year; a meter's range reads only its partitions", async () => {
    backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    expect(isPostgres(backend.db)).toBe(true);
    const kinds = await sql<{ relname: string; relkind: string }>`
      select relname, relkind from pg_class where relname in ('meter_readings', 'consumption_hourly', 'consumption_daily', 'consumption_monthly') order by 1`.execute(
      backend.db,
    );
    expect(kinds.rows).toEqual([
      { relname: "consumption_daily", relkind: "p" },
      { relname: "consumption_hourly", relkind: "p" },
      { relname: "consumption_monthly", relkind: "r" },
      { relname: "meter_readings", relkind: "p" },
    ]);
    await insertOneUnitProperty(backend.db);
    await backend.db
      .insertInto("meters")
      .values({ id: 1, unit_id: 1, number: "M1", room_name: null, quantity: "heat-energy" })
      .execute();
    const start = Date.parse("2026-01-31T20:00:00Z") / 1000;
    await backend.db.transaction().execute((trx) =>
      writeNewSeries(
        trx,
        1,
        "addition",
        Array.from({ length: 8 }, (_, i) => ({ ts: start + i * 3600, value: i * 1.5 })),
      ),
    );
    expect(await partitionsOf("meter_readings")).toEqual(["meter_readings_p202601", "meter_readings_p202602"]);
    expect(await partitionsOf("consumption_hourly")).toEqual([
      "consumption_hourly_p202601",
      "consumption_hourly_p202602",
    ]);
    expect(await partitionsOf("consumption_daily")).toEqual(["consumption_daily_p2026"]);
    // A later reading through the ingest path makes its month's partition too.
    await ingestMeterReadings(backend.db, 1, "addition", [
      { ts: Date.parse("2026-03-01T00:00:00Z") / 1000, value: 99 },
    ]);
    expect(await partitionsOf("meter_readings")).toContain("meter_readings_p202603");
    expect(
      Number(
        (await sql<{ n: number }>`select count(*) as n from meter_readings_p202601`.execute(backend.db)).rows[0]!.n,
      ),
    ).toBe(4);
    // One meter's February: only February's partition is read.
    const plan = await sql<{
      "QUERY PLAN": string;
    }>`explain select * from meter_readings where meter_id = 1 and ts >= ${Date.parse("2026-02-02T00:00:00Z") / 1000} and ts < ${Date.parse("2026-02-20T00:00:00Z") / 1000}`.execute(
      backend.db,
    );
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("meter_readings_p202602");
    expect(text).not.toContain("meter_readings_p202601");
    expect(text).not.toContain("meter_readings_p202603");
    // Epoch seconds past 2038 fit (bigint).
    await ingestMeterReadings(backend.db, 1, "addition", [
      { ts: Date.parse("2040-01-01T00:00:00Z") / 1000, value: 120 },
    ]);
    expect(await partitionsOf("meter_readings")).toContain("meter_readings_p204001");
    // The 2040 reading spreads its consumption over fourteen years of hours, each of which the
    // meter's and the property's rollups write: about 10 s on an idle machine.
  }, 60_000);

  it("are made once when several writers ask at the same moment, and ahead by the schedule", async () => {
    backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    const from = Date.parse("2030-01-15T00:00:00Z") / 1000;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        backend.db
          .transaction()
          .execute((trx) => ensureReadingPartitions(trx, "meter_readings", from, from + 86_400 * 40)),
      ),
    );
    expect(await partitionsOf("meter_readings")).toEqual(["meter_readings_p203001", "meter_readings_p203002"]);
    await preparePartitionsAhead(backend.db, new Date("2031-12-05T10:00:00Z"));
    expect(await partitionsOf("consumption_hourly")).toEqual([
      "consumption_hourly_p203112",
      "consumption_hourly_p203201",
      "consumption_hourly_p203202",
    ]);
    expect(await partitionsOf("consumption_daily")).toEqual(["consumption_daily_p2031", "consumption_daily_p2032"]);
  });

  it("are remembered once seen, but not when the transaction that made them rolls back; the schedule looks again", async () => {
    backend = await createDemoBackend();
    const meter = await backend.db.selectFrom("meters").select("id").orderBy("id").executeTakeFirstOrThrow();
    const ts = Date.parse("2033-03-10T00:00:00Z") / 1000;
    const count = async (table: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(backend.db)).rows[0]!.n);
    // Made, seen again inside the same transaction, then rolled back: not taken for present.
    await expect(
      backend.db.transaction().execute(async (trx) => {
        await ensureReadingPartitions(trx, "meter_readings", ts, ts);
        await ensureReadingPartitions(trx, "meter_readings", ts, ts);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await partitionsOf("meter_readings")).not.toContain("meter_readings_p203303");
    await ingestMeterReadings(backend.db, meter.id, "addition", [{ ts, value: 5 }]);
    expect(await count("meter_readings_p203303")).toBe(1);
    expect(await count("meter_readings_default")).toBe(0);
    // Now remembered: an operator archives the month behind the back-end's back. A write waits in
    // the default partition; the schedule's look at the catalogue makes the month again and moves it.
    await ingestMeterReadings(backend.db, meter.id, "addition", [{ ts: ts + 3600, value: 6 }]);
    await sql`alter table meter_readings detach partition meter_readings_p203303`.execute(backend.db);
    await sql`drop table meter_readings_p203303`.execute(backend.db);
    await ingestMeterReadings(backend.db, meter.id, "addition", [{ ts: ts + 7200, value: 7 }]);
    expect(await count("meter_readings_default")).toBe(1);
    await preparePartitionsAhead(backend.db, new Date("2033-03-15T00:00:00Z"));
    expect(await count("meter_readings_default")).toBe(0);
    expect(await count("meter_readings_p203303")).toBe(1);
  });

  it("keep a row written without its partition in the default one, and move it when the partition is made", async () => {
    backend = await createDemoBackend();
    const meter = await backend.db.selectFrom("meters").select("id").orderBy("id").executeTakeFirstOrThrow();
    const ts = Date.parse("2035-06-10T00:00:00Z") / 1000;
    await backend.db.insertInto("meter_readings").values({ meter_id: meter.id, ts, value: 1 }).execute();
    const count = async (table: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(backend.db)).rows[0]!.n);
    expect(await count("meter_readings_default")).toBe(1);
    await ingestMeterReadings(backend.db, meter.id, "addition", [{ ts: ts + 3600, value: 2 }]);
    expect(await count("meter_readings_default")).toBe(0);
    expect(await count("meter_readings_p203506")).toBe(2);
    expect(
      await backend.db
        .selectFrom("meter_readings")
        .select(["ts", "value"])
        .where("meter_id", "=", meter.id)
        .where("ts", ">=", ts)
        .orderBy("ts")
        .execute(),
    ).toEqual([
      { ts, value: 1 },
      { ts: ts + 3600, value: 2 },
    ]);
  });
});
