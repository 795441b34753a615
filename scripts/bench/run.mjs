#!/usr/bin/env node
/**
 * `npm run bench`: measures the budgets of DESIGN.md section 5 and prints them beside their limits.
 * Not a test: it exits 0 when a budget is over (and says so in its last line); it exits 1 only when
 * it could not run at all (the build failed, the portal did not start).
 *
 *   0. times a fixed React render (calibrate.mjs), a reference for the machine's speed;
 *   1. builds (`npm run build`); then the bare page (mix-load.mjs, scripts/bench/bare): a Remix
 *      2.17 app of one route whose loader returns 30 rows shown in a table, built with the
 *      repository's node_modules and served by a small express server as server.ts serves the
 *      portal, without and with the `compression` middleware (level 4, as server.ts); each put
 *      under the same load as the portal's pages below (a 5 s warm-up, then --duration), for the
 *      reference figures the portal's are read against; then starts the portal and its local
 *      back-end on free ports with a fresh temporary DATA_DIR (seeded on first start, about 30 s);
 *   2. JavaScript per page, gzip: every page route, as a visitor or as the demo account that reaches
 *      it (scripts/every-page.mjs, shared with the e2e suite; pages.mjs); ≤ 150 KB, ≤ 10 KB on the
 *      pages that need no script (the report, the policies, help, statements);
 *   3. the session cookie's Set-Cookie length for jens@demo.test (most tenancies);
 *   4. the dashboard under load: 50 connections for 15 s (after a 10 s warm-up that is not counted),
 *      and its throughput against the uncompressed bare page's; the consumption page's default view
 *      (Anna's heat energy) alone the same way: one URL repeated, printed as references beside
 *      issue 27's limits (≥ 50 %, ≥ 200 req/s, p99 ≤ 300 and 500 ms), not verdicts (DESIGN.md
 *      section 5: one URL repeated measures a cache, not what residents get); its errors still count;
 *      the mix (mix.mjs): every demo resident signed in 3 times, each session's tenancies and
 *      their consumption pages found from the pages, and each request drawn at random: a session
 *      (its cookie), one of its tenancies, a kind (dashboard 30 %, consumption 50 %, alarms and
 *      notifications 10 % each), one URL of that kind (a consumption page in its default view or
 *      over the last month, the last twelve months or a custom span, compared with the previous
 *      year, the property's average or nothing); printed for the whole and per kind: req/s,
 *      p50/p99, errors, and the portal's and back-end's CPU ms per request (for the whole: the
 *      kinds share the processes);
 *   4c. the new-page mix (new-page-mix.mjs, new-page-load.mjs): every request a URL not asked for
 *      before in the run, 30 % dashboards, 70 % consumption pages over periods of 7–90 days in the
 *      last two years with a random comparison; against the bare page (≥ 25 %), p99 ≤ 500 ms, CPU
 *      per page ≤ 8 ms (issue 45), and the share of pages the portal kept (about none);
 *   4d. the session replay (replay.mjs, replay-load.mjs): 200 residents' visits drawn over the demo
 *      residents, 50 at once (--connections), each signing in through the form, the dashboard, two
 *      to four consumption pages through the period selector, the dashboard, the notifications;
 *      without JavaScript (documents, redirects followed) and with it (single fetch's .data
 *      requests); req/s, p50/p99 (≤ 300 ms, issue 45), visits/s, CPU per request. The portal is
 *      started with TRUST_PROXY=loopback so that each replayed resident has its own address
 *      (X-Forwarded-For) for the sign-in limits;
 *   then the monthly report's PDF: one made on request (median of 10), and the dashboard's p99
 *      (5 connections) while 50 PDFs of other reports are downloaded at once;
 *   5. Lighthouse mobile (simulated slow 4G) on /login, the dashboard, a consumption page and a
 *      monthly report (performance 100, accessibility 100: DESIGN.md section 5), the median of 5
 *      runs a page, each started once the portal's servers are quiet; Lighthouse 12.8 is installed
 *      on demand into .cache/lighthouse (not a dependency of the project); --skip-lighthouse skips it;
 *   5b. the portal's and the back-end's memory after all that: the most each held and what it holds
 *      now (/proc's VmHWM and VmRSS; a reference for sizing their containers, ADR 0045);
 *   6. stops the portal, then runs `npm run bench:backend` for "a year of one unit's consumption at
 *      daily resolution" (about a minute); --skip-backend skips it.
 * Writes the table as JSON to reports/bench.json. Every process it starts is stopped, also on
 * Ctrl+C and on errors, and the temporary DATA_DIR is removed.
 *
 * Options: --skip-lighthouse, --skip-backend, --lighthouse-runs=N (per page, median; default 5),
 * --duration=S (load, default 15), --connections=N (default 50).
 * Environment: BENCH_PORT (first port tried for the portal, 3200), BENCH_BACKEND_PORT (4200),
 * CHROMIUM_PATH (/usr/bin/chromium).
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import {
  ANNA,
  cleanUp,
  elapsed,
  JENS,
  limits,
  makeDataDir,
  PASSWORD,
  removeDataDir,
  reportCodes,
  say,
  serverLog,
  stopping,
  waitForPortal,
} from "./context.mjs";
import { signIn } from "./http.mjs";
import { measurePage } from "./js-size.mjs";
import { lighthouseBudgets } from "./lighthouse.mjs";
import { backendBudgets, dashboardUnderLoad, memoryRow, reportPdfs } from "./measure.mjs";
import { barePage, comparisonRows, consumptionAlone, mixUnderLoad } from "./mix-load.mjs";
import { newPageMixUnderLoad } from "./new-page-load.mjs";
import { everyPageToMeasure } from "./pages.mjs";
import { runToEnd, startPortal, stopProcess } from "./processes.mjs";
import { replayPortalEnv, replayResidentsOf, replayUnderLoad } from "./replay-load.mjs";
import { details, fmt, notMeasured, printTable, reasonOf, row, rows, summary, writeReport } from "./table.mjs";

async function main() {
  details.loadAverageAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  say(
    `${os.cpus().length} cores, load average ${details.loadAverageAtStart.join(" ")}${details.loadAverageAtStart[0] > 1 ? " (other work is running: figures may be slower than on an idle machine)" : ""}`,
  );
  // The machine's speed, to compare figures between days and machines (calibrate.mjs).
  const reference = await runToEnd(process.execPath, ["scripts/bench/calibrate.mjs"], { timeoutMs: 60_000 });
  details.referenceRenderMs =
    reference.code === 0
      ? (JSON.parse(reference.stdout.trim().split("\n").at(-1) ?? "{}").referenceRenderMs ?? null)
      : null;
  say(
    `machine reference (React renders a fixed 2 000-element page to a string; lower is faster): ${details.referenceRenderMs ?? "?"} ms`,
  );

  // 1. Build, start, sign in.
  say("building (npm run build)…");
  const build = await runToEnd("npm", ["run", "-s", "build"], { timeoutMs: 300_000 });
  if (build.code !== 0) {
    console.error(build.stdout.slice(-3000), build.stderr.slice(-3000));
    throw new Error("npm run build failed");
  }
  // 1b. The bare page, before the portal starts: nothing else of the bench's runs meanwhile.
  await barePage();
  if (stopping) return;

  const dataDir = makeDataDir();
  writeFileSync(serverLog, "");
  const { portal, base, backendPort } = await startPortal({
    firstPort: Number(process.env.BENCH_PORT ?? 3200),
    firstBackendPort: Number(process.env.BENCH_BACKEND_PORT ?? 4200),
    dataDir,
    log: serverLog,
    env: replayPortalEnv,
  });
  say(
    `starting the portal on ${base} and its back-end on 127.0.0.1:${backendPort} with a fresh DATA_DIR (seeding takes about 30 s; log: reports/bench-server.log)…`,
  );
  await waitForPortal(portal, base);
  if (stopping) return;
  say("portal up; signing in as Anna…");
  const anna = await signIn(base, ANNA, PASSWORD);
  const dashboard = anna.landing.pathname;
  if (!/^\/t\/\d+$/.test(dashboard)) throw new Error(`Anna's sign-in ended on ${dashboard}, not a dashboard /t/<id>`);
  details.dashboard = dashboard;
  say(`Anna's dashboard: ${dashboard}`);

  // 2. JavaScript per page.
  details.javascript = {};
  // The back-end's first scheduled run makes the demo's reports a few seconds after it starts.
  let firstReport;
  for (let tries = 0; tries < 60 && !firstReport && !stopping; tries++) {
    firstReport = reportCodes()[0];
    if (!firstReport) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const { label, path: pagePath, jar, scriptless, missing } of await everyPageToMeasure(base, firstReport)) {
    const budget = `JavaScript per page, gzip: ${label}`;
    const limit = scriptless ? limits.scriptlessJsKB : limits.jsKB;
    if (missing) {
      notMeasured(budget, `≤ ${limit} KB`, "the demo data has no such page to link to");
      continue;
    }
    try {
      const page = await measurePage(base, pagePath, jar);
      details.javascript[pagePath] = page;
      // The script files; on a page that needs none, its inline scripts (the loader data) count too.
      const measured = page.gzipKB + (scriptless ? page.inlineScriptsGzipBytes / 1024 : 0);
      row(
        budget,
        `≤ ${limit} KB`,
        `${fmt(page.gzipKB)} KB (${page.fileCount} files, ${fmt(page.bytes / 1024)} KB raw${page.inlineScriptsGzipBytes > 0 ? `, inline ${fmt(page.inlineScriptsGzipBytes / 1024)} KB` : ""})`,
        measured <= limit ? "ok" : "OVER",
        { value: measured, unit: "KB (1024 bytes)" },
      );
    } catch (error) {
      notMeasured(budget, `≤ ${limit} KB`, reasonOf(error));
    }
  }
  say("JavaScript sizes measured");

  // 3. Cookie: Jens has the most tenancies; "remember me" adds Max-Age and Expires, the longest form.
  try {
    const jens = await signIn(base, JENS, PASSWORD, { remember: true });
    const lengths = jens.sessionSetCookies.map((line) => Buffer.byteLength(line, "utf8"));
    const longest = Math.max(...lengths);
    details.cookie = {
      email: JENS,
      landing: jens.landing.pathname,
      setCookieLengths: lengths,
      nameValueBytes: Buffer.byteLength(`__session=${jens.jar.cookies.get("__session") ?? ""}`),
    };
    row(
      `Session cookie (Set-Cookie, ${JENS})`,
      `≤ ${limits.cookieBytes} bytes`,
      `${longest} bytes`,
      longest <= limits.cookieBytes ? "ok" : "OVER",
      { value: longest, unit: "bytes" },
    );
  } catch (error) {
    notMeasured(`Session cookie (Set-Cookie, ${JENS})`, `≤ ${limits.cookieBytes} bytes`, reasonOf(error));
  }

  // 4, 4b, 5: the dashboard under load, the report PDFs, Lighthouse.
  await dashboardUnderLoad(base, dashboard, portal.child.pid);
  comparisonRows();
  await consumptionAlone(base, dashboard, portal.child.pid);
  await mixUnderLoad(base, portal.child.pid);
  await newPageMixUnderLoad(base, portal.child.pid);
  try {
    const residents = await replayResidentsOf(base);
    for (const js of [false, true]) await replayUnderLoad(base, portal.child.pid, { js, residents });
  } catch (error) {
    notMeasured("Session replay", `p99 ≤ ${limits.replayP99Ms} ms`, reasonOf(error));
  }
  await reportPdfs(base, dashboard);
  await lighthouseBudgets(base, dashboard, anna.jar, firstReport, portal.child.pid);
  memoryRow(portal.child.pid);

  // 6. The back-end on an idle machine: stop the portal first.
  say("stopping the portal and its back-end…");
  await stopProcess(portal);
  removeDataDir();
  await backendBudgets();
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  if (!stopping) {
    console.error(`bench could not run: ${/** @type {Error | undefined} */ (error)?.stack ?? error}`);
    exitCode = 1;
  }
} finally {
  if (!stopping) await cleanUp();
}
if (!stopping) {
  if (rows.length) {
    printTable();
    writeReport();
    console.log(`(written to reports/bench.json; ${elapsed()} in all)`);
  }
  console.log(exitCode ? "bench: could not run (see above)" : summary());
  process.exit(exitCode);
}
