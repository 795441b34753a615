/**
 * `npm run bench:compare -- --base=<commit>`: this checkout's servers against another commit's,
 * side by side on one machine. On a machine whose speed drifts by a fifth from one run to the next
 * (docs/performance.md, "Statements compiled once per shape"), two runs of `npm run bench` cannot
 * tell a change of a tenth; turns taken side by side can, and issue 27's "half the CPU per page" is
 * a ratio to the commit it started from.
 *
 *   1. checks the base commit out as a git worktree in a temporary directory and builds both. The
 *      worktree uses this checkout's node_modules, so the base is refused when it would install
 *      other packages (another version of any package in its package-lock.json) or patch them
 *      otherwise (patches/);
 *   2. starts each as `npm start` does, each on a fresh DATA_DIR of its own (each seeds its own
 *      demo data), signs Anna in on each, and waits until both are quiet (start-up jobs done);
 *   3. per page (`--page=dashboard,consumption`, the default, or paths such as `/t/7009/meters`),
 *      warms each side up for 5 s, then gives each `--turns=N` (6) turns, the two alternating and
 *      taking turns at going first: `--connections=N` (50) connections, 2 s of warm-up, then
 *      `--seconds=S` (6) measured, with each server's CPU read from /proc before and after;
 *   4. prints, per page and checkout, the median back-end and portal CPU per request and
 *      throughput, and this checkout's medians as a share of the base's.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { compareSides, installedVersions } from "./compare-figures.mjs";
import {
  ANNA,
  alsoCleanUp,
  cleanUp,
  connections,
  PASSWORD,
  reportsDir,
  root,
  runToExit,
  say,
  stopping,
  waitForPortal,
} from "./context.mjs";
import { signIn } from "./http.mjs";
import { loadTest } from "./load.mjs";
import { measuredLoad, pageHeaders } from "./mix-load.mjs";
import { childCpuSeconds, runToEnd, serverNameOf, startPortal, untilQuiet } from "./processes.mjs";

const argv = process.argv.slice(2);
/** @param {string} name @param {string} fallback */
const option = (name, fallback) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const baseRevision = option("base", "");
const pages = option("page", "dashboard,consumption").split(",");
const turns = Math.max(1, Number(option("turns", "6")));
const seconds = Math.max(1, Number(option("seconds", "6")));
/** Each turn's warm-up before it is measured, in seconds. */
const turnWarmup = 2;

