/**
 * Jobs across instances: two back-end instances on one PostgreSQL database seed once,
 * fire a due alarm once, make each monthly report once and mail each notification once; a job
 * held by an instance that dies is taken up by the next run of another. PostgreSQL only (set
 * TEST_DATABASE_URL; `npm test` does when a server is reachable): on SQLite the back-end is one
 * process, and the lock is a plain call.
 */
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type Backend, createBackend, freshPostgresDatabase } from "../app";
import { silentLogger } from "../logger";
import { insertDueHeatAlarm } from "../testing/due-alarm";
import { withJobLock } from "./job-lock";
import { startSchedule } from "./schedule";

const now = () => new Date("2026-11-22T06:00:00.000Z");
const serverUrl = process.env.TEST_DATABASE_URL;

describe("withJobLock on SQLite", () => {
  it("runs the job (one process: nothing to coordinate)", async () => {
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    try {
      if (serverUrl) return; // createBackend gave a PostgreSQL database: covered below
      expect(await withJobLock(backend.db, "x", async () => 42)).toEqual({ ran: true, value: 42 });
    } finally {
      await backend.close();
    }
  });
});

describe.skipIf(!serverUrl)("two back-end instances on one PostgreSQL database", () => {
  const opened: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    for (const item of opened.reverse()) await item.close();
    opened.length = 0;
  });

  async function twoInstances() {
    const database = await freshPostgresDatabase(serverUrl!);
    const logs: string[] = [];
    const logger = {
      ...silentLogger,
      info: (...args: unknown[]) => void logs.push(String(args[0])),
      error: (...args: unknown[]) => void logs.push(`ERROR ${String(args[0])}`),
    };
    // Started at the same moment: the seed runs once, the second instance waits for it.
    const [a, b] = await Promise.all([
      createBackend({ databasePath: database.url, seedDemo: true, logger, now }),
      createBackend({ databasePath: database.url, seedDemo: true, logger, now }),
    ]);
    opened.push({ close: database.drop }, a, b);
    return { a, b, logs, logger, url: database.url };
  }

  it("seed the demo once, fire a due alarm once, make each report once and mail each notification once", async () => {
    const { a, b, logs, logger } = await twoInstances();
    const steps = await a.db.selectFrom("seed_steps").select("name").execute();
    expect(new Set(steps.map((s) => s.name)).size).toBe(steps.length);
    expect(logs.filter((line) => line.startsWith("demo data seeded"))).toHaveLength(1);
    await insertDueHeatAlarm(a.db);

    // Both schedules start (each runs at once) and run again, all at the same time.
    const schedule = (backend: Backend) =>
      startSchedule(backend.db, now, logger, {
        mail: { mailer: backend.mailer, portalUrl: "http://localhost:3000", brand: "dk" },
        intervalMs: 3_600_000,
      });
    const scheduleA = schedule(a);
    const scheduleB = schedule(b);
    opened.push({ close: () => scheduleA.stop() }, { close: () => scheduleB.stop() });
    await Promise.all([scheduleA.runNow(), scheduleB.runNow(), scheduleA.runNow(), scheduleB.runNow()]);
    expect(logs.filter((line) => line.startsWith("ERROR"))).toEqual([]);

    const alarmNotes = await a.db
      .selectFrom("notifications")
      .select(["period_start", "value", "user_id"])
      .where("kind", "!=", "consumption_report")
      .execute();
    expect(alarmNotes).toEqual([{ period_start: "2026-11-20", value: 30, user_id: 20 }]);
    const reports = await a.db.selectFrom("consumption_reports").select(["tenancy_id", "month"]).execute();
    expect(reports.length).toBeGreaterThan(0);
    expect(new Set(reports.map((r) => `${r.tenancy_id} ${r.month}`)).size).toBe(reports.length);
    const reportNotes = await a.db
      .selectFrom("notifications")
      .select(["user_id", "report_code"])
      .where("kind", "=", "consumption_report")
      .execute();
    expect(new Set(reportNotes.map((n) => `${n.user_id} ${n.report_code}`)).size).toBe(reportNotes.length);
    // Every e-mail once: no two outbox messages alike.
    const outbox = await a.db.selectFrom("mail_outbox").select(["to_address", "subject", "text"]).execute();
    expect(outbox.length).toBeGreaterThan(0);
    expect(new Set(outbox.map((m) => `${m.to_address}\n${m.subject}\n${m.text}`)).size).toBe(outbox.length);
    // Some runs found the lock taken and skipped, or found nothing left to do.
    const mailsBefore = outbox.length;
    await Promise.all([scheduleA.runNow(), scheduleB.runNow()]);
    expect(await a.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(mailsBefore);
  }, 60_000);

  it("skip a job another instance holds, and take it up once that instance is gone", async () => {
    const { a, b, logs, url } = await twoInstances();
    await insertDueHeatAlarm(a.db);
    // A third "instance" takes the jobs' lock and dies holding it (its connection is cut).
    const doomed = new pg.Client({ connectionString: url });
    await doomed.connect();
    const { rows } = await doomed.query<{ pid: number; locked: boolean }>(
      "select pg_backend_pid() as pid, pg_try_advisory_lock(hashtextextended('tenant-portal:scheduled-jobs', 0)) as locked",
    );
    expect(rows[0]!.locked).toBe(true);
    doomed.on("error", () => undefined);

    const logger = {
      ...silentLogger,
      info: (m: unknown) => void logs.push(String(m)),
      error: (m: unknown) => void logs.push(`ERROR ${String(m)}`),
    };
    const scheduleB = startSchedule(b.db, now, logger, { intervalMs: 3_600_000 });
    opened.push({ close: () => scheduleB.stop() });
    await scheduleB.runNow();
    expect(logs).toContain("scheduled jobs: another instance is running them; skipped");
    expect(await a.db.selectFrom("alarm_evaluations").select("alarm_id").execute()).toEqual([]);

    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(a.db);
    await doomed.end().catch(() => undefined);
    await scheduleB.runNow();
    const alarmNotes = await a.db
      .selectFrom("notifications")
      .select(["period_start", "value"])
      .where("kind", "!=", "consumption_report")
      .execute();
    expect(alarmNotes).toEqual([{ period_start: "2026-11-20", value: 30 }]);
    expect(logs.filter((line) => line.startsWith("ERROR"))).toEqual([]);
  }, 60_000);
});
