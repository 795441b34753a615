/**
 * `npm run bench:backend`: builds a large property in a temporary database (N units × 6 meters
 * × 2 years of hourly readings, rollups included), then times what the issue's table of budgets
 * names and prints one line per figure, its budget and "ok" or "OVER":
 *
 *   <name>: p50=<ms> ms p95=<ms> ms  (budget p95 ≤ <ms> ms: ok)
 *
 * - bulk load: readings a second of the whole load (series made, written, rolled up);
 * - an hour's ingest for every meter: one ingestReadings call with the whole hour, one transaction;
 * - a home's year daily alone, with the previous year and the property average, a month hourly, key
 *   figures a year: through the real GraphQL endpoint, units spread over the property, after a warm-up;
 * - the rating of a home: p95 of single uncached ratings (each home rated once, so the 10-minute
 *   rating cache answers none), and the sum of them one after another;
 * - the day's alarm run: 5 alarms a home (5,000 at 1,000 homes);
 * - the watches' part of the day's run: both watches on in every home (2,000 at 1,000 homes),
 *   at most 0.5 s more than the alarm run (issue 47, ADR 0075);
 * - the weekly update's run: the Monday e-mail's figures for every home (issue 47 item 4, ADR 0076).
 *
 * The budgets of the ingest, the alarm run and the watches are the issue's at 1,000 homes, in
 * proportion above.
 *
 * `npm run bench:backend -- --postgres [postgres://…]` runs the same on SQLite and on a fresh
 * PostgreSQL database (on the server of the URL given, else TEST_DATABASE_URL's), by default at
 * 1,000 units (about 105 million readings, and as many hourly rollups), and prints both dialects'
 * figures side by side. `--units N` sets the size; `--only postgres` skips SQLite;
 * `--big-ingest [homes]` adds a second property (default 50,000 homes, 300,000 meters) with a few
 * hours of history and times one hour's ingest for all its meters on PostgreSQL; `--keys-during`
 * loads with the reading tables' keys in place (ADR 0040 builds them after the data); `--keep` leaves the
 * PostgreSQL database in place and prints its URL, for looking into a figure afterwards. The SQLite
 * lines come first, in the format above, so `npm run bench` reads them as before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addMonths, dayKeyOf, firstOfMonth, periodOfDays, startOfDay, toApiRange } from "@common/calendar";
import { quantityDefinition } from "@common/quantities";
import { sql } from "kysely";
import { type Backend, createBackend, freshPostgresDatabase } from "../app";
import { bulkInsert, withKeysBuiltAfter } from "../consumption/bulk-insert";
import { writeNewSeriesBatch } from "../consumption/new-series";
import { PropertyRollupAccumulator } from "../consumption/property-rollup-accumulator";
import { ingestReadings } from "../consumption/store";
import { isPostgres } from "../db/migrations/dialect";
import {
  hourContext,
  type ModelMeter,
  meterReadings,
  modelMeters,
  READINGS_ANCHOR_DAY,
} from "../db/seed/reading-model";
import { evaluateAlarms } from "../jobs/alarm-evaluation";
import { evaluateWatches } from "../jobs/watch-evaluation";
import { sendWeeklyUpdates } from "../jobs/weekly-updates";
import { silentLogger } from "../logger";
import { hashPassword } from "../services/passwords";
import { secretKey } from "../services/tokens";
import { graphqlData, signInToUsers } from "../testing/graphql";
import { addOutdoorMeter, writeOutdoorReadings } from "../weather/outdoor-store";
import { benchAlarmTypes, benchQuantities } from "./bench-alarms";

const PROPERTY_ID = 9001;
const PASSWORD = "Bench-Password-2026!";
const quantities = benchQuantities;

/**
 * Requests timed per figure of a home: a p95 of 60 was the 57th sample, so two slow ones (a GC
 * pause, an autovacuum worker on the freshly loaded partitions) decided it.
 */
const GRAPH_SAMPLES = 200;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One measured line: a query's percentiles, or a single duration; with its budget and verdict when it has one. */
interface Figure {
  name: string;
  text: string;
  /** The budget as printed, e.g. "p95 ≤ 50 ms". */
  budget?: string;
  verdict?: "ok" | "OVER";
}

