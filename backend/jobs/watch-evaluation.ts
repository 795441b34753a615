/**
 * The watches' step of the scheduled job (issue 47 items 1–3, ADR 0075): for every watch that is
 * on and offered, judges the nights (LEAK) or days (HEATING_LEFT_ON) since it last looked, and
 * makes one notification per run that reached its length (backend/watches/detect.ts).
 *
 * - Exactly once per run, across runs and instances: the notification's unique key (user,
 *   tenancy, kind, quantity, the run's first date; migration 0014) refuses a second one; a run
 *   that continues keeps its first date.
 * - What a run reads: from `evaluated_through` (or `since`, the day the watch was switched on)
 *   less a few days (CONTEXT_DAYS) up to the last whole night or day, so a run's first date is
 *   seen while the run is still short enough to be notified, and readings that arrive a little
 *   late are judged again. A run already under way when the window starts (its first date not
 *   seen) was judged by an earlier run, so it is left out, except at the watch's first run.
 * - Batched like the alarms: WATCHES_PER_BATCH watches read their values in a few queries and
 *   write their notifications in one transaction.
 */

import { addDays, fromWall, HOUR_MS, type IsoDate, todayInCopenhagen, wallOfDay } from "@common/calendar";
import { type WatchKind, watchNotificationKind } from "@common/watches";
import { type Insertable, type Kysely, sql } from "kysely";
import type { Database } from "../db/types";
import {
  type Judged,
  judgeNight,
  judgeWarmDay,
  LEAK_NIGHTS,
  nightHours,
  type OutdoorDay,
  runsOf,
  runValue,
  WARM_DAYS,
} from "../watches/detect";
import { type WatchOffer, watchOffers } from "../watches/offers";

export interface WatchRun {
  /** Watches looked at. */
  watches: number;
  /** Notifications made by this run. */
  notificationIds: number[];
}

/** How many watches one transaction and one round of queries takes. */
export const WATCHES_PER_BATCH = 500;

/**
 * Dates before the last judged one that a run reads again: one more than a run needs to be
 * notified, so a run not yet long enough at one job run still shows its first date at the next
 * (ADR 0075); readings that arrive up to that many days late are still judged.
 */
export const CONTEXT_DAYS: Readonly<Record<WatchKind, number>> = {
  leak: LEAK_NIGHTS + 1,
  heating_left_on: WARM_DAYS + 1,
};
const MIN_LENGTH: Readonly<Record<WatchKind, number>> = { leak: LEAK_NIGHTS, heating_left_on: WARM_DAYS };

type WatchRow = Awaited<ReturnType<typeof enabledWatches>>[number];

function enabledWatches(db: Kysely<Database>) {
  return db
    .selectFrom("watches")
    .innerJoin("tenancies", "tenancies.id", "watches.tenancy_id")
    .select([
      "watches.user_id",
      "watches.tenancy_id",
      "watches.kind",
      "watches.since",
      "watches.evaluated_through",
      "tenancies.unit_id",
      "tenancies.use_new_backend",
      "tenancies.start_date",
      "tenancies.end_date",
    ])
    .where("watches.enabled", "=", 1)
    .orderBy("watches.tenancy_id")
    .orderBy("watches.user_id")
    .orderBy("watches.kind")
    .execute();
}

/** The last night whose 05:00 has passed (LEAK), or yesterday (HEATING_LEFT_ON: whole days only). */
function lastWhole(kind: WatchKind, now: Date): IsoDate {
  const today = todayInCopenhagen(now);
  if (kind === "heating_left_on") return addDays(today, -1);
  return now.getTime() >= fromWall(wallOfDay(today) + 5 * HOUR_MS) ? today : addDays(today, -1);
}

/** The dates a watch judges in this run, and whether the first of them starts any run it begins. */
interface Window {
  first: IsoDate;
  last: IsoDate;
  firstIsStart: boolean;
}

function windowOf(watch: WatchRow & { kind: WatchKind }, now: Date): Window | null {
  let last = lastWhole(watch.kind, now);
  if (watch.end_date !== null && watch.end_date < last) last = watch.end_date;
  let first = addDays(watch.evaluated_through ?? watch.since, -CONTEXT_DAYS[watch.kind]);
  let firstIsStart = watch.evaluated_through === null;
  if (first <= watch.start_date) {
    first = watch.start_date;
    firstIsStart = true;
  }
  return first > last ? null : { first, last, firstIsStart };
}

function datesOf(window: Window): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = window.first; date <= window.last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

