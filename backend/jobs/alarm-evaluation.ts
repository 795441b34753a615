/**
 * The alarm evaluation job (docs/design/issue-14-alarms-contract.md): evaluates every
 * enabled alarm for each of its closed periods and makes a notification for each period it fires
 * in, exactly once.
 *
 * - Exactly once per alarm and period: the notification's unique index (alarm_id, period_start)
 *   refuses a second one, whoever inserts it (migration 0005); a fired period is never evaluated
 *   again.
 * - Catching up: every closed period from the one the alarm was created in is due (at most 400
 *   days back), so a back-end that was down for three days evaluates the missed ones on its next run.
 * - Readings imported later: each evaluation records how many hourly values it saw; an unfired
 *   period is evaluated again when more values exist, so a late import can still fire it.
 * - One run at a time in a process (`running`); across processes, a PostgreSQL
 *   advisory lock around the scheduled run (backend/jobs/job-lock.ts, ADR 0032).
 */

import type { AlarmType } from "@common/alarms";
import { directionOf, isAlarmFrequency, isAlarmType, notificationKindOf } from "@common/alarms";
import { daysOfPeriod, type IsoDate, type Period, todayInCopenhagen } from "@common/calendar";
import { isQuantityId } from "@common/quantities";
import type { Insertable, Kysely } from "kysely";
import { type DuePeriod, duePeriods, previousPeriodOfSameLength } from "../alarms/periods";
import { evaluateAlarm, type PeriodFigures } from "../alarms/rules";
import { metersForQuantity } from "../consumption/engine";
import { totalsByMeter } from "../consumption/store";
import type { Database } from "../db/types";

export interface EvaluationRun {
  /** Alarm periods looked at (already fired ones are not counted). */
  evaluated: number;
  /** Notifications made by this run. */
  notificationIds: number[];
}

interface Totals {
  value: number;
  weight: number;
}

/** How many alarms one transaction and one round of queries takes. */
export const ALARMS_PER_BATCH = 500;

/** A meter set's totals over one period, to be read with every other meter wanting that period. */
interface TotalsAsk {
  meterIds: readonly number[];
  days: Period;
}

/**
 * The totals each ask wants, read with one totalsByMeter per distinct period over all the meters
 * asking for it (a few grouped queries instead of some per alarm), each ask's sum taken in its
 * meters' order, as one alarm's own query gave it.
 */
async function totalsFor(db: Kysely<Database>, asks: readonly TotalsAsk[]): Promise<Totals[]> {
  const byPeriod = new Map<string, { days: Period; meterIds: Set<number> }>();
  for (const ask of asks) {
    const key = `${ask.days.from}/${ask.days.to}`;
    let entry = byPeriod.get(key);
    if (entry === undefined) {
      entry = { days: ask.days, meterIds: new Set() };
      byPeriod.set(key, entry);
    }
    for (const id of ask.meterIds) entry.meterIds.add(id);
  }
  const read = new Map<string, Map<number, Totals>>();
  for (const [key, { days, meterIds }] of byPeriod) {
    const { fromDay, endDay } = daysOfPeriod(days);
    read.set(key, await totalsByMeter(db, [...meterIds], fromDay, endDay));
  }
  return asks.map((ask) => {
    const byMeter = read.get(`${ask.days.from}/${ask.days.to}`)!;
    let value = 0;
    let weight = 0;
    for (const id of ask.meterIds) {
      const aggregate = byMeter.get(id);
      if (aggregate === undefined) continue;
      value += aggregate.value;
      weight += aggregate.weight;
    }
    return { value, weight };
  });
}

let running: Promise<EvaluationRun> | null = null;

/**
 * Evaluates every enabled alarm at `now`, {@link ALARMS_PER_BATCH} at a time (`alarmsPerBatch`
 * changes that, for tests of the batches' edges). A second call while one runs waits for it.
 */
export function evaluateAlarms(
  db: Kysely<Database>,
  now: Date,
  options: { alarmsPerBatch?: number } = {},
): Promise<EvaluationRun> {
  running ??= runEvaluation(db, now, options.alarmsPerBatch ?? ALARMS_PER_BATCH).finally(() => (running = null));
  return running;
}