type Say = (line: string) => void;

/** Records a figure and prints it: `name: text`, then its budget and "ok" or "OVER" when it has one. */
function report(figures: Figure[], say: Say, figure: Figure): void {
  figures.push(figure);
  say(
    `${figure.name}: ${figure.text}${figure.budget === undefined ? "" : `  (budget ${figure.budget}: ${figure.verdict})`}`,
  );
}

function verdictOf(ok: boolean): "ok" | "OVER" {
  return ok ? "ok" : "OVER";
}

/** Times `runs` calls of `run` after one warm-up call (with index `runs`, so a cache it fills is not timed). */
async function time(
  figures: Figure[],
  say: Say,
  name: string,
  runs: number,
  run: (index: number) => Promise<unknown>,
  p95BudgetMs?: number,
): Promise<number[]> {
  await run(runs); // warm-up
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(index);
    samples.push(performance.now() - started);
  }
  const p95 = percentile(samples, 95);
  const text = `p50=${percentile(samples, 50).toFixed(1)} ms p95=${p95.toFixed(1)} ms`;
  report(
    figures,
    say,
    p95BudgetMs === undefined
      ? { name, text }
      : { name, text, budget: `p95 ≤ ${p95BudgetMs} ms`, verdict: verdictOf(p95 <= p95BudgetMs) },
  );
  return samples;
}

/**
 * The issue's budgets hold at 1,000 homes; the ones that grow with the property (an hour's ingest
 * for every meter, the day's alarm run) are scaled in proportion above that, and stand as they are
 * below it.
 */
function scaledBudget(atThousand: number, units: number): number {
  return (atThousand * Math.max(units, 1000)) / 1000;
}

/** Runs `run` once; its outcome and the seconds it took. */
async function timedRun<T>(run: () => Promise<T>): Promise<{ outcome: T; seconds: number }> {
  const started = performance.now();
  const outcome = await run();
  return { outcome, seconds: (performance.now() - started) / 1000 };
}

/** Records a figure of `seconds` against a budget in seconds: ok when within it and `ok` holds too. */
function reportSeconds(
  figures: Figure[],
  say: Say,
  figure: { name: string; text: string; seconds: number; budget: number; ok?: boolean },
): void {
  report(figures, say, {
    name: figure.name,
    text: figure.text,
    budget: `≤ ${figure.budget} s`,
    verdict: verdictOf((figure.ok ?? true) && figure.seconds <= figure.budget),
  });
}

function seconds(from: number): string {
  return `${((performance.now() - from) / 1000).toFixed(1)} s`;
}

/** Loads the property into `backend`'s database and measures it; returns the figures. */
interface BenchOptions {
  /** Load with the reading tables' keys in place, as before ADR 0040 (for comparison; default: built after the data). */
  keysDuring: boolean;
  /** Homes of a second property whose hour's ingest is timed on PostgreSQL (bigIngest); 0: none. */
  bigIngest: number;
}

