/**
 * `npm run bench:profile`: where a page's CPU goes, in the portal and in its back-end (issue 27).
 *
 *   1. builds (`--no-build` uses the build there is), starts the portal and its back-end once on a
 *      fresh temporary DATA_DIR so the demo data is seeded, and stops them;
 *   2. starts them again on that data with `node --cpu-prof` (the seeding is not in the profiles),
 *      signs Anna in and puts one page under load: `--page=consumption` (default: her heating's
 *      default view, `/t/{id}/consumption/heat-energy`), `--page=dashboard`, `--page=/any/path`,
 *      or `--page=new`: the bench's new-page mix (every request a URL not asked before, as
 *      new-page-load.mjs draws it; issue 45 item 2 profiles this load);
 *      `--connections=N` (50) connections, a 5 s warm-up, then `--duration=S` (15) seconds;
 *   3. stops them (each writes its profile on exit) and prints, for the portal and the back-end,
 *      the busy CPU time per request, the self time by package, Node module or our file, and the
 *      functions with the most time including what they called (cpu-profile.mjs).
 *
 * The profiles stay in reports/profile/ (open a `.cpuprofile` in Chrome's DevTools, Performance
 * tab, for the flame chart); the summary is written to reports/profile/summary.txt. Profiling
 * slows a process by a few per cent: compare its shares, not its speed, with `npm run bench`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  ANNA,
  browserAcceptEncoding,
  connections,
  loadSeconds,
  makeDataDir,
  PASSWORD,
  reportsDir,
  root,
  runToExit,
  say,
  serverLog,
  stopping,
  waitForPortal,
} from "./context.mjs";
import { cpuProfileFigures } from "./cpu-profile.mjs";
import { signIn } from "./http.mjs";
import { loadTest } from "./load.mjs";
import { pageHeaders } from "./mix-load.mjs";
import { keepSignedIn, newPageDraw } from "./new-page-load.mjs";
import { reSignInAfterMs } from "./new-page-mix.mjs";
import { runToEnd, startPortal, stopProcess } from "./processes.mjs";

const argv = process.argv.slice(2);
const pageOption = argv.find((a) => a.startsWith("--page="))?.slice("--page=".length) ?? "consumption";
const profileDir = path.join(reportsDir, "profile");
const warmupSeconds = 5;

async function main() {
  if (!argv.includes("--no-build")) {
    say("building (npm run build)…");
    const build = await runToEnd("npm", ["run", "-s", "build"], { timeoutMs: 300_000 });
    if (build.code !== 0) throw new Error(`npm run build failed: ${build.stderr.slice(-2000)}`);
  }
  const dataDir = makeDataDir();
  writeFileSync(serverLog, "");
  const ports = { firstPort: Number(process.env.BENCH_PORT ?? 3200), firstBackendPort: 4200, dataDir, log: serverLog };
  say("seeding the demo data (portal and back-end started once without profiling)…");
  const seeding = await startPortal(ports);
  await waitForPortal(seeding.portal, seeding.base);
  await stopProcess(seeding.portal);
  if (stopping) return;

  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  say(`starting them again with node --cpu-prof (profiles into ${path.relative(root, profileDir)})…`);
  // As `npm start` starts them (scripts/start.mjs, its V8 flags included), with the profiler on. The
  // directory relative to the repository (the servers' working directory, as for scripts/start.mjs
  // itself): START_NODE_ARGS is split at spaces, which a checkout's absolute path may hold.
  const profiled = await startPortal({
    ...ports,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.relative(root, profileDir)}`],
  });
  const { portal, base } = profiled;
  await waitForPortal(portal, base);
  if (stopping) return;
  const { page, warm, load } = pageOption === "new" ? await newPagesUnderLoad(base) : await onePageUnderLoad(base);
  const requests = warm.completed + load.completed;
  say(
    `${load.completed} requests in ${loadSeconds} s (${load.requestsPerSecond.toFixed(0)} req/s, p99 ${load.latencyMs.p99.toFixed(0)} ms, ${load.errors.total} errors), ${requests} with the warm-up`,
  );
  say("stopping them (each writes its profile)…");
  await stopProcess(portal);

  const files = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
  const text = [
    `# CPU profile of ${page} under load (${new Date().toISOString()})`,
    "",
    `${connections} connections; ${requests} requests profiled (${warmupSeconds} s warm-up and ${loadSeconds} s of load;`,
    `${load.requestsPerSecond.toFixed(0)} req/s, p99 ${load.latencyMs.p99.toFixed(0)} ms while profiled); each share in % of the`,
    "process's busy time and in ms per request (start-up and sign-in included: a few hundred ms in all).",
    "",
    ...cpuProfileFigures(
      files.map((name) => path.join(profileDir, name)),
      { root, requests },
    ),
  ].join("\n");
  writeFileSync(path.join(profileDir, "summary.txt"), `${text}\n`);
  console.log(text);
}

/** One URL again and again: Anna's heating page, her dashboard or a path. @param {string} base */
async function onePageUnderLoad(base) {
  const anna = await signIn(base, ANNA, PASSWORD);
  const dashboard = anna.landing.pathname;
  const page =
    pageOption === "consumption"
      ? `${dashboard}/consumption/heat-energy`
      : pageOption === "dashboard"
        ? dashboard
        : pageOption;
  const headers = { "Accept-Encoding": browserAcceptEncoding, Accept: "text/html", Cookie: anna.jar.header() };
  say(`load: ${connections} connections on ${page}, ${warmupSeconds} s warm-up, then ${loadSeconds} s…`);
  const options = { connections, headers, isStopping: () => stopping };
  const warm = await loadTest(`${base}${page}`, { ...options, durationMs: warmupSeconds * 1000 });
  const load = await loadTest(`${base}${page}`, { ...options, durationMs: loadSeconds * 1000 });
  return { page, warm, load };
}

/** The new-page mix as `npm run bench` draws it: every request a URL not asked before. @param {string} base */
async function newPagesUnderLoad(base) {
  const { draw, sessions, residents } = await newPageDraw(base);
  const keeper = keepSignedIn(base, sessions, reSignInAfterMs());
  say(
    `load: the new-page mix, ${sessions.length} sessions of ${residents} residents, ${connections} connections, ${warmupSeconds} s warm-up, then ${loadSeconds} s…`,
  );
  try {
    const options = { connections, headers: pageHeaders, next: draw, isStopping: () => stopping };
    const warm = await loadTest(base, { ...options, durationMs: warmupSeconds * 1000 });
    const load = await loadTest(base, { ...options, durationMs: loadSeconds * 1000 });
    return { page: `the new-page mix (${draw.asked.size} distinct URLs)`, warm, load };
  } finally {
    await keeper.stop();
  }
}

await runToExit("bench:profile", main);
