/**
 * Times the hourly ingest by sets: `npx tsx backend/cli/ingest-bench.ts [--meters 6000]
 * [--days 3] [--hours 3] [--at-hour 23] [--postgres postgres://…]`. Builds one property's meters (registers and
 * one temperature sensor in six) with `--days` of hourly history in a temporary SQLite database (and
 * a fresh PostgreSQL database on the server given, or TEST_DATABASE_URL's), then ingests `--hours`
 * more hours, each hour of every meter by one ingestReadings in one transaction as the hourly
 * import does (the first of them at `--at-hour` o'clock Copenhagen time, its latest past one, when
 * given: late in the day the property's day holds more hours, so the time of day matters), and prints each hour's time and the time per meter; then times the alarm run over
 * five daily alarms per six meters, as the whole-property bench does. The whole-property bench
 * (`npm run bench:backend`) measures the views at real size; this one isolates the ingest.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dayKeyOf, startOfDay } from "@common/calendar";
import { type Aggregation, quantityDefinition } from "@common/quantities";
import { type Backend, createBackend, freshPostgresDatabase } from "../app";
import type { Reading } from "../consumption/aggregate";
import { rebuildPropertyRollups } from "../consumption/property-rollups";
import { ingestReadings, writeNewSeries } from "../consumption/store";
import { evaluateAlarms } from "../jobs/alarm-evaluation";
import { silentLogger } from "../logger";
import { insertTestMeters, insertTestProperties, insertTestUnits } from "../testing/setup";
import { benchAlarmTypes, benchQuantities } from "./bench-alarms";

const HOUR = 3600;

function option(args: string[], name: string, fallback: string): string {
  const index = args.indexOf(name);
  const value = index === -1 ? undefined : args[index + 1];
  return value === undefined || value.startsWith("--") ? fallback : value;
}

/** Meter `id`'s reading at hour `index`: registers rise unevenly, temperatures wander. */
function reading(id: number, aggregation: Aggregation, start: number, index: number): Reading {
  const ts = start + index * HOUR;
  return aggregation === "addition"
    ? { ts, value: Math.round((index * 1.3 + ((id * 7919 + index * 31) % 17) / 10) * 1000) / 1000 }
    : { ts, value: 20 + (((id + index) * 13) % 40) / 10 };
}

/**
 * The start (epoch seconds) of the first ingested hour: the current hour, or the latest past
 * `atHour` o'clock in Copenhagen.
 */
function firstIngestedHour(atHour: number | null): number {
  const now = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
  if (atHour === null) return now;
  const today = startOfDay(dayKeyOf(now * 1000)) / 1000 + atHour * HOUR;
  return today <= now ? today : startOfDay(dayKeyOf((now - 24 * HOUR) * 1000)) / 1000 + atHour * HOUR;
}