async function benchDatabase(backend: Backend, units: number, say: Say, options: BenchOptions): Promise<Figure[]> {
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
  // Hourly views need the property's setting for them.
  await db.insertInto("property_settings").values({ property_id: PROPERTY_ID, kind: "HOURLY_VALUES" }).execute();
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
  // The last two hours are left out of the load: the ingest below writes them one after the
  // other, as the hourly import would.
  const currentIndex = Math.floor((now.getTime() - anchor) / 3_600_000);
  const loadedIndex = currentIndex - 2;
  const fromIndex = Math.round((startOfDay(fromDay) - anchor) / 3_600_000);
  const hours = hourContext(0, currentIndex + 1);
  let readings = 0;
  let lastReport = performance.now();
  const loadStarted = performance.now();
  // Many meters per call: on PostgreSQL one COPY per table for all of them (ADR 0040). The property
  // rollups are summed from the series as they are written and written once after the load
  // (ADR 0038), not rebuilt from the hourly rows.
  const loadBatch = 30;
  const propertyRollups = new PropertyRollupAccumulator();
  const phases = { generate: 0, write: 0, keys: 0, propertyRollups: 0 };
  const loadAll = async () => {
    for (let offset = 0; offset < meters.length; offset += loadBatch) {
      const generating = performance.now();
      const batch = meters.slice(offset, offset + loadBatch).map((meter) => ({
        meterId: meter.id,
        aggregation: quantityDefinition(meter.quantity).aggregation,
        readings: meterReadings(meter, hours, fromIndex, loadedIndex),
      }));
      const writing = performance.now();
      phases.generate += writing - generating;
      await writeNewSeriesBatch(db, batch, { propertyRollups, concurrent: true });
      phases.write += performance.now() - writing;
      for (const series of batch) readings += series.readings.length;
      if (performance.now() - lastReport > 60_000) {
        lastReport = performance.now();
        say(`#   … ${readings} readings of ${offset + batch.length} meters after ${seconds(started)}`);
      }
    }
  };
  if (!options.keysDuring) {
    const loading = performance.now();
    await withKeysBuiltAfter(db, loadAll);
    phases.keys = performance.now() - loading - phases.generate - phases.write;
  } else await loadAll();
  const writingRollups = performance.now();
  await propertyRollups.write(db);
  phases.propertyRollups = performance.now() - writingRollups;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const rate = Math.round(readings / loadSeconds);
  report(figures, say, {
    name: "bulk load, readings a second",
    text: `${rate.toLocaleString("en-US")} readings/s (${readings} readings of ${meters.length} meters, rollups included, in ${loadSeconds.toFixed(1)} s)`,
    budget: "≥ 300,000 readings/s",
    verdict: verdictOf(rate >= 300_000),
  });
  say(
    `# generated ${units} units, ${meters.length} meters, ${readings} hourly readings from ${fromDay} in ${seconds(started)}`,
  );
  const phaseSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  say(
    `# the load's time: generating readings ${phaseSeconds(phases.generate)}, meters' rollups and writing ${phaseSeconds(phases.write)} (property sums ${phaseSeconds(propertyRollups.milliseconds)} of it), building keys ${phaseSeconds(phases.keys)}, writing property rollups ${phaseSeconds(phases.propertyRollups)}`,
  );
  // The whole database (readings, rollups, their keys) per reading: the projection's disk figure.
  const bytes = await diskBytes(db);
  report(figures, say, {
    name: "disk per reading (all tables and indexes)",
    text: `${(bytes / readings).toFixed(1)} bytes (${(bytes / 1e9).toFixed(2)} GB); 4 billion readings: ${(((bytes / readings) * 4e9) / 1e12).toFixed(2)} TB`,
  });

  // A database in use has been vacuumed and analysed since its readings came in; right after a
  // load of tens of gigabytes autovacuum works through the new tables for many minutes, and every
  // figure timed meanwhile shares the disk and the two cores with it. So the figures below are of
  // a settled database, and the vacuum's time is said.
  if (isPostgres(db)) {
    const vacuuming = performance.now();
    await sql`vacuum (analyze)`.execute(db);
    say(`# vacuum (analyze) after the load, before any figure is timed: ${seconds(vacuuming)}`);
  }

  // Two more hours for every meter, as the hourly import brings them: one ingestReadings call and
  // one transaction each. The first finds the hourly rows' pages of the load; the second is every
  // hour after it.
  const ingestBudget = scaledBudget(2, units);
  for (const [index, name] of [
    [currentIndex - 1, "ingest one hour for every meter"],
    [currentIndex, "ingest the next hour for every meter"],
  ] as const) {
    const hourBatch = meters.map((meter) => ({
      meterId: meter.id,
      aggregation: quantityDefinition(meter.quantity).aggregation,
      readings: meterReadings(meter, hours, index, index),
    }));
    const { seconds: ingestSeconds } = await timedRun(() =>
      db.transaction().execute((trx) => ingestReadings(trx, hourBatch)),
    );
    say(`# at this rate 300,000 meters' hour would take ${((300_000 * ingestSeconds) / meters.length).toFixed(0)} s`);
    reportSeconds(figures, say, {
      name,
      text: `${ingestSeconds.toFixed(2)} s for ${meters.length} meters (${Math.round(meters.length / ingestSeconds)} meters/s)`,
      seconds: ingestSeconds,
      budget: ingestBudget,
    });
  }

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

  await time(
    figures,
    say,
    "tenantGraph year daily (one unit)",
    GRAPH_SAMPLES,
    (index) => graph(index, "DAILY", yearAgo, today),
    10,
  );
  await time(
    figures,
    say,
    "tenantGraph year daily with previous year and property average",
    GRAPH_SAMPLES,
    (index) => graph(index, "DAILY", yearAgo, today, ["PREVIOUS_YEAR", "PROPERTY_AVERAGE"]),
    50,
  );
  await time(
    figures,
    say,
    "tenantGraph month hourly (one unit)",
    GRAPH_SAMPLES,
    (index) => graph(index, "HOURLY", addMonths(today, -1), today),
    50,
  );
  await time(
    figures,
    say,
    "unitQuantityKpis year (key figures)",
    GRAPH_SAMPLES,
    (index) =>
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
    20,
  );
  // The rating of a home among its neighbours, one rating a sample: each of `rated` homes once (and
  // one more for the warm-up), so none is answered from the rating cache (10 minutes per home).
  const rated = Math.min(units - 1, 100);
  const ratingSamples = await time(
    figures,
    say,
    `consumptionRating, one uncached rating (${rated} homes)`,
    rated,
    (index) =>
      graphqlData(
        backend,
        "tenant",
        `{ consumptionRating(tenancyId: ${tenancy(index)}, quantity: "heat-energy") { letter } }`,
        {
          token,
        },
      ),
    50,
  );
  say(`# the ${rated} ratings one after another: ${ratingSamples.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms`);

  // The alarm evaluation job: one alarm of every type on every unit, daily, set two
  // days ago. The first run evaluates both closed days; the timed one runs a day later, over one
  // day's new readings, as the hourly schedule does after midnight.
  const set = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const alarmTypes = benchAlarmTypes;
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
  const { outcome: first, seconds: firstSeconds } = await timedRun(() => evaluateAlarms(db, yesterday));
  const firstText = `${(firstSeconds * 1000).toFixed(0)} ms`;
  say(`# alarm evaluation, first run (${units * alarmTypes.length} alarms, ${first.evaluated} periods): ${firstText}`);
  const { outcome: daily, seconds: alarmSeconds } = await timedRun(() => evaluateAlarms(db, now));
  reportSeconds(figures, say, {
    name: "the day's alarm run",
    text: `${alarmSeconds.toFixed(2)} s for ${units * alarmTypes.length} alarms (${daily.evaluated} periods, ${daily.notificationIds.length} notifications)`,
    seconds: alarmSeconds,
    budget: scaledBudget(1, units),
  });

  // The watches (ADR 0075) beside the alarms: both on in every home, the property with its outdoor
  // temperature (the model's, the last 30 days). The first run judges their first days; the timed
  // one, a day later, the new night and day, as the schedule does after the alarm run.
  const outdoorMeterId = await addOutdoorMeter(db, PROPERTY_ID, "B9001-OUTDOOR");
  const outdoorSamples: { ts: number; value: number }[] = [];
  for (let index = currentIndex - 30 * 24; index <= currentIndex; index++)
    outdoorSamples.push({
      ts: (anchor + index * 3_600_000) / 1000,
      value: Math.round(hours.outdoor[index]! * 10) / 10,
    });
  await writeOutdoorReadings(db, [{ meterId: outdoorMeterId, readings: outdoorSamples }]);
  const switchedOn = dayKeyOf(now.getTime() - 2 * 86_400_000);
  for (let unit = 1; unit <= units; unit++) {
    await db
      .insertInto("watches")
      .values(
        (["leak", "heating_left_on"] as const).map((kind) => ({
          user_id: 1,
          tenancy_id: 100_000 + unit,
          kind,
          enabled: 1,
          since: switchedOn,
          evaluated_through: null,
          updated_at: set,
        })),
      )
      .execute();
  }
  const { outcome: firstWatches, seconds: firstWatchSeconds } = await timedRun(() => evaluateWatches(db, yesterday));
  say(
    `# watches, first run (${firstWatches.watches} watches, ${firstWatches.notificationIds.length} notifications): ${(firstWatchSeconds * 1000).toFixed(0)} ms`,
  );
  const { outcome: watched, seconds: watchSeconds } = await timedRun(() => evaluateWatches(db, now));
  reportSeconds(figures, say, {
    name: "the watches' part of the day's run",
    text: `${watchSeconds.toFixed(2)} s for ${watched.watches} watches (${watched.notificationIds.length} notifications)`,
    seconds: watchSeconds,
    budget: scaledBudget(0.5, units),
  });

  // The weekly update (ADR 0076): Monday's run with it on for the property's resident, one section
  // per home (the pages' key figures of the week, the weather-adjusted heat, seven day totals and
  // the month's forecast per quantity). No budget in the issue: held to 300 s at 1,000 homes (once a
  // week, under its own lock beside the hourly jobs, ADR 0076: the back-end's Monday spends that long).
  await db.updateTable("users").set({ weekly_update: 1 }).where("id", "=", 1).execute();
  const { outcome: weekly, seconds: weeklySeconds } = await timedRun(() =>
    sendWeeklyUpdates(db, now, {
      mailer: backend.mailer,
      portalUrl: "http://bench.test",
      brand: "dk",
      key: secretKey("bench-weekly-update-secret-0123456789abcdef"),
    }),
  );
  reportSeconds(figures, say, {
    name: "the weekly update's run",
    text: `${weeklySeconds.toFixed(2)} s for ${units} homes (${weekly.sent} e-mail, ${((weeklySeconds * 1000) / units).toFixed(1)} ms a home)`,
    seconds: weeklySeconds,
    budget: scaledBudget(300, units),
    ok: weekly.sent === 1,
  });
  return figures;
}

