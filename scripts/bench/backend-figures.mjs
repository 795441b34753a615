/**
 * Reading `npm run bench:backend`'s output for the budget table of `npm run bench` (measure.mjs).
 * A module of its own, without context.mjs's side effects, so that its test can import it.
 */

/** The line backend/cli/bench.ts prints for the timed alarm run, up to its colon. */
export const alarmRunName = "the day's alarm run";

/**
 * The two figures the budget table takes from `npm run bench:backend`'s output (SQLite's, the
 * first of each): a year of one unit at daily resolution, and the day's alarm run.
 * @param {string} stdout
 * @returns {{ year?: { p50: number, p95: number }, alarmRun?: { ms: number, what: string } }}
 */
export function backendFigures(stdout) {
  const year = stdout.match(/^tenantGraph year daily \(one unit\): p50=([\d.]+) ms p95=([\d.]+) ms/m);
  const alarmRun = stdout.match(/^the day's alarm run: ([\d.]+) s for (.*?)(?: {2}\(budget .*)?$/m);
  return {
    ...(year ? { year: { p50: Number(year[1]), p95: Number(year[2]) } } : {}),
    ...(alarmRun ? { alarmRun: { ms: Number(alarmRun[1]) * 1000, what: alarmRun[2] ?? "" } } : {}),
  };
}
