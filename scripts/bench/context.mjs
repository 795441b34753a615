/**
 * What every part of `npm run bench` (run.mjs) shares: its options and limits, the log line, the
 * temporary data directory with the demo reports read from it, and the clean-up of everything it
 * starts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { waitFor } from "./http.mjs";
import { stopAll } from "./processes.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);

// ---------------------------------------------------------------------------------------------
// Options and constants

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  // The script run (run.mjs, profile.mjs) starts with its doc comment.
  console.log(
    /** @type {[string, string]} */ (
      readFileSync(process.argv[1] ?? new URL("./run.mjs", import.meta.url), "utf8").match(/\/\*\*([\s\S]*?)\*\//)
    )[1].replace(/^ \* ?/gm, ""),
  );
  process.exit(0);
}
/**
 * @param {string} name
 * @param {number} fallback
 */
const option = (name, fallback) => {
  const found = argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
};
export const skipLighthouse = argv.includes("--skip-lighthouse");
export const skipBackend = argv.includes("--skip-backend");
// Five runs a page, their median: Lighthouse's advice on variability (docs/variability.md), which
// halves the spread of one run; three left the pages with scripts at 94–96 one day, 100 the next.
export const lighthouseRuns = Math.max(1, option("lighthouse-runs", 5));
export const loadSeconds = Math.max(1, option("duration", 15));
export const connections = Math.max(1, option("connections", 50));
// A served portal is warm: the JIT has compiled the render path long before anyone measures it.
export const warmupSeconds = 10;

export const PASSWORD = "Demo-Password-2026!";
export const ANNA = "anna@demo.test";
export const JENS = "jens@demo.test";
// Like a browser: the portal compresses what it sends (server.ts uses compression()).
export const browserAcceptEncoding = "gzip, deflate, br";

export const limits = {
  // DESIGN.md section 5: JavaScript per page on first load, gzip (150 KB since issue 45, which
  // made room for the design card's libraries as their users know them); pages that need no script.
  jsKB: 150,
  scriptlessJsKB: 10,
  // DESIGN.md section 5 (issue 27): Lighthouse mobile performance 100 on the four pages.
  performance: 100,
  accessibility: 100,
  p99Ms: 300,
  errors: 0,
  backendP95Ms: 50,
  cookieBytes: 4096,
  alarmRunMs: 10_000,
  reportPdfMs: 1000,
  // Issue 27: the dashboard at ≥ 50 % of a bare Remix page's throughput (uncompressed), and the
  // consumption page's default view alone at ≥ 200 req/s with p99 ≤ 500 ms (50 connections).
  dashboardShareOfBare: 50,
  consumptionRps: 200,
  consumptionP99Ms: 500,
  // Issue 45: the new-page mix (every URL new) at ≥ 25 % of the bare page's throughput (uncompressed)
  // with p99 ≤ 500 ms and at most 8 ms of CPU per page, portal and back-end together; the session
  // replay's p99 ≤ 300 ms.
  newPageShareOfBare: 25,
  newPageP99Ms: 500,
  newPageCpuMs: 8,
  replayP99Ms: 300,
};

export const reportsDir = path.join(root, "reports");
mkdirSync(reportsDir, { recursive: true });
export const serverLog = path.join(reportsDir, "bench-server.log");
export const startedAt = Date.now();
export const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
export const say = (/** @type {string} */ message) => console.log(`[bench ${elapsed().padStart(5)}] ${message}`);

// ---------------------------------------------------------------------------------------------
// Clean-up: every started process and the temporary data directory, whatever happens

/** @type {string | undefined} */
export let dataDir;
export let stopping = false;
let cleanedUp = false;
/** @type {(() => void)[]} */
const moreCleanUp = [];
/**
 * Something else to undo when the bench ends, also on Ctrl+C, after its processes have stopped
 * (bench:compare's worktree of the base commit).
 * @param {() => void} step
 */
export function alsoCleanUp(step) {
  moreCleanUp.push(step);
}
export async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  await stopAll();
  for (const step of moreCleanUp.splice(0)) {
    try {
      step();
    } catch (error) {
      console.error(`clean-up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Runs a bench command's `main` to its end: an error prints "`name` could not run" with its stack
 * and exits 1, else 0; what it started is stopped and undone (cleanUp) either way. On Ctrl+C the
 * signal handler has done that and ends the process.
 * @param {string} name
 * @param {() => Promise<void>} main
 */
export async function runToExit(name, main) {
  let exitCode = 0;
  try {
    await main();
  } catch (error) {
    if (!stopping) {
      console.error(`${name} could not run: ${/** @type {Error | undefined} */ (error)?.stack ?? error}`);
      exitCode = 1;
    }
  } finally {
    if (!stopping) await cleanUp();
  }
  if (!stopping) process.exit(exitCode);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping everything the bench started…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const startSeconds = Math.max(10, Number(process.env.BENCH_START_SECONDS || 180));
/**
 * Waits for the started portal's /healthz (BENCH_START_SECONDS, 180 s by default, seeding included:
 * about 30 s on an idle machine, over 180 s on one shared by several busy runs); throws with the end of
 * its log when it does not answer or stops, unless the bench is stopping.
 * @param {import("./processes.mjs").ProcessEntry} portal
 * @param {string} base
 * @param {string} [log] the portal's log (the bench's server log)
 */
export async function waitForPortal(portal, base, log = serverLog) {
  const up = await Promise.race([
    waitFor(`${base}/healthz`, { timeoutMs: startSeconds * 1000, isStopping: () => stopping }),
    portal.done.then(() => false),
  ]);
  if (!up && !stopping) {
    console.error(readFileSync(log, "utf8").slice(-3000));
    throw new Error(`the portal did not answer /healthz within ${startSeconds} s (BENCH_START_SECONDS)`);
  }
}

/** A fresh temporary data directory for the portal's back-end; cleanUp removes it. */
export function makeDataDir() {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  return dataDir;
}

/** Removes the data directory now (the portal has stopped). */
export function removeDataDir() {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

/** The monthly reports' codes of the bench's demo data (made by the back-end's first scheduled run). */
export function reportCodes() {
  const db = new Database(path.join(/** @type {string} */ (dataDir), "portal.sqlite"), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db
      .prepare("SELECT code FROM consumption_reports ORDER BY tenancy_id, month DESC")
      .all()
      .map((r) => /** @type {{ code: string }} */ (r).code);
  } finally {
    db.close();
  }
}
