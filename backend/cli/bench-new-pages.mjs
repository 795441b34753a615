/**
 * The back-end on new pages (issue 45, item 2): what a rendered page costs the back-end when every
 * request is a URL not asked for before, the case ADR 0044's and 0054's caches do not help.
 *
 *   node backend/cli/bench-new-pages.mjs build NAME
 *       bundles the back-end of this working tree (as vite.node.config.ts does) into
 *       $BENCH_DIR/backends/NAME/build/node/backend.js (BENCH_DIR: /tmp/bench-new-pages)
 *   node backend/cli/bench-new-pages.mjs compare A B [--turns=4] [--seconds=8] [--b-env=K=V,…] [--a-env=…]
 *       starts two stacks (a portal and back-end bundle A, a portal and back-end bundle B, each on
 *       its own copy of the seeded demo data) and puts them under the load in turns, alternating
 *       which goes first; prints each turn's and the median back-end and portal CPU per request
 *       (from /proc), req/s and p99
 *   node backend/cli/bench-new-pages.mjs profile A [--seconds=15]
 *       one stack with the back-end under `node --cpu-prof`; prints cpu-profile.mjs's summary
 *
 * The portal is the build in $BENCH_DIR/build (copy `build/` there first, under the e2e lock:
 * other work rebuilds it); only the back-end varies. The load: 50 connections of `npm run bench`'s
 * new-page mix (scripts/bench/new-page-mix.mjs, drawn by new-page-load.mjs's newPageDraw): 30 %
 * dashboards, 70 % consumption pages over 7–90 days in the last two years with a random comparison,
 * no URL twice.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatSummary, summarizeProfile } from "../../scripts/bench/cpu-profile.mjs";
import { waitFor } from "../../scripts/bench/http.mjs";
import { loadTest } from "../../scripts/bench/load.mjs";
import { newPageDraw } from "../../scripts/bench/new-page-load.mjs";
import { freePort, ownCpuSeconds, startProcess, stopAll, stopProcess } from "../../scripts/bench/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const benchDir = process.env.BENCH_DIR ?? "/tmp/bench-new-pages";
const [command, ...rest] = process.argv.slice(2);
const positional = rest.filter((a) => !a.startsWith("--"));
const option = (/** @type {string} */ name, /** @type {string} */ fallback) =>
  rest.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const connections = Number(option("connections", "50"));
