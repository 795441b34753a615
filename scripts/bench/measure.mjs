/**
 * The bench's budgets under load and of the back-end (run.mjs): the dashboard under load, the
 * monthly report's PDF, and the back-end's own benchmark.
 */

import { alarmRunName, backendFigures } from "./backend-figures.mjs";
import {
  ANNA,
  browserAcceptEncoding,
  connections,
  limits,
  loadSeconds,
  PASSWORD,
  reportCodes,
  say,
  skipBackend,
  stopping,
  warmupSeconds,
} from "./context.mjs";
import { signIn } from "./http.mjs";
import { keptText, loadTest } from "./load.mjs";
import { childCpuSeconds, childMemoryMiB, runToEnd, serverNameOf } from "./processes.mjs";
import { details, fmt, notMeasured, oneUrlRow, reasonOf, row } from "./table.mjs";

/**
 * The portal's and the back-end's memory after every load of the run, in MiB: the most each held
 * (the kernel's VmHWM) and what it holds now. Not a budget (DESIGN.md sets none): what a container
 * of each must allow, read beside the young generation's size (ADR 0045).
 * @param {number | undefined} portalPid
 */
export function memoryRow(portalPid) {
  const name = "Memory of the portal and its back-end after the loads: peak / now";
  const servers = Object.entries(childMemoryMiB(portalPid))
    .filter(([cmd]) => serverNameOf(cmd) !== cmd)
    .map(([cmd, memory]) => /** @type {const} */ ([serverNameOf(cmd), memory]))
    .sort(([a], [b]) => b.localeCompare(a));
  if (servers.length === 0) return notMeasured(name, "reference", "the servers' /proc entries were not found");
  details.memoryMiB = Object.fromEntries(servers);
  row(
    name,
    "reference",
    servers.map(([server, m]) => `${server} ${fmt(m.peakMiB, 0)} / ${fmt(m.rssMiB, 0)} MiB`).join(", "),
    "n/a",
    { value: Math.max(...servers.map(([, m]) => m.peakMiB)), unit: "MiB" },
  );
}

/**
 * Dashboard SSR under load, with a fresh session (access tokens live 5 minutes).
 * @param {string} base
 * @param {string} dashboard
 * @param {number | undefined} portalPid
 */
