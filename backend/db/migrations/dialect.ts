/**
 * What the migrations write differently per dialect: SQLite's and PostgreSQL's
 * auto-numbered keys, and SQLite's `without rowid` tables (PostgreSQL tables have no rowid).
 */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key: AUTOINCREMENT in SQLite, an identity column in PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
export function autoId(db: Kysely<any>) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

/** `without rowid` in SQLite, nothing in PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
export function withoutRowid(db: Kysely<any>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`` : sql`without rowid`;
}

/** A floating-point column: SQLite's real is 8 bytes; PostgreSQL's real is 4, so double precision there. */
// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
export function realType(db: Kysely<any>): "real" | "double precision" {
  return isPostgres(db) ? "double precision" : "real";
}

/**
 * After rows were inserted with explicit ids, PostgreSQL's identity sequences must be moved past
 * them (SQLite's AUTOINCREMENT follows the largest id by itself).
 */
// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
export async function advanceIdentities(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES'`.execute(db);
  for (const { table_name } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table_name}, 'id'), greatest(coalesce((select max(id) from ${sql.table(table_name)}), 0), 1))`.execute(
      db,
    );
  }
}

/** Epoch seconds: SQLite's integer is 8 bytes; PostgreSQL's is 4 (it would end in 2038), so bigint there. */
// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
export function epochType(db: Kysely<any>): "integer" | "bigint" {
  return isPostgres(db) ? "bigint" : "integer";
}

/**
 * How a reading table ends: `without rowid` in SQLite (clustered on its primary key, ADR 0008);
 * in PostgreSQL range partitions on `column` (ADR 0031, db/postgres/reading-partitions.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
export function readingTableEnd(db: Kysely<any>, partitionColumn: string): RawBuilder<unknown> {
  return isPostgres(db) ? sql`partition by range (${sql.ref(partitionColumn)})` : sql`without rowid`;
}
