/** The pure parts of the bench's Lighthouse runs (lighthouse.mjs). */

/**
 * What a run's score is made of: the metrics Lighthouse found short of perfect, its benchmark
 * index of this machine (about 1 000 or more on a quiet one; far lower and no score can be judged)
 * and, when the bench knew it, the machine's one-minute load average as the run started (the
 * blocking time of a page with scripts grows with what else the two cores run).
 * @param {{ imperfectPerformanceAudits?: string[], benchmarkIndex?: number, loadAverage?: number }} run
 */
export function runDetail(run) {
  const short = run.imperfectPerformanceAudits?.length
    ? run.imperfectPerformanceAudits.join(", ")
    : "every metric perfect";
  const index = Number.isFinite(run.benchmarkIndex) ? Math.round(/** @type {number} */ (run.benchmarkIndex)) : "?";
  const load = Number.isFinite(run.loadAverage)
    ? `; load average ${/** @type {number} */ (run.loadAverage).toFixed(1)}`
    : "";
  return `${short}; benchmark index ${index}${load}`;
}
