/**
 * 0014: the leak watch and the heating-left-on watch (issue 47 items 1–3, ADR 0075).
 *
 * - watches: one row per user, tenancy and kind ('leak', 'heating_left_on') once the user has
 *   switched it; no row is off (off by default). `since` is the first date the job judges (the day
 *   the watch was switched on); `evaluated_through` the last date a job run judged, so the next run
 *   reads only the days since then and a few before (the run's context).
 * - watch_suggestions: the dashboard's suggestion to turn the watches on, dismissed by the user on
 *   the tenancy.
 * - notifications: two more kinds, 'leak_watch' and 'heating_left_on'; watch_days, the nights or
 *   days of the run with their values (a JSON array of {date, value}); and the unique key that
 *   makes a run notify once across instances: (user, tenancy, kind, quantity, the run's first
 *   date) for the watch kinds.
 *
 * SQLite cannot change a CHECK constraint in place, so notifications is rebuilt there (create the
 * new one, copy every row with its id, drop the old one, rename, index again) in one transaction,
 * as 0008 did; nothing references notifications. PostgreSQL changes the constraint in place.
 */

import { type Kysely, type RawBuilder, sql } from "kysely";
import { booleanColumn } from "./columns";
import { autoId, isPostgres, realType } from "./dialect";

const kindsBefore = sql`kind in ('high_consumption', 'zero_consumption', 'indoor_climate', 'consumption_report')`;
const kindsAfter = sql`kind in ('high_consumption', 'zero_consumption', 'indoor_climate', 'consumption_report', 'leak_watch', 'heating_left_on')`;
const columnsBefore = sql`id, user_id, tenancy_id, alarm_id, kind, quantity, alarm_type, frequency, direction, threshold, value, compared_value, period_start, period_end, report_code, created_at, read_at, emailed_at`;

/** notifications as 0005 made it, with the kinds `kinds` and, after 0014, watch_days. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
function notificationsTable(db: Kysely<any>, name: string, kinds: RawBuilder<unknown>, withWatchDays: boolean) {
  const table = db.schema
    .createTable(name)
    .addColumn("id", "integer", autoId(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("alarm_id", "integer", (col) => col.references("alarms.id").onDelete("set null"))
    .addColumn("kind", "text", (col) => col.notNull().check(kinds))
    .addColumn("quantity", "text")
    .addColumn("alarm_type", "text")
    .addColumn("frequency", "text")
    .addColumn("direction", "text", (col) =>
      col.check(sql`direction is null or direction in ('above', 'below', 'increase')`),
    )
    .addColumn("threshold", realType(db))
    .addColumn("value", realType(db))
    .addColumn("compared_value", realType(db))
    .addColumn("period_start", "text", (col) => col.notNull())
    .addColumn("period_end", "text", (col) => col.notNull())
    .addColumn("report_code", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("read_at", "text")
    .addColumn("emailed_at", "text");
  return withWatchDays ? table.addColumn("watch_days", "text") : table;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
async function notificationIndexes(db: Kysely<any>): Promise<void> {
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
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
async function rebuildNotifications(db: Kysely<any>, after: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await notificationsTable(trx, "notifications_next", after ? kindsAfter : kindsBefore, after).execute();
    const which = after ? sql`` : sql` where kind not in ('leak_watch', 'heating_left_on')`;
    await sql`insert into notifications_next (${columnsBefore}) select ${columnsBefore} from notifications${which}`.execute(
      trx,
    );
    await trx.schema.dropTable("notifications").execute();
    await trx.schema.alterTable("notifications_next").renameTo("notifications").execute();
    await notificationIndexes(trx);
  });
}

/** The unique key of a watch's run: one notification per user, tenancy, kind, quantity and first date. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
async function watchRunIndex(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("notifications_watch_run_idx")
    .unique()
    .on("notifications")
    .columns(["user_id", "tenancy_id", "kind", "quantity", "period_start"])
    .where(sql.ref("kind"), "in", ["leak_watch", "heating_left_on"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("watches")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('leak', 'heating_left_on')`))
    .addColumn(...booleanColumn("enabled", 0))
    .addColumn("since", "text", (col) => col.notNull())
    .addColumn("evaluated_through", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("watches_pk", ["user_id", "tenancy_id", "kind"])
    .execute();
  await db.schema.createIndex("watches_tenancy_idx").on("watches").column("tenancy_id").execute();
  await db.schema
    .createTable("watch_suggestions")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("dismissed_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("watch_suggestions_pk", ["user_id", "tenancy_id"])
    .execute();

  if (isPostgres(db)) {
    // PostgreSQL changes the constraint in place (its name for a column check: table_column_check).
    await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
    await sql`alter table notifications add constraint notifications_kind_check check (${kindsAfter})`.execute(db);
    await db.schema.alterTable("notifications").addColumn("watch_days", "text").execute();
  } else {
    await rebuildNotifications(db, true);
  }
  await watchRunIndex(db);
}

/** Drops the watches, their settings and their notifications. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("notifications_watch_run_idx").ifExists().execute();
  if (isPostgres(db)) {
    await db.deleteFrom("notifications").where("kind", "in", ["leak_watch", "heating_left_on"]).execute();
    await db.schema.alterTable("notifications").dropColumn("watch_days").execute();
    await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
    await sql`alter table notifications add constraint notifications_kind_check check (${kindsBefore})`.execute(db);
  } else {
    await rebuildNotifications(db, false);
  }
  await db.schema.dropTable("watch_suggestions").ifExists().execute();
  await db.schema.dropTable("watches").ifExists().execute();
}
