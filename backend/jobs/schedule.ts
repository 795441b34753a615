/**
 * The back-end's own timetable: the alarm evaluation and the watches (with the e-mails of their new
 * notifications), the monthly consumption reports, the weekly update e-mails and the pruning of
 * spent sessions and ended abuse-limit windows run once at start-up and then every `intervalMs` (an hour: the demo
 * readings and real imports arrive hourly), inside the back-end process. A failed run is logged
 * and the next one tries again; it never stops the back-end. `npm run alarms:evaluate` runs the
 * evaluation by hand.
 *
 * Several back-end instances on one PostgreSQL database: each run holds the
 * `scheduled-jobs` advisory lock (jobs/job-lock.ts), so only one instance runs the jobs at a time and
 * the others skip; the jobs' unique keys make a run after another's a no-op for what is done.
 *
 * The weekly updates (ADR 0076) run after the hourly jobs but outside their lock and their turn,
 * under a `weekly-updates` lock of their own: at tens of milliseconds a home, a large deployment's
 * Monday run takes many minutes, and the next hour's alarms must not wait for it. Each resident's
 * e-mail is claimed on its own, so a run cut short (the back-end stopping) leaves the rest to the
 * next one.
 */

import type { BrandId } from "@common/brands";
import type { Kysely } from "kysely";
import { mailPendingNotifications } from "../alarms/mail";
import { preparePartitionsAhead } from "../db/postgres/reading-partitions";
import type { Database } from "../db/types";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { pruneRateLimits } from "../services/rate-limits";
import { pruneSpentSessions } from "../services/tokens";
import { evaluateAlarms } from "./alarm-evaluation";
import { withJobLock } from "./job-lock";
import { generateMonthlyReports } from "./monthly-reports";
import { evaluateWatches } from "./watch-evaluation";
import { sendWeeklyUpdates } from "./weekly-updates";

export interface ScheduleHandle {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /**
   * Runs once now (also what the timer calls); resolves when the hourly jobs are done (a weekly
   * update run they start goes on; see weeklyUpdates), never rejects.
   */
  runNow(): Promise<void>;
  /** The weekly update run in progress, if any; resolves when it ends, never rejects. */
  weeklyUpdates(): Promise<void>;
}

export interface ScheduleOptions {
  /**
   * Where the e-mails of new notifications go (users with e-mail notifications on); with `key`
   * (the server secret the unsubscribe links are signed with) the weekly updates too.
   */
  mail?: { mailer: Mailer; portalUrl: string; brand: BrandId; key?: Uint8Array };
  intervalMs?: number;
  /** Called once after the first run (the demo uses it: db/seed/demo.ts readOlderDemoNotifications). */
  afterFirstRun?: () => Promise<void>;
}

export function startSchedule(
  db: Kysely<Database>,
  now: () => Date,
  logger: Logger,
  options: ScheduleOptions = {},
): ScheduleHandle {
  const intervalMs = options.intervalMs ?? 3_600_000;
  let current: Promise<void> = Promise.resolve();
  let stopped = false;
  let weekly: Promise<void> | undefined;
  const runOnce = async () => {
    if (stopped) return;
    try {
      const { ran } = await withJobLock(db, "scheduled-jobs", runJobs);
      if (!ran) logger.info("scheduled jobs: another instance is running them; skipped");
      // After the alarms and the watches, so the week's findings are in its e-mail (ADR 0076).
      else weekly ??= runWeeklyUpdates().finally(() => (weekly = undefined));
    } catch (error) {
      logger.error("scheduled jobs failed (trying again next time):", error);
    }
  };
  const runWeeklyUpdates = async () => {
    if (options.mail?.key === undefined) return;
    const { mailer, portalUrl, brand, key } = options.mail;
    try {
      const result = await withJobLock(db, "weekly-updates", () =>
        sendWeeklyUpdates(db, now(), { mailer, portalUrl, brand, key, stopped: () => stopped }),
      );
      if (result.ran && result.value.sent + result.value.failed > 0)
        logger.info(
          `weekly updates of ${result.value.week}: ${result.value.sent} sent, ${result.value.failed} failed (tried again later)`,
        );
    } catch (error) {
      logger.error("weekly updates failed (trying again next time):", error);
    }
  };
  const runJobs = async () => {
    // PostgreSQL: this month's and the next months' reading partitions, before the hour's writes need them.
    await preparePartitionsAhead(db, now());
    const run = await evaluateAlarms(db, now());
    if (run.notificationIds.length > 0)
      logger.info(`alarms: ${run.notificationIds.length} new notification(s) from ${run.evaluated} period(s)`);
    // The leak and heating-left-on watches (ADR 0075), beside the alarms and mailed with them.
    const watched = await evaluateWatches(db, now());
    if (watched.notificationIds.length > 0)
      logger.info(`watches: ${watched.notificationIds.length} new notification(s) from ${watched.watches} watch(es)`);
    const reports = await generateMonthlyReports(db, now());
    if (reports.created.length > 0) logger.info(`reports: ${reports.created.length} new monthly report(s)`);
    // The new notifications of both, and what `npm run alarms:evaluate`, an import or another
    // instance made since the last run.
    if (options.mail)
      await mailPendingNotifications(db, options.mail.mailer, options.mail.portalUrl, now(), options.mail.brand);
    const pruned = await pruneSpentSessions(db, now());
    if (pruned.refreshTokens + pruned.families > 0)
      logger.info(`sessions: pruned ${pruned.refreshTokens} refresh token(s), ${pruned.families} famil(ies)`);
    // Abuse-limit windows that have ended count nothing any more (ADR 0010).
    await pruneRateLimits(db, now());
  };
  const runNow = () => (current = current.then(runOnce));
  void runNow();
  if (options.afterFirstRun) {
    const after = options.afterFirstRun;
    current = current.then(() =>
      after().catch((error: unknown) => logger.error("after the first scheduled run:", error)),
    );
  }
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    weeklyUpdates: async () => {
      await weekly;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
      await weekly;
    },
  };
}