export async function dashboardUnderLoad(base, dashboard, portalPid) {
  try {
    const fresh = await signIn(base, ANNA, PASSWORD);
    const headers = { Cookie: fresh.jar.header(), "Accept-Encoding": browserAcceptEncoding, Accept: "text/html" };
    say(
      `load: ${connections} connections on ${dashboard}, ${warmupSeconds} s warm-up (not counted), then ${loadSeconds} s…`,
    );
    await loadTest(`${base}${dashboard}`, {
      connections,
      durationMs: warmupSeconds * 1000,
      headers,
      isStopping: () => stopping,
    });
    // For reading the figure: one connection, one request at a time (not a budget).
    const single = await loadTest(`${base}${dashboard}`, {
      connections: 1,
      durationMs: 10_000,
      maxRequests: 20,
      headers,
      isStopping: () => stopping,
    });
    const cpuBefore = childCpuSeconds(portalPid);
    const ownCpuBefore = process.cpuUsage();
    const load = await loadTest(`${base}${dashboard}`, {
      connections,
      durationMs: loadSeconds * 1000,
      headers,
      isStopping: () => stopping,
    });
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const cpuAfter = childCpuSeconds(portalPid);
    const cpuSeconds = Object.fromEntries(
      Object.entries(cpuAfter).map(([cmd, s]) => [cmd, Number((s - (cpuBefore[cmd] ?? 0)).toFixed(2))]),
    );
    cpuSeconds["load generator (this process)"] = Number(((ownCpu.user + ownCpu.system) / 1e6).toFixed(2));
    details.load = {
      ...load,
      acceptEncoding: browserAcceptEncoding,
      warmupSeconds,
      cpuSecondsDuringLoad: cpuSeconds,
      oneConnection: { requests: single.completed, latencyMs: single.latencyMs },
    };
    const l = load.latencyMs;
    say(`  one connection: p50 ${fmt(single.latencyMs.p50)} ms over ${single.completed} requests`);
    say(
      `  CPU seconds used during the ${loadSeconds} s: ${Object.entries(cpuSeconds)
        .map(([cmd, s]) => `${cmd} ${s}`)
        .join(", ")}`,
    );
    // Per request, the figure to compare between runs: this machine's speed varies from run to run.
    const cpuMsPerRequest = Object.fromEntries(
      Object.entries(cpuSeconds).map(([cmd, s]) => [
        cmd,
        load.completed ? Number(((s * 1000) / load.completed).toFixed(2)) : null,
      ]),
    );
    details.load.cpuMsPerRequest = cpuMsPerRequest;
    say(
      `  CPU ms per request: ${Object.entries(cpuMsPerRequest)
        .map(([cmd, ms]) => `${cmd} ${ms}`)
        .join(", ")}`,
    );
    oneUrlRow(
      `Dashboard SSR p99, ${connections} connections, ${loadSeconds} s`,
      `≤ ${limits.p99Ms} ms`,
      `${fmt(l.p99, 0)} ms (p50 ${fmt(l.p50, 0)} ms, ${fmt(load.requestsPerSecond, 0)} req/s, ${load.completed} requests; ${keptText(load)})`,
      { value: l.p99, unit: "ms" },
    );
    const e = load.errors;
    row(
      `Dashboard SSR errors under load`,
      `${limits.errors}`,
      `${e.total} (non-2xx ${e.non2xx}, socket ${e.socket}, time-out ${e.timeout})`,
      e.total === limits.errors ? "ok" : "OVER",
      { value: e.total },
    );
    say(
      `load done: p50 ${fmt(l.p50)} ms, p99 ${fmt(l.p99)} ms, ${fmt(load.requestsPerSecond)} req/s, ${e.total} errors`,
    );
  } catch (error) {
    notMeasured(`Dashboard SSR p99, ${connections} connections`, `≤ ${limits.p99Ms} ms`, reasonOf(error));
    notMeasured(`Dashboard SSR errors under load`, `${limits.errors}`, reasonOf(error));
  }
}

/**
 * The monthly report's PDF: the time to make one (a request for a report not made before: its
 * figures from the back-end, then the drawing), and the dashboard while 50 PDFs of 50 other
 * reports are downloaded at once.
 * @param {string} base
 * @param {string} dashboard
 */
export async function reportPdfs(base, dashboard) {
  // The first row is written once its figure is in: a failure after it leaves it standing.
  let singlesDone = false;
  try {
    const codes = reportCodes();
    if (codes.length < 60) throw new Error(`only ${codes.length} reports in the demo data`);
    const pdf = async (/** @type {string} */ code) => {
      const t0 = performance.now();
      const response = await fetch(`${base}/report/${code}/pdf?lng=da`);
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200 || response.headers.get("content-type") !== "application/pdf")
        throw new Error(`report PDF answered ${response.status}`);
      return { ms: performance.now() - t0, bytes };
    };
    const singles = [];
    for (const code of codes.slice(0, 10)) singles.push(await pdf(code));
    const sorted = singles.map((one) => one.ms).sort((a, b) => a - b);
    const median = /** @type {number} */ (sorted[Math.floor(sorted.length / 2)]);
    const kb = singles.reduce((sum, one) => sum + one.bytes, 0) / singles.length / 1024;
    details.reportPdf = { oneAtATimeMs: sorted.map((ms) => Number(ms.toFixed(1))), meanKB: Number(kb.toFixed(1)) };
    row(
      "Report PDF: one made on request (figures + drawing), median of 10",
      `≤ ${limits.reportPdfMs} ms`,
      `${fmt(median, 0)} ms (${fmt(kb)} KB each)`,
      median <= limits.reportPdfMs ? "ok" : "OVER",
      { value: median, unit: "ms" },
    );
    singlesDone = true;

    const fresh = await signIn(base, ANNA, PASSWORD);
    const headers = { Cookie: fresh.jar.header(), "Accept-Encoding": browserAcceptEncoding, Accept: "text/html" };
    let burstDone = false;
    const burstStarted = performance.now();
    const burst = Promise.all(codes.slice(10, 60).map((code) => pdf(code))).finally(() => (burstDone = true));
    // Awaited below, after the dashboard's load: a download that fails meanwhile must not end the
    // whole bench as an unhandled rejection (it did, with a 503 on a machine busy with other work).
    burst.catch(() => {});
    const during = await loadTest(`${base}${dashboard}`, {
      connections: 5,
      durationMs: 60_000,
      headers,
      isStopping: () => stopping || burstDone,
    });
    const downloads = await burst;
    const burstMs = performance.now() - burstStarted;
    const l = during.latencyMs;
    details.reportPdf.burst = {
      downloads: downloads.length,
      seconds: Number((burstMs / 1000).toFixed(2)),
      dashboard: { requests: during.completed, latencyMs: l, errors: during.errors },
    };
    row(
      "Dashboard p99 while 50 report PDFs download at once (5 connections)",
      `≤ ${limits.p99Ms} ms`,
      `${fmt(l.p99, 0)} ms (p50 ${fmt(l.p50, 0)} ms, ${during.completed} requests, ${during.errors.total} errors; the 50 PDFs took ${fmt(burstMs / 1000)} s)`,
      l.p99 <= limits.p99Ms && during.errors.total === 0 ? "ok" : "OVER",
      { value: l.p99, unit: "ms" },
    );
    say(
      `report PDFs: one in ${fmt(median)} ms; dashboard p99 ${fmt(l.p99)} ms during 50 downloads (${fmt(burstMs / 1000)} s)`,
    );
  } catch (error) {
    if (!singlesDone) notMeasured("Report PDF: one made on request", `≤ ${limits.reportPdfMs} ms`, reasonOf(error));
    notMeasured("Dashboard p99 while 50 report PDFs download at once", `≤ ${limits.p99Ms} ms`, reasonOf(error));
  }
}

