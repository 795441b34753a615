/**
 * What the migrations write differently per dialect (issue 17 spike): SQLite's and PostgreSQL's
 * auto-numbered keys, and SQLite's `without rowid` tables (PostgreSQL tables have no rowid).
 */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key: AUTOINCREMENT in SQLite, an identity column in PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function autoId(db: Kysely<any>) {
  return (col: ColumnDefinitionBuilder) => (isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement());
}

/** `without rowid` in SQLite, nothing in PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withoutRowid(db: Kysely<any>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`` : sql`without rowid`;
}
