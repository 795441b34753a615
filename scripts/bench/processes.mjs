/**
 * The child processes the bench starts, and how they all stop: each runs as the leader of its own
 * process group, so stopping one stops everything it started (the portal's start script, the
 * back-end, npm and tsx, Chromium). stopAll() runs on success, on errors and on Ctrl+C.
 */
import { spawn } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import net from "node:net";

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string }} ProcessResult
 * @typedef {import("node:child_process").ChildProcessByStdio<null, import("node:stream").Readable,
 * import("node:stream").Readable>} Child
 * @typedef {{ child: Child, name: string, exited: boolean, done: Promise<ProcessResult> }} ProcessEntry
 * @typedef {{ env?: NodeJS.ProcessEnv, cwd?: string, log?: string, name?: string, onStdout?: (text: string) => void }} StartOptions
 */

/** @type {Set<ProcessEntry>} */
const running = new Set();

/**
 * Starts `command args` in its own process group. Output goes to `log` (a file path) or is
 * collected and returned by the promise `done` ({ code, signal, stdout, stderr }).
 * @param {string} command
 * @param {string[]} args
 * @param {StartOptions} [options]
 * @returns {ProcessEntry}
 */
export function startProcess(command, args, { env = process.env, cwd, log, name = command, onStdout } = {}) {
  /** @type {["ignore", "pipe", "pipe"]} */
  const stdio = ["ignore", "pipe", "pipe"];
  const child = spawn(command, args, { env, cwd, stdio, detached: true });
  const entry = /** @type {ProcessEntry} */ ({ child, name, exited: false });
  running.add(entry);
  let stdout = "";
  let stderr = "";
  if (log) {
    const file = createWriteStream(log, { flags: "a" });
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  } else {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      onStdout?.(String(chunk));
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
  }
  entry.done = new Promise((resolve) => {
    const finish = (/** @type {number | null} */ code, /** @type {NodeJS.Signals | null} */ signal) => {
      if (entry.exited) return;
      entry.exited = true;
      running.delete(entry);
      resolve({ code, signal, stdout, stderr });
    };
    child.on("error", (error) => {
      stderr += String(error);
      finish(null, null);
    });
    child.on("close", finish);
  });
  return entry;
}

/**
 * @param {ProcessEntry} entry
 * @param {NodeJS.Signals} signal
 */
