/**
 * The demo's own alarms (seed steps 0008 and 0009) fire on the demo readings, so a
 * newcomer sees a real notification of every alarm kind. Figures are recomputed here from the raw
 * readings (meter_readings), not from the rollups the job reads.
 */

import { addDays } from "@common/period";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { readOlderDemoNotifications } from "../db/seed/demo";
import { demoTenancyIds } from "../db/seed/demo-accounts";
import { evaluateAlarms } from "../jobs/alarm-evaluation";
import { createDemoBackendWithReadings } from "../testing/setup";

/** Wednesday 25 November 2026, 07:00 in Copenhagen: three whole weeks since the alarms were set. */
const NOW = new Date("2026-11-25T06:00:00.000Z");
let backend: Backend;

beforeAll(async () => {
  backend = await createDemoBackendWithReadings(NOW, { unitIds: [109, 119], fromDay: "2026-10-01" });
}, 120_000);
afterAll(() => backend?.close());

/** Copenhagen midnight of a date (CET in November) as epoch seconds, as meter_readings.ts holds. */
const midnight = (date: string) => Date.parse(`${date}T00:00:00+01:00`) / 1000;

/** A week's consumption from the register readings (last minus first) or its average of samples. */
async function fromReadings(unitId: number, quantity: string, from: string, aggregate: "register" | "average") {
  const meters = await backend.db
    .selectFrom("meters")
    .select("id")
    .where("unit_id", "=", unitId)
    .where("quantity", "=", quantity)
    .execute();
  const start = midnight(from);
  const end = midnight(addDays(from, 7));
  let total = 0;
  let sum = 0;
  let count = 0;
  for (const meter of meters) {
    const rows = await backend.db
      .selectFrom("meter_readings")
      .select(["ts", "value"])
      .where("meter_id", "=", meter.id)
      .where("ts", ">=", start)
      .where("ts", "<=", end)
      .orderBy("ts")
      .execute();
    if (aggregate === "register") total += rows.at(-1)!.value - rows[0]!.value;
    else
      for (const row of rows.filter((r) => r.ts < end)) {
        sum += row.value;
        count++;
      }
  }
  return aggregate === "register" ? total : sum / count;
}

describe("the demo alarms", () => {
  it("make a notification of every alarm kind for Anna and Jens, each matching the readings", async () => {
    const run = await evaluateAlarms(backend.db, NOW);
    expect(run.notificationIds.length).toBeGreaterThan(0);
    const rows = await backend.db.selectFrom("notifications").selectAll().orderBy("id").execute();
    const kinds = new Set(rows.map((row) => `${row.kind}/${row.direction}`));
    expect([...kinds].sort()).toEqual([
      "high_consumption/above",
      "high_consumption/increase",
      "indoor_climate/above",
      "zero_consumption/above",
    ]);
    expect(new Set(rows.map((row) => row.tenancy_id))).toEqual(
      new Set([demoTenancyIds.anna, demoTenancyIds.jensFirst]),
    );

    for (const row of rows) {
      const unitId = row.tenancy_id === demoTenancyIds.anna ? 109 : 119;
      if (row.kind === "indoor_climate") {
        const average = await fromReadings(unitId, row.quantity!, row.period_start, "average");
        expect(row.value!).toBeCloseTo(average, 1);
        expect(average).toBeGreaterThan(row.threshold!);
      } else if (row.direction === "increase") {
        const week = await fromReadings(unitId, row.quantity!, row.period_start, "register");
        const before = await fromReadings(unitId, row.quantity!, addDays(row.period_start, -7), "register");
        expect(row.compared_value!).toBeCloseTo(before, 1);
        expect(row.value!).toBeCloseTo(((week - before) / before) * 100, 0);
        expect(row.value!).toBeGreaterThanOrEqual(row.threshold!);
      } else {
        const total = await fromReadings(unitId, row.quantity!, row.period_start, "register");
        expect(row.value!).toBeCloseTo(total, 2);
        expect(total).toBeGreaterThan(row.threshold!);
      }
    }
  }, 60_000);

  it("are partly read after the first run (once), so the demo shows read and unread notifications", async () => {
    await readOlderDemoNotifications(backend.db, NOW);
    const rows = await backend.db.selectFrom("notifications").select(["period_end", "read_at"]).orderBy("id").execute();
    expect(rows.filter((row) => row.read_at !== null).every((row) => row.period_end < "2026-11-18")).toBe(true);
    expect(rows.some((row) => row.read_at !== null)).toBe(true);
    expect(rows.some((row) => row.read_at === null)).toBe(true);
    // Once only: a notification made later, or marked unread, is left alone.
    await backend.db.updateTable("notifications").set({ read_at: null }).execute();
    await readOlderDemoNotifications(backend.db, NOW);
    expect(
      await backend.db.selectFrom("notifications").select("id").where("read_at", "is not", null).execute(),
    ).toEqual([]);
  });
});