type AlarmRow = Awaited<ReturnType<typeof enabledAlarms>>[number];

function enabledAlarms(db: Kysely<Database>) {
  return db
    .selectFrom("alarms")
    .innerJoin("tenancies", "tenancies.id", "alarms.tenancy_id")
    .select([
      "alarms.id",
      "alarms.user_id",
      "alarms.tenancy_id",
      "alarms.quantity",
      "alarms.type",
      "alarms.frequency",
      "alarms.level",
      "alarms.updated_at",
      "tenancies.unit_id",
      "tenancies.start_date",
      "tenancies.end_date",
    ])
    .where("alarms.enabled", "=", 1)
    .orderBy("alarms.id")
    .execute();
}

async function runEvaluation(db: Kysely<Database>, now: Date, perBatch: number): Promise<EvaluationRun> {
  const run: EvaluationRun = { evaluated: 0, notificationIds: [] };
  const alarms = await enabledAlarms(db);
  for (let offset = 0; offset < alarms.length; offset += perBatch)
    await evaluateBatch(db, now, alarms.slice(offset, offset + perBatch), run);
  run.notificationIds.sort((a, b) => a - b);
  return run;
}

/** A period of an alarm that is looked at in this run. */
interface Candidate {
  alarm: AlarmRow & { type: AlarmType };
  meterIds: number[];
  period: Period;
  counted: Period;
  totals: Totals;
  previous?: Totals;
}

/**
 * Evaluates a batch of alarms: their meters, earlier evaluations and totals read in a few queries
 * for the whole batch, their evaluations and notifications written in one transaction. Exactly
 * once still rests on the unique keys: an evaluation per alarm and period (upserted) and a
 * notification per alarm and period (a second insert does nothing and returns no id).
 */
