/** Test helper: every row of every table, for comparing databases (SQLite or PostgreSQL). */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import type { Database } from "../db/types";

/** Tables whose rows legitimately differ between runs (timestamps, random tokens). */
export const volatileTables = ["refresh_tokens", "kysely_migration", "kysely_migration_lock"];

export async function listTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView && !table.name.startsWith("sqlite_"))
    .map((table) => table.name)
    .sort();
}

/** The column names of `table`, in their order. */
export async function columnNames(db: Kysely<Database>, table: string): Promise<string[]> {
  const found = (await db.introspection.getTables()).find((t) => t.name === table);
  if (!found) throw new Error(`no table ${table}`);
  return found.columns.map((column) => column.name);
}

export async function dumpTables(db: Kysely<Database>, exclude: readonly string[] = volatileTables) {
  const dump: Record<string, unknown[]> = {};
  for (const table of await listTables(db)) {
    if (exclude.includes(table)) continue;
    let order;
    if (isPostgres(db)) {
      // PostgreSQL has no rowid and promises no order: every column, left to right.
      const count = (await columnNames(db, table)).length;
      order = sql`order by ${sql.raw(Array.from({ length: count }, (_, i) => i + 1).join(", "))}`;
    } else {
      // WITHOUT ROWID tables (the readings, ADR 0008) have no rowid; they scan in primary-key order.
      const ddl = await sql<{
        sql: string;
      }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
      order = /without\s+rowid/i.test(ddl.rows[0]?.sql ?? "") ? sql`` : sql`order by rowid`;
    }
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} ${order}`.execute(db);
    dump[table] = rows.rows;
  }
  return dump;
}

export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const result = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(db);
    counts[table] = Number(result.rows[0]?.count ?? 0);
  }
  return counts;
}