/** Bytes the database takes on disk: PostgreSQL's relations with their indexes, SQLite's pages. */
async function diskBytes(db: Backend["db"]): Promise<number> {
  const query = isPostgres(db)
    ? sql<{ bytes: number }>`select sum(pg_total_relation_size(oid))::int8 as bytes from pg_class
        where relnamespace = current_schema()::regnamespace and relkind in ('r', 'm')`
    : sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`;
  return Number((await query.execute(db)).rows[0]?.bytes ?? 0);
}

/** The second property of `--big-ingest [homes]`: by default 50,000 homes, 300,000 meters. */
const BIG_PROPERTY_ID = 9002;

/**
 * One hour's ingest for 300,000 meters (50,000 homes) on PostgreSQL: a second property whose meters
 * get a few hours of history by COPY, then the next hour for all of them through one ingestReadings
 * call in one transaction, as the hourly import would bring it. Its budget is the issue's 2 s for
 * 6,000 meters in proportion (100 s).
 */
async function bigIngest(backend: Backend, homes: number, figures: Figure[], say: Say): Promise<void> {
  const db = backend.db;
  const started = performance.now();
  await db
    .insertInto("properties")
    .values({
      id: BIG_PROPERTY_ID,
      number: "9002",
      address: "Storvej 1",
      zipcode: "8000",
      city: "Aarhus C",
      country: "DK",
    })
    .execute();
  const firstUnit = 200_001;
  const unitIds = Array.from({ length: homes }, (_, index) => firstUnit + index);
  const unitRows: (string | number)[] = [];
  const meterRows: (string | number)[] = [];
  for (const unitId of unitIds) {
    const unit = unitId - firstUnit + 1;
    unitRows.push(
      unitId,
      BIG_PROPERTY_ID,
      `B9002-${unit}`,
      `Unit ${unit}`,
      `${unit}`,
      `Storvej 1, ${unit}`,
      40 + ((unit * 37) % 90),
      1 + (unit % 5),
    );
    for (const [index, quantity] of quantities.entries())
      meterRows.push(unitId * 10 + index, unitId, `S${unitId}${index}`, quantity);
  }
  await db.transaction().execute(async (trx) => {
    await bulkInsert(
      trx,
      "units",
      ["id", "property_id", "unique_id", "name", "apartment", "address", "floor_area", "rooms"],
      unitRows,
    );
    await bulkInsert(trx, "meters", ["id", "unit_id", "number", "quantity"], meterRows);
  });
  const meters: ModelMeter[] = [];
  for (let offset = 0; offset < unitIds.length; offset += 5_000)
    meters.push(...(await modelMeters(db, unitIds.slice(offset, offset + 5_000))));
  const anchor = startOfDay(READINGS_ANCHOR_DAY);
  const currentIndex = Math.floor((Date.now() - anchor) / 3_600_000);
  const hours = hourContext(0, currentIndex + 1);
  const seriesOf = (from: number, to: number) =>
    meters.map((meter) => ({
      meterId: meter.id,
      aggregation: quantityDefinition(meter.quantity).aggregation,
      readings: meterReadings(meter, hours, from, to),
    }));
  const history = seriesOf(currentIndex - 6, currentIndex - 1);
  for (let offset = 0; offset < history.length; offset += 20_000)
    await db.transaction().execute((trx) => writeNewSeriesBatch(trx, history.slice(offset, offset + 20_000)));
  say(`# --big-ingest: ${meters.length} meters with 6 hours of history in ${seconds(started)}`);
  const hour = seriesOf(currentIndex, currentIndex);
  const { seconds: ingestSeconds } = await timedRun(() => db.transaction().execute((trx) => ingestReadings(trx, hour)));
  reportSeconds(figures, say, {
    name: `ingest one hour for ${meters.length.toLocaleString("en-US")} meters`,
    text: `${ingestSeconds.toFixed(1)} s for ${meters.length} meters (${Math.round(meters.length / ingestSeconds)} meters/s)`,
    seconds: ingestSeconds,
    budget: (2 * meters.length) / 6_000,
  });
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
  const benchOptions: BenchOptions = {
    keysDuring: args.includes("--keys-during"),
    bigIngest: args.includes("--big-ingest") ? Number(argument(args, "--big-ingest") || 50_000) : 0,
  };
  const keep = args.includes("--keep");
  const results: { dialect: string; figures: Figure[] }[] = [];

  if (only !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "backend-bench-"));
    const backend = await createBackend({ databasePath: join(dir, "bench.sqlite"), logger: silentLogger });
    try {
      if (postgresServer) console.log(`# SQLite, ${units} units`);
      results.push({
        dialect: "SQLite",
        figures: await benchDatabase(backend, units, (line) => console.log(line), benchOptions),
      });
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
        figures: await benchDatabase(backend, units, (line) => console.log(`[postgres] ${line}`), benchOptions),
      });
      if (benchOptions.bigIngest > 0)
        await bigIngest(backend, benchOptions.bigIngest, results.at(-1)!.figures, (line) =>
          console.log(`[postgres] ${line}`),
        );
    } finally {
      await backend.close();
      if (keep) console.log(`# --keep: the PostgreSQL database stays at ${database.url}`);
      else await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  printSideBySide(results, units);
}

