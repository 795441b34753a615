#!/usr/bin/env node
/**
 * `npm run bench:ab -- <git-ref> <git-ref> [...] [--rounds=N] [--seconds=S] [--loads=…]`: variants
 * of the portal side by side under what residents do (issue 45, item 3: does a trick earn its
 * place?). For each ref:
 *   1. a git worktree of its commit in a temporary directory, with this checkout's node_modules
 *      (and backend/node_modules when there is one) linked in, built with `npm run -s build`
 *      (codegen runs as prebuild). A ref is its commit: uncommitted changes are not in it;
 *   2. one DATA_DIR seeded once by the first ref's servers (demo data, start-up jobs done), and
 *      copied afresh for every start, so every variant starts from the same data;
 * then `--rounds=N` (3) rounds, in each of which every variant in turn (the order alternating from
 * round to round, so the machine's drift meets all of them) is started on its copy, waits until
 * its servers are quiet, and is measured under each of `--loads` (default all three): the new-page
 * mix (new-page-load.mjs), the session replay without JavaScript and with it (replay-load.mjs),
 * `--seconds=S` (10) each after a 3 s warm-up, `--connections=N` (50); then stopped.
 * Prints per load and variant the medians over the rounds of req/s, p50, p99 and CPU ms per
 * request (portal and back-end together), and each variant's difference from the first ref in %.
 * Writes them to reports/bench-ab.json. Worktrees, data and processes are removed also on Ctrl+C.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { abTable, abText, parseAbArgs } from "./ab-figures.mjs";
import { measureLoads, startQuiet } from "./ab-round.mjs";
import { installedVersions } from "./compare-figures.mjs";
import { alsoCleanUp, connections, reportsDir, root, runToExit, say, stopping } from "./context.mjs";
import { runToEnd, stopProcess } from "./processes.mjs";

/** The first ports tried (BENCH_PORT, BENCH_BACKEND_PORT). */
const abPorts = {
  firstPort: Number(process.env.BENCH_PORT ?? 3700),
  firstBackendPort: Number(process.env.BENCH_BACKEND_PORT ?? 4700),
};

/** git in this checkout; its progress lines (git worktree add's) are not shown, its errors are thrown. */
const git = (/** @type {string[]} */ ...args) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/**
 * A worktree of `sha` in `dir`, with this checkout's installed packages linked in.
 * @param {string} sha
 * @param {string} dir
 */
function worktree(sha, dir) {
  git("worktree", "add", "--detach", dir, sha);
  for (const modules of ["node_modules", "backend/node_modules"]) {
    const installed = path.join(root, modules);
    if (existsSync(installed) && !existsSync(path.join(dir, modules)))
      symlinkSync(installed, path.join(dir, modules), "dir");
  }
  const lock = (/** @type {string} */ at) => readFileSync(path.join(at, "package-lock.json"), "utf8");
  if (installedVersions(lock(dir)) !== installedVersions(lock(root)))
    say(
      `  note: ${sha.slice(0, 9)} installs other packages than this checkout; it runs on this checkout's node_modules`,
    );
}

/** @param {string} dir */
function removeWorktree(dir) {
  try {
    git("worktree", "remove", "--force", dir);
  } catch {
    // not (or no longer) a worktree
  }
  rmSync(dir, { recursive: true, force: true });
}

async function main() {
  const { refs, rounds, seconds, loads } = parseAbArgs(process.argv.slice(2));
  const temp = mkdtempSync(path.join(os.tmpdir(), "portal-ab-"));
  /** @type {string[]} */
  const worktrees = [];
  // Also on Ctrl+C: context.mjs's signal handler stops the servers, then runs this.
  alsoCleanUp(() => {
    for (const dir of worktrees) removeWorktree(dir);
    rmSync(temp, { recursive: true, force: true });
    git("worktree", "prune");
  });
  git("worktree", "prune");
  const variants = refs.map((ref, index) => {
    const sha = git("rev-parse", "--verify", `${ref}^{commit}`);
    return { name: `${ref} (${sha.slice(0, 9)})`, sha, dir: path.join(temp, `variant-${index}`) };
  });
  for (const variant of variants) {
    say(`${variant.name}: worktree in ${variant.dir}, building (npm run -s build)…`);
    worktrees.push(variant.dir);
    worktree(variant.sha, variant.dir);
    const build = await runToEnd("npm", ["run", "-s", "build"], { cwd: variant.dir, timeoutMs: 600_000 });
    if (stopping) return;
    if (build.code !== 0)
      throw new Error(`npm run build failed for ${variant.name}: ${(build.stderr || build.stdout).slice(-2000)}`);
  }

  // The demo data, seeded once by the first variant's servers; each start gets a copy.
  const seeded = path.join(temp, "seeded");
  const log = path.join(reportsDir, "bench-ab-server.log");
  say(`seeding the demo data with ${variants[0]?.name} (about 30 s; log: reports/bench-ab-server.log)…`);
  const seeding = await startQuiet({ cwd: variants[0]?.dir, dataDir: seeded, log, ...abPorts });
  await stopProcess(seeding.portal);
  if (stopping) return;

  /** @type {Record<string, Record<string, import("./ab-figures.mjs").AbRound[]>>} */
  const results = Object.fromEntries(
    loads.map((load) => [load, Object.fromEntries(variants.map((v) => [v.name, []]))]),
  );
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      const dataDir = path.join(temp, "data");
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(seeded, dataDir, { recursive: true });
      say(`round ${round + 1} of ${rounds}: ${variant.name}, starting…`);
      const stack = await startQuiet({ cwd: variant.dir, dataDir, log, ...abPorts });
      try {
        const measured = await measureLoads(stack, { loads, seconds });
        for (const [load, round] of Object.entries(measured)) results[load]?.[variant.name]?.push(round);
      } finally {
        await stopProcess(stack.portal);
      }
    }
  }
  const table = abTable(
    variants.map((v) => v.name),
    results,
  );
  console.log(`\nbench:ab, ${rounds} rounds, ${seconds} s per load, ${connections} connections or visits at once:`);
  console.log(abText(table));
  writeFileSync(
    path.join(reportsDir, "bench-ab.json"),
    `${JSON.stringify({ refs: variants.map(({ name, sha }) => ({ name, sha })), rounds, seconds, connections, results, table }, null, 2)}\n`,
  );
  console.log("(written to reports/bench-ab.json)");
}

await runToExit("bench:ab", main);
