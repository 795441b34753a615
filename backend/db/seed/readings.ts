/**
 * Demo readings and prices: a deterministic function of time (./reading-model.ts), written up to
 * the current hour.
 *
 * topUpDemoReadings() is the only entry: on a fresh demo database it writes about 25 months of
 * hourly readings (rollups included); on later starts (and every hour while running) it adds
 * just the hours since the last reading. It touches only the demo properties' meters.
 */

import { addDays, addMonths, dayKeyOf, firstOfMonth, HOUR_MS, startOfDay } from "@common/calendar";
import { type QuantityId, quantityDefinition } from "@common/quantities";
import type { Kysely, Transaction } from "kysely";
import { withKeysBuiltAfter } from "../../consumption/bulk-insert";
import { CURRENCY, MARKET_PRICE_AREA } from "../../consumption/engine";
import { writeNewSeriesBatch } from "../../consumption/new-series";
import { PropertyRollupAccumulator } from "../../consumption/property-rollup-accumulator";
import { bulkInsert, ingestReadings } from "../../consumption/store";
import { withJobLock } from "../../jobs/job-lock";
import { latestOutdoorSamples, writeOutdoorReadings } from "../../weather/outdoor-store";
import { isPostgres } from "../migrations/dialect";
import type { Database } from "../types";
import { dailyOnlyProperty } from "./daily-only-property";
import {
  ANCHOR_MS,
  hourContext,
  hourIndexOf,
  instantOfIndex,
  marketPriceAt,
  meterReadings,
  modelMeters,
  READINGS_ANCHOR_DAY,
  readingsAfter,
} from "./reading-model";

export {
  habitsOf,
  hourContext,
  type ModelMeter,
  marketPriceAt,
  meterReadings,
  modelMeters,
  READINGS_ANCHOR_DAY,
} from "./reading-model";

/** A fresh demo database gets this many whole months before the current one (at least two years). */
export const DEMO_HISTORY_MONTHS = 25;

// ---------------------------------------------------------------------------------------------
// Prices in force (quantityPrices)

export const demoQuantityPrices: readonly {
  quantity: QuantityId;
  price: number;
  validFrom: string;
  validTo: string | null;
}[] = [
  { quantity: "heat-energy", price: 0.79, validFrom: "2024-01-01", validTo: "2024-12-31" },
  { quantity: "heat-energy", price: 0.76, validFrom: "2025-01-01", validTo: "2025-12-31" },
  { quantity: "heat-energy", price: 0.82, validFrom: "2026-01-01", validTo: null },
  { quantity: "hot-water-volume", price: 98.5, validFrom: "2024-01-01", validTo: "2024-12-31" },
  { quantity: "hot-water-volume", price: 102.75, validFrom: "2025-01-01", validTo: "2025-12-31" },
  { quantity: "hot-water-volume", price: 106.4, validFrom: "2026-01-01", validTo: null },
  { quantity: "cold-water-volume", price: 64.2, validFrom: "2024-01-01", validTo: "2024-12-31" },
  { quantity: "cold-water-volume", price: 67.1, validFrom: "2025-01-01", validTo: "2025-12-31" },
  { quantity: "cold-water-volume", price: 69.85, validFrom: "2026-01-01", validTo: null },
  { quantity: "electricity-energy", price: 2.35, validFrom: "2024-01-01", validTo: "2025-06-30" },
  { quantity: "electricity-energy", price: 2.28, validFrom: "2025-07-01", validTo: null },
  { quantity: "gas-volume", price: 12.4, validFrom: "2024-01-01", validTo: "2024-12-31" },
  { quantity: "gas-volume", price: 11.1, validFrom: "2025-01-01", validTo: "2025-12-31" },
  { quantity: "gas-volume", price: 11.85, validFrom: "2026-01-01", validTo: null },
];

// ---------------------------------------------------------------------------------------------
// Writing

export interface TopUpOptions {
  /** Only these units (tests); default: every unit of the demo property. */
  unitIds?: readonly number[];
  /** First day of a fresh series (tests); default: DEMO_HISTORY_MONTHS whole months back. */
  fromDay?: string;
  /** Called after each chunk of a fresh seed. */
  progress?: (done: number, total: number) => void;
}

export interface TopUpResult {
  meters: number;
  readings: number;
  milliseconds: number;
}

/** The first day of a fresh demo series seeded at `now`: at least two years back, not before the anchor. */
export function demoHistoryStart(now: Date): string {
  const start = addMonths(firstOfMonth(dayKeyOf(now.getTime())), -DEMO_HISTORY_MONTHS);
  return start < READINGS_ANCHOR_DAY ? READINGS_ANCHOR_DAY : start;
}

