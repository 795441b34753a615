import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { createDemoBackend } from "../testing/setup";
import { countingStatements } from "../testing/statements";
import { evaluateAlarms } from "./alarm-evaluation";

/**
 * The job against a real database: the demo property's meters and tenancies, with daily rollups
 * written by the test so every figure is known. Unit 101 / tenancy 7001 (lars@demo.test, user 20).
 */
const tenancyId = 7001;
const userId = 20;
let backend: Backend;
let meters: Record<string, number>;

beforeEach(async () => {
  backend = await createDemoBackend();
  const rows = await backend.db.selectFrom("meters").select(["id", "quantity"]).where("unit_id", "=", 101).execute();
  meters = Object.fromEntries(rows.map((row) => [row.quantity, row.id]));
  // The demo's own alarms (seed step 0008) are not this test's.
  await backend.db.deleteFrom("alarms").execute();
});
afterEach(() => backend.close());

async function day(quantity: string, date: string, value: number, weight = 24) {
  await backend.db
    .insertInto("consumption_daily")
    .values({ meter_id: meters[quantity]!, day: date, value, weight })
    .onConflict((oc) => oc.columns(["meter_id", "day"]).doUpdateSet({ value, weight }))
    .execute();
}

/** An enabled alarm of the tenancy's resident, made at `createdAt`: a daily threshold on heat unless it says otherwise. */
async function alarm({
  quantity = "heat-energy",
  type = "threshold",
  frequency = "day",
  level,
  createdAt,
}: {
  quantity?: string;
  type?: "threshold" | "comparison" | "zero" | "minimum" | "maximum";
  frequency?: "day" | "week" | "month" | "year";
  level: number;
  createdAt: string;
}) {
  const row = await backend.db
    .insertInto("alarms")
    .values({
      user_id: userId,
      tenancy_id: tenancyId,
      enabled: 1,
      updated_at: createdAt,
      created_at: createdAt,
      quantity,
      type,
      frequency,
      level,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const notifications = () => backend.db.selectFrom("notifications").selectAll().orderBy("id").execute();

describe("the alarm evaluation job", () => {
  it("fires a due alarm exactly once for its period; running again adds nothing", async () => {
    const id = await alarm({
      quantity: "cold-water-volume",
      type: "zero",
      level: 0,
      createdAt: "2026-11-20T08:00:00.000Z",
    });
    await day("cold-water-volume", "2026-11-20", 0);
    await day("cold-water-volume", "2026-11-21", 0.012);
    const now = new Date("2026-11-22T06:00:00.000Z");
    const first = await evaluateAlarms(backend.db, now);
    expect(first.notificationIds).toHaveLength(1);
    expect(await notifications()).toMatchObject([
      {
        alarm_id: id,
        user_id: userId,
        tenancy_id: tenancyId,
        kind: "zero_consumption",
        direction: "above",
        period_start: "2026-11-21",
        period_end: "2026-11-21",
        value: 0.012,
        threshold: 0,
        read_at: null,
      },
    ]);
    const second = await evaluateAlarms(backend.db, now);
    expect(second.notificationIds).toEqual([]);
    expect(await notifications()).toHaveLength(1);
  });

  it("catches up on every period missed while the back-end was down", async () => {
    await alarm({ level: 10, createdAt: "2026-11-18T08:00:00.000Z" });
    for (const [date, value] of [
      ["2026-11-18", 12],
      ["2026-11-19", 8],
      ["2026-11-20", 15],
      ["2026-11-21", 11],
    ] as const)
      await day("heat-energy", date, value);
    const run = await evaluateAlarms(backend.db, new Date("2026-11-22T06:00:00.000Z"));
    expect(run.evaluated).toBe(4);
    expect((await notifications()).map((n) => [n.period_start, n.value])).toEqual([
      ["2026-11-18", 12],
      ["2026-11-20", 15],
      ["2026-11-21", 11],
    ]);
  });

  it("evaluates a closed period again when readings for it arrive later", async () => {
    await alarm({ frequency: "week", level: 50, createdAt: "2026-11-09T08:00:00.000Z" });
    await day("heat-energy", "2026-11-09", 30, 24);
    const now = new Date("2026-11-18T06:00:00.000Z");
    expect((await evaluateAlarms(backend.db, now)).notificationIds).toEqual([]);
    // The week of 9–15 November gets more days: now 30 + 25 = 55 kWh, above 50.
    await day("heat-energy", "2026-11-10", 25, 24);
    const later = await evaluateAlarms(backend.db, now);
    expect(later.notificationIds).toHaveLength(1);
    expect(await notifications()).toMatchObject([{ period_start: "2026-11-09", period_end: "2026-11-15", value: 55 }]);
  });

  it("compares with the same number of days before, and averages the indoor climate", async () => {
    await alarm({ type: "comparison", level: 50, createdAt: "2026-11-21T08:00:00.000Z" });
    await day("heat-energy", "2026-11-20", 10);
    await day("heat-energy", "2026-11-21", 16);
    await alarm({
      quantity: "indoor-relative-humidity",
      type: "maximum",
      level: 65,
      createdAt: "2026-11-21T08:00:00.000Z",
    });
    // 24 hourly samples summing to 1 680: an average of 70 %.
    await day("indoor-relative-humidity", "2026-11-21", 1680, 24);
    await evaluateAlarms(backend.db, new Date("2026-11-22T06:00:00.000Z"));
    expect(await notifications()).toMatchObject([
      { kind: "high_consumption", direction: "increase", value: 60, compared_value: 10, threshold: 50 },
      { kind: "indoor_climate", direction: "above", value: 70, threshold: 65 },
    ]);
  });

  it("leaves disabled alarms and periods after the tenancy alone", async () => {
    const id = await alarm({ level: 1, createdAt: "2026-11-20T08:00:00.000Z" });
    await day("heat-energy", "2026-11-20", 5);
    await day("heat-energy", "2026-11-21", 5);
    await backend.db.updateTable("tenancies").set({ end_date: "2026-11-20" }).where("id", "=", tenancyId).execute();
    await evaluateAlarms(backend.db, new Date("2026-11-23T06:00:00.000Z"));
    expect((await notifications()).map((n) => n.period_start)).toEqual(["2026-11-20"]);
    await backend.db.updateTable("alarms").set({ enabled: 0 }).where("id", "=", id).execute();
    await backend.db.deleteFrom("notifications").execute();
    await backend.db.deleteFrom("alarm_evaluations").execute();
    expect((await evaluateAlarms(backend.db, new Date("2026-11-23T06:00:00.000Z"))).evaluated).toBe(0);
  });

  it("evaluates a changed alarm only from the period it was changed in", async () => {
    const id = await alarm({ level: 10, createdAt: "2026-11-18T08:00:00.000Z" });
    await backend.db
      .updateTable("alarms")
      .set({ updated_at: "2026-11-21T08:00:00.000Z" })
      .where("id", "=", id)
      .execute();
    for (const date of ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]) await day("heat-energy", date, 12);
    await evaluateAlarms(backend.db, new Date("2026-11-22T06:00:00.000Z"));
    expect((await notifications()).map((row) => row.period_start)).toEqual(["2026-11-21"]);
  });

  it("evaluates alarms in batches as one by one: each fires once, unfired ones again with more values, across batch edges", async () => {
    const levels = [5, 10, 15, 20, 25, 30, 35];
    const thresholds: number[] = [];
    for (const level of levels.slice(0, 3))
      thresholds.push(await alarm({ level, createdAt: "2026-11-20T08:00:00.000Z" }));
    const comparison = await alarm({ type: "comparison", level: 50, createdAt: "2026-11-20T08:00:00.000Z" });
    for (const level of levels.slice(3)) thresholds.push(await alarm({ level, createdAt: "2026-11-20T08:00:00.000Z" }));
    await day("heat-energy", "2026-11-20", 12);
    await day("heat-energy", "2026-11-21", 22);
    const now = new Date("2026-11-22T06:00:00.000Z");
    const alarmsPerBatch = 3; // 8 alarms: batches of 3, 3 and 2

    const counting = countingStatements(backend.db);
    const first = await evaluateAlarms(counting.db, now, { alarmsPerBatch });
    expect(first.evaluated).toBe(16);
    // A few statements per batch (meters, earlier evaluations, a totals query per period, the
    // writes), not some per alarm and period.
    expect(counting.count()).toBeLessThanOrEqual(1 + 3 * 9);
    const fired = (await notifications()).map((n) => [n.alarm_id, n.period_start, n.value]);
    expect(fired).toEqual([
      [thresholds[0], "2026-11-20", 12],
      [thresholds[0], "2026-11-21", 22],
      [thresholds[1], "2026-11-20", 12],
      [thresholds[1], "2026-11-21", 22],
      [thresholds[2], "2026-11-21", 22],
      [comparison, "2026-11-21", 83.333333],
      [thresholds[3], "2026-11-21", 22],
    ]);
    expect(first.notificationIds).toEqual((await notifications()).map((n) => n.id));

    // More values for 21 November: its unfired periods are evaluated again, in every batch.
    await day("heat-energy", "2026-11-21", 32, 25);
    const second = await evaluateAlarms(backend.db, now, { alarmsPerBatch });
    expect(second.evaluated).toBe(3);
    const added = await backend.db
      .selectFrom("notifications")
      .select(["alarm_id", "period_start", "value"])
      .where("id", "in", second.notificationIds)
      .orderBy("id")
      .execute();
    expect(added).toEqual([
      { alarm_id: thresholds[4], period_start: "2026-11-21", value: 32 },
      { alarm_id: thresholds[5], period_start: "2026-11-21", value: 32 },
    ]);
    const evaluations = await backend.db
      .selectFrom("alarm_evaluations")
      .select(["alarm_id", "period_start", "values_seen", "fired"])
      .where("alarm_id", "=", thresholds[6]!)
      .orderBy("period_start")
      .execute();
    expect(evaluations).toEqual([
      { alarm_id: thresholds[6], period_start: "2026-11-20", values_seen: 24, fired: 0 },
      { alarm_id: thresholds[6], period_start: "2026-11-21", values_seen: 25, fired: 0 },
    ]);

    const third = await evaluateAlarms(backend.db, now, { alarmsPerBatch });
    expect(third).toEqual({ evaluated: 0, notificationIds: [] });
    expect(await notifications()).toHaveLength(9);
  });
});
