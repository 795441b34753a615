#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order — type check, unit tests (Vitest), the
 * production build, and the end-to-end suite (Playwright, JavaScript on and off) — then one
 * summary line `N passed, N failed` summing them all. Exits non-zero if anything failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { e2ePorts } from "./e2e-ports.mjs";

mkdirSync("reports", { recursive: true });
const results = [];

function run(command, args) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  return { ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// 1. Type check: one check.
{
  const { ok, seconds } = run("npx", ["tsc", "-p", "."]);
  results.push({ suite: "typecheck", passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

// 2. Unit tests: counted from Vitest's JSON report.
{
  rmSync("reports/vitest.json", { force: true });
  const { ok, seconds } = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile=reports/vitest.json"]);
  const report = readJson("reports/vitest.json");
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (!ok && !report?.numFailedTests ? 1 : 0);
  results.push({ suite: "unit (vitest)", passed, failed, seconds });
}

// 3. Production build: one check; the end-to-end suite runs against it.
let built = false;
{
  const { ok, seconds } = run("npm", ["run", "build", "--silent"]);
  built = ok;
  results.push({ suite: "build", passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

// 4. End-to-end: counted from Playwright's JSON report.
if (built) {
  rmSync("reports/playwright.json", { force: true });
  const ports = await e2ePorts(process.env);
  if (Object.keys(ports).length > 0) console.log(`Default end-to-end ports in use; this run uses ${Object.entries(ports).map(([k, v]) => `${k}=${v}`).join(", ")}.`);
  Object.assign(process.env, ports);
  const { ok, seconds } = run("npx", ["playwright", "test"]);
  const stats = readJson("reports/playwright.json")?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (!ok && !stats?.unexpected ? 1 : 0);
  results.push({ suite: "end-to-end (playwright)", passed, failed, skipped: stats?.skipped ?? 0, seconds });
} else {
  results.push({ suite: "end-to-end (playwright)", passed: 0, failed: 1, seconds: 0, note: "not run: the build failed" });
}

console.log("\nSummary");
for (const r of results) {
  const skipped = r.skipped ? `, ${r.skipped} skipped` : "";
  console.log(`  ${r.suite.padEnd(26)} ${r.passed} passed, ${r.failed} failed${skipped} (${r.seconds} s)${r.note ? ` — ${r.note}` : ""}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && existsSync("reports") ? 0 : 1);
