#!/usr/bin/env node
/**
 * `npm run bench:patches`: what each patch in patches/ saves, measured alone on what residents do
 * (ADR 0016, 0017; issue 45 item 3). A patch stays only while it gives at least a tenth on
 * throughput or p99 of the new-page mix or the session replay.
 *
 * For each variant — all patches, none, each group of patches alone and all but each group — in
 * rounds (the variants alternate, so a machine that speeds up or slows down meets them all):
 * applies exactly that variant's patches to node_modules (patch-package with a directory of the
 * chosen ones), starts the built portal and its back-end on a fresh copy of one seeded DATA_DIR,
 * waits until they are quiet and puts them under each of `--loads` as `npm run bench:ab` does: the
 * new-page mix (new-page-load.mjs), the session replay without and with JavaScript
 * (replay-load.mjs), a 3 s warm-up then `--seconds=S` (10) each, `--connections=N` (50). Prints
 * per load and variant the medians over the rounds (req/s, p50, p99, CPU ms per request of the
 * portal and the back-end) and each variant's difference from "all" in %; ends with every patch
 * applied again, also after an error or Ctrl+C.
 *
 * Needs a build (`npm run build`). Options: --rounds=N (3), --seconds=S (10), --loads=new-pages,replay,replay-js.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { abTable, abText, parsePatchesArgs } from "./ab-figures.mjs";
import { measureLoads, startQuiet } from "./ab-round.mjs";
import { alsoCleanUp, connections, reportsDir, root, runToExit, say, stopping } from "./context.mjs";
import { stopProcess } from "./processes.mjs";

process.chdir(root);

const { rounds, seconds, loads } = parsePatchesArgs(process.argv.slice(2));

const allPatches = readdirSync("patches").filter((file) => file.endsWith(".patch"));
/**
 * The patches by what they do together (a group without a patch left is skipped): RemixServer's cache
 * (@remix-run/react) kept the route tree that createStaticRouter's (react-router-dom) and matchRoutes'
 * (@remix-run/router) caches are keyed on, so those two counted as a pair; the cookie codec
 * (@remix-run/server-runtime) stood alone. Measured on 2026-11-25, only the router's stayed (ADR 0016).
 */
const groups = /** @type {[string, RegExp][]} */ ([
  ["route matching (@remix-run/router)", /^@remix-run\+router\+/],
  ["route objects (@remix-run/react + react-router-dom)", /^(@remix-run\+react\+|react-router-dom\+)/],
  ["cookie codec (@remix-run/server-runtime)", /^@remix-run\+server-runtime\+/],
])
  .map(([name, pattern]) => /** @type {[string, string[]]} */ ([name, allPatches.filter((f) => pattern.test(f))]))
  .filter(([, files]) => files.length > 0);
const grouped = new Set(groups.flatMap(([, files]) => files));
const ungrouped = allPatches.filter((file) => !grouped.has(file));
if (ungrouped.length > 0) throw new Error(`patches not in any group of this script: ${ungrouped.join(", ")}`);
/**
 * All, none, each group alone and all but each group; a variant that applies the same patches as
 * one before it (with a single group, "only" it is "all" and "all but" it is "none") is not run twice.
 * @type {[string, string[]][]}
 */
const variants = [
  /** @type {[string, string[]]} */ (["all", allPatches]),
  /** @type {[string, string[]]} */ (["none", []]),
  ...groups.map(([name, files]) => /** @type {[string, string[]]} */ ([`only ${name}`, files])),
  ...groups.map(
    ([name, files]) =>
      /** @type {[string, string[]]} */ ([`all but ${name}`, allPatches.filter((f) => !files.includes(f))]),
  ),
].filter(([, files], i, all) => all.findIndex(([, other]) => other.join() === files.join()) === i);

const work = mkdtempSync(path.join(os.tmpdir(), "portal-patches-"));
const dataDir = path.join(work, "data");
const stackOptions = { log: path.join(work, "server.log"), firstPort: 3300, firstBackendPort: 4300 };
/** The patches applied now (all of them, as `npm install` leaves node_modules). */
let applied = allPatches;

/** A patch directory (relative to the project, as patch-package wants it) holding `files`. */
function patchDir(/** @type {string} */ name, /** @type {string[]} */ files) {
  const dir = path.join(".cache", "patch-variants", name.replace(/[^\w.+-]+/g, "_"));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of files) cpSync(path.join("patches", file), path.join(dir, file));
  return dir;
}

/**
 * patch-package with `args`, synchronously: nothing else runs while node_modules changes (the
 * servers are stopped between variants), and the clean-up on Ctrl+C cannot wait for a promise.
 */
function patchPackage(/** @type {string[]} */ args) {
  const run = spawnSync("npx", ["--no-install", "patch-package", "--error-on-fail", ...args], {
    encoding: "utf8",
    timeout: 120_000,
  });
  if (run.status !== 0)
    throw new Error(`patch-package ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}${run.error ?? ""}`);
}

/** Leaves exactly `files` applied. */
function applyOnly(/** @type {string[]} */ files) {
  if (applied.join() === files.join()) return;
  if (applied.length > 0) patchPackage(["--reverse", "--patch-dir", patchDir("reverse", applied)]);
  applied = [];
  if (files.length > 0) patchPackage(["--patch-dir", patchDir("apply", files)]);
  applied = files;
}

/**
 * One start of the stack on a fresh copy of the seeded data, measured under each load.
 * @param {string} seeded
 */
async function measure(seeded) {
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(seeded, dataDir, { recursive: true });
  const stack = await startQuiet({ dataDir, ...stackOptions });
  try {
    return await measureLoads(stack, { loads, seconds });
  } finally {
    await stopProcess(stack.portal);
  }
}

async function main() {
  say(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  // The demo data, seeded once with every patch applied; each start gets a copy.
  const seeded = path.join(work, "seeded");
  say("seeding the demo data (about 30 s)…");
  const seeding = await startQuiet({ dataDir: seeded, ...stackOptions });
  await stopProcess(seeding.portal);
  /** @type {Record<string, Record<string, import("./ab-figures.mjs").AbRound[]>>} */
  const results = Object.fromEntries(loads.map((load) => [load, Object.fromEntries(variants.map(([n]) => [n, []]))]));
  for (let round = 0; round < rounds && !stopping; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const [name, files] of order) {
      if (stopping) break;
      say(`round ${round + 1} of ${rounds}: ${name}, ${files.length} patches applied…`);
      applyOnly(files);
      const measured = await measure(seeded);
      for (const [load, r] of Object.entries(measured)) results[load]?.[name]?.push(r);
    }
  }
  const table = abTable(
    variants.map(([name]) => name),
    results,
  );
  console.log(
    `\nbench:patches, ${rounds} rounds, ${seconds} s per load, ${connections} connections or visits at once:`,
  );
  console.log(abText(table));
  writeFileSync(
    path.join(reportsDir, "bench-patches.json"),
    `${JSON.stringify({ variants, rounds, seconds, connections, results, table }, null, 2)}\n`,
  );
  console.log("(written to reports/bench-patches.json)");
}

/** Every patch applied again, as `npm install` leaves node_modules: also on Ctrl+C (cleanUp runs it). */
alsoCleanUp(() => {
  applyOnly(allPatches);
  rmSync(work, { recursive: true, force: true });
});
await runToExit("bench:patches", main);
