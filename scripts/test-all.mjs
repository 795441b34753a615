#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order — type check (the scripts too), lint, format and
 * import rules, unit tests (Vitest), the
 * production build, and the end-to-end suite (Playwright, JavaScript on and off) — then one
 * summary line `N passed, N failed` summing them all. Exits non-zero if anything failed.
 *
 * With TEST_DATABASE_URL (a PostgreSQL server any database can be made on, e.g.
 * postgres://portal@localhost:5432/postgres; `.ci/run` starts a throw-away one) the back-end's tests
 * run a second time on PostgreSQL, and the end-to-end flows of sign-in, alarms and reports run once
 * more against two portals and two back-ends sharing one PostgreSQL database.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { e2ePorts } from "./e2e-ports.mjs";
import { failedPlaywrightTests, failedVitestTests } from "./failed-tests.mjs";

mkdirSync("reports", { recursive: true });
/** @type {{ suite: string, passed: number, failed: number, skipped?: number, seconds: number, note?: string }[]} */
const results = [];
/** Tests that failed, and those that passed only on a retry, by suite: named again at the end. */
/** @type {{ suite: string, kind: "failed" | "flaky", name: string, detail: string }[]} */
const named = [];
/** @param {string} suite @param {"failed" | "flaky"} kind @param {import("./failed-tests.mjs").FailedTest[]} tests */
function remember(suite, kind, tests) {
  for (const test of tests) named.push({ suite, kind, ...test });
}
// The SQLite runs must not see it (backend/app.ts would move their databases to PostgreSQL).
const postgresUrl = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 */
function run(command, args, extraEnv = {}) {
  console.log(
    `\n▶ ${command} ${args.join(" ")}${Object.keys(extraEnv).length > 0 ? ` (with ${Object.keys(extraEnv).join(", ")})` : ""}`,
  );
  const started = Date.now();
  const { status } = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: "0", ...extraEnv },
  });
  return { ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) };
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/**
 * A Playwright run's line of the summary, from its JSON report: passed counts the flaky tests too,
 * and a run that failed without a failed test (it did not start) counts one failure; the failed and
 * flaky tests are named again at the end.
 * @param {string} suite @param {string} reportFile @param {{ ok: boolean, seconds: number }} outcome
 */
function recordPlaywrightRun(suite, reportFile, { ok, seconds }) {
  const report = readJson(reportFile);
  const stats = report?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (!ok && !stats?.unexpected ? 1 : 0);
  results.push({ suite, passed, failed, skipped: stats?.skipped ?? 0, seconds });
  const { failed: failedTests, flaky } = failedPlaywrightTests(report);
  remember(suite, "failed", failedTests);
  remember(suite, "flaky", flaky);
}

// 1. Type check: one check.
{
  const { ok, seconds } = run("npx", ["tsc", "-p", "."]);
  results.push({ suite: "typecheck", passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

// 1b. The project's own rules, one check each: the scripts type-checked as JavaScript (JSDoc
// types), the lint rules (Biome), the formatting (Biome) and the import rules (dependency-cruiser).
for (const [suite, command, args] of /** @type {[string, string, string[]][]} */ ([
  ["typecheck (scripts)", "npx", ["tsc", "-p", "tsconfig.scripts.json"]],
  ["lint", "npx", ["biome", "lint", "--error-on-warnings", "."]],
  ["format", "npx", ["biome", "format", "."]],
  ["imports sorted", "npx", ["biome", "check", "--formatter-enabled=false", "--linter-enabled=false", "."]],
  ["dependencies", "npx", ["depcruise", "--config", ".dependency-cruiser.cjs", "."]],
])) {
  const { ok, seconds } = run(command, args);
  results.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

// 2. Unit tests: counted from Vitest's JSON report.
{
  rmSync("reports/vitest.json", { force: true });
  const { ok, seconds } = run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile=reports/vitest.json",
  ]);
  const report = readJson("reports/vitest.json");
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (!ok && !report?.numFailedTests ? 1 : 0);
  results.push({ suite: "unit (vitest)", passed, failed, seconds });
  remember("unit (vitest)", "failed", failedVitestTests(report));
}

// 2b. The back-end's tests again, on PostgreSQL: each test's throw-away database is a fresh
// PostgreSQL database on TEST_DATABASE_URL's server (backend/app.ts).
if (postgresUrl) {
  rmSync("reports/vitest-postgres.json", { force: true });
  const { ok, seconds } = run(
    "npx",
    [
      "vitest",
      "run",
      "backend",
      "--maxWorkers=2",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=reports/vitest-postgres.json",
    ],
    {
      TEST_DATABASE_URL: postgresUrl,
    },
  );
  const report = readJson("reports/vitest-postgres.json");
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (!ok && !report?.numFailedTests ? 1 : 0);
  results.push({ suite: "back-end on PostgreSQL", passed, failed, seconds });
  remember("back-end on PostgreSQL", "failed", failedVitestTests(report));
} else {
  console.log("\nTEST_DATABASE_URL is not set: the PostgreSQL suites are skipped (README, Tests).");
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
  if (Object.keys(ports).length > 0)
    console.log(
      `Default end-to-end ports in use; this run uses ${Object.entries(ports)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")}.`,
    );
  Object.assign(process.env, ports);
  recordPlaywrightRun("end-to-end (playwright)", "reports/playwright.json", run("npx", ["playwright", "test"]));
} else {
  results.push({
    suite: "end-to-end (playwright)",
    passed: 0,
    failed: 1,
    seconds: 0,
    note: "not run: the build failed",
  });
}

// 5. The multi-instance end-to-end run on PostgreSQL: sign-in, limits, alarms and
// reports through two portals and two back-ends sharing one fresh database.
if (built && postgresUrl) {
  const pg = (await import("pg")).default;
  const name = `e2e_${Date.now().toString(36)}`;
  const admin = async (/** @type {string} */ statement) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let created = false;
  try {
    await admin(`create database ${name}`);
    created = true;
  } catch (error) {
    console.error(
      `Could not make the multi-instance run's database on TEST_DATABASE_URL: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (created) {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    rmSync("reports/playwright-postgres.json", { force: true });
    recordPlaywrightRun(
      "e2e, 2+2 on PostgreSQL",
      "reports/playwright-postgres.json",
      run("npx", ["playwright", "test", "-c", "playwright.postgres.config.ts"], { E2E_DATABASE_URL: url.toString() }),
    );
    await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
  } else {
    results.push({ suite: "e2e, 2+2 on PostgreSQL", passed: 0, failed: 1, seconds: 0, note: "no database" });
  }
}

if (named.length > 0) {
  console.log("\nTests that failed, or passed only when run again (flaky)");
  for (const test of named) {
    console.log(`  ${test.kind === "failed" ? "FAILED" : "flaky "} ${test.suite}: ${test.name}`);
    if (test.detail) console.log(`         ${test.detail}`);
  }
}

console.log("\nSummary");
for (const r of results) {
  const skipped = r.skipped ? `, ${r.skipped} skipped` : "";
  console.log(
    `  ${r.suite.padEnd(26)} ${r.passed} passed, ${r.failed} failed${skipped} (${r.seconds} s)${r.note ? ` — ${r.note}` : ""}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && existsSync("reports") ? 0 : 1);
