/**
 * 0009: the portal's abuse limits kept in the database (ADR 0010), so that they hold
 * across every portal and back-end instance instead of per portal process.
 *
 * - rate_limits: one fixed window per (rule, key). `rule` names a limit defined by the back-end
 *   (services/rate-limits.ts); `key` is an opaque string the portal derives (a keyed hash of a
 *   client address, an account or a device; never the address or e-mail itself). `window_ends` is
 *   the ISO instant at which the window's `count` stops counting; a hit after it starts a new
 *   window. Rows whose window has ended are pruned by the hourly schedule.
 *
 * The same table on SQLite (without rowid: the primary key is the only way in) and PostgreSQL.
 */

import type { Kysely } from "kysely";
import { withoutRowid } from "./dialect";

// Migrations receive Kysely<any>: they must not depend on today's row types.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("rule", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("window_ends", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("rate_limits_pkey", ["rule", "key"])
    .modifyEnd(withoutRowid(db))
    .execute();
  // Pruning deletes by the end of the window.
  await db.schema.createIndex("rate_limits_window_ends_idx").on("rate_limits").column("window_ends").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
