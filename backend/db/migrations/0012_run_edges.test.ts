import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, migrateToLatest } from "../database";
import { databaseAt, migrateTo } from "./migrate-to";

let db: Kysely<Database>;

beforeEach(async () => {
  db = await databaseAt("0011_property_rollups");
  await sql`insert into properties (id, number, address, zipcode, city, country) values (1, '1', 'Vej 1', '8000', 'Aarhus', 'DK')`.execute(
    db,
  );
  await sql`insert into units (id, property_id, unique_id, name, apartment, address, floor_area, rooms) values (1, 1, 'U1', '1', '1', 'Vej 1', 50, 2), (2, 1, 'U2', '2', '2', 'Vej 1', 60, 3)`.execute(
    db,
  );
  // Home 1 has two runs of heat with a gap between them; home 2 one, and one of water.
  await sql`insert into property_unit_runs (property_id, quantity, unit_id, first_day, end_day) values
    (1, 'heat-energy', 1, '2025-01-01', '2025-01-10'),
    (1, 'heat-energy', 1, '2025-01-15', '2025-02-01'),
    (1, 'heat-energy', 2, '2025-01-01', '2025-02-01'),
    (1, 'total-water-volume', 2, '2025-01-05', '2025-01-10')`.execute(db);
});
afterEach(() => db.destroy());

describe("migration 0012_run_edges", () => {
  it("counts the runs a database has per day they start and end, and links each home's runs to the one before", async () => {
    expect(await migrateToLatest(db)).toContain("0012_run_edges");
    expect(await db.selectFrom("property_run_edges").selectAll().orderBy(["quantity", "day"]).execute()).toEqual([
      { property_id: 1, quantity: "heat-energy", day: "2025-01-01", starts: 2, ends: 0 },
      { property_id: 1, quantity: "heat-energy", day: "2025-01-10", starts: 0, ends: 1 },
      { property_id: 1, quantity: "heat-energy", day: "2025-01-15", starts: 1, ends: 0 },
      { property_id: 1, quantity: "heat-energy", day: "2025-02-01", starts: 0, ends: 2 },
      { property_id: 1, quantity: "total-water-volume", day: "2025-01-05", starts: 1, ends: 0 },
      { property_id: 1, quantity: "total-water-volume", day: "2025-01-10", starts: 0, ends: 1 },
    ]);
    const runs = await db
      .selectFrom("property_unit_runs")
      .select(["quantity", "unit_id", "first_day", "prev_end"])
      .orderBy(["quantity", "unit_id", "first_day"])
      .execute();
    expect(runs.map((run) => run.prev_end)).toEqual([null, "2025-01-10", null, null]);
  });

  it("goes down to the runs as they were", async () => {
    await migrateToLatest(db);
    const { error } = await migrateTo(db, "0011_property_rollups");
    expect(error).toBeUndefined();
    const columns = await sql<{ name: string }>`select name from pragma_table_info('property_unit_runs')`.execute(db);
    expect(columns.rows.map((column) => column.name)).not.toContain("prev_end");
    expect(await db.selectFrom("property_unit_runs").select("first_day").execute()).toHaveLength(4);
  });
});
