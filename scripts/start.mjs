#!/usr/bin/env node
/**
 * Starts the local back-end and the portal together: what `npm start` (built, production mode)
 * and `npm run dev` (TypeScript sources, Vite dev middleware) run.
 *
 * The back-end listens on 127.0.0.1:BACKEND_PORT (4000) with its SQLite database in DATA_DIR
 * (./data), created, migrated and seeded on first start; the portal on PORT (3000). Without a
 * SESSION_SECRET one is generated once and kept in DATA_DIR/session-secret, so sessions survive
 * restarts. SIGINT/SIGTERM stop both. If the portal stops, so does the back-end; if the back-end
 * stops, the portal keeps running and shows residents an error message until it is back.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const dev = process.argv.includes("--dev");
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const backendPort = process.env.BACKEND_PORT ?? "4000";
mkdirSync(dataDir, { recursive: true });

function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dataDir, "session-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  NODE_ENV: dev ? "development" : "production",
  DATA_DIR: dataDir,
  BACKEND_PORT: backendPort,
  SESSION_SECRET: sessionSecret(),
};

const node = process.execPath;
/**
 * V8's young generation at 64 MB a half instead of 16: a page's render allocates a few MB, and with
 * the default the servers spent a tenth of their time collecting it. Measured under the bench's
 * load: 20–30 % less CPU per page in the portal and 13–25 % in the back-end (ADR 0045). The Docker
 * image sets the same in NODE_OPTIONS.
 */
const serverNodeFlags = ["--max-semi-space-size=64"];
/**
 * START_NODE_ARGS: more options for both servers' node, space-separated, for measuring tools:
 * `npm run bench:profile` starts them with `--cpu-prof --cpu-prof-dir=…`, which Node refuses in
 * NODE_OPTIONS.
 */
const extraNodeArgs = (process.env.START_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
const entry = (/** @type {string} */ built, /** @type {string} */ source) =>
  dev ? [...extraNodeArgs, "--import", "tsx", source] : [...serverNodeFlags, ...extraNodeArgs, built];
/** @type {import("node:child_process").ChildProcess[]} */
const children = [];
let stopping = false;

/**
 * @param {string} name
 * @param {string[]} args
 * @param {{ essential: boolean }} options
 */
function start(name, args, { essential }) {
  const child = spawn(node, args, { env, stdio: "inherit" });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    if (essential) {
      console.error(`${name} stopped (${how}); stopping the rest.`);
      stop(code ?? 1);
    } else {
      console.error(`${name} stopped (${how}); the portal keeps running and shows an error until it is back.`);
    }
  });
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  const exitWhenDone = () =>
    children.every((c) => c.exitCode !== null || c.signalCode !== null) ? process.exit(code) : null;
  for (const child of children) child.on("exit", exitWhenDone);
  exitWhenDone();
  setTimeout(() => process.exit(code), 12_000).unref();
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function waitForBackend() {
  const url = `http://127.0.0.1:${backendPort}/health`;
  // A fresh demo database is seeded before the back-end listens: about 30 s on an idle machine, but
  // over 120 s on a busy one (the end-to-end run's smaller seed took 121 s at load 35).
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) {
    console.error(`The back-end did not answer on ${url} within 300 s.`);
    stop(1);
  }
}

if (!dev && !existsSync("build/node/server.js")) {
  console.error("No build found: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}

start("back-end", entry("build/node/backend.js", "backend/main.ts"), { essential: false });
await waitForBackend();
if (!stopping) start("portal", entry("build/node/server.js", "server.ts"), { essential: true });
