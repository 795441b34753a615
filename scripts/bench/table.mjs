/**
 * The bench's table (run.mjs): a row per budget with its limit, what was measured and the verdict,
 * printed at the end and written with the details to reports/bench.json.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  connections,
  lighthouseRuns,
  loadSeconds,
  reportsDir,
  skipBackend,
  skipLighthouse,
  startedAt,
  warmupSeconds,
} from "./context.mjs";

/** @typedef {{ budget: string, limit: string, measured: string, verdict: string, value?: number, unit?: string }} Row */
/** @type {Row[]} */
export const rows = [];
/**
 * What the report's `details` records, as measured (written out as JSON).
 * @type {Record<string, any>}
 */
export const details = {};
/** verdict: "ok", "OVER", "n/a", "not measured", "skipped" */

/**
 * @param {string} budget
 * @param {string} limit
 * @param {string} measured
 * @param {string} verdict
 * @param {{ value?: number, unit?: string }} [extra]
 */
export function row(budget, limit, measured, verdict, extra = {}) {
  rows.push({ budget, limit, measured, verdict, ...extra });
}
/**
 * The row of a load's p99 against its limit, with its p50 beside it.
 * @param {string} budget
 * @param {number} limitMs
 * @param {{ latencyMs: { p50: number, p99: number } }} load
 */
export function p99Row(budget, limitMs, load) {
  const { p50, p99 } = load.latencyMs;
  row(budget, `≤ ${limitMs} ms`, `${fmt(p99, 0)} ms (p50 ${fmt(p50, 0)} ms)`, p99 <= limitMs ? "ok" : "OVER", {
    value: p99,
    unit: "ms",
  });
}
/**
 * A figure of one URL asked again and again (issue 27's loads), printed beside issue 27's limit as
 * a reference, not a verdict: DESIGN.md section 5 ("one URL repeated is not a budget: it measures
 * a cache"), and since issue 45 removed the kept pages (ADR 0054) no cache answers it either.
 * @param {string} budget
 * @param {string} issue27Limit
 * @param {string} measured
 * @param {{ value?: number, unit?: string }} [extra]
 */
export const oneUrlRow = (budget, issue27Limit, measured, extra = {}) =>
  row(budget, `reference (issue 27: ${issue27Limit})`, measured, "n/a", extra);
export const notMeasured = (/** @type {string} */ budget, /** @type {string} */ limit, /** @type {string} */ reason) =>
  row(budget, limit, `not measured: ${reason}`, "not measured");
export const fmt = (/** @type {number} */ n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "?");
export const reasonOf = (/** @type {unknown} */ error) =>
  (String(/** @type {Error | undefined} */ (error)?.message ?? error).split("\n")[0] ?? "").slice(0, 160);

export function printTable() {
  const header = { budget: "budget", limit: "limit", measured: "measured", verdict: "verdict" };
  const keys = /** @type {(keyof typeof header)[]} */ (Object.keys(header));
  const width = /** @type {Record<keyof typeof header, number>} */ (
    Object.fromEntries(
      keys.map((k) => [k, Math.min(120, Math.max(...[header, ...rows].map((r) => String(r[k]).length)))]),
    )
  );
  const cell = (/** @type {Row} */ r, /** @type {keyof typeof header} */ k) =>
    String(r[k]).length > 120 ? `${String(r[k]).slice(0, 119)}…` : String(r[k]);
  const line = (/** @type {Row} */ r) => keys.map((k) => cell(r, k).padEnd(width[k])).join(" | ");
  console.log("");
  console.log(line(header));
  console.log(keys.map((k) => "-".repeat(width[k])).join("-|-"));
  for (const r of rows) console.log(line(r));
  console.log("");
}

export function summary() {
  const count = (/** @type {string} */ v) => rows.filter((r) => r.verdict === v).length;
  const over = rows.filter((r) => r.verdict === "OVER").map((r) => r.budget);
  const missing = count("not measured");
  const parts = [`${count("ok")} ok`, `${over.length} OVER`, `${missing} not measured`];
  if (count("skipped")) parts.push(`${count("skipped")} skipped`);
  if (count("n/a")) parts.push(`${count("n/a")} n/a`);
  const verdict = over.length
    ? `budgets OVER: ${over.join("; ")}`
    : missing
      ? "every measured budget met, some not measured"
      : "every measured budget met";
  return `bench: ${parts.join(", ")} — ${verdict}`;
}

export function gitState() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { encoding: "utf8" }).trim() !== "";
    return { commit, dirty };
  } catch {
    return null;
  }
}

export function writeReport(extra = {}) {
  const report = {
    date: new Date(startedAt).toISOString(),
    durationS: Math.round((Date.now() - startedAt) / 1000),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: details.loadAverageAtStart,
      referenceRenderMs: details.referenceRenderMs,
    },
    git: gitState(),
    options: { skipLighthouse, skipBackend, lighthouseRuns, loadSeconds, warmupSeconds, connections },
    rows,
    summary: summary(),
    details,
    ...extra,
  };
  writeFileSync(path.join(reportsDir, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
}
