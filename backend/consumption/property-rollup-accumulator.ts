/**
 * The property rollups of a bulk load made while its series are written (ADR 0038, addendum):
 * writeNewSeriesBatch hands every meter's hours and days here, the sums, home counts and runs are
 * kept in memory across batches, and written once at the end of the load. A rebuild after the load
 * would group every hourly row again, about as costly as the load itself.
 *
 * The rows are those rebuildPropertyRollups makes, by the same rules (contributions in
 * property-rollups.ts): a meter counts under its own quantity when that quantity adds up, and hot
 * and cold water also under total water in homes without a total-water meter; a home counts in a day
 * or hour when any of its contributing meters has a row with weight there; a sum row exists wherever
 * any contributing meter has a row. The rounding is the database's own: the sums go to the database
 * unrounded and are rounded there by the rebuild's expression. The sums are compensated
 * (Kahan–Babuška–Neumaier), as SQLite's sum() is: see the addendum for what that guarantees.
 *
 * A property is rebuilt instead when the accumulator cannot vouch for it: a meter of it that the
 * load did not write has rollups, or its homes' meters changed during the load.
 */
import { DAY_MS, type DayKey, dayKeyOfWall, wallOfDay } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import { CompiledQuery, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import { type Aggregate, HOUR_S, type HourAggregate } from "./aggregate";
import { bulkInsert, copyInto, copyLines, type Db, inTransaction } from "./bulk-insert";
import {
  ID_CHUNK,
  indexRunsOfProperty,
  mergeSpans,
  PROPERTY_ROLLUP_TABLES,
  rebuildPropertyRollups,
  rolledUpQuantities,
  TOTAL_WATER,
  WATER_PARTS,
} from "./property-rollups";

/** One meter's rollups as writeNewSeriesBatch makes them. */
export interface MeterRollups {
  meterId: number;
  hours: readonly HourAggregate[];
  days: ReadonlyMap<DayKey, Aggregate>;
}

interface MeterInfo {
  unitId: number;
  propertyId: number;
  quantity: string;
  floorArea: number;
}

/**
 * Columns of doubles over a range of integer keys (hour or day numbers) that grows either way as
 * keys arrive: a slot per key, no map lookup per row.
 */
class Columns {
  base = 0;
  size = 0;
  columns: Float64Array[];
  constructor(width: number) {
    this.columns = Array.from({ length: width }, () => new Float64Array(0));
  }

  /** The position of `key`, making room for it. */
  slot(key: number): number {
    if (this.size === 0) {
      this.grow(key - 64, 4096);
    } else if (key < this.base) {
      this.grow(Math.min(key, this.base - this.size), this.base + this.size - Math.min(key, this.base - this.size));
    } else if (key >= this.base + this.size) {
      this.grow(this.base, Math.max(key - this.base + 1, this.size * 2));
    }
    return key - this.base;
  }

  private grow(base: number, size: number): void {
    const shift = this.base - base;
    this.columns = this.columns.map((old) => {
      const column = new Float64Array(size);
      if (this.size > 0) column.set(old, shift);
      return column;
    });
    this.base = base;
    this.size = size;
  }
}

/** Sum columns: compensated sums of values and of values per m2, and whether a row exists. */
const VALUE = 0;
const VALUE_ERR = 1;
const PER_M2 = 2;
const PER_M2_ERR = 3;
const PRESENT = 4;

/** One Kahan–Babuška–Neumaier step, as SQLite's sum() takes it; the sum is sum + error at the end. */
function addCompensated(column: Float64Array, errors: Float64Array, at: number, value: number): void {
  const sum = column[at]!;
  const total = sum + value;
  if (Math.abs(sum) > Math.abs(value)) errors[at]! += sum - total + value;
  else errors[at]! += value - total + sum;
  column[at] = total;
}

/** Where a meter's rows of one grain and view quantity go. */
interface Target {
  sums: Columns;
  counts: Columns;
  /** The keys its home is counted in already, when the home has more than one contributing meter. */
  bits: KeyBits | undefined;
}

/** Adds one row of a meter's rollup: its value to the sums, its home to the count when it has weight. */
function addRow(target: Target, key: number, value: number, floorArea: number, weight: number): void {
  const { sums, counts, bits } = target;
  // The slot first: making room replaces the columns.
  const at = sums.slot(key);
  const columns = sums.columns;
  addCompensated(columns[VALUE]!, columns[VALUE_ERR]!, at, value);
  addCompensated(columns[PER_M2]!, columns[PER_M2_ERR]!, at, value / floorArea);
  columns[PRESENT]![at] = 1;
  if (!(weight > 0)) return;
  if (bits !== undefined && !bits.add(key)) return;
  const slot = counts.slot(key);
  counts.columns[0]![slot]! += 1;
}

/** A set of integer keys as bits over a growing range. */
class KeyBits {
  private base = 0;
  private bits = new Uint8Array(0);

  /** True when `key` was not in the set (it is now). */
  add(key: number): boolean {
    if (this.bits.length === 0) this.base = key - (key & 7) - 512;
    if (key < this.base || key >= this.base + this.bits.length * 8) {
      const low = Math.min(key - (key & 7) - 512, this.base);
      const high = Math.max(key + 1, this.base + this.bits.length * 8);
      const bits = new Uint8Array(Math.ceil((high - low) / 8) * 2);
      bits.set(this.bits, (this.base - low) / 8);
      this.base = low;
      this.bits = bits;
    }
    const offset = key - this.base;
    const mask = 1 << (offset & 7);
    const byte = this.bits[offset >> 3]!;
    if ((byte & mask) !== 0) return false;
    this.bits[offset >> 3] = byte | mask;
    return true;
  }
}

/** The two tables of sums: keys are hour numbers (epoch hours) and day numbers (days since 1970-01-01). */
type Grain = "hour" | "day";

interface PropertySums {
  /** Per grain, view quantity and meter quantity: the sums. */
  sums: Map<string, Columns>;
  /** Per grain and view quantity: the homes counted (column 0). */
  counts: Map<string, Columns>;
  /** Per home and view quantity: its runs of days with data. */
  runs: Map<string, [DayKey, DayKey][]>;
  /** The meters written, and the homes whose meters the sums assume. */
  meters: Set<number>;
  units: Map<number, string>;
}

/** A home's meters as one comparable text: what the accumulator assumed of it. */
function metersKey(meters: readonly { id: number; quantity: string }[]): string {
  return meters
    .map((meter) => `${meter.id}:${meter.quantity}`)
    .sort()
    .join(",");
}

export class PropertyRollupAccumulator {
  private readonly meterInfo = new Map<number, MeterInfo>();
  /** Per home: whether it has a total-water meter, and its contributing meters per view quantity. */
  private readonly unitInfo = new Map<number, { hasTotal: boolean; contributors: Map<string, number>; key: string }>();
  private readonly properties = new Map<number, PropertySums>();
  /** Per home, view quantity and grain with more than one contributing meter: the keys it is counted in. */
  private readonly counted = new Map<string, KeyBits>();
  /** The time spent adding series so far: the bench reports it. */
  milliseconds = 0;

  /** Adds the series of a batch of new meters once they are written (in `db`, to read their homes). */
  async add(db: Db, series: readonly MeterRollups[]): Promise<void> {
    const started = performance.now();
    await this.learnMeters(
      db,
      series.map((s) => s.meterId),
    );
    for (const s of series) this.addMeter(s);
    this.milliseconds += performance.now() - started;
  }

  /** Reads the homes of meters not seen yet, with all their meters. */
  private async learnMeters(db: Db, meterIds: readonly number[]): Promise<void> {
    const unknown = meterIds.filter((id) => !this.meterInfo.has(id));
    for (let start = 0; start < unknown.length; start += ID_CHUNK) {
      const ids = unknown.slice(start, start + ID_CHUNK);
      const rows = await db
        .selectFrom("meters")
        .innerJoin("units", "units.id", "meters.unit_id")
        .select(["meters.id", "meters.quantity", "meters.unit_id", "units.property_id", "units.floor_area"])
        .where("meters.unit_id", "in", (eb) => eb.selectFrom("meters").select("unit_id").where("id", "in", ids))
        .execute();
      const byUnit = new Map<number, typeof rows>();
      for (const row of rows) {
        const list = byUnit.get(row.unit_id) ?? [];
        list.push(row);
        byUnit.set(row.unit_id, list);
      }
      for (const [unitId, meters] of byUnit) {
        for (const row of meters)
          this.meterInfo.set(row.id, {
            unitId,
            propertyId: row.property_id,
            quantity: row.quantity,
            floorArea: row.floor_area,
          });
        if (this.unitInfo.has(unitId)) continue;
        const hasTotal = meters.some((meter) => meter.quantity === TOTAL_WATER);
        const contributors = new Map<string, number>();
        for (const meter of meters) {
          for (const quantity of this.viewQuantities(meter.quantity, hasTotal))
            contributors.set(quantity, (contributors.get(quantity) ?? 0) + 1);
        }
        this.unitInfo.set(unitId, { hasTotal, contributors, key: metersKey(meters) });
      }
    }
  }

  /** The quantities a meter counts under in a home with or without a total-water meter (contributions). */
  private viewQuantities(quantity: string, homeHasTotal: boolean): string[] {
    const own = (rolledUpQuantities as readonly string[]).includes(quantity) ? [quantity] : [];
    return WATER_PARTS.includes(quantity) && !homeHasTotal ? [...own, TOTAL_WATER] : own;
  }

  private propertySums(propertyId: number): PropertySums {
    let sums = this.properties.get(propertyId);
    if (sums === undefined) {
      sums = { sums: new Map(), counts: new Map(), runs: new Map(), meters: new Set(), units: new Map() };
      this.properties.set(propertyId, sums);
    }
    return sums;
  }

  private addMeter({ meterId, hours, days }: MeterRollups): void {
    const meter = this.meterInfo.get(meterId);
    // A meter that does not exist cannot have been written (its foreign key).
    if (meter === undefined) return;
    const unit = this.unitInfo.get(meter.unitId)!;
    const property = this.propertySums(meter.propertyId);
    property.meters.add(meterId);
    property.units.set(meter.unitId, unit.key);
    const dayRows: [number, Aggregate][] = [...days].map(([day, aggregate]) => [wallOfDay(day) / DAY_MS, aggregate]);
    dayRows.sort((a, b) => a[0] - b[0]);
    for (const quantity of this.viewQuantities(meter.quantity, unit.hasTotal)) {
      // Looked up once per meter, not per row: a load adds some hundred million rows.
      const shared = (unit.contributors.get(quantity) ?? 0) > 1;
      const target = (grain: Grain) => ({
        sums: this.columns(property.sums, `${grain}|${quantity}|${meter.quantity}`, 5),
        counts: this.columns(property.counts, `${grain}|${quantity}`, 1),
        bits: shared ? this.bits(`${meter.unitId}|${quantity}|${grain}`) : undefined,
      });
      const hourTarget = target("hour");
      for (const hour of hours) addRow(hourTarget, hour.hour / HOUR_S, hour.value, meter.floorArea, hour.weight);
      const dayTarget = target("day");
      const spans: [DayKey, DayKey][] = [];
      let runStart = -1;
      let runEnd = -1;
      for (const [day, aggregate] of dayRows) {
        addRow(dayTarget, day, aggregate.value, meter.floorArea, aggregate.weight);
        if (!(aggregate.weight > 0)) continue;
        if (day === runEnd) runEnd = day + 1;
        else {
          if (runStart >= 0) spans.push([dayKeyOfDay(runStart), dayKeyOfDay(runEnd)]);
          runStart = day;
          runEnd = day + 1;
        }
      }
      if (runStart >= 0) spans.push([dayKeyOfDay(runStart), dayKeyOfDay(runEnd)]);
      const runsKey = `${meter.unitId}|${quantity}`;
      property.runs.set(runsKey, mergeSpans([...(property.runs.get(runsKey) ?? []), ...spans]));
    }
  }

  private columns(map: Map<string, Columns>, key: string, width: number): Columns {
    let columns = map.get(key);
    if (columns === undefined) {
      columns = new Columns(width);
      map.set(key, columns);
    }
    return columns;
  }

  private bits(key: string): KeyBits {
    let bits = this.counted.get(key);
    if (bits === undefined) {
      bits = new KeyBits();
      this.counted.set(key, bits);
    }
    return bits;
  }

  /** The properties the load wrote meters of. */
  propertyIds(): number[] {
    return [...this.properties.keys()].sort((a, b) => a - b);
  }

  /**
   * Writes the property rollups of every property the load touched, each in its own transaction
   * (everything of the property is replaced, as a rebuild does), after the load has committed; or
   * rebuilds a property the sums cannot vouch for. Returns the properties rebuilt instead.
   */
  async write(db: Db): Promise<number[]> {
    const rebuilt: number[] = [];
    for (const propertyId of this.propertyIds()) {
      const property = this.properties.get(propertyId)!;
      if (!(await this.vouchesFor(db, propertyId, property))) {
        await rebuildPropertyRollups(db, [propertyId]);
        rebuilt.push(propertyId);
        continue;
      }
      await inTransaction(db, async (trx) => {
        for (const table of PROPERTY_ROLLUP_TABLES)
          await trx.deleteFrom(table).where("property_id", "=", propertyId).execute();
        await writeSums(trx, "property_daily", propertyId, property, "day");
        await writeSums(trx, "property_hourly", propertyId, property, "hour");
        const runs: (string | number)[] = [];
        for (const [key, spans] of property.runs) {
          const [unit, quantity] = key.split("|") as [string, string];
          for (const [first, end] of spans) runs.push(propertyId, quantity, Number(unit), first, end);
        }
        await bulkInsert(
          trx,
          "property_unit_runs",
          ["property_id", "quantity", "unit_id", "first_day", "end_day"],
          runs,
        );
        await indexRunsOfProperty(trx, propertyId);
      });
    }
    return rebuilt;
  }

  /**
   * True when the sums are the whole property: no meter of it outside the load has rollups, and its
   * homes have the meters they had when their series were added.
   */
  private async vouchesFor(db: Db, propertyId: number, property: PropertySums): Promise<boolean> {
    const meters = await db
      .selectFrom("meters")
      .innerJoin("units", "units.id", "meters.unit_id")
      .select(["meters.id", "meters.quantity", "meters.unit_id"])
      .where("units.property_id", "=", propertyId)
      .execute();
    const byUnit = new Map<number, { id: number; quantity: string }[]>();
    for (const meter of meters) {
      const list = byUnit.get(meter.unit_id) ?? [];
      list.push(meter);
      byUnit.set(meter.unit_id, list);
    }
    for (const [unitId, key] of property.units) if (metersKey(byUnit.get(unitId) ?? []) !== key) return false;
    const others = meters.map((meter) => meter.id).filter((id) => !property.meters.has(id));
    for (let start = 0; start < others.length; start += ID_CHUNK) {
      const withRows = await db
        .selectFrom("consumption_daily")
        .select("meter_id")
        .where("meter_id", "in", others.slice(start, start + ID_CHUNK))
        .limit(1)
        .executeTakeFirst();
      if (withRows !== undefined) return false;
    }
    return true;
  }
}

function dayKeyOfDay(day: number): DayKey {
  return dayKeyOfWall(day * DAY_MS);
}

const sumColumns = ["property_id", "quantity", "key", "meter_quantity", "value", "value_per_m2", "units"] as const;

/**
 * A property's rows of one grain: unrounded sums to the database, rounded there as the rebuild
 * rounds them (round(sum, 9); on PostgreSQL through numeric).
 */
async function writeSums(
  db: Db,
  table: "property_daily" | "property_hourly",
  propertyId: number,
  property: PropertySums,
  grain: Grain,
): Promise<void> {
  const keyColumn = grain === "day" ? "day" : "hour";
  const rows: (string | number)[] = [];
  for (const [name, sums] of property.sums) {
    const [rowGrain, quantity, meterQuantity] = name.split("|") as [Grain, QuantityId, string];
    if (rowGrain !== grain) continue;
    const counts = property.counts.get(`${grain}|${quantity}`);
    const [value, valueErr, perM2, perM2Err, present] = sums.columns as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    for (let at = 0; at < sums.size; at++) {
      if (present[at] !== 1) continue;
      const key = sums.base + at;
      const units =
        counts === undefined || key < counts.base || key >= counts.base + counts.size
          ? 0
          : counts.columns[0]![key - counts.base]!;
      rows.push(
        propertyId,
        quantity,
        grain === "day" ? dayKeyOfDay(key) : key * HOUR_S,
        meterQuantity,
        value[at]! + valueErr[at]!,
        perM2[at]! + perM2Err[at]!,
        units,
      );
    }
  }
  if (rows.length === 0) return;
  const columns = sumColumns.map((column) => (column === "key" ? keyColumn : column));
  if (isPostgres(db)) {
    await inTransaction(db, async (trx) => {
      const stage = `${table}_load`;
      await sql`create temporary table ${sql.table(stage)} (like ${sql.table(table)}) on commit drop`.execute(trx);
      await copyInto(trx, stage, columns, copyLines(columns.length, rows));
      await sql`
        insert into ${sql.table(table)} (${sql.raw(columns.join(","))})
        select property_id, quantity, ${sql.ref(keyColumn)}, meter_quantity, round(value::numeric, 9)::float8,
          round(value_per_m2::numeric, 9)::float8, units
        from ${sql.table(stage)}`.execute(trx);
      await sql`drop table ${sql.table(stage)}`.execute(trx);
    });
    return;
  }
  await roundingInsert(db, table, columns, rows);
}

/** SQLite: prepared multi-row inserts whose two sums are rounded by the database's round(x, 9). */
async function roundingInsert(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (string | number)[],
): Promise<void> {
  const width = columns.length;
  const chunkRows = 400;
  const tuple = "(?,?,?,?,round(?,9),round(?,9),?)";
  for (let offset = 0; offset < rows.length; offset += chunkRows * width) {
    const chunk = rows.slice(offset, offset + chunkRows * width);
    const statement = `insert into ${table} (${columns.join(",")}) values ${Array.from({ length: chunk.length / width }, () => tuple).join(",")}`;
    await db.executeQuery(CompiledQuery.raw(statement, chunk));
  }
}
