/**
 * The raw meter readings of the seeded end-to-end database (its meter_readings table), read-only
 * with plain SQL: never the rollup tables (consumption_hourly/_daily/_monthly), never the
 * back-end's code. Register meters hold the cumulative register at an instant (epoch seconds),
 * sample meters the sample of the hour starting at the instant.
 */
import path from "node:path";
import Database from "better-sqlite3";
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

export function openRawSource(dataDir: string): RawSource {
  const db = new Database(path.join(dataDir, "portal.sqlite"), { readonly: true, fileMustExist: true });
  type Row = { ts: number; value: number } | undefined;
  const first = db.prepare("SELECT ts, value FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts <= ? ORDER BY ts ASC LIMIT 1");
  const last = db.prepare("SELECT ts, value FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts <= ? ORDER BY ts DESC LIMIT 1");
  const samples = db.prepare("SELECT COALESCE(SUM(value), 0) AS sum, COUNT(*) AS count FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts < ?");
  const meters = db
    .prepare("SELECT m.id, m.unit_id AS unitId, m.quantity, u.property_id AS propertyId FROM meters m JOIN units u ON u.id = m.unit_id")
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
    tenancy(id) {
      const row = tenancyRow.get(id) as { unitId: number; start: string; end: string | null; country: string } | undefined;
      if (!row) throw new Error(`no tenancy ${id}`);
      const norway = /^(no|nor|norway|norge)$/i.test(row.country.trim());
      return { unitId: row.unitId, start: row.start, end: row.end, timeZone: norway ? "Europe/Oslo" : "Europe/Copenhagen" };
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
      const units = [...new Set(meters.filter((m) => m.propertyId === property).map((m) => m.unitId))].filter((id) => id !== unitId).sort((a, b) => a - b);
      return units
        .map((id) => ({ meterIds: meterIds(id, quantity), aggregation: aggregationOf(quantity) }))
        .filter((series) => series.meterIds.length > 0);
    },
    close() {
      db.close();
    },
  };
}
