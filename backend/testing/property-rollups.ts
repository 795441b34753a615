/**
 * What the property rollups' tests share: the databases they run on (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL) and their tables' rows in key order, to compare a write with a rebuild.
 */
import type { Kysely } from "kysely";
import { type BackendOptions, createBackend, freshPostgresDatabase } from "../app";
import type { Database } from "../db/types";
import { silentLogger } from "../logger";

const serverUrl = process.env.TEST_DATABASE_URL;

/** SQLite in memory, and a fresh PostgreSQL database when TEST_DATABASE_URL names a server: for describe.each. */
export const testDatabases: { name: string; open: () => Promise<{ path: string; drop: () => Promise<void> }> }[] = [
  { name: "SQLite", open: async () => ({ path: ":memory:", drop: async () => {} }) },
  ...(serverUrl === undefined
    ? []
    : [
        {
          name: "PostgreSQL",
          open: async () => {
            const database = await freshPostgresDatabase(serverUrl);
            return { path: database.url, drop: database.drop };
          },
        },
      ]),
];

/**
 * A back-end with no data on a database `open` of testDatabases makes, logging nothing; `close` closes
 * it and drops the database.
 */
export async function openEmptyBackend(
  open: (typeof testDatabases)[number]["open"],
  options: Partial<BackendOptions> = {},
): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  const database = await open();
  const backend = await createBackend({ databasePath: database.path, logger: silentLogger, ...options });
  return {
    db: backend.db,
    close: async () => {
      await backend.close();
      await database.drop();
    },
  };
}

/** Every row of the property rollups' tables, in key order, numbers as numbers. */
export async function propertyRollupTables(db: Kysely<Database>) {
  return {
    daily: await db
      .selectFrom("property_daily")
      .selectAll()
      .orderBy(["property_id", "quantity", "day", "meter_quantity"])
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, units: Number(row.units) }))),
    hourly: await db
      .selectFrom("property_hourly")
      .selectAll()
      .orderBy(["property_id", "quantity", "hour", "meter_quantity"])
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, hour: Number(row.hour), units: Number(row.units) }))),
    runs: await db
      .selectFrom("property_unit_runs")
      .selectAll()
      .orderBy(["property_id", "quantity", "unit_id", "first_day"])
      .execute(),
    edges: await db
      .selectFrom("property_run_edges")
      .selectAll()
      .orderBy(["property_id", "quantity", "day"])
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, starts: Number(row.starts), ends: Number(row.ends) }))),
  };
}
