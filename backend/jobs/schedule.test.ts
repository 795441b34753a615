import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../app";
import { silentLogger } from "../logger";
import { insertDueHeatAlarm } from "../testing/due-alarm";
import { startSchedule } from "./schedule";

const now = () => new Date("2026-11-22T06:00:00.000Z");

describe("the back-end's scheduled jobs", () => {
  let backend: Backend;
  const errors: unknown[] = [];
  const logger = { ...silentLogger, error: (...args: unknown[]) => void errors.push(args) };
  beforeEach(async () => {
    errors.length = 0;
    backend = await createBackend({ databasePath: ":memory:", seedDemo: true, logger, now });
  });
  afterEach(() => backend.close());

  it("evaluate the alarms at start, again on each run, and stop cleanly", async () => {
    await insertDueHeatAlarm(backend.db);
    const schedule = startSchedule(backend.db, now, logger, { intervalMs: 60_000 });
    await schedule.runNow();
    const alarmNotes = () =>
      backend.db
        .selectFrom("notifications")
        .select(["period_start", "value"])
        .where("kind", "!=", "consumption_report")
        .execute();
    expect(await alarmNotes()).toEqual([{ period_start: "2026-11-20", value: 30 }]);
    // The monthly reports of the closed months are made in the same run, with their notifications.
    expect(
      (await backend.db.selectFrom("consumption_reports").select("id").where("tenancy_id", "=", 7001).execute()).length,
    ).toBeGreaterThan(0);
    const reportNotes = await backend.db
      .selectFrom("notifications")
      .select("id")
      .where("kind", "=", "consumption_report")
      .execute();
    expect(reportNotes.length).toBeGreaterThan(0);
    await schedule.runNow();
    expect(await alarmNotes()).toHaveLength(1);
    expect(
      await backend.db.selectFrom("notifications").select("id").where("kind", "=", "consumption_report").execute(),
    ).toHaveLength(reportNotes.length);
    await schedule.stop();
    expect(errors).toEqual([]);
  });

  it("call afterFirstRun once, after the first run has made its notifications", async () => {
    const seen: number[] = [];
    const schedule = startSchedule(backend.db, now, logger, {
      intervalMs: 60_000,
      afterFirstRun: async () =>
        void seen.push((await backend.db.selectFrom("alarm_evaluations").select("alarm_id").execute()).length),
    });
    await schedule.runNow();
    await schedule.runNow();
    await schedule.stop();
    expect(seen).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("log a failed run and keep the back-end up", async () => {
    const broken = {
      ...backend.db,
      selectFrom: () => {
        throw new Error("database gone");
      },
    } as unknown as typeof backend.db;
    const schedule = startSchedule(broken, now, logger, { intervalMs: 60_000 });
    await schedule.runNow();
    await schedule.stop();
    expect(errors.length).toBeGreaterThan(0);
  });

  it("start with the back-end when asked to (main.ts does) and stop with it", async () => {
    const scheduled = await createBackend({
      databasePath: ":memory:",
      seedDemo: true,
      logger,
      now,
      scheduledJobs: true,
    });
    await scheduled.close();
    expect(errors).toEqual([]);
  });
});
