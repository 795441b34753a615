/**
 * 0015: the weekly update e-mail (issue 47 item 4, ADR 0076).
 *
 * - users.weekly_update: 1 when the resident asked for the weekly update e-mail (Profile → e-mail
 *   notifications); off (0) by default. The unsubscribe link turns only this off.
 * - weekly_update_sends: one row per user and week (`week` is the Monday, YYYY-MM-DD, of the week
 *   Monday–Sunday reported), unique, so a resident gets a week's e-mail once across instances. The
 *   job claims the row (status `sending`) before it sends, then marks it `sent` with `sent_at`, or
 *   `failed` with `attempts` and `last_error`, and a later run tries a `failed` one again.
 * - mail_outbox.headers: the extra header lines of a message as a JSON object (List-Unsubscribe,
 *   List-Unsubscribe-Post), null for messages without any.
 */

import { type Kysely, sql } from "kysely";
import { autoId } from "./dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("weekly_update", "integer", (col) => col.notNull().defaultTo(0).check(sql`weekly_update in (0, 1)`))
    .execute();
  await db.schema
    .createTable("weekly_update_sends")
    .addColumn("id", "integer", autoId(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("week", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('sending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("claimed_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .addColumn("outbox_id", "integer")
    .execute();
  await db.schema
    .createIndex("weekly_update_sends_user_week")
    .on("weekly_update_sends")
    .columns(["user_id", "week"])
    .unique()
    .execute();
  await db.schema.alterTable("mail_outbox").addColumn("headers", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("headers").execute();
  await db.schema.dropTable("weekly_update_sends").execute();
  await db.schema.alterTable("users").dropColumn("weekly_update").execute();
}