const say = (/** @type {string} */ text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

/** @param {string} name */
const bundleOf = (name) => path.join(benchDir, "backends", name, "build/node/backend.js");

async function build(/** @type {string} */ name) {
  const outDir = path.dirname(bundleOf(name));
  const vite = await import("vite");
  // As vite.node.config.ts, the back-end's entry alone.
  await vite.build({
    configFile: false,
    root,
    resolve: { alias: { "~": path.join(root, "app"), "@common": path.join(root, "common") } },
    build: {
      ssr: true,
      target: "node20",
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      rollupOptions: { input: { backend: "backend/main.ts" }, output: { format: "esm", entryFileNames: "[name].js" } },
    },
    publicDir: false,
    logLevel: "warn",
  });
  // Its packages from this checkout's node_modules.
  const modules = path.join(benchDir, "backends", name, "node_modules");
  if (!existsSync(modules)) symlinkSync(path.join(root, "node_modules"), modules);
  say(`built ${bundleOf(name)}`);
}

/** @param {string} file @param {Record<string, string>} env @param {string[]} nodeArgs */
async function startBackend(file, env, nodeArgs = []) {
  const port = await freePort(4600);
  const entry = startProcess(process.execPath, ["--max-semi-space-size=64", ...nodeArgs, file], {
    name: "back-end",
    cwd: path.dirname(path.dirname(path.dirname(file))),
    log: path.join(benchDir, "server.log"),
    env: { ...process.env, NODE_ENV: "production", BACKEND_PORT: String(port), ...env },
  });
  if (!(await waitFor(`http://127.0.0.1:${port}/health`, { timeoutMs: 400_000 })))
    throw new Error(`the back-end ${file} did not start`);
  return { entry, port };
}

/** A copy of the seeded demo data (seeded once, by the first bundle started). @param {string} bundle */
async function dataDirFor(/** @type {string} */ label, bundle) {
  const seed = path.join(benchDir, "seed");
  if (!existsSync(path.join(seed, "portal.sqlite"))) {
    say("seeding the demo data once…");
    mkdirSync(seed, { recursive: true });
    const { entry } = await startBackend(bundle, { DATA_DIR: seed });
    await stopProcess(entry);
  }
  const dir = path.join(benchDir, `data-${label}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(seed, dir, { recursive: true });
  return dir;
}

/** A stack: the back-end bundle `name` and the portal of $BENCH_DIR/build, on data of their own. */
async function startStack(/** @type {string} */ label, /** @type {string} */ name, env = {}, nodeArgs = []) {
  const bundle = bundleOf(name);
  const dataDir = await dataDirFor(label, bundle);
  const backend = await startBackend(bundle, { DATA_DIR: dataDir, ...env }, nodeArgs);
  const { portal, base } = await startPortalOn(backend.port, dataDir);
  // One draw for the stack's whole life: no URL comes again in a later turn.
  const { draw: next } = await newPageDraw(base);
  return { label, name, backend, portal, base, next };
}

/** The portal of $BENCH_DIR/build, its back-end on `backendPort`. */
async function startPortalOn(/** @type {number} */ backendPort, /** @type {string} */ dataDir) {
  // The copied build imports its packages (and reads its package.json) from beside it.
  const modules = path.join(benchDir, "node_modules");
  if (!existsSync(modules)) symlinkSync(path.join(root, "node_modules"), modules);
  if (!existsSync(path.join(benchDir, "package.json")))
    cpSync(path.join(root, "package.json"), path.join(benchDir, "package.json"));
  const port = await freePort(3600);
  const base = `http://127.0.0.1:${port}`;
  const portal = startProcess(process.execPath, ["--max-semi-space-size=64", "build/node/server.js"], {
    name: "portal",
    cwd: benchDir,
    log: path.join(benchDir, "server.log"),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BACKEND_PORT: String(backendPort),
      DATA_DIR: dataDir,
      PORTAL_URL: base,
      SESSION_SECRET: "bench-new-pages-secret-0123456789abcdef",
    },
  });
  if (!(await waitFor(`${base}/login`, { timeoutMs: 60_000 }))) throw new Error("the portal did not start");
  return { portal, base };
}

/** One turn of load on a stack: CPU per request of its back-end and portal, req/s, p99. */
async function turn(/** @type {Awaited<ReturnType<typeof startStack>>} */ stack, /** @type {number} */ seconds) {
  const { next } = stack;
  const warm = await loadTest(stack.base, { connections, durationMs: 2_000, next });
  const backendPid = stack.backend.entry.child.pid;
  const portalPid = stack.portal.child.pid;
  const before = [ownCpuSeconds(backendPid), ownCpuSeconds(portalPid)];
  const load = await loadTest(stack.base, { connections, durationMs: seconds * 1000, next });
  const after = [ownCpuSeconds(backendPid), ownCpuSeconds(portalPid)];
  const n = load.completed;
  const errors = load.errors.non2xx + load.errors.socket + load.errors.timeout;
  return {
    backendMs: (1000 * ((after[0] ?? 0) - (before[0] ?? 0))) / n,
    portalMs: (1000 * ((after[1] ?? 0) - (before[1] ?? 0))) / n,
    rps: load.requestsPerSecond,
    p99: load.latencyMs.p99,
    errors,
    requests: n,
    all: warm.completed + n,
  };
}

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

/** @param {string} text e.g. "COMPILED_ONCE=off,OTHER=1" */
const envOf = (text) =>
  Object.fromEntries(
    text
      .split(",")
      .filter(Boolean)
      .map((kv) => kv.split("=")),
  );

async function compare() {
  const [a = "", b = ""] = positional;
  const turns = Number(option("turns", "4"));
  const seconds = Number(option("seconds", "8"));
  const stacks = [
    await startStack("a", a, envOf(option("a-env", ""))),
    await startStack("b", b, envOf(option("b-env", ""))),
  ];
  /** @type {Record<string, ReturnType<typeof turn> extends Promise<infer T> ? T[] : never>} */
  const results = { a: [], b: [] };
  for (let i = 0; i < turns; i++) {
    const order = i % 2 === 0 ? stacks : [...stacks].reverse();
    for (const stack of order) {
      const r = await turn(stack, seconds);
      results[stack.label]?.push(r);
      say(
        `${stack.label} (${stack.name}${option(`${stack.label}-env`, "") ? ` ${option(`${stack.label}-env`, "")}` : ""}): back-end ${r.backendMs.toFixed(2)} ms/req, portal ${r.portalMs.toFixed(2)} ms/req, ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(0)} ms, ${r.errors} errors of ${r.requests}`,
      );
    }
  }
  for (const stack of stacks) {
    const rs = results[stack.label] ?? [];
    say(
      `median ${stack.label} (${stack.name} ${option(`${stack.label}-env`, "")}): back-end ${median(rs.map((r) => r.backendMs)).toFixed(2)} ms/req, portal ${median(rs.map((r) => r.portalMs)).toFixed(2)} ms/req, ${median(rs.map((r) => r.rps)).toFixed(0)} req/s, p99 ${median(rs.map((r) => r.p99)).toFixed(0)} ms`,
    );
  }
}

async function profile() {
  const [a = ""] = positional;
  const seconds = Number(option("seconds", "15"));
  const dir = path.join(benchDir, "profile");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const stack = await startStack("p", a, envOf(option("env", "")), ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  const warm = await turn(stack, 3);
  const r = await turn(stack, seconds);
  say(`back-end ${r.backendMs.toFixed(2)} ms/req (profiled), ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(0)} ms`);
  await stopProcess(stack.backend.entry, { signal: "SIGINT" });
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile written");
  const summary = summarizeProfile(JSON.parse(readFileSync(path.join(dir, file), "utf8")), { root, top: 60 });
  // Both warm-ups and turns ran on the profiled back-end (sign-in and start-up included).
  console.log(formatSummary(`back-end (${file})`, summary, warm.all + r.all));
}

/**
 * `record NAME [--pages=1200]`: the portal's calls to back-end NAME for that many new pages, kept
 * in $BENCH_DIR/recording.json with a copy of the data they need (the sessions), so that `replay`
 * can send the same calls, each once, to fresh back-ends without a portal beside them.
 */
async function record() {
  const [a = ""] = positional;
  const pages = Number(option("pages", "1200"));
  const bundle = bundleOf(a);
  const dataDir = await dataDirFor("rec", bundle);
  // Access tokens that outlive the recording, so that the replay's calls are signed in.
  const backend = await startBackend(bundle, { DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: "86400" });
  /** @type {{ method: string, path: string, headers: Record<string, string>, body: string }[]} */
  const calls = [];
  let recording = false;
  const proxy = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers = /** @type {Record<string, string>} */ ({ ...req.headers });
      delete headers.host;
      delete headers.connection;
      if (recording) calls.push({ method: req.method ?? "GET", path: req.url ?? "/", headers, body: body.toString() });
      const out = http.request(
        { host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on("error", () => res.destroy());
      out.end(body);
    });
  });
  const proxyPort = await freePort(4700);
  await new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", () => resolve(undefined)));
  const stack = await startPortalOn(proxyPort, dataDir);
  const { draw: next } = await newPageDraw(stack.base);
  recording = true;
  const load = await loadTest(stack.base, { connections: 4, durationMs: 3_600_000, maxRequests: pages, next });
  recording = false;
  say(`${load.completed} pages, ${calls.length} calls, ${load.errors.non2xx + load.errors.socket} errors`);
  await stopProcess(stack.portal);
  await stopProcess(backend.entry);
  proxy.close();
  const replaySeed = path.join(benchDir, "replay-seed");
  rmSync(replaySeed, { recursive: true, force: true });
  cpSync(dataDir, replaySeed, { recursive: true });
  writeFileSync(path.join(benchDir, "recording.json"), JSON.stringify({ pages: load.completed, calls }));
}

