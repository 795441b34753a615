/**
 * `npm run bench:backend`: builds a large property in a temporary database (100 units × 6 meters
 * × 2 years of hourly readings, rollups included), then times the consumption queries through
 * the real GraphQL endpoint and prints one line per query:
 *
 *   <name>: p50=<ms> ms p95=<ms> ms
 *
 * Budget (DESIGN.md §5): p95 ≤ 50 ms for a year of one unit at daily resolution.
 *
 * `npm run bench:backend -- --postgres [postgres://…]` runs the same on SQLite and on a
 * fresh PostgreSQL database (on the server of the URL given, else TEST_DATABASE_URL's), by default
 * at 1,000 units (about 105 million readings, and as many hourly rollups), and prints both
 * dialects' figures side by side, with the load time and the time to ingest one more hour of
 * readings for every meter (the hourly import). `--units N` sets the size; `--only postgres` skips
 * SQLite. The SQLite lines come first, in the format above, so `npm run bench` reads them as before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addMonths, dayKeyOf, firstOfMonth, periodOfDays, startOfDay, toApiRange } from "@common/calendar";
import { quantityDefinition } from "@common/quantities";
import type { Transaction } from "kysely";
import { type Backend, createBackend, freshPostgresDatabase } from "../app";
import { rebuildPropertyRollups } from "../consumption/property-rollups";
import { ingestMeterReadings, writeNewSeries } from "../consumption/store";
import type { ModelMeter } from "../db/seed/reading-model";
import { hourContext, meterReadings, modelMeters, READINGS_ANCHOR_DAY } from "../db/seed/reading-model";
import type { Database } from "../db/types";
import { evaluateAlarms } from "../jobs/alarm-evaluation";
import { silentLogger } from "../logger";
import { hashPassword } from "../services/passwords";
import { graphqlData, signInToUsers } from "../testing/graphql";

const PROPERTY_ID = 9001;
const PASSWORD = "Bench-Password-2026!";
const quantities = [
  "heat-energy",
  "hca",
  "hot-water-volume",
  "cold-water-volume",
  "electricity-energy",
  "indoor-temperature",
] as const;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One measured line: a query's percentiles, or a single duration. */
interface Figure {
  name: string;
  text: string;
}

type Say = (line: string) => void;

async function time(
  figures: Figure[],
  say: Say,
  name: string,
  runs: number,
  run: (index: number) => Promise<unknown>,
): Promise<void> {
  await run(0); // warm-up
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(index);
    samples.push(performance.now() - started);
  }
  const text = `p50=${percentile(samples, 50).toFixed(1)} ms p95=${percentile(samples, 95).toFixed(1)} ms`;
  figures.push({ name, text });
  say(`${name}: ${text}`);
}

function seconds(from: number): string {
  return `${((performance.now() - from) / 1000).toFixed(1)} s`;
}

/** Loads the property into `backend`'s database and measures it; returns the figures. */
/** Runs `write` for every meter, `size` meters to a transaction; `afterEach` learns how many are done. */
async function forMetersInTransactions(
  backend: Backend,
  meters: readonly ModelMeter[],
  size: number,
  write: (trx: Transaction<Database>, meter: ModelMeter) => Promise<void>,
  afterEach?: (done: number) => void,
): Promise<void> {
  for (let offset = 0; offset < meters.length; offset += size) {
    await backend.db.transaction().execute(async (trx) => {
      for (const meter of meters.slice(offset, offset + size)) await write(trx, meter);
    });
    afterEach?.(Math.min(meters.length, offset + size));
  }
}

