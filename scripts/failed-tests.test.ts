import { describe, expect, it } from "vitest";
import { failedPlaywrightTests, failedVitestTests } from "./failed-tests.mjs";

describe("failed tests named from the JSON reports", () => {
  it("names Vitest's failed tests with their file and first message line, and files that failed to load", () => {
    const report = {
      testResults: [
        {
          name: `${process.cwd()}/backend/a.test.ts`,
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "a works" },
            { status: "failed", fullName: "a sums", failureMessages: ["AssertionError: expected 1 to be 2\n    at x"] },
          ],
        },
        {
          name: `${process.cwd()}/app/b.test.ts`,
          status: "failed",
          message: "Cannot find module 'x'",
          assertionResults: [],
        },
        { name: `${process.cwd()}/app/c.test.ts`, status: "passed", assertionResults: [{ status: "passed" }] },
      ],
    };
    expect(failedVitestTests(report)).toEqual([
      { name: "backend/a.test.ts › a sums", detail: "AssertionError: expected 1 to be 2" },
      { name: "app/b.test.ts", detail: "Cannot find module 'x'" },
    ]);
    expect(failedVitestTests(null)).toEqual([]);
  });

  it("names Playwright's failed and flaky tests with project, place, describe titles and the error", () => {
    const report = {
      suites: [
        {
          title: "login.spec.ts",
          file: "login.spec.ts",
          specs: [],
          suites: [
            {
              title: "login with e-mail",
              file: "login.spec.ts",
              specs: [
                {
                  title: "signs in",
                  file: "login.spec.ts",
                  line: 14,
                  tests: [
                    {
                      projectName: "js",
                      status: "unexpected",
                      results: [
                        {
                          status: "timedOut",
                          error: { message: "\u001b[31mTest timeout of 60000ms exceeded.\u001b[39m" },
                        },
                      ],
                    },
                    {
                      projectName: "nojs",
                      status: "flaky",
                      results: [
                        { status: "failed", errors: [{ message: "Error: expect(locator).toBeVisible()" }] },
                        { status: "passed" },
                      ],
                    },
                    { projectName: "nojs", status: "expected", results: [{ status: "passed" }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(failedPlaywrightTests(report)).toEqual({
      failed: [
        { name: "[js] login.spec.ts:14 › login with e-mail › signs in", detail: "Test timeout of 60000ms exceeded." },
      ],
      flaky: [
        {
          name: "[nojs] login.spec.ts:14 › login with e-mail › signs in",
          detail: "Error: expect(locator).toBeVisible()",
        },
      ],
    });
  });
});