/** Sends `calls` to the back-end on `port`, `concurrency` at a time; resolves with the latencies. */
async function send(port, calls, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let i = 0;
  let errors = 0;
  const worker = async () => {
    while (i < calls.length) {
      const call = calls[i++];
      const t0 = performance.now();
      await new Promise((resolve) => {
        const req = http.request(
          { agent, host: "127.0.0.1", port, method: call.method, path: call.path, headers: call.headers },
          (res) => {
            if ((res.statusCode ?? 500) >= 300) errors++;
            res.on("data", () => {});
            res.on("end", resolve);
          },
        );
        req.on("error", () => {
          errors++;
          resolve(undefined);
        });
        req.end(call.body);
      });
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { latencies, errors };
}

/**
 * `replay A B [--turns=6] [--concurrency=16] [--a-env=…] [--b-env=…]`: two fresh back-ends (A and B,
 * each on its own copy of the recording's data) get the recorded calls in turns, the same calls to
 * each, each once, alternating which goes first. Prints the back-end CPU per page (the recording's
 * pages per call) and the calls' p99.
 */
async function replay() {
  const [a = "", b = ""] = positional;
  const turns = Number(option("turns", "6"));
  const concurrency = Number(option("concurrency", "16"));
  const { pages, calls } = JSON.parse(readFileSync(path.join(benchDir, "recording.json"), "utf8"));
  const sides = [];
  for (const [label, name] of [
    ["a", a],
    ["b", b],
  ]) {
    const dir = path.join(benchDir, `replay-${label}`);
    rmSync(dir, { recursive: true, force: true });
    cpSync(path.join(benchDir, "replay-seed"), dir, { recursive: true });
    const env = envOf(option(`${label}-env`, ""));
    const backend = await startBackend(bundleOf(name), { DATA_DIR: dir, ACCESS_TOKEN_TTL_SECONDS: "86400", ...env });
    sides.push({
      label,
      name: `${name}${option(`${label}-env`, "") ? ` ${option(`${label}-env`, "")}` : ""}`,
      backend,
      cpu: [],
      p99: [],
    });
  }
  // A tenth to warm up, the rest in turns.
  const warm = Math.floor(calls.length / 10);
  for (const side of sides) await send(side.backend.port, calls.slice(0, warm), concurrency);
  const per = Math.floor((calls.length - warm) / turns);
  const pagesPerCall = pages / calls.length;
  for (let t = 0; t < turns; t++) {
    const chunk = calls.slice(warm + t * per, warm + (t + 1) * per);
    const order = t % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const pid = side.backend.entry.child.pid;
      const before = ownCpuSeconds(pid);
      const started = performance.now();
      const { latencies, errors } = await send(side.backend.port, chunk, concurrency);
      const seconds = (performance.now() - started) / 1000;
      const cpu = (1000 * (ownCpuSeconds(pid) - before)) / (chunk.length * pagesPerCall);
      latencies.sort((x, y) => x - y);
      const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? NaN;
      side.cpu.push(cpu);
      side.p99.push(p99);
      say(
        `${side.label} (${side.name}): ${cpu.toFixed(2)} ms CPU per page, ${(chunk.length / seconds).toFixed(0)} calls/s, call p99 ${p99.toFixed(0)} ms, ${errors} errors of ${chunk.length}`,
      );
    }
  }
  for (const side of sides)
    say(
      `median ${side.label} (${side.name}): ${median(side.cpu).toFixed(2)} ms CPU per page, call p99 ${median(side.p99).toFixed(0)} ms`,
    );
  const [sa, sb] = sides;
  if (sa && sb) say(`b / a: ${((100 * median(sb.cpu)) / median(sa.cpu)).toFixed(0)} % CPU per page`);
}

/** `replay-profile A`: the recorded calls once to back-end A under `node --cpu-prof`; its summary. */
async function replayProfile() {
  const [a = ""] = positional;
  const { pages, calls } = JSON.parse(readFileSync(path.join(benchDir, "recording.json"), "utf8"));
  const dir = path.join(benchDir, "replay-p");
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(benchDir, "replay-seed"), dir, { recursive: true });
  const profileDir = path.join(benchDir, "profile");
  rmSync(profileDir, { recursive: true, force: true });
  const env = { DATA_DIR: dir, ACCESS_TOKEN_TTL_SECONDS: "86400", ...envOf(option("env", "")) };
  const backend = await startBackend(bundleOf(a), env, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
  const { errors } = await send(backend.port, calls, Number(option("concurrency", "16")));
  await stopProcess(backend.entry, { signal: "SIGINT" });
  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile written");
  const summary = summarizeProfile(JSON.parse(readFileSync(path.join(profileDir, file), "utf8")), { root, top: 60 });
  console.log(`${errors} errors`);
  console.log(formatSummary(`back-end (${file}), per page`, summary, pages));
}

try {
  if (command === "replay-profile") await replayProfile();
  else if (command === "record") await record();
  else if (command === "replay") await replay();
  else if (command === "build") await build(positional[0] ?? "current");
  else if (command === "compare") await compare();
  else if (command === "profile") await profile();
  else console.log("usage: build NAME | compare A B | profile A (see the comment at the top)");
} finally {
  await stopAll();
}