async function benchDatabase(backend: Backend, units: number, say: Say): Promise<Figure[]> {
  const figures: Figure[] = [];
  const now = new Date();
  const started = performance.now();
  const db = backend.db;
  await db
    .insertInto("properties")
    .values({
      id: PROPERTY_ID,
      number: "9001",
      address: "Benchvej 1",
      zipcode: "8000",
      city: "Aarhus C",
      country: "DK",
    })
    .execute();
  await db
    .insertInto("users")
    .values({
      id: 1,
      email: "bench@bench.test",
      password_hash: await hashPassword(PASSWORD),
      name: "Bench",
      language: "en",
      user_type: "EMAIL_PASSWORD",
      created_at: now.toISOString(),
    })
    .execute();
  const fromDay = addMonths(firstOfMonth(dayKeyOf(now.getTime())), -24);
  for (let unit = 1; unit <= units; unit++) {
    const unitId = 100_000 + unit;
    await db
      .insertInto("units")
      .values({
        id: unitId,
        property_id: PROPERTY_ID,
        unique_id: `B9001-${unit}`,
        name: `Unit ${unit}`,
        apartment: `${unit}`,
        address: `Benchvej 1, ${unit}`,
        floor_area: 40 + ((unit * 37) % 90),
        rooms: 1 + (unit % 5),
      })
      .execute();
    await db
      .insertInto("meters")
      .values(
        quantities.map((quantity, index) => ({
          id: unitId * 10 + index,
          unit_id: unitId,
          number: `B${unitId}${index}`,
          room_name: quantity === "hca" || quantity === "indoor-temperature" ? "Stue" : null,
          quantity,
        })),
      )
      .execute();
    await db
      .insertInto("tenancies")
      .values({
        id: unitId,
        unit_id: unitId,
        tenant_name: `Tenant ${unit}`,
        start_date: READINGS_ANCHOR_DAY,
        end_date: null,
      })
      .execute();
    await db
      .insertInto("tenancy_members")
      .values({ tenancy_id: unitId, user_id: 1, is_admin: 1, invitation_pending: 0, created_at: now.toISOString() })
      .execute();
  }
  const meters = await modelMeters(
    db,
    Array.from({ length: units }, (_, index) => 100_001 + index),
  );
  const anchor = startOfDay(READINGS_ANCHOR_DAY);
  // The last hour is left out of the load: the ingest below writes it, as the hourly import would.
  const currentIndex = Math.floor((now.getTime() - anchor) / 3_600_000);
  const loadedIndex = currentIndex - 1;
  const fromIndex = Math.round((startOfDay(fromDay) - anchor) / 3_600_000);
  const hours = hourContext(0, currentIndex + 1);
  let readings = 0;
  let lastReport = performance.now();
  await forMetersInTransactions(
    backend,
    meters,
    30,
    async (trx, meter) => {
      const series = meterReadings(meter, hours, fromIndex, loadedIndex);
      await writeNewSeries(trx, meter.id, quantityDefinition(meter.quantity).aggregation, series);
      readings += series.length;
    },
    (done) => {
      if (performance.now() - lastReport <= 60_000) return;
      lastReport = performance.now();
      say(`#   … ${readings} readings of ${done} meters after ${seconds(started)}`);
    },
  );
  await rebuildPropertyRollups(db, [PROPERTY_ID]);
  const loadTime = seconds(started);
  figures.push({
    name: "load",
    text: `${readings} readings of ${meters.length} meters (and their rollups) in ${loadTime}`,
  });
  say(
    `# generated ${units} units, ${meters.length} meters, ${readings} hourly readings from ${fromDay} in ${loadTime}`,
  );

  // Ingest one more hour for every meter, as the hourly import does (ingestMeterReadings per meter).
  const ingestStarted = performance.now();
  await forMetersInTransactions(backend, meters, 100, async (trx, meter) => {
    const series = meterReadings(meter, hours, currentIndex, currentIndex);
    await ingestMeterReadings(trx, meter.id, quantityDefinition(meter.quantity).aggregation, series);
  });
  const ingest = `${meters.length} meters in ${seconds(ingestStarted)}`;
  figures.push({ name: "ingest one hour of readings for every meter", text: ingest });
  say(`ingest one hour of readings for every meter: ${ingest}`);

  const { token } = await signInToUsers(backend, "bench@bench.test", PASSWORD);
  const tenancy = (index: number) => 100_001 + ((index * 7919) % units);
  const today = dayKeyOf(now.getTime());
  const yearAgo = addMonths(today, -12);
  const graph = (index: number, resolution: string, begin: string, end: string, compareWith: string[] = []) =>
    graphqlData(
      backend,
      "tenant",
      `query($g: TenantGraphInput!) { tenantGraph(graph: $g) { timestamps graphs { consumption { values relatedValues { type values } } } } }`,
      {
        token,
        variables: {
          g: {
            tenancyId: tenancy(index),
            quantities: ["heat-energy"],
            resolution,
            ...toApiRange(periodOfDays({ fromDay: begin, endDay: end })),
            compareWith,
          },
        },
      },
    );

  await time(figures, say, "tenantGraph year daily (one unit)", 60, (index) => graph(index, "DAILY", yearAgo, today));
  await time(figures, say, "tenantGraph year daily with previous year and property average", 30, (index) =>
    graph(index, "DAILY", yearAgo, today, ["PREVIOUS_YEAR", "PROPERTY_AVERAGE"]),
  );
  await time(figures, say, "tenantGraph month hourly (one unit)", 60, (index) =>
    graph(index, "HOURLY", addMonths(today, -1), today),
  );
  await time(figures, say, "unitQuantityKpis year", 40, (index) =>
    graphqlData(
      backend,
      "tenant",
      `query($i: UnitQuantityKpisInput!) { unitQuantityKpis(input: $i) { total previousPeriod previousYear propertyComparison rooms { label value } meters { value } } }`,
      {
        token,
        variables: {
          i: {
            tenancyId: tenancy(index),
            quantity: "hca",
            ...toApiRange(periodOfDays({ fromDay: yearAgo, endDay: today })),
          },
        },
      },
    ),
  );
  const rated = Math.min(units, 100);
  await time(figures, say, `consumptionRating of ${rated} units`, 5, async () => {
    for (let index = 0; index < rated; index++) {
      await graphqlData(
        backend,
        "tenant",
        `{ consumptionRating(tenancyId: ${tenancy(index)}, quantity: "heat-energy") { letter } }`,
        { token },
      );
    }
  });

  // The alarm evaluation job: one alarm of every type on every unit, daily, set two
  // days ago. The first run evaluates both closed days; the timed one runs a day later, over one
  // day's new readings, as the hourly schedule does after midnight.
  const set = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const alarmTypes = [
    { quantity: "heat-energy", type: "threshold", level: 1000 },
    { quantity: "hot-water-volume", type: "comparison", level: 50 },
    { quantity: "cold-water-volume", type: "zero", level: 0 },
    { quantity: "indoor-temperature", type: "minimum", level: 16 },
    { quantity: "indoor-temperature", type: "maximum", level: 26 },
  ] as const;
  for (let unit = 1; unit <= units; unit++) {
    await db
      .insertInto("alarms")
      .values(
        alarmTypes.map((alarm) => ({
          ...alarm,
          user_id: 1,
          tenancy_id: 100_000 + unit,
          frequency: "day" as const,
          enabled: 1 as const,
          created_at: set,
          updated_at: set,
        })),
      )
      .execute();
  }
  const yesterday = new Date(now.getTime() - 86_400_000);
  let started2 = performance.now();
  const first = await evaluateAlarms(db, yesterday);
  const firstText = `${(performance.now() - started2).toFixed(0)} ms`;
  figures.push({ name: "alarm evaluation, first run", text: firstText });
  say(`alarm evaluation, first run (${units * alarmTypes.length} alarms, ${first.evaluated} periods): ${firstText}`);
  started2 = performance.now();
  const daily = await evaluateAlarms(db, now);
  const dailyText = `${(performance.now() - started2).toFixed(0)} ms`;
  figures.push({ name: "alarm evaluation, a day's new readings", text: dailyText });
  say(
    `alarm evaluation, a day's new readings (${units * alarmTypes.length} alarms, ${daily.evaluated} periods, ${daily.notificationIds.length} notifications): ${dailyText}`,
  );
  return figures;
}

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  return value !== undefined && !value.startsWith("--") ? value : "";
}

