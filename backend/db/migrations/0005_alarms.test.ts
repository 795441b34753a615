import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type Database, migrateToLatest } from "../database";

/** The guarantees the evaluation job relies on are the database's, not only the job's code. */
describe("migration 0005_alarms", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = createDatabase(":memory:");
    await migrateToLatest(db);
  });
  afterEach(async () => db.destroy());

  it("has the three tables, and one notification per alarm and period", async () => {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name in ('alarms', 'notifications', 'alarm_evaluations') order by name`.execute(
      db,
    );
    expect(tables.rows.map((r) => r.name)).toEqual(["alarm_evaluations", "alarms", "notifications"]);
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and name = 'notifications_alarm_period_idx'`.execute(db);
    expect(indexes.rows).toHaveLength(1);
  });
});
