/** Test helper: every row of every table, for comparing databases. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/types";

/** Tables whose rows legitimately differ between runs (timestamps, random tokens). */
export const volatileTables = ["refresh_tokens", "kysely_migration", "kysely_migration_lock"];

export async function listTables(db: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
  `.execute(db);
  return result.rows.map((row) => row.name);
}

export async function dumpTables(db: Kysely<Database>, exclude: readonly string[] = volatileTables) {
  const dump: Record<string, unknown[]> = {};
  for (const table of await listTables(db)) {
    if (exclude.includes(table)) continue;
    // WITHOUT ROWID tables (the readings, ADR 0008) have no rowid; they scan in primary-key order.
    const ddl = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
    const order = /without\s+rowid/i.test(ddl.rows[0]?.sql ?? "") ? sql`` : sql`order by rowid`;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} ${order}`.execute(db);
    dump[table] = rows.rows;
  }
  return dump;
}

export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const result = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(db);
    counts[table] = result.rows[0]?.count ?? 0;
  }
  return counts;
}
