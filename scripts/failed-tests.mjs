/**
 * The names of the tests that failed (or passed only on a retry) in Vitest's and Playwright's JSON
 * reports, for the end of `npm test`: the CI shows only the last part of a run's output, and a
 * summary that says "1 failed" without saying which one leaves nothing to act on.
 */

/**
 * @typedef {{ name: string, detail: string }} FailedTest
 */

/** @param {unknown} message */
function firstLine(message) {
  const text = typeof message === "string" ? message : "";
  // Playwright's messages carry ANSI colours even with FORCE_COLOR=0 in some versions.
  const plain = text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  return (plain.split("\n").find((line) => line.trim() !== "") ?? "").trim().slice(0, 200);
}

/**
 * Failed tests of a Vitest JSON report (`--reporter=json`).
 * @param {any} report
 * @returns {FailedTest[]}
 */
export function failedVitestTests(report) {
  /** @type {FailedTest[]} */
  const failed = [];
  for (const file of report?.testResults ?? []) {
    const path = String(file.name ?? "").replace(`${process.cwd()}/`, "");
    const failedAssertions = (file.assertionResults ?? []).filter(
      (/** @type {any} */ test) => test.status === "failed",
    );
    for (const test of failedAssertions) {
      failed.push({ name: `${path} › ${test.fullName ?? test.title}`, detail: firstLine(test.failureMessages?.[0]) });
    }
    // A file that failed before any test ran (an import error) has no assertion to name.
    if (file.status === "failed" && failedAssertions.length === 0) {
      failed.push({ name: path, detail: firstLine(file.message) });
    }
  }
  return failed;
}

/**
 * Tests of a Playwright JSON report that failed, and those that failed first and passed on a retry.
 * @param {any} report
 * @returns {{ failed: FailedTest[], flaky: FailedTest[] }}
 */
export function failedPlaywrightTests(report) {
  /** @type {{ failed: FailedTest[], flaky: FailedTest[] }} */
  const out = { failed: [], flaky: [] };
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const path = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `[${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")}`;
        const failedResult = (test.results ?? []).find(
          (/** @type {any} */ result) => result.status !== "passed" && result.status !== "skipped",
        );
        const detail = firstLine(failedResult?.error?.message ?? failedResult?.errors?.[0]?.message);
        if (test.status === "unexpected") out.failed.push({ name, detail });
        else if (test.status === "flaky") out.flaky.push({ name, detail });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}
