/**
 * Per-property rollups (ADR 0038): what the property average, the rating and the monthly report
 * read instead of every other home's rows. Kept by every write of readings in the same
 * transaction as the meters' own rollups (refreshPropertyRollups), rebuilt for an existing
 * database by rebuildPropertyRollups. Both recompute the property's rows of whole days from the
 * meters' rollups, so a refresh after any write equals a rebuild.
 */
import { addDays, type DayKey, daysBetween, startOfDay } from "@common/calendar";
import { type QuantityId, quantityDefinition, quantityIds } from "@common/quantities";
import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import type { Database } from "../db/types";
import type { Db } from "./bulk-insert";

/**
 * What a write of readings recomputed of one meter's rollups: the whole Copenhagen days
 * [fromDay, endDay), and within them the hours [fromHour, endHour) (epoch seconds) whose rows were
 * rewritten or deleted. The meter's other hours of those days are as they were, so the property's
 * hours there need no recomputing; its days do (a day is summed from all its hours).
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

/** Total water, which hot and cold water meters make up in homes without a total-water meter. */
export const TOTAL_WATER = "total-water-volume";
export const WATER_PARTS: readonly string[] = ["hot-water-volume", "cold-water-volume"];

/** The tables that hold a property's rollups: what a rebuild or a load clears before it writes them. */
export const PROPERTY_ROLLUP_TABLES = [
  "property_daily",
  "property_hourly",
  "property_unit_runs",
  "property_run_edges",
] as const;

/** Days per statement when a whole history is rebuilt: bounded temporary sorts and transactions. */
const REBUILD_DAYS = 31;
/** Meter ids per IN list (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
export const ID_CHUNK = 10_000;

/** round(x, 9) on both databases, as the meters' rollups are rounded: SQLite and PostgreSQL keep the same sums. */
function roundTo9(expression: RawBuilder<unknown>, db: Db): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`round((${expression})::numeric, 9)::float8`
    : sql<number>`round(${expression}, 9)`;
}

/** A list of values as parameters, for `in (…)` in raw SQL. */
function valueList(items: readonly (string | number)[]): RawBuilder<unknown> {
  return sql.join(items.map((item) => sql`${item}`));
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
  const own = rolledUpQuantities.filter((quantity) => quantities.includes(quantity));
  const direct = sql`
    select m.id as meter_id, u.id as unit_id, u.floor_area, m.quantity as quantity, m.quantity as meter_quantity
    from meters m join units u on u.id = m.unit_id
    where u.property_id = ${propertyId} and m.quantity in (${valueList(own.length > 0 ? own : [""])})`;
  if (!quantities.includes(TOTAL_WATER)) return direct;
  return sql`${direct}
    union all
    select m.id, u.id, u.floor_area, cast(${TOTAL_WATER} as text), m.quantity
    from meters m join units u on u.id = m.unit_id
    where u.property_id = ${propertyId} and m.quantity in (${valueList(WATER_PARTS)})
      and not exists (select 1 from meters t where t.unit_id = u.id and t.quantity = ${TOTAL_WATER})`;
}

/**
 * `c` (contributions) joined with each meter's rows of a rollup whose key lies in [from, end), as
 * `alias`. On PostgreSQL each meter's rows by LATERAL, an index range scan whatever the planner
 * guesses (`offset 0` keeps it from flattening the subquery into a plain join): the hour just
 * written lies past the partition's statistics, so a plain join was estimated at one row and, in
 * an INSERT (no parallel plan), run as a scan of the whole partition per meter, 15 s for an hour
 * of 6,000 meters.
 */
function contributionRows(
  db: Db,
  source: "consumption_daily" | "consumption_hourly",
  key: "day" | "hour",
  alias: string,
  from: DayKey | number,
  end: DayKey | number,
): RawBuilder<unknown> {
  const table = sql.table(source);
  const column = sql.ref(`${alias}.${key}`);
  const as = sql.raw(alias);
  return isPostgres(db)
    ? sql`c cross join lateral (select ${column}, ${as}.value, ${as}.weight from ${table} ${as}
        where ${as}.meter_id = c.meter_id and ${column} >= ${from} and ${column} < ${end} offset 0) ${as}`
    : sql`c join ${table} ${as} on ${as}.meter_id = c.meter_id and ${column} >= ${from} and ${column} < ${end}`;
}

