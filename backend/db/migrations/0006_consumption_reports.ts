/**
 * 0006: the monthly consumption reports (spec sections 2, 3, 9).
 *
 * One report per tenancy and closed month (unique (tenancy_id, month): the job makes each exactly
 * once, however often it runs). `code` is the report's unguessable link (`/report/{code}`, at least
 * 128 random bits), opened without signing in; `revoked_at` and `expires_at` end it ("report no
 * longer available").
 */

import type { Kysely } from "kysely";
import { autoId } from "./dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("consumption_reports")
    .addColumn("id", "integer", autoId(db))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("code", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createIndex("consumption_reports_tenancy_month")
    .on("consumption_reports")
    .columns(["tenancy_id", "month"])
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("consumption_reports").execute();
}
