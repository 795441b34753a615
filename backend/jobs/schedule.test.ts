import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../app";
import { silentLogger } from "../logger";
import { createMailer, type MailTransport } from "../mail/mailer";
import { secretKey } from "../services/tokens";
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

  /**
   * The hourly schedule on Monday 23 November 2026, 07:00 in Copenhagen, when the week of 16-22
   * November is due (Anna has the weekly update on): each weekly update e-mail (the one with a
   * List-Unsubscribe header) waits until the test calls `release`, then is listed in `weeklySent`;
   * `reached` resolves when the first one starts waiting.
   */
  function mondayScheduleWithWeeklyUpdatesHeld() {
    const monday = () => new Date("2026-11-23T06:00:00.000Z");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reachedHeld = () => {};
    const reached = new Promise<void>((resolve) => (reachedHeld = resolve));
    const weeklySent: string[] = [];
    const transport: MailTransport = {
      description: "test transport",
      async deliver(message) {
        if (message.headers?.["List-Unsubscribe"] === undefined) return;
        reachedHeld();
        await held;
        weeklySent.push(message.to);
      },
      close() {},
    };
    const mailer = createMailer({ db: backend.db, now: monday, logger, from: "x@portal.test", transport });
    const schedule = startSchedule(backend.db, monday, logger, {
      intervalMs: 3_600_000,
      mail: { mailer, portalUrl: "http://localhost:3000", brand: "dk", key: secretKey("k".repeat(32)) },
    });
    return { schedule, release, reached, weeklySent };
  }

  it("send the weekly updates beside the hourly jobs, not in their turn: a slow Monday run holds no alarm back", async () => {
    const { schedule, release, reached, weeklySent } = mondayScheduleWithWeeklyUpdatesHeld();
    await schedule.runNow();
    await reached;
    // The weekly run is under way, its e-mail held; the next hour's run is not held back by it.
    await insertDueHeatAlarm(backend.db);
    await schedule.runNow();
    expect(
      await backend.db
        .selectFrom("notifications")
        .select("value")
        .where("tenancy_id", "=", 7001)
        .where("period_start", "=", "2026-11-20")
        .execute(),
    ).toEqual([{ value: 30 }]);
    expect(weeklySent).toEqual([]);
    release();
    await schedule.weeklyUpdates();
    expect(weeklySent).toEqual(["anna@demo.test"]);
    const sends = await backend.db.selectFrom("weekly_update_sends").select(["week", "status"]).execute();
    expect(sends).toEqual([{ week: "2026-11-16", status: "sent" }]);
    await schedule.stop();
    expect(errors).toEqual([]);
  });

  it("end a weekly update run at the next resident when the back-end stops, leaving the rest unclaimed", async () => {
    await backend.db.updateTable("users").set({ weekly_update: 1 }).where("email", "=", "jens@demo.test").execute();
    const { schedule, release, reached } = mondayScheduleWithWeeklyUpdatesHeld();
    await schedule.runNow();
    await reached;
    // The first of the two residents' e-mails is being sent when the back-end is asked to stop.
    const stopping = schedule.stop();
    release();
    await stopping;
    const sends = await backend.db.selectFrom("weekly_update_sends").select("status").execute();
    expect(sends).toEqual([{ status: "sent" }]);
    expect(errors).toEqual([]);
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
