/**
 * Reads V8 CPU profiles (`node --cpu-prof`, `.cpuprofile` JSON) and says where the time went:
 * the sampled CPU time of the process, the time spent in each package or source file's own code
 * ("self": the function at the top of the stack), and each function's time with everything it
 * called ("total": a function counted once per sample however often it recurs on the stack).
 * `npm run bench:profile` (profile.mjs) writes the profiles and prints this summary.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number, columnNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} CpuProfile
 * @typedef {{ name: string, ms: number }} Share
 * @typedef {{ sampledMs: number, idleMs: number, busyMs: number, self: Share[], total: Share[] }} ProfileSummary
 */

/** Frames that are not code: V8's own bookkeeping names. */
const pseudo = new Set(["(root)", "(program)", "(idle)", "(garbage collector)"]);

/**
 * Where a frame's code lives: "(garbage collector)" and "(program)" as they are; a package by its
 * name (`react-dom`, `@remix-run/router`); Node's own modules as `node:<first part>`; our bundles
 * and sources by their path under the checkout.
 * @param {CallFrame} frame
 * @param {string} [root] the checkout's path, taken off project paths
 */
export function placeOf(frame, root = "") {
  if (pseudo.has(frame.functionName) && frame.url === "") return frame.functionName;
  const url = frame.url.replace(/^file:\/\//, "");
  if (url === "") return "(native)";
  const inPackages = url.lastIndexOf("/node_modules/");
  if (inPackages >= 0) {
    const parts = url.slice(inPackages + "/node_modules/".length).split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith("node:")) {
    const parts = url.slice("node:".length).split("/");
    return `node:${parts[0] === "internal" ? (parts[1] ?? "internal") : parts[0]}`;
  }
  return root && url.startsWith(`${root}/`) ? url.slice(root.length + 1) : url;
}

/** A function's name with its place, as the summary lists it. @param {CallFrame} frame @param {string} root */
function functionOf(frame, root) {
  const place = placeOf(frame, root);
  if (pseudo.has(place)) return place;
  return `${frame.functionName || "(anonymous)"} ${place}:${frame.lineNumber + 1}`;
}

/**
 * Each sample lasts until the next one (as Chrome's DevTools count): the last sample gets the
 * mean interval.
 * @param {CpuProfile} profile
 * @returns {Map<number, number>} microseconds per node id
 */
function selfMicroseconds(profile) {
  /** @type {Map<number, number>} */
  const self = new Map();
  const { samples, timeDeltas } = profile;
  const mean = samples.length > 1 ? (profile.endTime - profile.startTime) / samples.length : 0;
  for (let i = 0; i < samples.length; i++) {
    const duration = i + 1 < timeDeltas.length ? Math.max(0, timeDeltas[i + 1] ?? 0) : mean;
    const id = /** @type {number} */ (samples[i]);
    self.set(id, (self.get(id) ?? 0) + duration);
  }
  return self;
}

/**
 * @param {CpuProfile} profile
 * @param {{ root?: string, top?: number }} [options]
 * @returns {ProfileSummary}
 */
export function summarizeProfile(profile, { root = "", top = 25 } = {}) {
  const self = selfMicroseconds(profile);
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  const roots = profile.nodes.filter((node) => !childIds.has(node.id));

  /** @type {Map<string, number>} */
  const selfByPlace = new Map();
  /** @type {Map<string, number>} */
  const totalByFunction = new Map();
  let sampled = 0;
  let idle = 0;

  // Depth first, iteratively (stacks run deep), with the functions on the current path counted
  // once each: a node's total is added to every function on its path that is not already counted.
  /** @type {Map<string, number>} */
  const onPath = new Map();
  /** @type {{ node: ProfileNode, phase: "enter" | "leave", name: string }[]} */
  const stack = roots.map((node) => ({ node, phase: "enter", name: functionOf(node.callFrame, root) }));
  while (stack.length > 0) {
    const item = /** @type {(typeof stack)[number]} */ (stack.pop());
    const { node, name } = item;
    if (item.phase === "leave") {
      const left = (onPath.get(name) ?? 1) - 1;
      if (left === 0) onPath.delete(name);
      else onPath.set(name, left);
      continue;
    }
    const own = self.get(node.id) ?? 0;
    sampled += own;
    const place = placeOf(node.callFrame, root);
    if (place === "(idle)") idle += own;
    selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + own);
    onPath.set(name, (onPath.get(name) ?? 0) + 1);
    // Every function on the path (this one included) gets this node's own time once.
    if (own > 0) for (const fn of onPath.keys()) totalByFunction.set(fn, (totalByFunction.get(fn) ?? 0) + own);
    stack.push({ node, phase: "leave", name });
    for (const id of node.children ?? []) {
      const child = byId.get(id);
      if (child) stack.push({ node: child, phase: "enter", name: functionOf(child.callFrame, root) });
    }
  }

  /** @param {Map<string, number>} map @returns {Share[]} */
  const ranked = (map) =>
    [...map.entries()]
      .filter(([name, us]) => us > 0 && name !== "(idle)" && name !== "(root)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000 }));
  return {
    sampledMs: sampled / 1000,
    idleMs: idle / 1000,
    busyMs: (sampled - idle) / 1000,
    self: ranked(selfByPlace),
    total: ranked(totalByFunction),
  };
}

/**
 * The summary as text: each share in ms per request (when `requests` is given) and in % of the
 * busy time.
 * @param {string} title
 * @param {ProfileSummary} summary
 * @param {number} [requests]
 */
export function formatSummary(title, summary, requests) {
  const perRequest = (/** @type {number} */ ms) => (requests ? `${(ms / requests).toFixed(2)} ms/req  ` : "");
  const pct = (/** @type {number} */ ms) => `${((100 * ms) / (summary.busyMs || 1)).toFixed(1).padStart(5)} %`;
  const lines = [
    `## ${title}: ${summary.busyMs.toFixed(0)} ms busy${requests ? ` over ${requests} requests (${(summary.busyMs / requests).toFixed(2)} ms/req)` : ""}, ${summary.idleMs.toFixed(0)} ms idle`,
    "",
    "self time by place (package, Node module or our file):",
    ...summary.self.map((s) => `  ${pct(s.ms)}  ${perRequest(s.ms)}${s.name}`),
    "",
    "total time by function (with what it called):",
    ...summary.total.map((s) => `  ${pct(s.ms)}  ${perRequest(s.ms)}${s.name}`),
  ];
  return lines.join("\n");
}

/**
 * Which of the portal's processes wrote a profile, by the entry its frames run: the portal's
 * server (build/node/server.js), the back-end (build/node/backend.js), or another (the start
 * script), which is left out.
 * @param {CpuProfile} profile
 * @returns {"portal" | "back-end" | null}
 */
export function processOf(profile) {
  const urls = new Set(profile.nodes.map((node) => node.callFrame.url));
  const has = (/** @type {string} */ end) => [...urls].some((url) => url.endsWith(end));
  if (has("/build/node/backend.js")) return "back-end";
  if (has("/build/node/server.js")) return "portal";
  return null;
}

/**
 * The summaries of the portal's and the back-end's profiles among `files`, as text lines.
 * @param {string[]} files
 * @param {{ root: string, requests?: number, top?: number }} options
 */
export function cpuProfileFigures(files, { root, requests, top }) {
  /** @type {string[]} */
  const lines = [];
  for (const file of files) {
    const profile = /** @type {CpuProfile} */ (JSON.parse(readFileSync(file, "utf8")));
    const name = processOf(profile);
    if (name === null) continue;
    lines.push(
      formatSummary(`${name} (${path.basename(file)})`, summarizeProfile(profile, { root, top }), requests),
      "",
    );
  }
  return lines;
}
