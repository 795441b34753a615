/**
 * The e2e back-end's raw meter readings, read straight from its database with plain SQL, so the
 * tests can recompute the figures a page shows without going through the portal or the back-end's
 * rollups. Periods are calendar dates in Copenhagen time, as the portal's URLs give them, and the
 * calendar is the back-end tests' own (Intl, none of the product's).
 */
import { datesThrough, localInstant, nextDate as nextDay } from "../../backend/testing/oracle-calendar";
import { database } from "./helpers";
import type { TestDatabase } from "./test-database";

function withDatabase<T>(use: (db: TestDatabase) => T): T {
  const db = database();
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/**
 * Epoch seconds of a whole local hour in Copenhagen on a date (one that exists that day; on the
 * autumn day 02:00 is the second one), by the tests' own calendar (backend/testing/oracle-calendar.ts).
 */
export function copenhagenHour(date: string, hour: number): number {
  return localInstant(date, hour) / 1000;
}

/** Epoch seconds of local midnight in Copenhagen at the start of a calendar date (`YYYY-MM-DD`). */
export function copenhagenMidnight(date: string): number {
  return copenhagenHour(date, 0);
}

/** The day after a calendar date (`nextDay`), and the dates from one to another, both included. */
export { datesThrough, nextDay };

export interface Meter {
  id: number;
  number: string;
  quantity: string;
  roomName: string | null;
}

/** The meters of a unit (unit id = 100 + unit number; see backend/db/seed/demo-accounts.ts). */
export function metersOfUnit(unitId: number): Meter[] {
  return withDatabase(
    (db) =>
      db
        .prepare("SELECT id, number, quantity, room_name AS roomName FROM meters WHERE unit_id = ? ORDER BY id")
        .all(unitId) as Meter[],
  );
}

/** A meter's register reading at an instant (epoch seconds); throws when there is none. */
export function readingAt(meterId: number, ts: number): number {
  return withDatabase((db) => {
    const row = db.prepare("SELECT value FROM meter_readings WHERE meter_id = ? AND ts = ?").get(meterId, ts) as
      | { value: number }
      | undefined;
    if (!row) throw new Error(`no reading of meter ${meterId} at ${ts}`);
    return row.value;
  });
}

/**
 * Consumption of register meters over whole days from..to (inclusive): the readings at the first
 * day's midnight and at the midnight after the last day, subtracted, summed over the meters.
 */
export function registerConsumption(meterIds: readonly number[], from: string, to: string): number {
  const start = copenhagenMidnight(from);
  const end = copenhagenMidnight(nextDay(to));
  return meterIds.reduce((sum, id) => sum + readingAt(id, end) - readingAt(id, start), 0);
}

/** The highest hourly consumption of the meters together over whole days from..to. */
export function highestHour(meterIds: readonly number[], from: string, to: string): number {
  const start = copenhagenMidnight(from);
  const end = copenhagenMidnight(nextDay(to));
  const byHour = new Map<number, number>();
  withDatabase((db) => {
    const select = db.prepare(
      "SELECT ts, value FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts <= ? ORDER BY ts",
    );
    for (const id of meterIds) {
      const rows = select.all(id, start, end) as { ts: number; value: number }[];
      for (let i = 1; i < rows.length; i++) {
        const hour = rows[i - 1]!;
        if (rows[i]!.ts !== hour.ts + 3600) throw new Error(`meter ${id} misses the reading after ${hour.ts}`);
        byHour.set(hour.ts, (byHour.get(hour.ts) ?? 0) + rows[i]!.value - hour.value);
      }
    }
  });
  return Math.max(...byHour.values());
}

/** The mean of every sample of the meters (temperatures, humidity) over whole days from..to. */
export function sampleAverage(meterIds: readonly number[], from: string, to: string): number {
  const start = copenhagenMidnight(from);
  const end = copenhagenMidnight(nextDay(to));
  return withDatabase((db) => {
    const placeholders = meterIds.map(() => "?").join(",");
    const row = db
      .prepare(
        `SELECT AVG(value) AS mean, COUNT(*) AS n FROM meter_readings WHERE meter_id IN (${placeholders}) AND ts >= ? AND ts < ?`,
      )
      .get(...meterIds, start, end) as { mean: number | null; n: number };
    if (row.mean === null || row.n === 0) throw new Error("no samples in the period");
    return row.mean;
  });
}

/** Number formatting as spec section 9 states it: Danish conventions unless English (en-GB). */
export function formatFixed(value: number, language: "da" | "en" | "nb", digits: number): string {
  return new Intl.NumberFormat(language === "en" ? "en-GB" : "da-DK", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}
