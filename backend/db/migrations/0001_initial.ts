/**
 * 0001: users, properties and their units and meters, tenancies and their members, activation
 * codes, refresh tokens, allocation statements and the demo seed bookkeeping.
 *
 * Migrations are never edited once released; a change is a new numbered file listed in
 * migrations/index.ts. Only Kysely's schema builder and portable SQL are used (ADR 0004).
 */

import { type Kysely, sql } from "kysely";
import { booleanColumn } from "./columns";
import { autoId, realType } from "./dialect";

// Migrations receive Kysely<any>: they must not depend on today's row types.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", autoId(db))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("language", "text", (col) => col.notNull().defaultTo("da"))
    .addColumn(...booleanColumn("is_superuser", 0))
    .addColumn(...booleanColumn("is_active", 1))
    .addColumn(...booleanColumn("is_admin", 0))
    .addColumn("user_type", "text", (col) => col.notNull().defaultTo("EMAIL_PASSWORD"))
    .addColumn(...booleanColumn("email_notifications", 1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("properties")
    .addColumn("id", "integer", autoId(db))
    .addColumn("number", "text", (col) => col.notNull().unique())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("zipcode", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("property_settings")
    .addColumn("property_id", "integer", (col) => col.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("property_settings_pk", ["property_id", "kind"])
    .execute();

  await db.schema
    .createTable("co2_factors")
    .addColumn("property_id", "integer", (col) => col.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("quantity", "text", (col) => col.notNull())
    .addColumn("gram_per_quantity_unit", realType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("co2_factors_pk", ["property_id", "quantity"])
    .execute();

  await db.schema
    .createTable("units")
    .addColumn("id", "integer", autoId(db))
    .addColumn("property_id", "integer", (col) => col.notNull().references("properties.id").onDelete("restrict"))
    .addColumn("unique_id", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("apartment", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("floor_area", realType(db), (col) => col.notNull().check(sql`floor_area > 0`))
    .addColumn("rooms", "integer", (col) => col.notNull().check(sql`rooms >= 0`))
    .execute();
  await db.schema.createIndex("units_property_id_idx").on("units").column("property_id").execute();

  await db.schema
    .createTable("meters")
    .addColumn("id", "integer", autoId(db))
    .addColumn("unit_id", "integer", (col) => col.notNull().references("units.id").onDelete("restrict"))
    .addColumn("number", "text", (col) => col.notNull().unique())
    .addColumn("room_name", "text")
    .addColumn("quantity", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("meters_unit_id_idx").on("meters").column("unit_id").execute();

  await db.schema
    .createTable("tenancies")
    .addColumn("id", "integer", autoId(db))
    .addColumn("unit_id", "integer", (col) => col.notNull().references("units.id").onDelete("restrict"))
    .addColumn("tenant_name", "text", (col) => col.notNull())
    .addColumn("start_date", "text", (col) => col.notNull())
    .addColumn("end_date", "text", (col) => col.check(sql`end_date is null or end_date >= start_date`))
    .addColumn(...booleanColumn("use_new_backend", 1))
    .addColumn("billing_period_start", "text")
    .addColumn("billing_period_end", "text")
    .addColumn("data_availability_start", "text")
    .addColumn("data_availability_end", "text")
    .execute();
  await db.schema.createIndex("tenancies_unit_id_idx").on("tenancies").column("unit_id").execute();

  await db.schema
    .createTable("tenancy_members")
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn(...booleanColumn("is_admin", 0))
    .addColumn(...booleanColumn("invitation_pending", 0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("tenancy_members_pk", ["tenancy_id", "user_id"])
    .execute();
  await db.schema.createIndex("tenancy_members_user_id_idx").on("tenancy_members").column("user_id").execute();

  await db.schema
    .createTable("activation_codes")
    .addColumn("id", "integer", autoId(db))
    .addColumn("code_hash", "text", (col) => col.notNull().unique())
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("used_by_user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("activation_codes_tenancy_id_idx").on("activation_codes").column("tenancy_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "integer", autoId(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("service", "text", (col) => col.notNull().check(sql`service in ('account', 'users')`))
    .addColumn("family_id", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("replaced_at", "text")
    .addColumn("replaced_by_id", "integer", (col) => col.references("refresh_tokens.id").onDelete("set null"))
    .addColumn("grace_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("refresh_tokens_family_id_idx").on("refresh_tokens").column("family_id").execute();
  await db.schema.createIndex("refresh_tokens_user_id_idx").on("refresh_tokens").column("user_id").execute();

  await db.schema
    .createTable("allocation_statements")
    .addColumn("id", "integer", autoId(db))
    .addColumn("tenancy_id", "integer", (col) => col.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("period_start", "text", (col) => col.notNull())
    .addColumn("period_end", "text", (col) => col.notNull())
    .addColumn("expense_types", "text", (col) => col.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .createIndex("allocation_statements_tenancy_period_idx")
    .on("allocation_statements")
    .columns(["tenancy_id", "period_end"])
    .execute();

  await db.schema
    .createTable("seed_steps")
    .addColumn("name", "text", (col) => col.primaryKey())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "seed_steps",
    "allocation_statements",
    "refresh_tokens",
    "activation_codes",
    "tenancy_members",
    "tenancies",
    "meters",
    "units",
    "co2_factors",
    "property_settings",
    "properties",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
