/**
 * Per-property rollups (ADR 0038): what the property average, the rating and the monthly report
 * read instead of every other home's rows. Kept by every write of readings in the same
 * transaction as the meters' own rollups (refreshPropertyRollups), rebuilt for an existing
 * database by rebuildPropertyRollups. Both recompute the property's rows of whole days from the
 * meters' rollups, so a refresh after any write equals a rebuild.
 */
import { addDays, type DayKey, startOfDay } from "@common/calendar";
import { type QuantityId, quantityDefinition, quantityIds } from "@common/quantities";
import { type RawBuilder, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import type { Db } from "./bulk-insert";

/**
 * What a write of readings recomputed of one meter's rollups: the whole Copenhagen days
 * [fromDay, endDay) and their hours [fromHour, endHour) (epoch seconds of the days' bounds).
 */
export interface RollupChange {
  meterId: number;
  fromDay: DayKey;
  endDay: DayKey;
  fromHour: number;
  endHour: number;
}

/** The quantities the property rollups keep: those that add up (a mean of samples does not). */
export const rolledUpQuantities: readonly QuantityId[] = quantityIds.filter(
  (quantity) => quantityDefinition(quantity).aggregation === "addition",
);

const TOTAL_WATER = "total-water-volume";
const WATER_PARTS = ["hot-water-volume", "cold-water-volume"];

/**
 * Every property of more than one unit reads its property averages from the rollups (a property of
 * one unit has no neighbours to average). The other units' rows are read only for what the rollups
 * do not keep (average quantities, unpriced hours, meters without a CO2 factor), and by the tests as
 * the reference the rollups must equal (ADR 0038).
 */
export const PROPERTY_ROLLUPS_FROM_UNITS = 2;

/** Days per statement when a whole history is rebuilt: bounded temporary sorts and transactions. */
const REBUILD_DAYS = 31;
/** Meter ids per IN list (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
const ID_CHUNK = 10_000;

/** round(x, 9) on both databases, as the meters' rollups are rounded: SQLite and PostgreSQL keep the same sums. */
function roundTo9(expression: RawBuilder<unknown>, db: Db): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`round((${expression})::numeric, 9)::float8`
    : sql<number>`round(${expression}, 9)`;
}

/** The quantities a view counts a meter of `meterQuantity` under: its own, and total water for hot and cold water. */
export function viewQuantitiesOf(meterQuantity: string): QuantityId[] {
  const own = rolledUpQuantities.filter((quantity) => quantity === meterQuantity);
  return WATER_PARTS.includes(meterQuantity) ? [...own, TOTAL_WATER] : own;
}

/**
 * Each meter of a property with the quantity a view counts it under and its own (contributing)
 * quantity, with its home and the home's floor area, for the view quantities `quantities`: every
 * addition quantity as itself, and hot and cold water also as total water in homes without
 * total-water meters (metersForQuantity).
 */
function contributions(propertyId: number, quantities: readonly QuantityId[]): RawBuilder<unknown> {
  const list = (items: readonly string[]) => sql.join(items.map((item) => sql`${item}`));
  const own = rolledUpQuantities.filter((quantity) => quantities.includes(quantity));
  const direct = sql`
    select m.id as meter_id, u.id as unit_id, u.floor_area, m.quantity as quantity, m.quantity as meter_quantity
    from meters m join units u on u.id = m.unit_id
    where u.property_id = ${propertyId} and m.quantity in (${list(own.length > 0 ? own : [""])})`;
  if (!quantities.includes(TOTAL_WATER)) return direct;
  return sql`${direct}
    union all
    select m.id, u.id, u.floor_area, cast(${TOTAL_WATER} as text), m.quantity
    from meters m join units u on u.id = m.unit_id
    where u.property_id = ${propertyId} and m.quantity in (${list(WATER_PARTS)})
      and not exists (select 1 from meters t where t.unit_id = u.id and t.quantity = ${TOTAL_WATER})`;
}