/** True when the database was built by the demo seed. */
export async function isDemoDatabase(db: Kysely<Database>): Promise<boolean> {
  const step = await db
    .selectFrom("seed_steps")
    .select("name")
    .where("name", "=", "0001_property_units_meters")
    .executeTakeFirst();
  return step !== undefined;
}

/**
 * Writes the demo readings up to the current hour and market prices up to the end of tomorrow:
 * the whole history for meters without readings, only the missing hours for the others.
 * Idempotent and cheap when nothing is missing. Does nothing on a database the demo seed did not build.
 */
export async function topUpDemoReadings(
  db: Kysely<Database>,
  now: Date,
  options: TopUpOptions = {},
): Promise<TopUpResult> {
  const started = performance.now();
  if (!(await isDemoDatabase(db))) return { meters: 0, readings: 0, milliseconds: 0 };
  // The daily-only property's one home always has readings: a few meters, there to be shown.
  const unitIds = [
    ...(options.unitIds ??
      (await db.selectFrom("units").select("id").where("property_id", "=", 1).orderBy("id").execute()).map(
        (row) => row.id,
      )),
    ...(await db.selectFrom("units").select("id").where("property_id", "=", dailyOnlyProperty.id).execute()).map(
      (row) => row.id,
    ),
  ];
  const meters = await modelMeters(db, unitIds);
  const lastReadings = new Map<number, { ts: number; value: number }>();
  if (meters.length > 0) {
    // Each meter's latest reading by its key's index, newest first: a max(ts) grouped by meter read
    // every reading of the demo's meters (1.7 s of a blocked back-end every ten minutes).
    const rows = await db
      .selectFrom("meters as m")
      .where(
        "m.id",
        "in",
        meters.map((meter) => meter.id),
      )
      .select((eb) => {
        const latest = eb
          .selectFrom("meter_readings as r")
          .whereRef("r.meter_id", "=", "m.id")
          .orderBy("r.ts", "desc")
          .limit(1);
        return ["m.id", latest.select("r.ts").as("ts"), latest.select("r.value").as("value")];
      })
      .execute();
    for (const { id, ts, value } of rows) if (ts !== null && value !== null) lastReadings.set(id, { ts, value });
  }

  const currentIndex = Math.floor((now.getTime() - ANCHOR_MS) / HOUR_MS);
  const freshFromIndex = hourIndexOf(startOfDay(options.fromDay ?? demoHistoryStart(now)));
  if (currentIndex < 0) return { meters: 0, readings: 0, milliseconds: 0 };
  const hours = hourContext(0, currentIndex + 48);
  let written = 0;

  const fresh = meters.filter((meter) => !lastReadings.has(meter.id));
  // The fresh series' property rollups, summed as they are written (ADR 0038).
  const propertyRollups = new PropertyRollupAccumulator();
  const chunk = 24;
  const writeFresh = async (start: number, trx: Transaction<Database>) => {
    // One COPY per table for the chunk's meters on PostgreSQL (ADR 0040).
    const batch = fresh.slice(start, start + chunk).map((meter) => ({
      meterId: meter.id,
      aggregation: quantityDefinition(meter.quantity).aggregation,
      readings: meterReadings(meter, hours, freshFromIndex, currentIndex),
    }));
    await writeNewSeriesBatch(trx, batch, { propertyRollups });
    for (const series of batch) written += series.readings.length;
    options.progress?.(Math.min(start + chunk, fresh.length), fresh.length);
  };
  const firstLoad =
    fresh.length > 0 &&
    isPostgres(db) &&
    (await db.selectFrom("meter_readings").select("meter_id").limit(1).executeTakeFirst()) === undefined;
  if (firstLoad) {
    // A database without readings yet: its keys are built after the data, several times faster
    // (ADR 0040), in one transaction that keeps the tables locked until they are back.
    await db.transaction().execute((trx) =>
      withKeysBuiltAfter(trx, async () => {
        for (let start = 0; start < fresh.length; start += chunk) await writeFresh(start, trx);
      }),
    );
  } else {
    for (let start = 0; start < fresh.length; start += chunk)
      await db.transaction().execute((trx) => writeFresh(start, trx));
  }
  // Fresh series are written without the property rollups' upkeep (writeNewSeries): their
  // properties' rollups are written once here from the sums (a property with other meters' rollups
  // is rebuilt instead).
  if (fresh.length > 0) await propertyRollups.write(db);

  const stale = meters.filter((meter) => {
    const last = lastReadings.get(meter.id);
    return last !== undefined && hourIndexOf(last.ts * 1000) < currentIndex;
  });
  if (stale.length > 0) {
    // One batch for every meter, as the hourly import writes an hour: a few statements in all, and
    // the property rollups kept once (ADR 0039).
    const batch = stale.map((meter) => ({
      meterId: meter.id,
      aggregation: quantityDefinition(meter.quantity).aggregation,
      readings: readingsAfter(meter, hours, lastReadings.get(meter.id)!, currentIndex),
    }));
    await db.transaction().execute((trx) => ingestReadings(trx, batch));
    for (const { readings } of batch) written += readings.length;
  }

  const outdoor = await topUpOutdoorSamples(db, currentIndex);
  written += outdoor.readings;

  // Market prices: from the first series day (or the last stored hour) to the end of tomorrow.
  const lastPrice = await db
    .selectFrom("market_prices")
    .select((eb) => eb.fn.max("hour").as("hour"))
    .where("area", "=", MARKET_PRICE_AREA)
    .executeTakeFirst();
  const priceFrom = lastPrice?.hour == null ? freshFromIndex : hourIndexOf(lastPrice.hour * 1000) + 1;
  const priceTo = hourIndexOf(startOfDay(addDays(dayKeyOf(now.getTime()), 2))) - 1;
  if (priceFrom <= priceTo) {
    const values: (string | number)[] = [];
    for (let index = priceFrom; index <= priceTo; index++) {
      values.push(
        MARKET_PRICE_AREA,
        instantOfIndex(index) / 1000,
        marketPriceAt(hours, index - hours.firstIndex),
        CURRENCY,
      );
    }
    await db
      .transaction()
      .execute((trx) =>
        bulkInsert(trx, "market_prices", ["area", "hour", "price", "currency"], values, "on conflict do nothing"),
      );
  }

  return {
    meters: fresh.length + stale.length + outdoor.meters,
    readings: written,
    milliseconds: Math.round(performance.now() - started),
  };
}

