/** Test helpers: alarms in the demo data that are due, or have fired. */

import type { Kysely } from "kysely";
import type { Database } from "../db/types";

/** A threshold alarm of the demo's unit 101 (tenancy 7001) that is due for 2026-11-20 (30 kWh over a level of 20). */
export async function insertDueHeatAlarm(db: Kysely<Database>): Promise<void> {
  const meter = await db
    .selectFrom("meters")
    .select("id")
    .where("unit_id", "=", 101)
    .where("quantity", "=", "heat-energy")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("consumption_daily")
    .values({ meter_id: meter.id, day: "2026-11-20", value: 30, weight: 24 })
    .execute();
  await db
    .insertInto("alarms")
    .values({
      user_id: 20,
      tenancy_id: 7001,
      quantity: "heat-energy",
      type: "threshold",
      frequency: "day",
      level: 20,
      enabled: 1,
      created_at: "2026-11-20T06:00:00.000Z",
      updated_at: "2026-11-20T06:00:00.000Z",
    })
    .execute();
}

/** Records that a user's alarm fired for the week of 9–15 November 2026: its evaluation and its notification. */
export async function recordWeeklyFiring(
  db: Kysely<Database>,
  firing: { userId: number; tenancyId: number; alarmId: number; at: string },
): Promise<void> {
  const week = { period_start: "2026-11-09", period_end: "2026-11-15" };
  await db
    .insertInto("alarm_evaluations")
    .values({ alarm_id: firing.alarmId, ...week, evaluated_at: firing.at, values_seen: 168, fired: 1 })
    .execute();
  await db
    .insertInto("notifications")
    .values({
      user_id: firing.userId,
      tenancy_id: firing.tenancyId,
      alarm_id: firing.alarmId,
      kind: "high_consumption",
      ...week,
      created_at: firing.at,
    })
    .execute();
}