/** The back-end on an idle machine (the portal has stopped): `npm run bench:backend`. */
export async function backendBudgets() {
  const backendBudget = "Back-end: a year of one unit at daily resolution, p95";
  const alarmBudget = "Alarm job: one run over a day's new readings, 100 units × 5 alarms";
  if (skipBackend) {
    row(backendBudget, `≤ ${limits.backendP95Ms} ms`, "skipped (--skip-backend)", "skipped");
    row(alarmBudget, `≤ ${limits.alarmRunMs / 1000} s`, "skipped (--skip-backend)", "skipped");
  } else if (!stopping) {
    say("npm run bench:backend (about a minute)…");
    const result = await runToEnd("npm", ["run", "-s", "bench:backend"], { timeoutMs: 300_000 });
    const lines = result.stdout.split("\n").filter((line) => /: p50=/.test(line) || line.startsWith("#"));
    details.backend = { lines, exitCode: result.code };
    const figures = backendFigures(result.stdout);
    if (figures.year) {
      const { p50, p95 } = figures.year;
      row(
        backendBudget,
        `≤ ${limits.backendP95Ms} ms`,
        `${fmt(p95)} ms (p50 ${fmt(p50)} ms)`,
        p95 <= limits.backendP95Ms ? "ok" : "OVER",
        { value: p95, unit: "ms" },
      );
    } else {
      const why = result.timedOut
        ? "timed out after 300 s"
        : `no "tenantGraph year daily (one unit)" line (exit code ${result.code}): ${result.stderr.trim().split("\n").at(-1) ?? ""}`;
      notMeasured(backendBudget, `≤ ${limits.backendP95Ms} ms`, why);
    }
    if (figures.alarmRun) {
      const { ms, what } = figures.alarmRun;
      row(
        alarmBudget,
        `≤ ${limits.alarmRunMs / 1000} s`,
        `${fmt(ms)} ms (${what})`,
        ms <= limits.alarmRunMs ? "ok" : "OVER",
        { value: ms, unit: "ms" },
      );
    } else {
      notMeasured(
        alarmBudget,
        `≤ ${limits.alarmRunMs / 1000} s`,
        `no "${alarmRunName}" line (exit code ${result.code})`,
      );
    }
    for (const line of lines.concat(result.stdout.split("\n").filter((line) => line.startsWith(alarmRunName))))
      say(`  ${line}`);
  }
}
