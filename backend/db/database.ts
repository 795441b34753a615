/**
 * The database: Kysely over better-sqlite3, with WAL and foreign keys on, migrated by Kysely's
 * Migrator from the static list in migrations/index.ts.
 */

import { RecentlyUsed } from "@common/recently-used";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { staticMigrationProvider } from "./migrations";
import { connectionUses, prepareStatementsOf } from "./prepared-statements";
import type { Database } from "./types";

export type { Database } from "./types";

/** True for a PostgreSQL connection URL (postgres:// or postgresql://). */
export function isPostgresUrl(path: string): boolean {
  return /^postgres(ql)?:\/\//.test(path);
}

/**
 * PostgreSQL's answers as the queries expect SQLite's: counts and sums of integers (int8) and
 * numeric results as numbers, not strings. Every value the back-end keeps stays far below 2^53.
 */
const postgresTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Connections per back-end process: queries are short; the pool queues the rest. */
export const postgresPoolSize = 10;

/**
 * The server settings every connection starts with (ADR 0041): JIT compilation off. The back-end's
 * statements are short and index-driven, but one over many month partitions (the ingest's reads of
 * 6,000 meters, a lateral join per partition) is estimated above jit_above_cost, and PostgreSQL
 * then spent 0.3–0.5 s compiling each before running it for a few milliseconds: half of an hour's
 * ingest at 1,000 homes. Options the URL gives (`?options=…`) come first and are kept.
 */
export function connectionOptions(url: string): { connectionString: string; options: string } {
  const parsed = new URL(url);
  const given = parsed.searchParams.get("options");
  // node-postgres lets the URL's parameters override the pool's: the URL keeps the rest of its own.
  parsed.searchParams.delete("options");
  return { connectionString: parsed.toString(), options: [given, "-c jit=off"].filter(Boolean).join(" ") };
}

/**
 * Opens the database (ADR 0031): PostgreSQL for a postgres:// URL, else the SQLite file at `path`
 * (created if missing), or an in-memory database for ':memory:'.
 */
export function createDatabase(path: string): Kysely<Database> {
  if (isPostgresUrl(path)) {
    const pool = new pg.Pool({
      ...connectionOptions(path),
      max: postgresPoolSize,
      maxUses: connectionUses,
      types: postgresTypes as pg.CustomTypesConfig,
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the
    // next query opens a new one.
    pool.on("error", () => undefined);
    // Parsed and planned once per connection, not on every call (ADR 0049).
    pool.on("connect", (client) => prepareStatementsOf(client));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SQLite(path);
  // WAL lets readers run while one writer writes; ':memory:' databases stay in 'memory' mode.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** How many prepared statements to keep: the back-end's queries, with room for IN lists of many sizes. */
const statementCacheSize = 500;

/**
 * Kysely prepares every query afresh; SQLite's parsing and planning then costs more than running
 * the small queries of a page. Statements are kept by their SQL text and reused (better-sqlite3
 * statements are reusable; SQLite re-prepares one by itself if the schema changes). The back-end
 * never streams a query (`iterate`), the one use that would hold a statement busy.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new RecentlyUsed<string, SQLite.Statement>(statementCacheSize);
  return {
    close: () => void sqlite.close(),
    prepare: (source: string) => statements.remember(source, () => sqlite.prepare(source)),
  };
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
    throw new MigrationFailedError(`Database migration ${failed?.migrationName ?? ""} failed`.replace("  ", " "), {
      cause: error,
    });
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
