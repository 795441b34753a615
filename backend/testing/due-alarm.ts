/** Test helper: a threshold alarm of the demo's unit 101 (tenancy 7001) that is due for 2026-11-20 (30 kWh over a level of 20). */
import type { Kysely } from "kysely";
import type { Database } from "../db/types";

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
