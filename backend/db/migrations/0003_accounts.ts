/**
 * 0003: the account flows (ADR 0009).
 *
 * - users.onboarded: the onboarding slides were shown (or skipped) once.
 * - refresh_tokens.impersonation / absolute_expires_at: a family started by impersonation ends at
 *   a fixed instant (60 minutes after the impersonation began), whatever its rotations.
 * - single_use_tokens: password-reset, impersonation and short-lived (slt) tokens; only their
 *   sha256 is stored; used_at makes them single use.
 * - mail_outbox: every e-mail the back-end sends (the default mailer only records it here).
 */

import { type Kysely, sql } from "kysely";
import { singleUseTokensTable } from "./columns";
import { autoId } from "./dialect";

// Migrations receive Kysely<any>: they must not depend on today's row types.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("onboarded", "integer", (col) => col.notNull().defaultTo(0).check(sql`onboarded in (0, 1)`))
    .execute();

  await db.schema
    .alterTable("refresh_tokens")
    .addColumn("impersonation", "integer", (col) => col.notNull().defaultTo(0).check(sql`impersonation in (0, 1)`))
    .execute();
  await db.schema.alterTable("refresh_tokens").addColumn("absolute_expires_at", "text").execute();

  await singleUseTokensTable(
    db,
    "single_use_tokens",
    sql`purpose in ('password_reset', 'impersonation', 'slt')`,
  ).execute();
  await db.schema
    .createIndex("single_use_tokens_user_purpose_idx")
    .on("single_use_tokens")
    .columns(["user_id", "purpose"])
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "integer", autoId(db))
    .addColumn("to_address", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("html", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("mail_outbox_to_address_idx").on("mail_outbox").columns(["to_address", "id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mail_outbox").ifExists().execute();
  await db.schema.dropTable("single_use_tokens").ifExists().execute();
  await db.schema.alterTable("refresh_tokens").dropColumn("absolute_expires_at").execute();
  await db.schema.alterTable("refresh_tokens").dropColumn("impersonation").execute();
  await db.schema.alterTable("users").dropColumn("onboarded").execute();
}
