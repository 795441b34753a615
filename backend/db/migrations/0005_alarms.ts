/**
 * 0005: alarms, the notifications they make, and the evaluation bookkeeping (ADR 0025).
 *
 * - alarms: one per user, tenancy and setting. Deleted with the user or the tenancy.
 * - notifications: what a resident reads (kinds of spec section 3). An alarm's notification keeps
 *   its own copy of what fired (quantity, type, level, period, value), so deleting the alarm later
 *   leaves the notification readable (alarm_id becomes null). The unique index on
 *   (alarm_id, period_start) is what makes "exactly once per alarm and period" hold even when two
 *   evaluations race: the second insert fails and is ignored.
 * - alarm_evaluations: one row per alarm and closed period that was evaluated, with the readings'
 *   state it saw (how many hourly values were present), so readings imported later for a closed
 *   period are evaluated again, and a fired period never again.
 *
 * Dates are local Copenhagen dates (YYYY-MM-DD), periods inclusive; instants are ISO UTC strings.
 */

import { type Kysely, sql } from "kysely";
import { booleanColumn } from "./columns";
import { autoId, realType } from "./dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alarms")
    .addColumn("id", "integer", autoId(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("quantity", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) =>
      col.notNull().check(sql`type in ('threshold', 'comparison', 'zero', 'minimum', 'maximum')`),
    )
    .addColumn("frequency", "text", (col) => col.notNull().check(sql`frequency in ('day', 'week', 'month', 'year')`))
    .addColumn("level", realType(db), (col) => col.notNull().defaultTo(0))
    .addColumn(...booleanColumn("enabled", 1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("alarms_tenancy_user_idx").on("alarms").columns(["tenancy_id", "user_id"]).execute();
  await db.schema.createIndex("alarms_user_id_idx").on("alarms").column("user_id").execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", autoId(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("alarm_id", "integer", (col) => col.references("alarms.id").onDelete("set null"))
    .addColumn("kind", "text", (col) =>
      col
        .notNull()
        .check(sql`kind in ('high_consumption', 'zero_consumption', 'indoor_climate', 'consumption_report')`),
    )
    .addColumn("quantity", "text")
    .addColumn("alarm_type", "text")
    .addColumn("frequency", "text")
    .addColumn("direction", "text", (col) =>
      col.check(sql`direction is null or direction in ('above', 'below', 'increase')`),
    )
    .addColumn("threshold", realType(db))
    /** The period's total or average that fired the alarm; for a comparison, the increase in %. */
    .addColumn("value", realType(db))
    /** A comparison's previous-period total. */
    .addColumn("compared_value", realType(db))
    .addColumn("period_start", "text", (col) => col.notNull())
    .addColumn("period_end", "text", (col) => col.notNull())
    /** A consumption report's code; null for alarms. */
    .addColumn("report_code", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("read_at", "text")
    .addColumn("emailed_at", "text")
    .execute();
  await db.schema
    .createIndex("notifications_alarm_period_idx")
    .unique()
    .on("notifications")
    .columns(["alarm_id", "period_start"])
    .execute();
  await db.schema
    .createIndex("notifications_user_tenancy_idx")
    .on("notifications")
    .columns(["user_id", "tenancy_id", "read_at"])
    .execute();

  await db.schema
    .createTable("alarm_evaluations")
    .addColumn("alarm_id", "integer", (col) => col.notNull().references("alarms.id").onDelete("cascade"))
    .addColumn("period_start", "text", (col) => col.notNull())
    .addColumn("period_end", "text", (col) => col.notNull())
    .addColumn("evaluated_at", "text", (col) => col.notNull())
    /** The number of hourly values (or samples) the evaluation saw: more later means evaluate again. */
    .addColumn("values_seen", "integer", (col) => col.notNull())
    .addColumn(...booleanColumn("fired", 0))
    .addPrimaryKeyConstraint("alarm_evaluations_pk", ["alarm_id", "period_start"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("alarm_evaluations").ifExists().execute();
  await db.schema.dropTable("notifications").ifExists().execute();
  await db.schema.dropTable("alarms").ifExists().execute();
}