const git = (/** @type {string[]} */ ...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

/** A checkout of the base commit beside this one, sharing its node_modules. @param {string} sha */
function baseWorktree(sha) {
  git("worktree", "prune");
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-compare-base-"));
  git("worktree", "add", "--detach", dir, sha);
  const lock = (/** @type {string} */ at) => readFileSync(path.join(at, "package-lock.json"), "utf8");
  const refusal =
    installedVersions(lock(dir)) !== installedVersions(lock(root))
      ? `${sha} installs other packages than this checkout (package-lock.json): its servers would run on these`
      : git("diff", "--name-only", sha, "--", "patches") !== ""
        ? `${sha} patches the packages otherwise (patches/): its servers would run with this checkout's patches`
        : undefined;
  if (refusal !== undefined) {
    removeWorktree(dir);
    throw new Error(refusal);
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/**
 * The URL of a page on one side: `dashboard`, `consumption` (Anna's heating page) or a path.
 * @param {{ base: string, anna: { landing: URL } }} stack
 * @param {string} page
 */
function urlOf(stack, page) {
  const dashboard = stack.anna.landing.pathname;
  return `${stack.base}${page === "dashboard" ? dashboard : page === "consumption" ? `${dashboard}/consumption/heat-energy` : page}`;
}

/** A browser's page request on one side, with Anna's cookies. @param {{ anna: { jar: { header(): string } } }} stack */
function headersOf(stack) {
  return { ...pageHeaders, Cookie: stack.anna.jar.header() };
}

/** @param {string} dir */
function removeWorktree(dir) {
  git("worktree", "remove", "--force", dir);
  rmSync(dir, { recursive: true, force: true });
}

/** @param {string} name @param {string} cwd */
async function build(name, cwd) {
  say(`building ${name} (npm run build in ${path.relative(root, cwd) || "."})…`);
  const result = await runToEnd("npm", ["run", "-s", "build"], { cwd, timeoutMs: 300_000 });
  if (result.code !== 0) throw new Error(`npm run build failed in ${cwd}: ${result.stderr.slice(-2000)}`);
}

async function main() {
  if (!baseRevision) throw new Error("name the commit to compare with: npm run bench:compare -- --base=<commit>");
  const baseSha = git("rev-parse", "--verify", `${baseRevision}^{commit}`);
  const headSha = git("rev-parse", "HEAD");
  const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  const baseDir = baseWorktree(baseSha);
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), "portal-compare-"));
  // Also on Ctrl+C: context.mjs's signal handler stops the servers, then runs this.
  alsoCleanUp(() => {
    rmSync(dataRoot, { recursive: true, force: true });
    removeWorktree(baseDir);
  });
  try {
    const checkouts = [
      { name: `base ${baseSha.slice(0, 9)}`, cwd: baseDir, firstPort: 3500, firstBackendPort: 4500 },
      {
        name: `this ${headSha.slice(0, 9)}${dirty ? " + changes" : ""}`,
        cwd: root,
        firstPort: 3600,
        firstBackendPort: 4600,
      },
    ];
    for (const checkout of checkouts) await build(checkout.name, checkout.cwd);
    say("starting both (each seeds its own demo data; logs: reports/compare-server-0.log and -1.log)…");
    const started = await Promise.all(
      checkouts.map(async (checkout, index) => {
        const log = path.join(reportsDir, `compare-server-${index}.log`);
        const dataDir = path.join(dataRoot, String(index));
        mkdirSync(dataDir);
        writeFileSync(log, "");
        const stack = await startPortal({ ...checkout, dataDir, log });
        await waitForPortal(stack.portal, stack.base, log);
        const anna = await signIn(stack.base, ANNA, PASSWORD);
        return { ...checkout, ...stack, anna };
      }),
    );
    if (stopping) return;
    // The back-end's start-up jobs (the alarms, the monthly reports) run after it answers: measured
    // turns wait until both checkouts' servers are quiet.
    say("waiting until both are quiet (start-up jobs done)…");
    for (const stack of started) await untilQuiet(stack.portal.child.pid, () => stopping);

    for (const page of pages) {
      /** @type {Map<string, import("./compare-figures.mjs").Turn[]>} */
      const rows = new Map(started.map((stack) => [stack.name, []]));
      // The page's first requests on each side draw its chart and warm its code: not measured.
      for (const stack of started)
        await loadTest(urlOf(stack, page), {
          connections,
          durationMs: 5000,
          headers: headersOf(stack),
          isStopping: () => stopping,
        });
      for (let turn = 0; turn < turns; turn++) {
        for (const stack of turn % 2 === 0 ? started : [...started].reverse()) {
          const { load, cpuMsPerRequest } = await measuredLoad(urlOf(stack, page), {
            cpu: () => childCpuSeconds(stack.portal.child.pid),
            warmup: turnWarmup,
            seconds,
            headers: headersOf(stack),
          });
          /** @type {Record<string, number>} */
          const byServer = {};
          for (const [command, ms] of Object.entries(cpuMsPerRequest))
            byServer[serverNameOf(command)] = ms ?? Number.NaN;
          rows.get(stack.name)?.push({
            backend: byServer["back-end"] ?? Number.NaN,
            portal: byServer.portal ?? Number.NaN,
            rps: load.requestsPerSecond,
            errors: load.errors.total,
          });
          if (stopping) return;
        }
      }
      printPage(page, rows);
    }
  } finally {
    await cleanUp();
  }
}

/**
 * @param {string} page
 * @param {Map<string, import("./compare-figures.mjs").Turn[]>} rows
 */
function printPage(page, rows) {
  const { medians, share } = compareSides([...rows]);
  console.log(
    `\n${page}: ${turns} turns each of ${seconds} s, ${connections} connections; CPU ms per request, medians`,
  );
  for (const m of medians) {
    const perTurn = (rows.get(m.name) ?? []).map((turn) => (turn.backend + turn.portal).toFixed(1)).join(" ");
    console.log(
      `  ${m.name.padEnd(28)} back-end ${m.backend.toFixed(2).padStart(6)}  portal ${m.portal.toFixed(2).padStart(6)}  ` +
        `${m.rps.toFixed(0).padStart(4)} req/s  ${m.errors} errors  (both, per turn: ${perTurn})`,
    );
  }
  if (share) {
    const percent = (/** @type {number} */ ratio) => `${(ratio * 100).toFixed(0)} %`;
    console.log(
      `  this checkout as a share of the base: back-end ${percent(share.backend)}, portal ${percent(share.portal)}, ` +
        `both ${percent(share.both)}, throughput ${percent(share.rps)}`,
    );
  }
}

await runToExit("bench:compare", main);