/** Recomputes a property's day and hour rows and its homes' runs over the whole days [fromDay, endDay). */
async function refreshDays(
  db: Db,
  propertyId: number,
  fromDay: DayKey,
  endDay: DayKey,
  quantities: readonly QuantityId[],
): Promise<void> {
  const fromHour = startOfDay(fromDay) / 1000;
  const endHour = startOfDay(endDay) / 1000;
  for (const [table, key, source, from, end] of [
    ["property_daily", "day", "consumption_daily", fromDay, endDay],
    ["property_hourly", "hour", "consumption_hourly", fromHour, endHour],
  ] as const) {
    await db
      .deleteFrom(table)
      .where("property_id", "=", propertyId)
      .where("quantity", "in", quantities)
      .where(key, ">=", from)
      .where(key, "<", end)
      .execute();
    // A home counts in a day or hour when any of its contributing meters has a row with weight.
    await sql`
      with c as (${contributions(propertyId, quantities)}),
      r as (
        select c.quantity, c.meter_quantity, c.unit_id, c.floor_area, s.${sql.ref(key)} as k, s.value, s.weight
        from c join ${sql.table(source)} s on s.meter_id = c.meter_id
        where s.${sql.ref(key)} >= ${from} and s.${sql.ref(key)} < ${end}
      ),
      sums as (
        select quantity, k, meter_quantity, sum(value) as value, sum(value / floor_area) as per_m2
        from r group by quantity, k, meter_quantity
      ),
      counts as (
        select quantity, k, count(distinct case when weight > 0 then unit_id end) as units
        from r group by quantity, k
      )
      insert into ${sql.table(table)} (property_id, quantity, ${sql.ref(key)}, meter_quantity, value, value_per_m2, units)
      select cast(${propertyId} as integer), sums.quantity, sums.k, sums.meter_quantity, ${roundTo9(sql`sums.value`, db)},
        ${roundTo9(sql`sums.per_m2`, db)}, counts.units
      from sums join counts on counts.quantity = sums.quantity and counts.k = sums.k
    `.execute(db);
  }
  await refreshRuns(db, propertyId, fromDay, endDay, quantities);
}

/**
 * The homes' runs of days with data, recomputed over [fromDay, endDay): runs that overlap or touch
 * the span are cut to their parts outside it, joined with the span's days with data, and written
 * back merged, so runs stay maximal whatever order days are written in.
 */
async function refreshRuns(
  db: Db,
  propertyId: number,
  fromDay: DayKey,
  endDay: DayKey,
  quantities: readonly QuantityId[],
): Promise<void> {
  const touching = await db
    .selectFrom("property_unit_runs")
    .select(["quantity", "unit_id", "first_day", "end_day"])
    .where("property_id", "=", propertyId)
    .where("quantity", "in", quantities)
    .where("first_day", "<=", endDay)
    .where("end_day", ">=", fromDay)
    .execute();
  const { rows: days } = await sql<{ quantity: string; unit_id: number; day: DayKey }>`
    with c as (${contributions(propertyId, quantities)})
    select distinct c.quantity, c.unit_id, d.day
    from c join consumption_daily d on d.meter_id = c.meter_id
    where d.day >= ${fromDay} and d.day < ${endDay} and d.weight > 0
  `.execute(db);
  if (touching.length === 0 && days.length === 0) return;
  const spans = new Map<string, [DayKey, DayKey][]>();
  const add = (quantity: string, unitId: number, first: DayKey, end: DayKey) => {
    const key = `${unitId}|${quantity}`;
    const list = spans.get(key) ?? [];
    list.push([first, end]);
    spans.set(key, list);
  };
  for (const run of touching) {
    if (run.first_day < fromDay)
      add(run.quantity, run.unit_id, run.first_day, fromDay < run.end_day ? fromDay : run.end_day);
    if (run.end_day > endDay)
      add(run.quantity, run.unit_id, run.first_day > endDay ? run.first_day : endDay, run.end_day);
  }
  for (const row of days) add(row.quantity, Number(row.unit_id), row.day, addDays(row.day, 1));
  const runs: { property_id: number; quantity: string; unit_id: number; first_day: DayKey; end_day: DayKey }[] = [];
  for (const [key, list] of spans) {
    const [unit, quantity] = key.split("|") as [string, string];
    for (const [first, end] of mergeSpans(list)) {
      runs.push({ property_id: propertyId, quantity, unit_id: Number(unit), first_day: first, end_day: end });
    }
  }
  // An hour's ingest mostly adds to runs that already cover its day: nothing to write then.
  const runKey = (run: { quantity: string; unit_id: number; first_day: DayKey; end_day: DayKey }) =>
    `${run.quantity}|${Number(run.unit_id)}|${run.first_day}|${run.end_day}`;
  const before = new Set(touching.map(runKey));
  if (before.size === runs.length && runs.every((run) => before.has(runKey(run)))) return;
  await db
    .deleteFrom("property_unit_runs")
    .where("property_id", "=", propertyId)
    .where("quantity", "in", quantities)
    .where("first_day", "<=", endDay)
    .where("end_day", ">=", fromDay)
    .execute();
  for (let start = 0; start < runs.length; start += 1_000) {
    await db
      .insertInto("property_unit_runs")
      .values(runs.slice(start, start + 1_000))
      .execute();
  }
}

