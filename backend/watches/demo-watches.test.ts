/**
 * The demo's watches (seed step 0014_demo_watches): after the first job run, exactly one
 * leak-watch notification for Jens's second home (its running toilet) and one heating-left-on
 * notification for his first home (the warm week of July 2026). The nights and days are
 * recomputed here from the raw readings (meter_readings, outdoor_readings) with the tests' own
 * Intl calendar (testing/oracle-calendar.ts), not with the job's modules or the rollups it reads.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { readOlderDemoNotifications } from "../db/seed/demo";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { RUNNING_TOILET } from "../db/seed/reading-model";
import { evaluateWatches } from "../jobs/watch-evaluation";
import { addDays, localOf } from "../testing/oracle-calendar";
import { createDemoBackendWithReadings, hourlyFromRegisters, meterIdsOf, userIdOf } from "../testing/setup";

/** Wednesday 2 December 2026, 07:00 in Copenhagen: the night to 2 December is over. */
const NOW = new Date("2026-12-02T06:00:00.000Z");
const HOUR = 3_600_000;
let backend: Backend;

beforeAll(async () => {
  backend = await createDemoBackendWithReadings(NOW, { unitIds: [119, 122], fromDay: "2026-07-01" });
}, 120_000);
afterAll(() => backend?.close());

describe("the demo's watches", () => {
  it("make exactly one leak-watch and one heating-left-on notification at the first run, both Jens's", async () => {
    const run = await evaluateWatches(backend.db, NOW);
    const rows = await backend.db
      .selectFrom("notifications")
      .selectAll()
      .where("kind", "in", ["leak_watch", "heating_left_on"])
      .orderBy("id")
      .execute();
    expect(run.notificationIds).toEqual(rows.map((row) => row.id));
    const jens = await userIdOf(backend.db, demoAccounts.jens.email);
    expect(rows.map((row) => [row.kind, row.user_id, row.tenancy_id, row.quantity])).toEqual(
      expect.arrayContaining([
        ["leak_watch", jens, demoTenancyIds.jensSecond, "cold-water-volume"],
        ["heating_left_on", jens, demoTenancyIds.jensFirst, "heat-energy"],
      ]),
    );
    expect(rows).toHaveLength(2);

    // The leak: every night hour (01:00-05:00 local) of cold water above zero, from the readings.
    const leak = rows.find((row) => row.kind === "leak_watch")!;
    const hourly = await hourlyFromRegisters(backend.db, await meterIdsOf(backend.db, 122, "cold-water-volume"));
    const nights = new Map<string, number[]>();
    for (const [ms, value] of hourly) {
      const { date, hour } = localOf(ms);
      if (hour >= 1 && hour < 5) nights.set(date, [...(nights.get(date) ?? []), value]);
    }
    const days = JSON.parse(leak.watch_days!) as { date: string; value: number }[];
    expect(days.length).toBeGreaterThanOrEqual(5);
    expect(leak.period_start).toBe(days[0]!.date);
    expect(leak.period_end).toBe("2026-12-02");
    for (const day of days) {
      const values = nights.get(day.date)!;
      expect(values.length, day.date).toBeGreaterThanOrEqual(3);
      expect(Math.min(...values)).toBeGreaterThan(0);
      expect(day.value).toBeCloseTo(Math.min(...values), 6);
    }
    // The run starts with the toilet's first night, where the watch's first look back begins.
    expect(leak.period_start).toBe(RUNNING_TOILET.fromDay);
    expect(leak.value).toBeCloseTo(Math.min(...days.map((day) => day.value)), 9);

    // The heating: days with an outdoor mean of 17 °C or more, each with heat used.
    const heating = rows.find((row) => row.kind === "heating_left_on")!;
    const warm = JSON.parse(heating.watch_days!) as { date: string; value: number }[];
    expect(warm.length).toBeGreaterThanOrEqual(7);
    expect([heating.period_start, heating.period_end]).toEqual([warm[0]!.date, warm.at(-1)!.date]);
    const samples = await backend.db
      .selectFrom("outdoor_readings")
      .innerJoin("outdoor_meters", "outdoor_meters.id", "outdoor_readings.meter_id")
      .select(["ts", "celsius"])
      .where(
        "outdoor_meters.property_id",
        "=",
        (await backend.db.selectFrom("units").select("property_id").where("id", "=", 119).executeTakeFirstOrThrow())
          .property_id,
      )
      .execute();
    const hourMeans = new Map<number, number[]>();
    for (const { ts, celsius } of samples) {
      const hour = Math.floor(Number(ts) / 3600) * HOUR;
      hourMeans.set(hour, [...(hourMeans.get(hour) ?? []), celsius]);
    }
    const dayMeans = new Map<string, number[]>();
    for (const [hour, values] of hourMeans) {
      const { date } = localOf(hour);
      dayMeans.set(date, [...(dayMeans.get(date) ?? []), values.reduce((a, b) => a + b, 0) / values.length]);
    }
    const heat = new Map<string, number>();
    for (const [ms, value] of await hourlyFromRegisters(backend.db, await meterIdsOf(backend.db, 119, "heat-energy"))) {
      const { date } = localOf(ms);
      heat.set(date, (heat.get(date) ?? 0) + value);
    }
    const mean = (date: string) => {
      const values = dayMeans.get(date)!;
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    for (const day of warm) {
      expect(mean(day.date), day.date).toBeGreaterThanOrEqual(17);
      expect(heat.get(day.date)!).toBeGreaterThan(0);
      expect(day.value).toBeCloseTo(heat.get(day.date)!, 6);
    }
    const dayBefore = addDays(heating.period_start!, -1);
    expect(mean(dayBefore) < 17 || !(heat.get(dayBefore)! > 0)).toBe(true);
    expect(heating.value).toBeCloseTo(
      warm.reduce((sum, day) => sum + day.value, 0),
      6,
    );

    // The first run's findings are not found again.
    expect((await evaluateWatches(backend.db, NOW)).notificationIds).toEqual([]);
  }, 120_000);

  it("stay unread after the first start's marking of older notifications read (they are news)", async () => {
    await readOlderDemoNotifications(backend.db, NOW);
    const rows = await backend.db
      .selectFrom("notifications")
      .select(["kind", "read_at"])
      .where("kind", "in", ["leak_watch", "heating_left_on"])
      .execute();
    expect(rows.map((row) => row.read_at)).toEqual([null, null]);
  });
});
