/**
 * The bench's Lighthouse budgets (run.mjs): Lighthouse 12.8, installed on demand into
 * .cache/lighthouse (not a dependency of the project), run on mobile with simulated slow 4G.
 */

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumArgs, chromiumPath } from "../chromium.mjs";
import { ANNA, lighthouseRuns, limits, PASSWORD, root, say, skipLighthouse, stopping } from "./context.mjs";
import { request, signIn } from "./http.mjs";
import { runDetail } from "./lighthouse-figures.mjs";
import { runToEnd, trackGroup, untilQuiet, untrackGroup } from "./processes.mjs";
import { details, reasonOf, row } from "./table.mjs";

const LIGHTHOUSE_SPEC = "lighthouse@12.8.x";
const lighthouseDir = path.join(root, ".cache", "lighthouse");
const chromiumFlags = ["--headless", ...chromiumArgs];

function installedLighthouseVersion() {
  try {
    return JSON.parse(readFileSync(path.join(lighthouseDir, "node_modules", "lighthouse", "package.json"), "utf8"))
      .version;
  } catch {
    return undefined;
  }
}

async function ensureLighthouse() {
  if (!existsSync(chromiumPath))
    throw new Error(`no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (/^12\.8\./.test(installedLighthouseVersion() ?? "")) return installedLighthouseVersion();
  say(`installing ${LIGHTHOUSE_SPEC} into .cache/lighthouse (about 185 MB, not a project dependency)…`);
  mkdirSync(lighthouseDir, { recursive: true });
  const manifest = path.join(lighthouseDir, "package.json");
  if (!existsSync(manifest))
    writeFileSync(manifest, `${JSON.stringify({ name: "bench-lighthouse", private: true }, null, 2)}\n`);
  const result = await runToEnd(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", lighthouseDir, LIGHTHOUSE_SPEC],
    { timeoutMs: 300_000 },
  );
  const version = installedLighthouseVersion();
  if (result.code !== 0 || !/^12\.8\./.test(version ?? "")) {
    const errors = result.stderr
      .split("\n")
      .filter((l) => /^npm error \S/i.test(l) && !/complete log of this run/i.test(l));
    const why = result.timedOut
      ? "timed out after 300 s"
      : errors
          .slice(0, 2)
          .map((l) => l.replace(/^npm error /i, ""))
          .join("; ") || `exit code ${result.code}`;
    throw new Error(`npm install ${LIGHTHOUSE_SPEC} failed: ${why}`);
  }
  return version;
}

/**
 * @param {string} url
 * @param {Record<string, string> | undefined} extraHeaders
 */
async function lighthouseOnce(url, extraHeaders) {
  const output = path.join(os.tmpdir(), `bench-lighthouse-${process.pid}-${Date.now()}.json`);
  let chromePid;
  const options = { lighthouseDir, url, chromePath: chromiumPath, chromeFlags: chromiumFlags, extraHeaders, output };
  const result = await runToEnd(
    process.execPath,
    [path.join(root, "scripts/bench/lighthouse-child.mjs"), JSON.stringify(options)],
    {
      timeoutMs: 150_000,
      onStdout: (text) => {
        const match = text.match(/chrome-pid (\d+)/);
        if (match) {
          chromePid = Number(match[1]);
          trackGroup(chromePid);
        }
      },
    },
  );
  if (chromePid) {
    try {
      process.kill(-chromePid, "SIGKILL"); // chrome-launcher has stopped it; make sure
    } catch {
      // gone, as it should be
    }
    untrackGroup(chromePid);
  }
  if (result.code !== 0 || !existsSync(output)) {
    const why = result.timedOut
      ? "Lighthouse did not finish within 150 s"
      : result.stderr.trim().split("\n")[0] || `exit code ${result.code}`;
    rmSync(output, { force: true });
    throw new Error(why);
  }
  const summary = JSON.parse(readFileSync(output, "utf8"));
  rmSync(output, { force: true });
  if (summary.runtimeError) throw new Error(`Lighthouse: ${summary.runtimeError}`);
  return summary;
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.floor((sorted.length - 1) / 2)]);
};

/**
 * Runs Lighthouse `lighthouseRuns` times on one page; the verdict uses the median scores. Each run
 * starts once the portal's two servers are quiet (`untilQuiet`): the runs come right after the
 * loads, and a page's blocking time is measured on the same two cores, so a server still busy (a
 * PDF, garbage collection, a sign-in's hash) would be charged to the page. Lighthouse's own advice
 * on variability: no other work on the machine, several runs, their median.
 * @param {string} label
 * @param {string} base
 * @param {string} pagePath
 * @param {() => Promise<Record<string, string> | undefined>} headersForRun
 * @param {number | undefined} portalPid the portal's start script, whose children are the two servers
 */
async function lighthousePage(label, base, pagePath, headersForRun, portalPid) {
  const runs = [];
  for (let i = 0; i < lighthouseRuns && !stopping; i++) {
    // Chrome sometimes fails to record a trace ("Something went wrong with recording the trace"):
    // such a run has no scores at all, so it is run again (twice at most) rather than dropping the page.
    let run;
    for (let attempt = 1; ; attempt++) {
      try {
        const headers = await headersForRun();
        await untilQuiet(portalPid, () => stopping);
        const loadAverage = os.loadavg()[0];
        run = { ...(await lighthouseOnce(new URL(pagePath, base).href, headers)), loadAverage };
        break;
      } catch (error) {
        if (attempt >= 3 || stopping) throw error;
        say(`  Lighthouse ${label} run ${i + 1}/${lighthouseRuns} failed (${reasonOf(error)}); trying it again…`);
      }
    }
    if (new URL(run.finalUrl).pathname !== pagePath)
      throw new Error(`Lighthouse ended on ${run.finalUrl}, not ${pagePath}`);
    runs.push(run);
    say(
      `  Lighthouse ${label} run ${i + 1}/${lighthouseRuns}: performance ${run.performance}, accessibility ${run.accessibility}; ${runDetail(run)}`,
    );
  }
  const performance = median(runs.map((r) => r.performance));
  const accessibility = median(runs.map((r) => r.accessibility));
  const perfList = runs.map((r) => r.performance).join(", ");
  const a11yList = runs.map((r) => r.accessibility).join(", ");
  row(
    `Lighthouse mobile performance: ${label}`,
    `≥ ${limits.performance}`,
    `${performance} (runs: ${perfList})`,
    performance >= limits.performance ? "ok" : "OVER",
    { value: performance },
  );
  row(
    `Lighthouse mobile accessibility: ${label}`,
    `${limits.accessibility}`,
    `${accessibility} (runs: ${a11yList})`,
    accessibility >= limits.accessibility ? "ok" : "OVER",
    { value: accessibility },
  );
  details.lighthouse ??= {};
  details.lighthouse[label] = runs;
}

/**
 * Lighthouse on /login, Anna's dashboard, her heating page when there is one and a monthly
 * report (DESIGN.md section 5, issue 27: the four pages of the budget).
 * @param {string} base
 * @param {string} dashboard
 * @param {import("./http.mjs").CookieJar} annaJar
 * @param {string | undefined} reportCode a monthly report's code, when the demo data has one
 * @param {number | undefined} portalPid the portal's start script (each run waits until its servers are quiet)
 */
export async function lighthouseBudgets(base, dashboard, annaJar, reportCode, portalPid) {
  const consumptionPath = `${dashboard}/consumption/heat-energy`;
  let consumptionExists = false;
  try {
    const probe = await request(base, consumptionPath, { jar: annaJar, maxRedirects: 0 });
    consumptionExists = probe.response.status === 200;
  } catch {
    consumptionExists = false;
  }
  const signedIn = async () => ({ Cookie: (await signIn(base, ANNA, PASSWORD)).jar.header() });
  /** @typedef {[string, string, () => Promise<Record<string, string> | undefined>]} LighthousePage */
  /** @type {LighthousePage[]} */
  const pages = [
    ["/login", "/login", async () => undefined],
    [`dashboard ${dashboard}`, dashboard, signedIn],
    ...(consumptionExists
      ? [/** @type {LighthousePage} */ ([`consumption page ${consumptionPath}`, consumptionPath, signedIn])]
      : []),
    ...(reportCode
      ? [
          /** @type {LighthousePage} */ ([
            `the monthly report /report/{code}`,
            `/report/${reportCode}`,
            async () => undefined,
          ]),
        ]
      : []),
  ];
  const lighthouseRows = (
    /** @type {string} */ label,
    /** @type {string} */ measured,
    /** @type {string} */ verdict,
  ) => {
    row(`Lighthouse mobile performance: ${label}`, `≥ ${limits.performance}`, measured, verdict);
    row(`Lighthouse mobile accessibility: ${label}`, `${limits.accessibility}`, measured, verdict);
  };
  if (skipLighthouse) {
    for (const [label] of pages) lighthouseRows(label, "skipped (--skip-lighthouse)", "skipped");
  } else {
    let ready = false;
    try {
      const version = await ensureLighthouse();
      details.lighthouseVersion = version;
      ready = true;
      say(`Lighthouse ${version}, ${lighthouseRuns} run(s) per page (median), mobile, simulated slow 4G…`);
    } catch (error) {
      for (const [label] of pages) lighthouseRows(label, `not measured: ${reasonOf(error)}`, "not measured");
    }
    for (const [label, pagePath, headersForRun] of ready ? pages : []) {
      try {
        await lighthousePage(label, base, pagePath, headersForRun, portalPid);
      } catch (error) {
        lighthouseRows(label, `not measured: ${reasonOf(error)}`, "not measured");
      }
    }
  }
  if (!consumptionExists) lighthouseRows("consumption page", "n/a (no consumption page yet)", "n/a");
  if (!reportCode) lighthouseRows("the monthly report", "n/a (the demo data has no report yet)", "n/a");
}