async function evaluateBatch(
  db: Kysely<Database>,
  now: Date,
  alarms: readonly AlarmRow[],
  run: EvaluationRun,
): Promise<void> {
  const today = todayInCopenhagen(now);
  const evaluatedAt = now.toISOString();
  const unitIds = [...new Set(alarms.map((alarm) => alarm.unit_id))];
  const metersOfUnit = new Map<number, { id: number; quantity: string }[]>();
  if (unitIds.length > 0) {
    const rows = await db
      .selectFrom("meters")
      .select(["id", "quantity", "unit_id"])
      .where("unit_id", "in", unitIds)
      .orderBy("id")
      .execute();
    for (const row of rows) {
      const meters = metersOfUnit.get(row.unit_id) ?? [];
      meters.push({ id: row.id, quantity: row.quantity });
      metersOfUnit.set(row.unit_id, meters);
    }
  }

  const wanted: { alarm: AlarmRow & { type: AlarmType }; meterIds: number[]; due: DuePeriod[] }[] = [];
  for (const alarm of alarms) {
    if (!isQuantityId(alarm.quantity) || !isAlarmType(alarm.type) || !isAlarmFrequency(alarm.frequency)) continue;
    const meterIds = metersForQuantity(metersOfUnit.get(alarm.unit_id) ?? [], alarm.quantity).map((meter) => meter.id);
    if (meterIds.length === 0) continue;
    const due = duePeriods({
      frequency: alarm.frequency,
      // updated_at: a changed alarm is a new rule, evaluated from the period it was changed in.
      createdOn: todayInCopenhagen(new Date(alarm.updated_at)),
      today,
      tenancy: { start: alarm.start_date as IsoDate, end: (alarm.end_date ?? null) as IsoDate | null },
    });
    if (due.length > 0) wanted.push({ alarm: alarm as AlarmRow & { type: AlarmType }, meterIds, due });
  }
  if (wanted.length === 0) return;

  const earlier = new Map<string, { values_seen: number; fired: number }>();
  const evaluations = await db
    .selectFrom("alarm_evaluations")
    .select(["alarm_id", "period_start", "values_seen", "fired"])
    .where(
      "alarm_id",
      "in",
      wanted.map((w) => w.alarm.id),
    )
    .execute();
  for (const row of evaluations) earlier.set(`${row.alarm_id}/${row.period_start}`, row);

  // A fired period is never evaluated again; an unfired one only when more values exist.
  const open = wanted.flatMap(({ alarm, meterIds, due }) =>
    due
      .filter(({ period }) => earlier.get(`${alarm.id}/${period.from}`)?.fired !== 1)
      .map(({ period, counted }) => ({ alarm, meterIds, period, counted })),
  );
  const totals = await totalsFor(
    db,
    open.map(({ meterIds, counted }) => ({ meterIds, days: counted })),
  );
  const candidates: Candidate[] = open
    .map((item, index) => ({ ...item, totals: totals[index]! }))
    .filter(({ alarm, period, totals }) => {
      const before = earlier.get(`${alarm.id}/${period.from}`);
      return !(before && totals.weight <= before.values_seen);
    });
  const comparisons = candidates.flatMap((candidate) => {
    if (candidate.alarm.type !== "comparison") return [];
    const previous = previousPeriodOfSameLength(candidate.counted);
    const start = candidate.alarm.start_date as IsoDate;
    const from = previous.from > start ? previous.from : start;
    if (from > previous.to) {
      candidate.previous = { value: 0, weight: 0 };
      return [];
    }
    return [{ candidate, days: { from, to: previous.to } }];
  });
  const previousTotals = await totalsFor(
    db,
    comparisons.map(({ candidate, days }) => ({ meterIds: candidate.meterIds, days })),
  );
  comparisons.forEach(({ candidate }, index) => {
    candidate.previous = previousTotals[index]!;
  });

  const evaluationRows: Insertable<Database["alarm_evaluations"]>[] = [];
  const notificationRows: Insertable<Database["notifications"]>[] = [];
  for (const { alarm, period, totals, previous } of candidates) {
    run.evaluated++;
    const figures: PeriodFigures = {
      total: totals.weight > 0 ? totals.value : null,
      average: totals.weight > 0 ? totals.value / totals.weight : null,
    };
    if (alarm.type === "comparison") figures.previousTotal = previous && previous.weight > 0 ? previous.value : null;
    const verdict = evaluateAlarm(alarm.type, alarm.level, figures);
    evaluationRows.push({
      alarm_id: alarm.id,
      period_start: period.from,
      period_end: period.to,
      evaluated_at: evaluatedAt,
      values_seen: totals.weight,
      fired: verdict.fires ? 1 : 0,
    });
    if (!verdict.fires) continue;
    notificationRows.push({
      user_id: alarm.user_id,
      tenancy_id: alarm.tenancy_id,
      alarm_id: alarm.id,
      kind: notificationKindOf(alarm.type),
      quantity: alarm.quantity,
      alarm_type: alarm.type,
      frequency: alarm.frequency,
      direction: directionOf(alarm.type),
      threshold: alarm.level,
      value: verdict.value,
      compared_value: verdict.comparedValue,
      period_start: period.from,
      period_end: period.to,
      report_code: null,
      created_at: evaluatedAt,
      read_at: null,
      emailed_at: null,
    });
  }
  if (evaluationRows.length === 0) return;

  // Rows in (alarm, period) order, so two instances writing the same batch take their row locks
  // in the same order and one waits for the other instead of deadlocking.
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < evaluationRows.length; offset += ROWS_PER_INSERT) {
      await trx
        .insertInto("alarm_evaluations")
        .values(evaluationRows.slice(offset, offset + ROWS_PER_INSERT))
        .onConflict((oc) =>
          oc.columns(["alarm_id", "period_start"]).doUpdateSet((eb) => ({
            evaluated_at: eb.ref("excluded.evaluated_at"),
            values_seen: eb.ref("excluded.values_seen"),
            fired: eb.ref("excluded.fired"),
          })),
        )
        .execute();
    }
    for (let offset = 0; offset < notificationRows.length; offset += ROWS_PER_INSERT) {
      const inserted = await trx
        .insertInto("notifications")
        .values(notificationRows.slice(offset, offset + ROWS_PER_INSERT))
        .onConflict((oc) => oc.columns(["alarm_id", "period_start"]).doNothing())
        .returning("id")
        .execute();
      for (const row of inserted) run.notificationIds.push(row.id);
    }
  });
}

/** Rows per insert statement: 17 columns × 500 stays far below SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500;
