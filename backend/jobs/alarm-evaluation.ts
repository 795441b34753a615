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

import { directionOf, isAlarmFrequency, isAlarmType, notificationKindOf } from "@common/alarms";
import { daysOfPeriod, type IsoDate, type Period, todayInCopenhagen } from "@common/calendar";
import { isQuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import { duePeriods, previousPeriodOfSameLength } from "../alarms/periods";
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

async function totalsOver(db: Kysely<Database>, meterIds: number[], days: Period): Promise<Totals> {
  const { fromDay, endDay } = daysOfPeriod(days);
  const byMeter = await totalsByMeter(db, meterIds, fromDay, endDay);
  let value = 0;
  let weight = 0;
  for (const aggregate of byMeter.values()) {
    value += aggregate.value;
    weight += aggregate.weight;
  }
  return { value, weight };
}

let running: Promise<EvaluationRun> | null = null;

/** Evaluates every enabled alarm at `now`. A second call while one runs waits for it. */
export function evaluateAlarms(db: Kysely<Database>, now: Date): Promise<EvaluationRun> {
  running ??= runEvaluation(db, now).finally(() => (running = null));
  return running;
}

async function runEvaluation(db: Kysely<Database>, now: Date): Promise<EvaluationRun> {
  const today = todayInCopenhagen(now);
  const evaluatedAt = now.toISOString();
  const run: EvaluationRun = { evaluated: 0, notificationIds: [] };
  const alarms = await db
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
  const metersOfUnit = new Map<number, { id: number; quantity: string }[]>();

  for (const alarm of alarms) {
    if (!isQuantityId(alarm.quantity) || !isAlarmType(alarm.type) || !isAlarmFrequency(alarm.frequency)) continue;
    let meters = metersOfUnit.get(alarm.unit_id);
    if (!meters) {
      meters = await db.selectFrom("meters").select(["id", "quantity"]).where("unit_id", "=", alarm.unit_id).execute();
      metersOfUnit.set(alarm.unit_id, meters);
    }
    const meterIds = metersForQuantity(meters, alarm.quantity).map((meter) => meter.id);
    if (meterIds.length === 0) continue;

    const due = duePeriods({
      frequency: alarm.frequency,
      // updated_at: a changed alarm is a new rule, evaluated from the period it was changed in.
      createdOn: todayInCopenhagen(new Date(alarm.updated_at)),
      today,
      tenancy: { start: alarm.start_date as IsoDate, end: (alarm.end_date ?? null) as IsoDate | null },
    });
    if (due.length === 0) continue;
    const earlier = new Map(
      (
        await db
          .selectFrom("alarm_evaluations")
          .select(["period_start", "values_seen", "fired"])
          .where("alarm_id", "=", alarm.id)
          .execute()
      ).map((row) => [row.period_start, row]),
    );

    for (const { period, counted } of due) {
      const before = earlier.get(period.from);
      if (before?.fired === 1) continue;
      const totals = await totalsOver(db, meterIds, counted);
      if (before && totals.weight <= before.values_seen) continue;
      run.evaluated++;
      const figures: PeriodFigures = {
        total: totals.weight > 0 ? totals.value : null,
        average: totals.weight > 0 ? totals.value / totals.weight : null,
      };
      if (alarm.type === "comparison") {
        const previous = previousPeriodOfSameLength(counted);
        const from = previous.from > alarm.start_date ? previous.from : (alarm.start_date as IsoDate);
        const previousTotals =
          from <= previous.to ? await totalsOver(db, meterIds, { from, to: previous.to }) : { value: 0, weight: 0 };
        figures.previousTotal = previousTotals.weight > 0 ? previousTotals.value : null;
      }
      const verdict = evaluateAlarm(alarm.type, alarm.level, figures);

      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("alarm_evaluations")
          .values({
            alarm_id: alarm.id,
            period_start: period.from,
            period_end: period.to,
            evaluated_at: evaluatedAt,
            values_seen: totals.weight,
            fired: verdict.fires ? 1 : 0,
          })
          .onConflict((oc) =>
            oc.columns(["alarm_id", "period_start"]).doUpdateSet({
              evaluated_at: evaluatedAt,
              values_seen: totals.weight,
              fired: verdict.fires ? 1 : 0,
            }),
          )
          .execute();
        if (!verdict.fires) return;
        const inserted = await trx
          .insertInto("notifications")
          .values({
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
          })
          .onConflict((oc) => oc.columns(["alarm_id", "period_start"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (inserted) run.notificationIds.push(inserted.id);
      });
    }
  }
  return run;
}
