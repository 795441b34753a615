import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { weatherFigurePages } from "./every-page";
import { everyPageHtml } from "./page-html";

/**
 * Every page is valid HTML: the Nu Html Checker (npm vnu-jar, run with the machine's Java; .ci/run
 * installs default-jre-headless) reports no error on any page of every-page.ts. Its warnings and
 * notes (e.g. a section without a heading) do not fail the test. The checker starts slowly, so all
 * pages are written to a directory and checked in one run.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "checks the server's HTML, the same for both projects");

const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const hasJava = !spawnSync("java", ["-version"]).error;
test.skip(
  !hasJava && !process.env.CI,
  "Java is not installed here (apt-get install default-jre-headless; .ci/run does)",
);

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("the Nu Html Checker finds no error on any page", async ({ browser }) => {
  test.setTimeout(240_000);
  const pages = await everyPageHtml(browser);
  const dir = mkdtempSync(path.join(tmpdir(), "portal-vnu-"));
  try {
    const files = pages.map((page, index) => {
      const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, page.html);
      return { file, page };
    });
    const run = spawnSync("java", ["-jar", vnuJar, "--format", "json", ...files.map((f) => f.file)], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, "java could not be started").toBeUndefined();
    // The report goes to standard error; the exit status is 1 when there are errors.
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const pageOf = (url = "") => files.find((f) => url.endsWith(path.basename(f.file)))?.page;
    const errors = messages
      .filter((m) => m.type !== "info")
      .map((m) => {
        const page = pageOf(m.url);
        return `${page ? `${page.who} ${page.path}` : m.url}, line ${m.lastLine}: ${m.message} ${JSON.stringify(m.extract ?? "")}`;
      });
    // Issue 46's figures were among the pages checked, with their words: the heat page against last
    // year and against the efficient neighbours, the dashboard's Forecast card, the monthly report.
    for (const { path: wanted, words } of weatherFigurePages()) {
      const page = pages.find((p) => p.path === wanted);
      expect(page?.status, `${wanted} is checked`).toBe(200);
      for (const word of words) expect(page?.html, `${wanted}: ${word}`).toContain(word);
    }
    const report = pages.find((p) => p.path.startsWith("/report/") && p.status === 200);
    expect(report?.html, "the monthly report's weather-adjusted line is checked").toMatch(
      /Vejrkorrigeret: .*graddage/s,
    );
    expect(errors, `validator errors on ${pages.length} pages`).toEqual([]);
    // Each one was a page (the unknown path's is a 404 page), not an error.
    expect(
      pages
        .filter((p) => !(p.status === 200 || p.status === 404 || (p.path.includes("posted") && p.status < 500)))
        .map((p) => `${p.path}: ${p.status}`),
    ).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