/** The property rollups of days and hours, each with its key and the meters' rollup it sums. */
const refreshedTables = {
  day: ["property_daily", "day", "consumption_daily"],
  hour: ["property_hourly", "hour", "consumption_hourly"],
} as const;

/** Recomputes a property's rows of one rollup whose key lies in [from, end), from the meters' rollup. */
async function refreshRows(
  db: Db,
  rollup: keyof typeof refreshedTables,
  propertyId: number,
  from: DayKey | number,
  end: DayKey | number,
  quantities: readonly QuantityId[],
): Promise<void> {
  const [table, key, source] = refreshedTables[rollup];
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
      from ${contributionRows(db, source, key, "s", from, end)}
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

/**
 * What a refresh of a property's days recomputes: the property's rows and runs of the quantities
 * `quantities` over the whole days [fromDay, endDay).
 */
interface DaySpan {
  propertyId: number;
  fromDay: DayKey;
  endDay: DayKey;
  quantities: readonly QuantityId[];
}

/** Recomputes a property's day and hour rows and its homes' runs over the whole days of the span. */
async function refreshDays(db: Db, span: DaySpan): Promise<void> {
  const { propertyId, fromDay, endDay, quantities } = span;
  await refreshRows(db, "day", propertyId, fromDay, endDay, quantities);
  await refreshRows(db, "hour", propertyId, startOfDay(fromDay) / 1000, startOfDay(endDay) / 1000, quantities);
  await refreshRuns(db, span);
}

/**
 * The ids of the homes whose runs of a quantity [fromDay, endDay) can change: all but those whose
 * every day of the span has data and lies inside one run (an hour's ingest into a day already
 * counted), and those without data in the span and without a run overlapping it. One grouped
 * statement; an hour's ingest mostly finds none.
 */
async function unitsWhoseRunsMayChange(db: Db, span: DaySpan): Promise<number[]> {
  const { propertyId, fromDay, endDay, quantities } = span;
  const { rows } = await sql<{ unit_id: number }>`
    with c as (${contributions(propertyId, quantities)}),
    d as (
      select c.quantity, c.unit_id, count(distinct d.day) as days
      from ${contributionRows(db, "consumption_daily", "day", "d", fromDay, endDay)}
      where d.weight > 0
      group by c.quantity, c.unit_id
    ),
    p as (select distinct quantity, unit_id from c)
    select distinct p.unit_id from p left join d on d.quantity = p.quantity and d.unit_id = p.unit_id
    where case when coalesce(d.days, 0) = ${daysBetween(fromDay, endDay)} then not exists (
        select 1 from property_unit_runs r where r.property_id = ${propertyId} and r.quantity = p.quantity
          and r.unit_id = p.unit_id and r.first_day <= ${fromDay} and r.end_day >= ${endDay})
      when coalesce(d.days, 0) = 0 then exists (
        select 1 from property_unit_runs r where r.property_id = ${propertyId} and r.quantity = p.quantity
          and r.unit_id = p.unit_id and r.first_day < ${endDay} and r.end_day > ${fromDay})
      else 1 = 1 end
  `.execute(db);
  return rows.map((row) => Number(row.unit_id)).sort((a, b) => a - b);
}

/**
 * The homes' runs of days with data, recomputed over [fromDay, endDay): runs that overlap or touch
 * the span are cut to their parts outside it, joined with the span's days with data, and written
 * back merged, so runs stay maximal whatever order days are written in. Only the homes whose runs
 * can change are recomputed (unitsWhoseRunsMayChange), all of their quantities.
 */
async function refreshRuns(db: Db, span: DaySpan): Promise<void> {
  const unitIds = await unitsWhoseRunsMayChange(db, span);
  for (let start = 0; start < unitIds.length; start += ID_CHUNK)
    await refreshRunsOfUnits(db, span, unitIds.slice(start, start + ID_CHUNK));
}

/** The homes' runs that overlap or touch the span: what a refresh of their runs reads, then replaces. */
function runsTouching(span: DaySpan, unitIds: readonly number[]) {
  return (eb: ExpressionBuilder<Database, "property_unit_runs">) =>
    eb.and([
      eb("property_id", "=", span.propertyId),
      eb("quantity", "in", span.quantities),
      eb("unit_id", "in", unitIds),
      eb("first_day", "<=", span.endDay),
      eb("end_day", ">=", span.fromDay),
    ]);
}

async function refreshRunsOfUnits(db: Db, span: DaySpan, unitIds: readonly number[]): Promise<void> {
  const { propertyId, fromDay, endDay, quantities } = span;
  const touching = await db
    .selectFrom("property_unit_runs")
    .select(["quantity", "unit_id", "first_day", "end_day"])
    .where(runsTouching(span, unitIds))
    .execute();
  const { rows: days } = await sql<{ quantity: string; unit_id: number; day: DayKey }>`
    with c as (${contributions(propertyId, quantities)})
    select distinct c.quantity, c.unit_id, d.day
    from ${contributionRows(db, "consumption_daily", "day", "d", fromDay, endDay)}
    where c.unit_id in (${valueList(unitIds)}) and d.weight > 0
  `.execute(db);
  if (touching.length === 0 && days.length === 0) return;
  // Per quantity, per home: its spans of days.
  const spans = new Map<string, Map<number, [DayKey, DayKey][]>>();
  const add = (quantity: string, unitId: number, first: DayKey, end: DayKey) => {
    let ofQuantity = spans.get(quantity);
    if (ofQuantity === undefined) {
      ofQuantity = new Map();
      spans.set(quantity, ofQuantity);
    }
    const list = ofQuantity.get(unitId);
    if (list === undefined) ofQuantity.set(unitId, [[first, end]]);
    else list.push([first, end]);
  };
  for (const run of touching) {
    const unitId = Number(run.unit_id);
    if (run.first_day < fromDay)
      add(run.quantity, unitId, run.first_day, fromDay < run.end_day ? fromDay : run.end_day);
    if (run.end_day > endDay) add(run.quantity, unitId, run.first_day > endDay ? run.first_day : endDay, run.end_day);
  }
  for (const row of days) add(row.quantity, Number(row.unit_id), row.day, addDays(row.day, 1));
  const runs: { property_id: number; quantity: string; unit_id: number; first_day: DayKey; end_day: DayKey }[] = [];
  for (const [quantity, ofQuantity] of spans) {
    for (const [unitId, list] of ofQuantity) {
      for (const [first, end] of mergeSpans(list)) {
        runs.push({ property_id: propertyId, quantity, unit_id: unitId, first_day: first, end_day: end });
      }
    }
  }
  // Runs that come out as they were stored need no write.
  const runKey = (run: { quantity: string; unit_id: number; first_day: DayKey; end_day: DayKey }) =>
    `${run.quantity}|${Number(run.unit_id)}|${run.first_day}|${run.end_day}`;
  const before = new Set(touching.map(runKey));
  if (before.size === runs.length && runs.every((run) => before.has(runKey(run)))) return;
  await db.deleteFrom("property_unit_runs").where(runsTouching(span, unitIds)).execute();
  for (let start = 0; start < runs.length; start += 1_000) {
    await db
      .insertInto("property_unit_runs")
      .values(runs.slice(start, start + 1_000))
      .execute();
  }
  await moveRunEdges(db, propertyId, touching, runs);
  await linkRuns(db, propertyId, quantities, unitIds);
}

/**
 * Moves the property's counts of runs starting and ending per day (property_run_edges) from the
 * runs `removed` to the runs `added`: a day's counts change by the difference, and a day left
 * with none is deleted, so the table stays what indexRunsOfProperty makes from the runs.
 */
async function moveRunEdges(
  db: Db,
  propertyId: number,
  removed: readonly { quantity: string; first_day: DayKey; end_day: DayKey }[],
  added: readonly { quantity: string; first_day: DayKey; end_day: DayKey }[],
): Promise<void> {
  const deltas = new Map<string, { quantity: string; day: DayKey; starts: number; ends: number }>();
  const move = (quantity: string, day: DayKey, starts: number, ends: number) => {
    const key = `${quantity}|${day}`;
    const delta = deltas.get(key) ?? { quantity, day, starts: 0, ends: 0 };
    delta.starts += starts;
    delta.ends += ends;
    deltas.set(key, delta);
  };
  for (const run of removed) {
    move(run.quantity, run.first_day, -1, 0);
    move(run.quantity, run.end_day, 0, -1);
  }
  for (const run of added) {
    move(run.quantity, run.first_day, 1, 0);
    move(run.quantity, run.end_day, 0, 1);
  }
  const changed = [...deltas.values()].filter((delta) => delta.starts !== 0 || delta.ends !== 0);
  if (changed.length === 0) return;
  for (let start = 0; start < changed.length; start += 1_000) {
    await db
      .insertInto("property_run_edges")
      .values(changed.slice(start, start + 1_000).map((delta) => ({ property_id: propertyId, ...delta })))
      .onConflict((conflict) =>
        conflict.columns(["property_id", "quantity", "day"]).doUpdateSet((eb) => ({
          starts: eb("property_run_edges.starts", "+", eb.ref("excluded.starts")),
          ends: eb("property_run_edges.ends", "+", eb.ref("excluded.ends")),
        })),
      )
      .execute();
  }
  await db
    .deleteFrom("property_run_edges")
    .where("property_id", "=", propertyId)
    .where("starts", "=", 0)
    .where("ends", "=", 0)
    .execute();
}

/**
 * Sets each run's prev_end, the end of the same home's previous run of the quantity (null for its
 * first), for the given homes (all of the property's without), where it changed: one statement.
 */
async function linkRuns(
  db: Db,
  propertyId: number,
  quantities: readonly QuantityId[] | undefined,
  unitIds: readonly number[] | undefined,
): Promise<void> {
  const scope = sql`property_id = ${propertyId}${
    quantities === undefined ? sql`` : sql` and quantity in (${valueList(quantities)})`
  }${unitIds === undefined ? sql`` : sql` and unit_id in (${valueList(unitIds)})`}`;
  await sql`
    update property_unit_runs set prev_end = previous.prev_end
    from (
      select quantity, unit_id, first_day,
        lag(end_day) over (partition by quantity, unit_id order by first_day) as prev_end
      from property_unit_runs where ${scope}
    ) as previous
    where property_unit_runs.property_id = ${propertyId}
      and property_unit_runs.quantity = previous.quantity
      and property_unit_runs.unit_id = previous.unit_id
      and property_unit_runs.first_day = previous.first_day
      and property_unit_runs.prev_end is distinct from previous.prev_end
  `.execute(db);
}

/**
 * Makes a property's property_run_edges and the prev_end of its runs from its runs as they are
 * (after a load wrote them all at once).
 */
export async function indexRunsOfProperty(db: Db, propertyId: number): Promise<void> {
  await db.deleteFrom("property_run_edges").where("property_id", "=", propertyId).execute();
  await sql`
    insert into property_run_edges (property_id, quantity, day, starts, ends)
    select cast(${propertyId} as integer), quantity, day, sum(starts), sum(ends) from (
      select quantity, first_day as day, 1 as starts, 0 as ends from property_unit_runs where property_id = ${propertyId}
      union all
      select quantity, end_day, 0, 1 from property_unit_runs where property_id = ${propertyId}
    ) as edges
    group by quantity, day
  `.execute(db);
  await linkRuns(db, propertyId, undefined, undefined);
}

/** Spans [first, end) of days (or of hours' epoch seconds) merged where they overlap or touch, sorted. */
export function mergeSpans<K extends DayKey | number>(spans: readonly (readonly [K, K])[]): [K, K][] {
  const sorted = [...spans].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: [K, K][] = [];
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
 * and hours: per property, the union of the changed days (day rows and runs) and the union of the
 * changed hours (hour rows) are recomputed for the quantities the changed meters count under, in a
 * few statements whatever the number of meters (an hour of every meter is one day and one hour of
 * one property: at 23:00 the day's 6,000 rows and the hour's 6,000, not the day's 144,000 hours).
 * Each call reads the property's meters of those quantities over those days and hours, so callers
 * pass a batch's changes at once rather than one meter's at a time.
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
  const ofProperty = new Map<
    number,
    { days: [DayKey, DayKey][]; hours: [number, number][]; quantities: Set<QuantityId> }
  >();
  for (const change of changes) {
    const meter = propertyOfMeter.get(change.meterId);
    // Meters of average quantities change no property rollup.
    const quantities = meter === undefined ? [] : viewQuantitiesOf(meter.quantity);
    if (meter === undefined || quantities.length === 0 || change.fromDay >= change.endDay) continue;
    const entry = ofProperty.get(meter.propertyId) ?? { days: [], hours: [], quantities: new Set() };
    entry.days.push([change.fromDay, change.endDay]);
    if (change.fromHour < change.endHour) entry.hours.push([change.fromHour, change.endHour]);
    for (const quantity of quantities) entry.quantities.add(quantity);
    ofProperty.set(meter.propertyId, entry);
  }
  for (const [propertyId, { days, hours, quantities }] of [...ofProperty].sort((a, b) => a[0] - b[0])) {
    const sorted = [...quantities].sort();
    for (const [fromDay, endDay] of mergeSpans(days)) {
      await refreshRows(db, "day", propertyId, fromDay, endDay, sorted);
      await refreshRuns(db, { propertyId, fromDay, endDay, quantities: sorted });
    }
    for (const [fromHour, endHour] of mergeSpans(hours))
      await refreshRows(db, "hour", propertyId, fromHour, endHour, sorted);
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
      for (const table of PROPERTY_ROLLUP_TABLES) {
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
      const days = { propertyId, fromDay: from, endDay: to < end ? to : end, quantities: rolledUpQuantities };
      await inTransaction(db, (trx) => refreshDays(trx, days));
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

/** The key of a rollup's rows: a day, or an hour's start in epoch seconds. */
type RollupKey<R extends keyof typeof propertyTables> = R extends "day" ? DayKey : number;

/**
 * A property's rows of a quantity in one of its rollups whose key lies in [from, end): days
 * [fromDay, endDay), or hours [fromS, toS) in epoch seconds.
 */
export async function propertyRows<R extends keyof typeof propertyTables>(
  db: Db,
  rollup: R,
  propertyId: number,
  quantity: QuantityId,
  from: RollupKey<R>,
  end: RollupKey<R>,
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

/**
 * What counts a property's homes with data of a quantity in spans of days within [fromDay, endDay)
 * (ADR 0053): the runs started before fromDay and ended by it, the days of [fromDay, endDay] where
 * runs start or end, and the gaps between a home's runs that end after fromDay and close before
 * endDay. Rows per day and per gap, none per home.
 */
export interface RunEdges {
  /** The start of the span the edges were read for: the spans counted lie within it. */
  fromDay: DayKey;
  startedBefore: number;
  endedBy: number;
  days: { day: DayKey; starts: number; ends: number }[];
  gaps: { prevEnd: DayKey; firstDay: DayKey }[];
}

/** A property's rows of property_run_edges for a quantity. */
function edgesOfQuantity(db: Db, propertyId: number, quantity: QuantityId) {
  return db.selectFrom("property_run_edges").where("property_id", "=", propertyId).where("quantity", "=", quantity);
}

/** The runs of a property's homes that follow a gap lying inside (fromDay, endDay): prev_end > fromDay, first_day < endDay. */
function gapsInside(db: Db, propertyId: number, quantity: QuantityId, fromDay: DayKey, endDay: DayKey) {
  return db
    .selectFrom("property_unit_runs")
    .where("property_id", "=", propertyId)
    .where("quantity", "=", quantity)
    .where("prev_end", ">", fromDay)
    .where("first_day", "<", endDay);
}

/** What counts a property's homes with data of a quantity in spans of days within [fromDay, endDay). */
export async function runEdges(
  db: Db,
  propertyId: number,
  quantity: QuantityId,
  fromDay: DayKey,
  endDay: DayKey,
): Promise<RunEdges> {
  const [before, days, gaps] = await Promise.all([
    edgesOfQuantity(db, propertyId, quantity)
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when("day", "<", fromDay).then(eb.ref("starts")).else(0).end()).as("started"),
        eb.fn.sum<number>("ends").as("ended"),
      ])
      .where("day", "<=", fromDay)
      .executeTakeFirst(),
    edgesOfQuantity(db, propertyId, quantity)
      .select(["day", "starts", "ends"])
      .where("day", ">=", fromDay)
      .where("day", "<=", endDay)
      .orderBy("day")
      .execute(),
    gapsInside(db, propertyId, quantity, fromDay, endDay).select(["prev_end", "first_day"]).execute(),
  ]);
  return {
    fromDay,
    startedBefore: Number(before?.started ?? 0),
    endedBy: Number(before?.ended ?? 0),
    days: days.map((row) => ({ day: row.day, starts: Number(row.starts), ends: Number(row.ends) })),
    gaps: gaps.map((row) => ({ prevEnd: row.prev_end as DayKey, firstDay: row.first_day })),
  };
}

/**
 * The number of a property's homes with data of a quantity on some day of [fromDay, endDay),
 * counted by the database from the runs' edges and gaps (ADR 0053): one number, and no row read
 * per home (a year's key figures, the rating).
 */
export async function unitsWithDataIn(
  db: Db,
  propertyId: number,
  quantity: QuantityId,
  fromDay: DayKey,
  endDay: DayKey,
): Promise<number> {
  if (fromDay >= endDay) return 0;
  const row = await db
    .selectNoFrom([
      edgesOfQuantity(db, propertyId, quantity)
        .select((eb) => eb.fn.sum<number>("starts").as("starts"))
        .where("day", "<", endDay)
        .as("started"),
      edgesOfQuantity(db, propertyId, quantity)
        .select((eb) => eb.fn.sum<number>("ends").as("ends"))
        .where("day", "<=", fromDay)
        .as("ended"),
      gapsInside(db, propertyId, quantity, fromDay, endDay)
        .select((eb) => eb.fn.countAll<number>().as("gaps"))
        .as("gaps"),
    ])
    .executeTakeFirst();
  return Number(row?.started ?? 0) - Number(row?.ended ?? 0) - Number(row?.gaps ?? 0);
}

/**
 * The number of homes with data in each span of days (sorted, disjoint spans within the edges'
 * [fromDay, endDay)): the runs overlapping a span [a, b) are those started before b less those
 * ended by a, and a home two of whose runs overlap it is counted once more for each gap between
 * them, a gap [prevEnd, firstDay) with prevEnd > a and firstDay < b.
 */
export function unitsWithDataPerSpan(edges: RunEdges, spans: readonly { fromDay: DayKey; endDay: DayKey }[]): number[] {
  return spans.map(({ fromDay, endDay }) => {
    if (fromDay >= endDay) return 0;
    let started = edges.startedBefore;
    let ended = edges.endedBy;
    for (const { day, starts, ends } of edges.days) {
      if (day >= edges.fromDay && day < endDay) started += starts;
      if (day > edges.fromDay && day <= fromDay) ended += ends;
    }
    let gaps = 0;
    for (const gap of edges.gaps) if (gap.prevEnd > fromDay && gap.firstDay < endDay) gaps++;
    return started - ended - gaps;
  });
}
