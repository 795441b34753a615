/**
 * 0004: one row per refresh-token family, i.e. per sign-in to one service (ADR 0020).
 *
 * Access tokens name their family in the claim `sid`; every authenticated call looks the family
 * up by its primary key and refuses the token when the family is revoked (logout, password reset,
 * theft detection, a deactivated user), so a revoked session ends at once instead of when its
 * access token expires. `refresh_tokens.revoked_at` stays as it was (rotation reads it).
 *
 * Existing families are copied from refresh_tokens: a family counts as revoked when every one of
 * its tokens is, at the latest of their revocation times.
 */
import { type Kysely, sql } from "kysely";

// Migrations receive Kysely<any>: they must not depend on today's row types.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("token_families")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("service", "text", (col) => col.notNull().check(sql`service in ('account', 'users')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("token_families_user_id_idx").on("token_families").column("user_id").execute();

  await sql`
    insert into token_families (id, user_id, service, created_at, revoked_at)
    select family_id, min(user_id), min(service), min(created_at),
           case when count(revoked_at) = count(*) then max(revoked_at) end
    from refresh_tokens
    group by family_id
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("token_families").ifExists().execute();
}
