/**
 * Every migration, in order. The list is static (no directory scanning) so the back-end still
 * migrates when bundled into a single file. To add one: create `000N_what.ts` exporting `up`
 * (and `down`), then add it here with the next number. Never rename or edit a released one.
 */
import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./0001_initial";

export const migrations: Readonly<Record<string, Migration>> = {
  "0001_initial": m0001,
};

export const staticMigrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
