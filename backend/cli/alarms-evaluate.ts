/**
 * `npm run alarms:evaluate [-- --at <ISO time>]` evaluates every enabled alarm of DATA_DIR's
 * database once (backend/jobs/alarm-evaluation.ts), and then every watch that is on
 * (backend/jobs/watch-evaluation.ts), as of now or of the instant given, and prints what it did.
 * Safe to run any number of times: each alarm fires at most once per period. On PostgreSQL it
 * waits for a scheduled run another instance is making (the `scheduled-jobs` lock, ADR 0032).
 */
import { evaluateAlarms } from "../jobs/alarm-evaluation";
import { withJobLock } from "../jobs/job-lock";
import { evaluateWatches } from "../jobs/watch-evaluation";
import { CliError, type CliOptions, runDatabaseCommand, runWhenEntryPoint } from "./cli-database";

const usage = "Usage: npm run alarms:evaluate [-- --at <ISO time, e.g. 2026-11-25T06:00:00Z>]";

function parseArgs(args: readonly string[]): { at: Date } {
  if (args.length === 0) return { at: new Date() };
  if (args.length === 2 && args[0] === "--at") {
    const at = new Date(args[1]!);
    if (!Number.isNaN(at.getTime()) && /^\d{4}-\d{2}-\d{2}T/.test(args[1]!)) return { at };
  }
  throw new CliError(usage);
}

export async function runAlarmsEvaluate(args: readonly string[], options: CliOptions = {}): Promise<number> {
  return runDatabaseCommand(args, options, parseArgs, async (db, { at }, io) => {
    const outcome = await withJobLock(
      db,
      "scheduled-jobs",
      async () => ({ alarms: await evaluateAlarms(db, at), watches: await evaluateWatches(db, at) }),
      { wait: true },
    );
    if (!outcome.ran) throw new Error("the scheduled-jobs lock was not taken");
    const { alarms: run, watches } = outcome.value;
    io.out(
      `Evaluated ${run.evaluated} alarm period(s) as of ${at.toISOString()}: ${run.notificationIds.length} new notification(s).`,
    );
    if (run.notificationIds.length > 0) io.out(`  notification ids: ${run.notificationIds.join(", ")}`);
    io.out(`Evaluated ${watches.watches} watch(es): ${watches.notificationIds.length} new notification(s).`);
    if (watches.notificationIds.length > 0) io.out(`  notification ids: ${watches.notificationIds.join(", ")}`);
    return 0;
  });
}

runWhenEntryPoint(import.meta.url, (args) => runAlarmsEvaluate(args));