/** Every figure of every database in one table, with its budget and each database's verdict. */
function printSideBySide(results: readonly { dialect: string; figures: Figure[] }[], units: number): void {
  if (results.length === 0) return;
  console.log(`\n# Side by side (${units} units × ${quantities.length} meters × 2 years of hourly readings)`);
  const names = [...new Set(results.flatMap((r) => r.figures.map((f) => f.name)))];
  const cell = (figure: Figure | undefined) =>
    figure === undefined ? "" : `${figure.text}${figure.verdict === undefined ? "" : ` ${figure.verdict}`}`;
  const budgetOf = (name: string) => results.flatMap((r) => r.figures).find((f) => f.name === name)?.budget ?? "";
  const width = Math.max(...names.map((name) => name.length));
  const cellWidth = Math.max(...results.flatMap((r) => r.figures.map((f) => cell(f).length)));
  console.log(`${"".padEnd(width)}  ${results.map((r) => r.dialect.padEnd(cellWidth)).join("  ")}  budget`);
  for (const name of names) {
    const cells = results.map((r) => cell(r.figures.find((f) => f.name === name)).padEnd(cellWidth));
    console.log(`${name.padEnd(width)}  ${cells.join("  ")}  ${budgetOf(name)}`.trimEnd());
  }
  const over = results.flatMap((r) =>
    r.figures.filter((f) => f.verdict === "OVER").map((f) => `${r.dialect}: ${f.name}`),
  );
  console.log(over.length === 0 ? "Every budget holds." : `OVER budget: ${over.join("; ")}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error("bench failed:", error);
  process.exit(1);
});
