#!/usr/bin/env node
/**
 * `npm run bench:patches`: what each patch in patches/ saves, measured alone (ADR 0016, 0017). A patch
 * stays only while it saves at least a tenth of the portal's CPU per page.
 *
 * For each variant — all patches, none, each group of patches alone and all but each group — in rounds (the variants alternate, so
 * a machine that speeds up or slows down meets them all): applies exactly that variant's patches to
 * node_modules (patch-package with a directory of the chosen ones), starts the built portal and its
 * back-end on one seeded DATA_DIR, signs in as Anna, loads her dashboard (a warm-up, then the
 * measured seconds) and reads both processes' CPU seconds from /proc. The portal's CPU per request
 * is divided by the back-end's, which no patch touches: the machine's speed varies between runs by
 * more than the patches save, the ratio much less. Prints per variant the median over the rounds and
 * the saving against "none" (a group's own gain: "only" against "none", and "all" against "all but"); ends with every patch applied again, also after an error or Ctrl+C.
 *
 * Needs a build (`npm run build`). Options: --rounds=N (3), --seconds=S (10), --connections=N (10).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { signIn, waitFor } from "./http.mjs";
import { loadTest } from "./load.mjs";
import { childCpuSeconds, runToEnd, startPortal, stopAll, stopProcess } from "./processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);

/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
};
const rounds = option("rounds", 3);
const seconds = option("seconds", 10);
const connections = option("connections", 10);

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

async function patchPackage(/** @type {string[]} */ args) {
  const run = await runToEnd("npx", ["--no-install", "patch-package", "--error-on-fail", ...args], {
    timeoutMs: 120_000,
  });
  if (run.code !== 0) throw new Error(`patch-package ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
}

/** Leaves exactly `files` applied. */
async function applyOnly(/** @type {string[]} */ files) {
  if (applied.length > 0) await patchPackage(["--reverse", "--patch-dir", patchDir("reverse", applied)]);
  applied = [];
  if (files.length > 0) await patchPackage(["--patch-dir", patchDir("apply", files)]);
  applied = files;
}

/** One run: the portal's and the back-end's CPU milliseconds per dashboard request. */
async function measure() {
  const { portal, base } = await startPortal({
    firstPort: 3300,
    firstBackendPort: 4300,
    dataDir,
    log: path.join(work, "server.log"),
  });
  try {
    if (!(await waitFor(`${base}/healthz`, { timeoutMs: 180_000 }))) throw new Error("the portal did not start");
    const anna = await signIn(base, "anna@demo.test", "Demo-Password-2026!");
    const headers = { Cookie: anna.jar.header(), "Accept-Encoding": "gzip, deflate, br", Accept: "text/html" };
    const url = `${base}${anna.landing.pathname}`;
    await loadTest(url, { connections, durationMs: 5_000, headers });
    const before = childCpuSeconds(portal.child.pid);
    const load = await loadTest(url, { connections, durationMs: seconds * 1000, headers });
    const after = childCpuSeconds(portal.child.pid);
    const used = (/** @type {RegExp} */ which) =>
      Object.entries(after)
        .filter(([cmd]) => which.test(cmd))
        .reduce((sum, [cmd, s]) => sum + s - (before[cmd] ?? 0), 0);
    const requests = load.completed;
    if (load.errors.non2xx + load.errors.socket + load.errors.timeout > 0) throw new Error("requests failed");
    return {
      requests,
      portalMs: (used(/server\.js/) * 1000) / requests,
      backendMs: (used(/backend\.js/) * 1000) / requests,
    };
  } finally {
    await stopProcess(portal);
  }
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ i) => sorted[i] ?? Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

async function main() {
  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  /** @type {Map<string, { portalMs: number, backendMs: number, ratio: number }[]>} */
  const results = new Map(variants.map(([name]) => [name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, files] of variants) {
      await applyOnly(files);
      const run = await measure();
      const ratio = run.portalMs / run.backendMs;
      results.get(name)?.push({ ...run, ratio });
      console.log(
        `round ${round} ${name.padEnd(62)} ${String(run.requests).padStart(6)} requests, portal ${run.portalMs.toFixed(2)} ms, back-end ${run.backendMs.toFixed(2)} ms, ratio ${ratio.toFixed(3)}`,
      );
    }
  }
  const none = median((results.get("none") ?? []).map((r) => r.ratio));
  console.log(`\nmedian over ${rounds} rounds (portal CPU per request ÷ back-end's; saving against "none"):`);
  for (const [name, runs] of results) {
    const ratio = median(runs.map((r) => r.ratio));
    const portalMs = median(runs.map((r) => r.portalMs));
    console.log(
      `${name.padEnd(62)} ratio ${ratio.toFixed(3)}  portal ${portalMs.toFixed(2)} ms  saving ${(((none - ratio) / none) * 100).toFixed(1)} %`,
    );
  }
}

try {
  await main();
} finally {
  await stopAll();
  await applyOnly(allPatches);
  rmSync(work, { recursive: true, force: true });
}