/** Spans of days [first, end) merged where they overlap or touch, sorted. */
export function mergeSpans(spans: readonly (readonly [DayKey, DayKey])[]): [DayKey, DayKey][] {
  const sorted = [...spans].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: [DayKey, DayKey][] = [];
  for (const [first, end] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && first <= last[1]) {
      if (end > last[1]) last[1] = end;
    } else out.push([first, end]);
  }
  return out;
}

/** Runs `work` in a transaction unless the caller already holds one. */
function inTransaction(db: Db, work: (db: Db) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Brings the property rollups of the changed meters' properties up to date for the changed days
 * and hours: per property, the union of the changed days is recomputed for the quantities the
 * changed meters count under, in a few statements whatever the number of meters (an hour of every
 * meter is one day of one property). Each call reads the property's meters of those quantities
 * over those days, so callers pass a batch's changes at once rather than one meter's at a time.
 */
export async function refreshPropertyRollups(db: Db, changes: readonly RollupChange[]): Promise<void> {
  if (changes.length === 0) return;
  const meterIds = [...new Set(changes.map((change) => change.meterId))];
  const propertyOfMeter = new Map<number, { propertyId: number; quantity: string }>();
  for (let start = 0; start < meterIds.length; start += ID_CHUNK) {
    const rows = await db
      .selectFrom("meters")
      .innerJoin("units", "units.id", "meters.unit_id")
      .select(["meters.id", "meters.quantity", "units.property_id"])
      .where("meters.id", "in", meterIds.slice(start, start + ID_CHUNK))
      .execute();
    for (const row of rows) propertyOfMeter.set(row.id, { propertyId: row.property_id, quantity: row.quantity });
  }
  const ofProperty = new Map<number, { spans: [DayKey, DayKey][]; quantities: Set<QuantityId> }>();
  for (const change of changes) {
    const meter = propertyOfMeter.get(change.meterId);
    // Meters of average quantities change no property rollup.
    const quantities = meter === undefined ? [] : viewQuantitiesOf(meter.quantity);
    if (meter === undefined || quantities.length === 0 || change.fromDay >= change.endDay) continue;
    const entry = ofProperty.get(meter.propertyId) ?? { spans: [], quantities: new Set() };
    entry.spans.push([change.fromDay, change.endDay]);
    for (const quantity of quantities) entry.quantities.add(quantity);
    ofProperty.set(meter.propertyId, entry);
  }
  for (const [propertyId, { spans, quantities }] of [...ofProperty].sort((a, b) => a[0] - b[0])) {
    for (const [fromDay, endDay] of mergeSpans(spans)) {
      await refreshDays(db, propertyId, fromDay, endDay, [...quantities].sort());
    }
  }
}

/**
 * Makes the property rollups of a database whose readings predate them (one upgraded past
 * migration 0011, which leaves them empty): when no property has any and some meter of a quantity
 * they keep has a day with data, every property is rebuilt. Run at the back-end's start, under its start-up lock; a database
 * that has them costs two one-row queries. True when it rebuilt.
 */
export async function rebuildPropertyRollupsIfMissing(db: Db): Promise<boolean> {
  // A home's run exists exactly when a meter of a rolled-up quantity has a day with weight, so a
  // database whose readings are all averages (temperatures) has nothing to make, at any start.
  const [kept, readings] = await Promise.all([
    db.selectFrom("property_unit_runs").select("property_id").limit(1).executeTakeFirst(),
    db
      .selectFrom("meters")
      .select("meters.id")
      .where("meters.quantity", "in", rolledUpQuantities)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("consumption_daily")
            .select("consumption_daily.meter_id")
            .whereRef("consumption_daily.meter_id", "=", "meters.id")
            .where("consumption_daily.weight", ">", 0),
        ),
      )
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (kept !== undefined || readings === undefined) return false;
  await rebuildPropertyRollups(db);
  return true;
}

/**
 * Recomputes the property rollups of the given properties (all without) from the meters'
 * rollups: everything of each property is cleared, then its days are made a month at a time.
 */
export async function rebuildPropertyRollups(db: Db, propertyIds?: readonly number[]): Promise<void> {
  const ids =
    propertyIds ?? (await db.selectFrom("properties").select("id").orderBy("id").execute()).map((row) => row.id);
  for (const propertyId of ids) {
    await inTransaction(db, async (trx) => {
      for (const table of ["property_daily", "property_hourly", "property_unit_runs"] as const) {
        await trx.deleteFrom(table).where("property_id", "=", propertyId).execute();
      }
    });
    const span = await db
      .selectFrom("consumption_daily")
      .innerJoin("meters", "meters.id", "consumption_daily.meter_id")
      .innerJoin("units", "units.id", "meters.unit_id")
      .select((eb) => [eb.fn.min("consumption_daily.day").as("first"), eb.fn.max("consumption_daily.day").as("last")])
      .where("units.property_id", "=", propertyId)
      .executeTakeFirst();
    if (span?.first == null || span.last == null) continue;
    const end = addDays(span.last, 1);
    for (let from = span.first; from < end; from = addDays(from, REBUILD_DAYS)) {
      const to = addDays(from, REBUILD_DAYS);
      await inTransaction(db, (trx) => refreshDays(trx, propertyId, from, to < end ? to : end, rolledUpQuantities));
    }
  }
}

/** A property's summed rows of a quantity, per key (day or hour start) and contributing meter quantity. */
export interface PropertyRow {
  key: DayKey | number;
  meterQuantity: QuantityId;
  value: number;
  valuePerM2: number;
  units: number;
}

/** The property rollups of days and hours, each with its key column. */
const propertyTables = {
  day: ["property_daily", "day"],
  hour: ["property_hourly", "hour"],
} as const;

/** A property's rows of a quantity in one of its rollups whose key lies in [from, end). */
async function propertyRows(
  db: Db,
  rollup: keyof typeof propertyTables,
  propertyId: number,
  quantity: QuantityId,
  from: DayKey | number,
  end: DayKey | number,
): Promise<PropertyRow[]> {
  if (from >= end) return [];
  const [table, key] = propertyTables[rollup];
  const rows = await db
    .selectFrom(table)
    .select((eb) => [eb.ref(key).as("key"), "meter_quantity", "value", "value_per_m2", "units"])
    .where("property_id", "=", propertyId)
    .where("quantity", "=", quantity)
    .where(key, ">=", from)
    .where(key, "<", end)
    .execute();
  return rows.map((row) => ({
    key: rollup === "hour" ? Number(row.key) : (row.key as DayKey),
    meterQuantity: row.meter_quantity as QuantityId,
    value: row.value,
    valuePerM2: row.value_per_m2,
    units: Number(row.units),
  }));
}

/** The property's day rows of a quantity over [fromDay, endDay). */
export function propertyDayRows(
  db: Db,
  propertyId: number,
  quantity: QuantityId,
  fromDay: DayKey,
  endDay: DayKey,
): Promise<PropertyRow[]> {
  return propertyRows(db, "day", propertyId, quantity, fromDay, endDay);
}

/** The property's hour rows of a quantity over [fromS, toS) (epoch seconds). */
export function propertyHourRows(
  db: Db,
  propertyId: number,
  quantity: QuantityId,
  fromS: number,
  toS: number,
): Promise<PropertyRow[]> {
  return propertyRows(db, "hour", propertyId, quantity, fromS, toS);
}

/** Per property day sums of a quantity over [fromDay, endDay), summed by the database per meter quantity. */
export async function propertyDayTotals(
  db: Db,
  propertyId: number,
  quantity: QuantityId,
  fromDay: DayKey,
  endDay: DayKey,
): Promise<{ meterQuantity: QuantityId; value: number; valuePerM2: number }[]> {
  if (fromDay >= endDay) return [];
  const rows = await db
    .selectFrom("property_daily")
    .select((eb) => [
      "meter_quantity",
      eb.fn.sum<number>("value").as("value"),
      eb.fn.sum<number>("value_per_m2").as("value_per_m2"),
    ])
    .where("property_id", "=", propertyId)
    .where("quantity", "=", quantity)
    .where("day", ">=", fromDay)
    .where("day", "<", endDay)
    .groupBy("meter_quantity")
    .orderBy("meter_quantity")
    .execute();
  return rows.map((row) => ({
    meterQuantity: row.meter_quantity as QuantityId,
    value: Number(row.value),
    valuePerM2: Number(row.value_per_m2),
  }));
}

/** A home's run of days with data [firstDay, endDay). */
export interface UnitRun {
  unitId: number;
  firstDay: DayKey;
  endDay: DayKey;
}

/** The runs of a property's homes with data of a quantity that overlap [fromDay, endDay), sorted by home. */
export async function unitRuns(
  db: Db,
  propertyId: number,
  quantity: QuantityId,
  fromDay: DayKey,
  endDay: DayKey,
): Promise<UnitRun[]> {
  if (fromDay >= endDay) return [];
  const rows = await db
    .selectFrom("property_unit_runs")
    .select(["unit_id", "first_day", "end_day"])
    .where("property_id", "=", propertyId)
    .where("quantity", "=", quantity)
    .where("first_day", "<", endDay)
    .where("end_day", ">", fromDay)
    .orderBy("unit_id")
    .orderBy("first_day")
    .execute();
  return rows.map((row) => ({ unitId: Number(row.unit_id), firstDay: row.first_day, endDay: row.end_day }));
}

/**
 * The number of homes with data in each span of days (sorted, disjoint spans): a home counts once
 * in a span however many of its runs overlap it. Runs sorted by home.
 */
export function unitsWithDataPerSpan(
  runs: readonly UnitRun[],
  spans: readonly { fromDay: DayKey; endDay: DayKey }[],
): number[] {
  const counts = spans.map(() => 0);
  const lastUnit = spans.map(() => -1);
  for (const run of runs) {
    // The first span ending after the run's first day; then every span starting before its end.
    let low = 0;
    let high = spans.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (spans[middle]!.endDay <= run.firstDay) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < spans.length && spans[index]!.fromDay < run.endDay; index++) {
      if (spans[index]!.fromDay >= spans[index]!.endDay) continue;
      if (lastUnit[index] === run.unitId) continue;
      lastUnit[index] = run.unitId;
      counts[index]!++;
    }
  }
  return counts;
}
