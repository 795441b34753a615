/** Migrating to a given migration, up or down: for the tests of one migration, from the schema before it. */
import { type Kysely, type MigrationResultSet, Migrator } from "kysely";
import { createDatabase, type Database } from "../database";
import { staticMigrationProvider } from "./index";

/** Migrates `db` up or down until `migration` is the last one applied. */
export function migrateTo(db: Kysely<Database>, migration: string): Promise<MigrationResultSet> {
  return new Migrator({ db, provider: staticMigrationProvider }).migrateTo(migration);
}

/** A fresh in-memory SQLite database with the migrations up to `migration` applied, and no later one. */
export async function databaseAt(migration: string): Promise<Kysely<Database>> {
  const db = createDatabase(":memory:");
  const { error } = await migrateTo(db, migration);
  if (error) throw error;
  return db;
}
