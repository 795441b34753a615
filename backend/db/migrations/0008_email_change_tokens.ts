/**
 * 0008: e-mail change confirmations (Profile settings) as single-use tokens.
 *
 * - single_use_tokens.purpose may also be 'email_change': the link PORTAL_URL/confirm-email?token=…
 *   mailed to the new address (single use, 24 hours; services/profile.ts).
 * - single_use_tokens.new_email: the address an 'email_change' token confirms (trimmed and
 *   lower-cased); set for that purpose and only for it.
 *
 * SQLite cannot change a CHECK constraint in place, so the table is rebuilt (create the new one,
 * copy every row, drop the old one, rename) inside one transaction: an interrupted migration leaves
 * the old table as it was. Nothing references single_use_tokens, so dropping it cascades nowhere.
 */

import { type Kysely, sql } from "kysely";
import { singleUseTokensTable } from "./columns";
import { isPostgres } from "./dialect";

const purposesBefore = sql`purpose in ('password_reset', 'impersonation', 'slt')`;
const purposesAfter = sql`purpose in ('password_reset', 'impersonation', 'slt', 'email_change')`;
const columnsBefore = sql`id, purpose, token_hash, user_id, created_at, expires_at, used_at, impersonation, session_expires_at`;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
async function rebuild(db: Kysely<any>, options: { withNewEmail: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let table = singleUseTokensTable(
      trx,
      "single_use_tokens_next",
      options.withNewEmail ? purposesAfter : purposesBefore,
    );
    if (options.withNewEmail) {
      table = table
        .addColumn("new_email", "text")
        .addCheckConstraint(
          "single_use_tokens_new_email_check",
          sql`(purpose = 'email_change') = (new_email is not null)`,
        );
    }
    await table.execute();
    if (options.withNewEmail) {
      await sql`insert into single_use_tokens_next (${columnsBefore}) select ${columnsBefore} from single_use_tokens`.execute(
        trx,
      );
    } else {
      await sql`insert into single_use_tokens_next (${columnsBefore}) select ${columnsBefore} from single_use_tokens where purpose <> 'email_change'`.execute(
        trx,
      );
    }
    await trx.schema.dropTable("single_use_tokens").execute();
    await trx.schema.alterTable("single_use_tokens_next").renameTo("single_use_tokens").execute();
    await trx.schema
      .createIndex("single_use_tokens_user_purpose_idx")
      .on("single_use_tokens")
      .columns(["user_id", "purpose"])
      .execute();
  });
}

// Migrations receive Kysely<any>: they must not depend on today's row types.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // PostgreSQL changes the constraint in place (its name for a column check: table_column_check).
    await sql`alter table single_use_tokens drop constraint single_use_tokens_purpose_check`.execute(db);
    await sql`alter table single_use_tokens add constraint single_use_tokens_purpose_check check (${purposesAfter})`.execute(
      db,
    );
    await db.schema.alterTable("single_use_tokens").addColumn("new_email", "text").execute();
    await db.schema
      .alterTable("single_use_tokens")
      .addCheckConstraint(
        "single_use_tokens_new_email_check",
        sql`(purpose = 'email_change') = (new_email is not null)`,
      )
      .execute();
    return;
  }
  await rebuild(db, { withNewEmail: true });
}

/** Drops the e-mail change tokens (their links stop working) and the column. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, { withNewEmail: false });
}
