#!/usr/bin/env node
/**
 * The multi-instance end-to-end set-up (playwright.postgres.config.ts): two back-ends on
 * one PostgreSQL database (DATABASE_URL), each with its portal, behind a round-robin proxy on PORT —
 * every request goes to the other portal than the one before, so one resident's pages and forms
 * are served by both portals and both back-ends. Both back-ends run the scheduled jobs (alarms,
 * reports, e-mails): they must run each job once. SIGTERM/SIGINT stop everything.
 *
 *   PORT            the proxy (what the tests open)
 *   BACKEND_PORT    the first back-end; the second takes the next free port
 *   DATABASE_URL, DATA_DIR (shared: statement files), JWT_SECRET, SESSION_SECRET (shared by both)
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { freePort } from "./bench/processes.mjs";

const port = Number(process.env.PORT ?? 3100);
const firstBackend = Number(process.env.BACKEND_PORT ?? 4100);
for (const name of ["DATABASE_URL", "JWT_SECRET", "SESSION_SECRET", "DATA_DIR"]) {
  if (!process.env[name]) {
    console.error(`${name} must be set`);
    process.exit(1);
  }
}
// Checked just above.
mkdirSync(/** @type {string} */ (process.env.DATA_DIR), { recursive: true });

const backendPorts = [firstBackend, await freePort(firstBackend + 1, [port, port + 1])];
/** @type {[number, number]} */
const portalPorts = [await freePort(port + 2, [...backendPorts]), 0];
portalPorts[1] = await freePort(portalPorts[0] + 1, [...backendPorts, portalPorts[0]]);

/** @type {import("node:child_process").ChildProcess[]} */
const children = [];
let stopping = false;
/**
 * @param {string} name
 * @param {string} script
 * @param {Record<string, string>} env
 */
function start(name, script, env) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest.`);
      stop(1);
    }
  });
}
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5_000).unref();
  const done = () => children.every((c) => c.exitCode !== null || c.signalCode !== null) && process.exit(code);
  for (const child of children) child.on("exit", done);
  done();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** @param {string} url */
async function waitFor(url) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) {
    console.error(`${url} did not answer within 300 s`);
    stop(1);
  }
}

// Both back-ends start together: they migrate and seed one after the other (advisory locks).
backendPorts.forEach((backendPort, index) => {
  start(`back-end ${index + 1}`, "build/node/backend.js", { BACKEND_PORT: String(backendPort), SEED_DEMO: "true" });
});
await Promise.all(backendPorts.map((backendPort) => waitFor(`http://127.0.0.1:${backendPort}/health`)));
portalPorts.forEach((portalPort, index) => {
  start(`portal ${index + 1}`, "build/node/server.js", {
    PORT: String(portalPort),
    BACKEND_PORT: String(backendPorts[index]),
  });
});
await Promise.all(portalPorts.map((portalPort) => waitFor(`http://127.0.0.1:${portalPort}/healthz`)));

// The round-robin proxy: each request to the next portal, headers and body passed through.
let next = 0;
const proxy = createServer((incoming, outgoing) => {
  const index = next++ % portalPorts.length;
  const target = portalPorts[index];
  const forward = httpRequest(
    { host: "127.0.0.1", port: target, method: incoming.method, path: incoming.url, headers: incoming.headers },
    (answer) => {
      // Which portal answered, for the tests that show both took part.
      outgoing.writeHead(answer.statusCode ?? 502, [...answer.rawHeaders, "X-Served-By", `portal-${index + 1}`]);
      answer.pipe(outgoing);
    },
  );
  forward.on("error", () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(forward);
});
proxy.keepAliveTimeout = 5_000;
proxy.listen(port, "127.0.0.1", () =>
  console.log(
    `multi-instance e2e: proxy :${port} → portals :${portalPorts.join(", :")} → back-ends :${backendPorts.join(", :")}`,
  ),
);
