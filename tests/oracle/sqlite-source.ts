/**
 * The raw meter readings of the seeded end-to-end database (its meter_readings table), read-only
 * with plain SQL: never the rollup tables (consumption_hourly/_daily/_monthly), never the
 * back-end's code. Register meters hold the cumulative register at an instant (epoch seconds),
 * sample meters the sample of the hour starting at the instant.
 */
import { e2eDatabaseUrl, openTestDatabase, type TestDatabase } from "../e2e/test-database";
import type { Aggregation, Readings, Series, Tenancy } from "./recompute";

/** Quantities whose values over time are averaged (spec section 3); all others are summed. */
const averaged = new Set([
  "cooling-energy",
  "heat-cooling",
  "heat-flow-temperature",
  "heat-return-temperature",
  "indoor-temperature",
  "indoor-relative-humidity",
]);

/** How a quantity's values combine over time, as spec section 3 lists it. */
export function aggregationOf(quantity: string): Aggregation {
  return averaged.has(quantity) ? "average" : "addition";
}

/** The quantities a total is made of: total water is hot and cold water together. */
export function measuredQuantitiesOf(quantity: string): string[] {
  return quantity === "total-water-volume" ? ["hot-water-volume", "cold-water-volume"] : [quantity];
}

export interface RawSource extends Readings {
  /** A tenancy with its unit and its time zone (the property's country: Denmark or Norway). */
  tenancy(id: number): Tenancy & { unitId: number; timeZone: string };
  /** The quantities a unit has meters for (total water added where it has hot and cold). */
  quantitiesOf(unitId: number): string[];
  /** The unit's meters of a quantity as one series. */
  seriesOf(unitId: number, quantity: string): Series;
  /** Each other unit of the property with meters of the quantity, as one series each. */
  otherUnitsOf(unitId: number, quantity: string): Series[];
  close(): void;
}

type Row = { ts: number; value: number } | undefined;
interface Lookup {
  get(id: number, s: number, e: number): unknown;
}

/**
 * The same three look-ups over PostgreSQL (the multi-instance run, E2E_DATABASE_URL): each meter's
 * raw readings are read once, in time order, and searched here, instead of one `psql` per look-up.
 */
function postgresLookups(db: TestDatabase): { first: Lookup; last: Lookup; samples: Lookup } {
  const byMeter = new Map<number, { ts: number[]; value: number[] }>();
  const readingsOf = (id: number) => {
    let found = byMeter.get(id);
    if (!found) {
      const rows = db.prepare("SELECT ts, value FROM meter_readings WHERE meter_id = ? ORDER BY ts").all(id) as {
        ts: number;
        value: number;
      }[];
      found = { ts: rows.map((r) => Number(r.ts)), value: rows.map((r) => r.value) };
      byMeter.set(id, found);
    }
    return found;
  };
  /** Index of the first reading at or after `t`. */
  const lowerBound = (ts: number[], t: number) => {
    let lo = 0;
    let hi = ts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ts[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    first: {
      get(id, s, e) {
        const r = readingsOf(id);
        const i = lowerBound(r.ts, s);
        return i < r.ts.length && r.ts[i]! <= e ? { ts: r.ts[i]!, value: r.value[i]! } : undefined;
      },
    },
    last: {
      get(id, s, e) {
        const r = readingsOf(id);
        const i = lowerBound(r.ts, e + 1) - 1;
        return i >= 0 && r.ts[i]! >= s ? { ts: r.ts[i]!, value: r.value[i]! } : undefined;
      },
    },
    samples: {
      get(id, s, e) {
        const r = readingsOf(id);
        let sum = 0;
        let count = 0;
        for (let i = lowerBound(r.ts, s); i < r.ts.length && r.ts[i]! < e; i++) {
          sum += r.value[i]!;
          count += 1;
        }
        return { sum, count };
      },
    },
  };
}

export function openRawSource(dataDir: string): RawSource {
  const db = openTestDatabase(dataDir, true);
  const { first, last, samples } = e2eDatabaseUrl
    ? postgresLookups(db)
    : {
        first: db.prepare(
          "SELECT ts, value FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts <= ? ORDER BY ts ASC LIMIT 1",
        ),
        last: db.prepare(
          "SELECT ts, value FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts <= ? ORDER BY ts DESC LIMIT 1",
        ),
        samples: db.prepare(
          "SELECT COALESCE(SUM(value), 0) AS sum, COUNT(*) AS count FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts < ?",
        ),
      };
  const meters = db
    .prepare(
      "SELECT m.id, m.unit_id AS unitId, m.quantity, u.property_id AS propertyId FROM meters m JOIN units u ON u.id = m.unit_id",
    )
    .all() as { id: number; unitId: number; quantity: string; propertyId: number }[];
  const tenancyRow = db.prepare(
    "SELECT t.unit_id AS unitId, t.start_date AS start, t.end_date AS end, p.country FROM tenancies t JOIN units u ON u.id = t.unit_id JOIN properties p ON p.id = u.property_id WHERE t.id = ?",
  );

  const meterIds = (unitId: number, quantity: string) => {
    const wanted = measuredQuantitiesOf(quantity);
    return meters.filter((m) => m.unitId === unitId && wanted.includes(m.quantity)).map((m) => m.id);
  };

  return {
    consumption(ids, s, e) {
      let total: number | null = null;
      for (const id of ids) {
        const a = first.get(id, s, e) as Row;
        const b = last.get(id, s, e) as Row;
        if (!a || !b || b.ts <= a.ts) continue;
        total = (total ?? 0) + b.value - a.value;
      }
      return total;
    },
    samples(ids, s, e) {
      let sum = 0;
      let n = 0;
      for (const id of ids) {
        const row = samples.get(id, s, e) as { sum: number; count: number };
        sum += row.sum;
        n += row.count;
      }
      return { sum, count: n };
    },
    latest(ids, s, e) {
      let latest: number | null = null;
      for (const id of ids) {
        const b = last.get(id, s, e) as Row;
        if (b && (latest === null || b.ts > latest)) latest = b.ts;
      }
      return latest;
    },
    tenancy(id) {
      const row = tenancyRow.get(id) as
        | { unitId: number; start: string; end: string | null; country: string }
        | undefined;
      if (!row) throw new Error(`no tenancy ${id}`);
      const norway = /^(no|nor|norway|norge)$/i.test(row.country.trim());
      return {
        unitId: row.unitId,
        start: row.start,
        end: row.end,
        timeZone: norway ? "Europe/Oslo" : "Europe/Copenhagen",
      };
    },
    quantitiesOf(unitId) {
      const measured = new Set(meters.filter((m) => m.unitId === unitId).map((m) => m.quantity));
      if (measured.has("hot-water-volume") && measured.has("cold-water-volume")) measured.add("total-water-volume");
      return [...measured].sort();
    },
    seriesOf(unitId, quantity) {
      return { meterIds: meterIds(unitId, quantity), aggregation: aggregationOf(quantity) };
    },
    otherUnitsOf(unitId, quantity) {
      const property = meters.find((m) => m.unitId === unitId)?.propertyId;
      const units = [...new Set(meters.filter((m) => m.propertyId === property).map((m) => m.unitId))]
        .filter((id) => id !== unitId)
        .sort((a, b) => a - b);
      return units
        .map((id) => ({ meterIds: meterIds(id, quantity), aggregation: aggregationOf(quantity) }))
        .filter((series) => series.meterIds.length > 0);
    },
    close() {
      db.close();
    },
  };
}
