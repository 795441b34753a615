/** The pure parts of the bench's Lighthouse runs (lighthouse.mjs). */

/**
 * What a run's score is made of: the metrics Lighthouse found short of perfect, and its benchmark
 * index of this machine (about 1 000 or more on a quiet one; far lower and no score can be judged).
 * @param {{ imperfectPerformanceAudits?: string[], benchmarkIndex?: number }} run
 */
export function runDetail(run) {
  const short = run.imperfectPerformanceAudits?.length
    ? run.imperfectPerformanceAudits.join(", ")
    : "every metric perfect";
  const index = Number.isFinite(run.benchmarkIndex) ? Math.round(/** @type {number} */ (run.benchmarkIndex)) : "?";
  return `${short}; benchmark index ${index}`;
}
