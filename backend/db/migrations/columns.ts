/**
 * Column and table definitions that more than one migration writes. A released migration must go
 * on making exactly the schema it made (schema.test.ts keeps it): change nothing here, add a new
 * definition instead.
 */
import { type ColumnDefinitionBuilder, type Kysely, type RawBuilder, sql } from "kysely";
import { autoId } from "./dialect";

/** A 0/1 integer column with a check constraint (0001, 0005). */
export function booleanColumn(name: string, defaultValue: 0 | 1) {
  return [
    name,
    "integer",
    (col: ColumnDefinitionBuilder) =>
      col
        .notNull()
        .defaultTo(defaultValue)
        .check(sql`${sql.ref(name)} in (0, 1)`),
  ] as const;
}

/**
 * single_use_tokens' columns as 0003 made them, under the table name `name` and allowing the
 * purposes `purposes` checks: 0008 rebuilds the table with them (SQLite cannot change a check).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export function singleUseTokensTable(db: Kysely<any>, name: string, purposes: RawBuilder<unknown>) {
  return db.schema
    .createTable(name)
    .addColumn("id", "integer", autoId(db))
    .addColumn("purpose", "text", (col) => col.notNull().check(purposes))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("impersonation", "integer", (col) => col.notNull().defaultTo(0).check(sql`impersonation in (0, 1)`))
    .addColumn("session_expires_at", "text");
}