function signalGroup(entry, signal) {
  if (entry.child.pid === undefined) return;
  try {
    process.kill(-entry.child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Stops one process group: `signal` first (SIGTERM), SIGKILL after `graceMs`.
 * @param {ProcessEntry | undefined} entry
 * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options]
 */
export async function stopProcess(entry, { signal = "SIGTERM", graceMs = 12_000 } = {}) {
  if (!entry || entry.child.pid === undefined) return;
  signalGroup(entry, signal);
  const timer = setTimeout(() => signalGroup(entry, "SIGKILL"), graceMs);
  await Promise.race([entry.done, new Promise((resolve) => setTimeout(resolve, graceMs + 2_000))]);
  clearTimeout(timer);
  // Grandchildren (the portal, the back-end) may outlive their parent by a moment.
  signalGroup(entry, "SIGKILL");
}

/** Extra process groups to kill at the end (Chromium, which chrome-launcher detaches). */
/** @type {Set<number>} */
const extraGroups = new Set();
/** @param {number} pid */
export function trackGroup(pid) {
  extraGroups.add(pid);
}
/** @param {number} pid */
export function untrackGroup(pid) {
  extraGroups.delete(pid);
}

export async function stopAll() {
  await Promise.all([...running].map((entry) => stopProcess(entry)));
  for (const pid of extraGroups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  extraGroups.clear();
}

/**
 * Runs a command to its end with a time limit; resolves { code, signal, stdout, stderr, timedOut }.
 * @param {string} command
 * @param {string[]} args
 * @param {Omit<StartOptions, "name"> & { timeoutMs?: number }} [options]
 */
export async function runToEnd(command, args, { env, cwd, timeoutMs, log, onStdout } = {}) {
  const entry = startProcess(command, args, { env, cwd, log, onStdout });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopProcess(entry, { graceMs: 3_000 });
  }, timeoutMs);
  const result = await entry.done;
  clearTimeout(timer);
  return { ...result, timedOut };
}

/**
 * @param {number} port
 * @param {string} host
 */
function portIsFree(port, host) {
  return new Promise((/** @type {(free: boolean) => void} */ resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The first port from `start` on that is free on loopback and on all addresses.
 * @param {number} start
 * @param {number[]} [avoid]
 */
export async function freePort(start, avoid = []) {
  for (let port = start; port < start + 200; port++) {
    if (avoid.includes(port)) continue;
    if ((await portIsFree(port, "127.0.0.1")) && (await portIsFree(port, "0.0.0.0"))) return port;
  }
  throw new Error(`no free port between ${start} and ${start + 199}`);
}

/**
 * Linux: `read(entry, fields)` for each direct child of `pid` (its /proc entry and the fields of
 * its stat after the command name), by command line; a child that ends meanwhile is left out,
 * and without /proc there are none.
 * @template T
 * @param {number | undefined} pid
 * @param {(entry: string, fields: string[]) => T} read
 * @returns {Record<string, T>}
 */
function eachChild(pid, read) {
  /** @type {Record<string, T>} */
  const result = {};
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(fields[1]) !== pid) continue;
        const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean).slice(1).join(" ");
        result[cmd || entry] = read(entry, fields);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return result;
}

/** Linux: CPU seconds (user + system) used so far by each direct child of `pid`, by command line. */
/** @param {number | undefined} pid */
export function childCpuSeconds(pid) {
  const ticks = 100; // USER_HZ on Linux
  return eachChild(pid, (_, fields) => (Number(fields[11]) + Number(fields[12])) / ticks);
}

/**
 * Linux: the memory of each direct child of `pid`, by command line, in MiB: its resident set now
 * (VmRSS) and the most it has held since it started (VmHWM, the kernel's high-water mark).
 * @param {number | undefined} pid
 * @returns {Record<string, { rssMiB: number, peakMiB: number }>}
 */
export function childMemoryMiB(pid) {
  const kib = (/** @type {string} */ status, /** @type {string} */ field) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return eachChild(pid, (entry) => {
    const status = readFileSync(`/proc/${entry}/status`, "utf8");
    return { rssMiB: kib(status, "VmRSS") / 1024, peakMiB: kib(status, "VmHWM") / 1024 };
  });
}

/** The portal's children by what they run: "portal" (server) and "back-end"; another command as it is. @param {string} cmd */
export const serverNameOf = (cmd) =>
  /(^| )build\/node\/backend/.test(cmd) ? "back-end" : /(^| )build\/node\/server/.test(cmd) ? "portal" : cmd;

/** Linux: CPU seconds (user + system) used so far by the process `pid` itself, or NaN. */
/** @param {number | undefined} pid */
export function ownCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Starts the built portal and its back-end (scripts/start.mjs) on free ports from `firstPort` and
 * `firstBackendPort`, with their data in `dataDir` (seeded on first start). `nodeArgs` go to both
 * servers' node (START_NODE_ARGS), for example `--cpu-prof`; `cwd` is the checkout to start (this one);
 * `env`, more environment for both (the replay's TRUST_PROXY).
 * @param {{ firstPort: number, firstBackendPort: number, dataDir: string, log: string, nodeArgs?: string[], cwd?: string,
 * env?: Record<string, string> }} options
 */
export async function startPortal({ firstPort, firstBackendPort, dataDir, log, nodeArgs = [], cwd, env = {} }) {
  const port = await freePort(firstPort);
  const backendPort = await freePort(firstBackendPort, [port]);
  const base = `http://127.0.0.1:${port}`;
  const portal = startProcess(process.execPath, ["scripts/start.mjs"], {
    name: "portal",
    cwd,
    log,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BACKEND_PORT: String(backendPort),
      DATA_DIR: dataDir,
      PORTAL_URL: base,
      START_NODE_ARGS: nodeArgs.join(" "),
      ...env,
    },
  });
  return { portal, base, backendPort };
}

/**
 * Waits until a portal's two servers used under a tenth of a core over 2 s, 90 s at most (or
 * until `stopped()` says the bench is stopping): bench:ab and bench:compare measure from there.
 * @param {number | undefined} pid
 * @param {() => boolean} stopped
 */
export async function untilQuiet(pid, stopped) {
  const busy = () => Object.values(childCpuSeconds(pid)).reduce((sum, seconds) => sum + seconds, 0);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !stopped()) {
    const before = busy();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (busy() - before < 0.2) return;
  }
}