let running: Promise<WatchRun> | null = null;

/** Evaluates every watch that is on at `now`; a second call while one runs waits for it. */
export function evaluateWatches(
  db: Kysely<Database>,
  now: Date,
  options: { watchesPerBatch?: number } = {},
): Promise<WatchRun> {
  running ??= runEvaluation(db, now, options.watchesPerBatch ?? WATCHES_PER_BATCH).finally(() => (running = null));
  return running;
}

async function runEvaluation(db: Kysely<Database>, now: Date, perBatch: number): Promise<WatchRun> {
  const run: WatchRun = { watches: 0, notificationIds: [] };
  const watches = await enabledWatches(db);
  for (let offset = 0; offset < watches.length; offset += perBatch)
    await evaluateBatch(db, now, watches.slice(offset, offset + perBatch), run);
  run.notificationIds.sort((a, b) => a - b);
  return run;
}

/** One watched quantity of one watch over its window. */
interface Item {
  watch: WatchRow & { kind: WatchKind };
  window: Window;
  quantity: string;
  meterIds: number[];
  outdoorMeterId: number | null;
}

/** Items grouped by their window's dates, so each group's values are read in one query. */
function byWindow(items: readonly Item[]): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = `${item.window.first}/${item.window.last}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

/** The judged nights of each LEAK item: the hourly values of its meters summed per hour. */
async function judgeLeaks(db: Kysely<Database>, items: readonly Item[]): Promise<Map<Item, Judged[]>> {
  const judged = new Map<Item, Judged[]>();
  for (const group of byWindow(items).values()) {
    const dates = datesOf(group[0]!.window);
    const hoursOf = dates.map(nightHours);
    const hours = hoursOf.flat();
    const meterIds = [...new Set(group.flatMap((item) => item.meterIds))];
    const byMeter = new Map<number, Map<number, number>>();
    for (let offset = 0; offset < hours.length; offset += HOURS_PER_QUERY) {
      const rows = await db
        .selectFrom("consumption_hourly")
        .select(["meter_id", "hour", "value"])
        .where("meter_id", "in", meterIds)
        .where("hour", "in", hours.slice(offset, offset + HOURS_PER_QUERY))
        .execute();
      for (const row of rows) {
        let hourly = byMeter.get(row.meter_id);
        if (hourly === undefined) {
          hourly = new Map();
          byMeter.set(row.meter_id, hourly);
        }
        hourly.set(Number(row.hour), row.value);
      }
    }
    for (const item of group) {
      const summed = new Map<number, number>();
      for (const id of item.meterIds)
        for (const [hour, value] of byMeter.get(id) ?? []) summed.set(hour, (summed.get(hour) ?? 0) + value);
      judged.set(
        item,
        dates.map((date, index) => judgeNight(date, summed, hoursOf[index])),
      );
    }
  }
  return judged;
}

/** The judged days of each HEATING_LEFT_ON item: its meters' daily heat and the property's outdoor days. */
async function judgeWarmDays(db: Kysely<Database>, items: readonly Item[]): Promise<Map<Item, Judged[]>> {
  const judged = new Map<Item, Judged[]>();
  for (const group of byWindow(items).values()) {
    const { first, last } = group[0]!.window;
    const dates = datesOf(group[0]!.window);
    const meterIds = [...new Set(group.flatMap((item) => item.meterIds))];
    const outdoorIds = [...new Set(group.map((item) => item.outdoorMeterId!))];
    const [heatRows, outdoorRows] = await Promise.all([
      db
        .selectFrom("consumption_daily")
        .select(["meter_id", "day", "value"])
        .where("meter_id", "in", meterIds)
        .where("day", ">=", first)
        .where("day", "<=", last)
        .execute(),
      db
        .selectFrom("outdoor_daily")
        .select(["meter_id", "day", "celsius_sum", "hours"])
        .where("meter_id", "in", outdoorIds)
        .where("day", ">=", first)
        .where("day", "<=", last)
        .execute(),
    ]);
    const heatOf = new Map<string, number>();
    for (const row of heatRows) heatOf.set(`${row.meter_id}/${row.day}`, row.value);
    const outdoorOf = new Map<string, OutdoorDay>();
    for (const row of outdoorRows)
      outdoorOf.set(`${row.meter_id}/${row.day}`, { celsiusSum: row.celsius_sum, hours: row.hours });
    for (const item of group) {
      judged.set(
        item,
        dates.map((date) => {
          let heat: number | undefined;
          for (const id of item.meterIds) {
            const value = heatOf.get(`${id}/${date}`);
            if (value !== undefined) heat = (heat ?? 0) + value;
          }
          return judgeWarmDay(date, outdoorOf.get(`${item.outdoorMeterId}/${date}`), heat);
        }),
      );
    }
  }
  return judged;
}

async function evaluateBatch(
  db: Kysely<Database>,
  now: Date,
  watches: readonly WatchRow[],
  run: WatchRun,
): Promise<void> {
  const at = now.toISOString();
  const tenancies = [...new Map(watches.map((watch) => [watch.tenancy_id, watch])).values()].map((watch) => ({
    id: watch.tenancy_id,
    unit_id: watch.unit_id,
    use_new_backend: watch.use_new_backend,
  }));
  const offers = await watchOffers(db, tenancies);
  const items: Item[] = [];
  const judgedThrough: { watch: WatchRow; last: IsoDate }[] = [];
  for (const watch of watches) {
    const kind = watch.kind;
    const offer: WatchOffer | undefined = offers.get(watch.tenancy_id)?.[kind];
    if (offer === undefined || !offer.available) continue;
    const window = windowOf({ ...watch, kind }, now);
    if (window === null) continue;
    run.watches++;
    judgedThrough.push({ watch, last: window.last });
    for (const { quantity, meterIds } of offer.meters)
      items.push({ watch: { ...watch, kind }, window, quantity, meterIds, outdoorMeterId: offer.outdoorMeterId });
  }
  if (judgedThrough.length === 0) return;

  const judged = new Map([
    ...(await judgeLeaks(
      db,
      items.filter((item) => item.watch.kind === "leak"),
    )),
    ...(await judgeWarmDays(
      db,
      items.filter((item) => item.watch.kind === "heating_left_on"),
    )),
  ]);
  const notificationRows: Insertable<Database["notifications"]>[] = [];
  for (const item of items) {
    const { kind, user_id, tenancy_id } = item.watch;
    for (const found of runsOf(judged.get(item) ?? [], MIN_LENGTH[kind], item.window.firstIsStart)) {
      notificationRows.push({
        user_id,
        tenancy_id,
        alarm_id: null,
        kind: watchNotificationKind[kind],
        quantity: item.quantity,
        alarm_type: null,
        frequency: null,
        direction: null,
        threshold: null,
        value: runValue(kind, found),
        compared_value: null,
        period_start: found.first,
        period_end: found.last,
        report_code: null,
        created_at: at,
        read_at: null,
        emailed_at: null,
        watch_days: JSON.stringify(found.days),
      });
    }
  }

  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < notificationRows.length; offset += ROWS_PER_INSERT) {
      const inserted = await trx
        .insertInto("notifications")
        .values(notificationRows.slice(offset, offset + ROWS_PER_INSERT))
        // The partial unique index of migration 0014: its predicate written as the index has it.
        .onConflict((oc) =>
          oc
            .columns(["user_id", "tenancy_id", "kind", "quantity", "period_start"])
            .where(sql<boolean>`kind in ('leak_watch', 'heating_left_on')`)
            .doNothing(),
        )
        .returning("id")
        .execute();
      for (const row of inserted) run.notificationIds.push(row.id);
    }
    // One statement per kind and last date (in a batch, mostly one or two): the watches by their
    // (user, tenancy) pairs.
    const byLast = new Map<string, { kind: WatchKind; last: IsoDate; pairs: WatchRow[] }>();
    for (const { watch, last } of judgedThrough) {
      const key = `${watch.kind}/${last}`;
      const entry = byLast.get(key) ?? { kind: watch.kind, last, pairs: [] };
      entry.pairs.push(watch);
      byLast.set(key, entry);
    }
    for (const { kind, last, pairs } of byLast.values()) {
      await trx
        .updateTable("watches")
        .set({ evaluated_through: last })
        .where("kind", "=", kind)
        .where("enabled", "=", 1)
        .where(
          sql<boolean>`(user_id, tenancy_id) in (${sql.join(pairs.map((pair) => sql`(${pair.user_id}, ${pair.tenancy_id})`))})`,
        )
        // Never backwards (a run with an older clock after a newer one).
        .where((eb) => eb.or([eb("evaluated_through", "is", null), eb("evaluated_through", "<", last)]))
        .execute();
    }
  });
}

/** Night hours per query (a few weeks of nights; far below SQLite's parameter limit with the meters). */
const HOURS_PER_QUERY = 400;
/** Rows per insert statement: 18 columns × 500 stays far below SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500;
