/**
 * The database: Kysely over better-sqlite3, with WAL and foreign keys on, migrated by Kysely's
 * Migrator from the static list in migrations/index.ts.
 */
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { staticMigrationProvider } from "./migrations";
import type { Database } from "./types";

export type { Database } from "./types";

/** Opens (creating if missing) the SQLite file at `path`, or an in-memory database for ':memory:'. */
export function createDatabase(path: string): Kysely<Database> {
  const sqlite = new SQLite(path);
  // WAL lets readers run while one writer writes; ':memory:' databases stay in 'memory' mode.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export class MigrationFailedError extends Error {
  override readonly name = "MigrationFailedError";
}

/** Applies every pending migration; returns the names applied now. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticMigrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error !== undefined || failed !== undefined) {
    throw new MigrationFailedError(
      `Database migration ${failed?.migrationName ?? ""} failed`.replace("  ", " "),
      { cause: error },
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** True when the database answers a trivial query (used by GET /health). */
export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