async function main(args: string[]): Promise<void> {
  const postgresArg = argument(args, "--postgres");
  const postgresServer =
    postgresArg === undefined ? undefined : postgresArg || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (postgresArg !== undefined && !postgresServer) {
    console.error("--postgres needs a server: --postgres postgres://user@host:port/postgres, or TEST_DATABASE_URL");
    process.exit(2);
  }
  const units = Number(argument(args, "--units") || (postgresServer ? 1000 : 100));
  const only = argument(args, "--only");
  const results: { dialect: string; figures: Figure[] }[] = [];

  if (only !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "backend-bench-"));
    const backend = await createBackend({ databasePath: join(dir, "bench.sqlite"), logger: silentLogger });
    try {
      if (postgresServer) console.log(`# SQLite, ${units} units`);
      results.push({ dialect: "SQLite", figures: await benchDatabase(backend, units, (line) => console.log(line)) });
    } finally {
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (postgresServer) {
    const database = await freshPostgresDatabase(postgresServer);
    const dir = mkdtempSync(join(tmpdir(), "backend-bench-files-"));
    const backend = await createBackend({ databasePath: database.url, filesDir: dir, logger: silentLogger });
    try {
      console.log(`# PostgreSQL, ${units} units`);
      results.push({
        dialect: "PostgreSQL",
        figures: await benchDatabase(backend, units, (line) => console.log(`[postgres] ${line}`)),
      });
    } finally {
      await backend.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (results.length > 1) {
    console.log(`\n# Side by side (${units} units × ${quantities.length} meters × 2 years of hourly readings)`);
    const width = Math.max(...results[0]!.figures.map((f) => f.name.length));
    const cellWidth = Math.max(...results.flatMap((r) => r.figures.map((f) => f.text.length)));
    console.log(`${"".padEnd(width)}  ${results.map((r) => r.dialect.padEnd(cellWidth)).join("  ")}`);
    for (const figure of results[0]!.figures) {
      const cells = results.map((r) => (r.figures.find((f) => f.name === figure.name)?.text ?? "").padEnd(cellWidth));
      console.log(`${figure.name.padEnd(width)}  ${cells.join("  ").trimEnd()}`);
    }
    console.log("Budget (DESIGN.md §5): tenantGraph year daily (one unit) p95 ≤ 50 ms, on either database.");
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error("bench failed:", error);
  process.exit(1);
});
