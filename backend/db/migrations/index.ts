/**
 * Every migration, in order. The list is static (no directory scanning) so the back-end still
 * migrates when bundled into a single file. To add one: create `000N_what.ts` exporting `up`
 * (and `down`), then add it here with the next number. Never rename or edit a released one.
 */
import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_readings";
import * as m0003 from "./0003_accounts";
import * as m0004 from "./0004_token_families";
import * as m0005 from "./0005_alarms";
import * as m0006 from "./0006_consumption_reports";
import * as m0007 from "./0007_tenancy_users";
import * as m0008 from "./0008_email_change_tokens";
import * as m0009 from "./0009_rate_limits";
import * as m0010 from "./0010_data_policy_acknowledged";
import * as m0011 from "./0011_property_rollups";
import * as m0012 from "./0012_run_edges";
import * as m0013 from "./0013_outdoor_meters";
import * as m0014 from "./0014_watches";
import * as m0015 from "./0015_weekly_updates";

export const migrations: Readonly<Record<string, Migration>> = {
  "0001_initial": m0001,
  "0002_readings": m0002,
  "0003_accounts": m0003,
  "0004_token_families": m0004,
  "0005_alarms": m0005,
  "0006_consumption_reports": m0006,
  "0007_tenancy_users": m0007,
  "0008_email_change_tokens": m0008,
  "0009_rate_limits": m0009,
  "0010_data_policy_acknowledged": m0010,
  "0011_property_rollups": m0011,
  "0012_run_edges": m0012,
  "0013_outdoor_meters": m0013,
  "0014_watches": m0014,
  "0015_weekly_updates": m0015,
};

export const staticMigrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
