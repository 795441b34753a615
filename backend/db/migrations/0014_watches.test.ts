import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../database";
import { databaseAt, migrateTo } from "./migrate-to";

/** SQLite rebuilds notifications to widen its kind check: every row must come through as it was. */
let db: Kysely<Database>;

const alarmNotification = {
  id: 7,
  user_id: 1,
  tenancy_id: 1,
  alarm_id: null,
  kind: "zero_consumption",
  quantity: "cold-water-volume",
  alarm_type: "zero",
  frequency: "day",
  direction: "above",
  threshold: 0,
  value: 0.012,
  compared_value: null,
  period_start: "2026-11-21",
  period_end: "2026-11-21",
  report_code: null,
  created_at: "2026-11-22T06:00:00.000Z",
  read_at: null,
  emailed_at: "2026-11-22T06:00:01.000Z",
} as const;

const watchNotification = (id: number, periodStart: string) => ({
  ...alarmNotification,
  id,
  kind: "leak_watch" as const,
  alarm_type: null,
  frequency: null,
  direction: null,
  threshold: null,
  period_start: periodStart,
  watch_days: JSON.stringify([{ date: periodStart, value: 0.002 }]),
});

beforeEach(async () => {
  db = await databaseAt("0013_outdoor_meters");
  await sql`insert into users (id, email, created_at) values (1, 'a@example.test', '2026-01-01T00:00:00.000Z')`.execute(
    db,
  );
  await sql`insert into properties (id, number, address, zipcode, city, country) values (1, '1', 'Vej 1', '8000', 'Aarhus', 'DK')`.execute(
    db,
  );
  await sql`insert into units (id, property_id, unique_id, name, apartment, address, floor_area, rooms) values (1, 1, 'U1', '1', '1', 'Vej 1', 50, 2)`.execute(
    db,
  );
  await sql`insert into tenancies (id, unit_id, tenant_name, start_date) values (1, 1, 'A', '2024-01-01')`.execute(db);
  await db.insertInto("notifications").values(alarmNotification).execute();
});
afterEach(() => db.destroy());

describe("migration 0014_watches", () => {
  it("keeps every notification as it was, and takes the watch kinds once per run (the unique key)", async () => {
    const { error } = await migrateTo(db, "0014_watches");
    expect(error).toBeUndefined();
    expect(await db.selectFrom("notifications").selectAll().execute()).toEqual([
      { ...alarmNotification, watch_days: null },
    ]);
    await db.insertInto("notifications").values(watchNotification(8, "2026-11-01")).execute();
    // The same user, tenancy, kind, quantity and first date again: refused; another first date: fine.
    await expect(db.insertInto("notifications").values(watchNotification(9, "2026-11-01")).execute()).rejects.toThrow(
      /UNIQUE/,
    );
    await db.insertInto("notifications").values(watchNotification(10, "2026-11-05")).execute();
    // New ids go on after the copied ones.
    const next = await db
      .insertInto("notifications")
      .values({ ...alarmNotification, id: undefined, period_start: "2026-11-30" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(11);
    await expect(
      db
        .insertInto("notifications")
        .values({ ...alarmNotification, id: 12, kind: "other" as "leak_watch" })
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });

  it("rolls back: the watches' notifications and tables go, the others stay", async () => {
    await migrateTo(db, "0014_watches");
    await db.insertInto("notifications").values(watchNotification(8, "2026-11-01")).execute();
    const { error } = await migrateTo(db, "0013_outdoor_meters");
    expect(error).toBeUndefined();
    expect(await sql`select * from notifications`.execute(db).then((r) => r.rows)).toEqual([alarmNotification]);
    await expect(sql`select * from watches`.execute(db)).rejects.toThrow(/no such table/);
  });
});