/**
 * The first day of a demo outdoor meter's samples: earlier than the homes' readings, as a weather
 * station's history is, so each demo property has the three whole years of its own that its
 * normal year is made of (ADR 0070) and the forecasts use it (ADR 0072).
 */
export const DEMO_OUTDOOR_HISTORY_START = "2022-01-01";

/**
 * The demo properties' outdoor meters (ADR 0071) get the model's outdoor temperature of each hour,
 * to a tenth of a degree as a sensor reports it, at the hour's start: the whole history for a meter
 * without samples, the hours since its latest sample for the others.
 */
async function topUpOutdoorSamples(
  db: Kysely<Database>,
  currentIndex: number,
): Promise<{ meters: number; readings: number }> {
  const meters = await db
    .selectFrom("outdoor_meters")
    .select("id")
    .where("property_id", "in", [1, dailyOnlyProperty.id])
    .execute();
  const latest = await latestOutdoorSamples(
    db,
    meters.map((meter) => meter.id),
  );
  const historyFrom = hourIndexOf(startOfDay(DEMO_OUTDOOR_HISTORY_START));
  const fromOf = (id: number) => {
    const last = latest.get(id);
    return last === undefined ? historyFrom : hourIndexOf(last * 1000) + 1;
  };
  const firstIndex = Math.min(currentIndex + 1, ...meters.map((meter) => fromOf(meter.id)));
  const hours = hourContext(firstIndex, currentIndex + 1 - firstIndex);
  const series = meters.map(({ id }) => {
    const readings: { ts: number; value: number }[] = [];
    for (let index = fromOf(id); index <= currentIndex; index++) {
      const celsius = hours.outdoor[index - firstIndex]!;
      readings.push({ ts: instantOfIndex(index) / 1000, value: Math.round(celsius * 10) / 10 });
    }
    return { meterId: id, readings };
  });
  const due = series.filter((entry) => entry.readings.length > 0);
  if (due.length === 0) return { meters: 0, readings: 0 };
  const readings = await db.transaction().execute((trx) => writeOutdoorReadings(trx, due));
  return { meters: due.length, readings };
}

export interface DemoReadingsHandle {
  stop(): Promise<void>;
}

/**
 * Tops the demo readings up now (a fresh demo database gets its whole history, under a minute),
 * then every ten minutes while the back-end runs, so a demo left running for days stays current.
 */
export async function startDemoReadings(
  db: Kysely<Database>,
  now: () => Date,
  logger: { info(...args: unknown[]): void; error(...args: unknown[]): void },
  options: Pick<TopUpOptions, "unitIds"> = {},
): Promise<DemoReadingsHandle> {
  // Several instances on one PostgreSQL database: one tops up, the others skip (jobs/job-lock.ts).
  const run = async () => {
    const outcome = await withJobLock(db, "demo-readings", () =>
      topUpDemoReadings(db, now(), { unitIds: options.unitIds }),
    );
    if (outcome.ran && outcome.value.readings > 0) {
      const result = outcome.value;
      logger.info(
        `demo readings: ${result.readings} readings of ${result.meters} meters written in ${result.milliseconds} ms`,
      );
    }
  };
  await run();
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= run()
      .catch((error: unknown) => logger.error("demo readings top-up failed:", error))
      .finally(() => {
        running = undefined;
      });
  }, 10 * 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