async function run(
  label: string,
  backend: Backend,
  meters: number,
  days: number,
  hours: number,
  atHour: number | null,
): Promise<void> {
  const db = backend.db;
  await insertTestProperties(db, [1]);
  await insertTestUnits(
    db,
    Array.from({ length: Math.ceil(meters / benchQuantities.length) }, (_, index) => ({
      id: index + 1,
      propertyId: 1,
      floorArea: 50,
    })),
  );
  // A home's meters one after another: meter id 1 + 6 (unit - 1) + the quantity's place in benchQuantities.
  const all = Array.from({ length: meters }, (_, index) => {
    const quantity = benchQuantities[index % benchQuantities.length]!;
    return { id: index + 1, quantity, aggregation: quantityDefinition(quantity).aggregation };
  });
  await insertTestMeters(
    db,
    all.map((meter) => ({
      id: meter.id,
      unitId: Math.floor((meter.id - 1) / benchQuantities.length) + 1,
      quantity: meter.quantity,
      roomName: meter.aggregation === "average" ? "Stue" : null,
    })),
  );
  const start = firstIngestedHour(atHour) - days * 24 * HOUR;
  const history = days * 24;
  const loadStarted = performance.now();
  for (let from = 0; from < meters; from += 200) {
    await db.transaction().execute(async (trx) => {
      for (const meter of all.slice(from, from + 200)) {
        const series = Array.from({ length: history }, (_, index) =>
          reading(meter.id, meter.aggregation, start, index),
        );
        await writeNewSeries(trx, meter.id, meter.aggregation, series);
      }
    });
  }
  // A bulk load leaves the property rollups to one rebuild at its end; an ingest then keeps them.
  await rebuildPropertyRollups(db, [1]);
  console.log(
    `${label}: ${meters} meters × ${history} hours loaded (and the property rollups built) in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  for (let hour = 0; hour < hours; hour++) {
    const batch = all.map((meter) => ({
      meterId: meter.id,
      aggregation: meter.aggregation,
      readings: [reading(meter.id, meter.aggregation, start, history + hour)],
    }));
    const at = new Date((start + (history + hour) * HOUR) * 1000).toLocaleTimeString("en-GB", {
      timeZone: "Europe/Copenhagen",
      hour: "2-digit",
      minute: "2-digit",
    });
    const started = performance.now();
    await db.transaction().execute((trx) => ingestReadings(trx, batch));
    const ms = performance.now() - started;
    console.log(
      `${label}: ingest one hour of ${meters} meters (reading at ${at}): ${(ms / 1000).toFixed(2)} s (${((ms * 1000) / meters).toFixed(0)} µs a meter)`,
    );
  }
}

/**
 * The alarm run as `npm run bench:backend` times it: five daily alarms per unit, set two days ago;
 * a first run evaluates both closed days, the timed second run a day later.
 */
async function timeAlarms(label: string, backend: Backend, units: number): Promise<void> {
  const db = backend.db;
  const now = new Date();
  const set = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  await db
    .insertInto("users")
    .values({
      id: 1,
      email: "bench@bench.test",
      password_hash: null,
      name: "Bench",
      language: "en",
      user_type: "EMAIL_PASSWORD",
      created_at: set,
    })
    .execute();
  const alarmTypes = benchAlarmTypes;
  for (let from = 1; from <= units; from += 100) {
    const ids = Array.from({ length: Math.min(100, units - from + 1) }, (_, index) => from + index);
    await db
      .insertInto("tenancies")
      .values(
        ids.map((id) => ({ id, unit_id: id, tenant_name: `Tenant ${id}`, start_date: "2024-01-01", end_date: null })),
      )
      .execute();
    await db
      .insertInto("alarms")
      .values(
        ids.flatMap((id) =>
          alarmTypes.map((alarm) => ({
            ...alarm,
            user_id: 1,
            tenancy_id: id,
            frequency: "day" as const,
            enabled: 1 as const,
            created_at: set,
            updated_at: set,
          })),
        ),
      )
      .execute();
  }
  let started = performance.now();
  const first = await evaluateAlarms(db, new Date(now.getTime() - 86_400_000));
  console.log(
    `${label}: alarm run, first (${units * 5} alarms, ${first.evaluated} periods): ${(performance.now() - started).toFixed(0)} ms`,
  );
  started = performance.now();
  const daily = await evaluateAlarms(db, now);
  console.log(
    `${label}: alarm run, a day's new readings (${units * 5} alarms, ${daily.evaluated} periods, ${daily.notificationIds.length} notifications): ${(performance.now() - started).toFixed(0)} ms`,
  );
}

async function main(args: string[]): Promise<void> {
  const meters = Number(option(args, "--meters", "6000"));
  const days = Number(option(args, "--days", "3"));
  const hours = Number(option(args, "--hours", "3"));
  const atHourOption = option(args, "--at-hour", "");
  const atHour = atHourOption === "" ? null : Number(atHourOption);
  const server = option(args, "--postgres", process.env.TEST_DATABASE_URL ?? "");
  const dir = mkdtempSync(join(tmpdir(), "ingest-bench-"));
  try {
    const sqlite = await createBackend({ databasePath: join(dir, "portal.sqlite"), logger: silentLogger });
    try {
      await run("sqlite", sqlite, meters, days, hours, atHour);
      await timeAlarms("sqlite", sqlite, Math.ceil(meters / 6));
    } finally {
      await sqlite.close();
    }
    if (server !== "") {
      const database = await freshPostgresDatabase(server);
      const postgres = await createBackend({ databasePath: database.url, logger: silentLogger });
      try {
        await run("postgres", postgres, meters, days, hours, atHour);
        await timeAlarms("postgres", postgres, Math.ceil(meters / 6));
      } finally {
        await postgres.close();
        await database.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main(process.argv.slice(2));
