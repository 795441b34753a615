/**
 * 0007: tenancy info and its users.
 *
 * - properties.contact_name / contact_email / contact_phone: the property's contact (caretaker or
 *   property manager) that the Tenancy info page shows; all nullable.
 * - tenancy_invitations: an admin's invitation of an e-mail address to a tenancy. Each points at the
 *   activation code the e-mail carries (a resend gives it a new code and ends the old one). An
 *   invitation is open until it is withdrawn (withdrawn_at) or its code is used (accepted_at,
 *   accepted_by_user_id). The partial unique index allows at most one open invitation per tenancy
 *   and e-mail (stored trimmed and lower-cased), whatever races.
 */

import { type Kysely, sql } from "kysely";
import { autoId } from "./dialect";

// Migrations receive Kysely<any>: they must not depend on today's row types.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("properties").addColumn("contact_name", "text").execute();
  await db.schema.alterTable("properties").addColumn("contact_email", "text").execute();
  await db.schema.alterTable("properties").addColumn("contact_phone", "text").execute();

  await db.schema
    .createTable("tenancy_invitations")
    .addColumn("id", "integer", autoId(db))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("activation_code_id", "integer", (col) => col.notNull().references("activation_codes.id"))
    .addColumn("invited_by_user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("withdrawn_at", "text")
    .addColumn("accepted_at", "text")
    .addColumn("accepted_by_user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("tenancy_invitations_open_email_idx")
    .unique()
    .on("tenancy_invitations")
    .columns(["tenancy_id", "email"])
    .where(sql.ref("withdrawn_at"), "is", null)
    .where(sql.ref("accepted_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("tenancy_invitations_activation_code_idx")
    .on("tenancy_invitations")
    .column("activation_code_id")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tenancy_invitations").ifExists().execute();
  await db.schema.alterTable("properties").dropColumn("contact_phone").execute();
  await db.schema.alterTable("properties").dropColumn("contact_email").execute();
  await db.schema.alterTable("properties").dropColumn("contact_name").execute();
}
