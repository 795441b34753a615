import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The pure-render rule (lint/pure-render.grit) fires where a page author would break it. The
 * fixture is linted as `app/components/impure-render.tsx` in a copy of the project's own
 * biome.jsonc and lint/, so the registration (its file globs) is tested too; the project's lint
 * leaves lint/fixtures out.
 */
const root = path.resolve(import.meta.dirname, "..");
const fixture = path.join(root, "lint/fixtures/impure-render.tsx");
const copy = mkdtempSync(path.join(os.tmpdir(), "pure-render-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function lintAs(file: string): string {
  mkdirSync(path.join(copy, "lint"), { recursive: true });
  copyFileSync(path.join(root, "biome.jsonc"), path.join(copy, "biome.jsonc"));
  copyFileSync(path.join(root, "lint/pure-render.grit"), path.join(copy, "lint/pure-render.grit"));
  mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  copyFileSync(fixture, path.join(copy, file));
  const biome = path.join(root, "node_modules/.bin/biome");
  const run = spawnSync(biome, ["lint", "--vcs-enabled=false", "--max-diagnostics=50", file], {
    cwd: copy,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return `${run.stdout}${run.stderr}`;
}

/** The fixture's lines the rule reported, 1-based. */
function reportedLines(output: string, file: string): number[] {
  const at = new RegExp(`${file.replaceAll(".", "\\.")}:(\\d+):\\d+ plugin`, "g");
  return [...output.matchAll(at)].map((match) => Number(match[1]));
}

describe("the pure-render lint rule", () => {
  const marked = readFileSync(fixture, "utf8")
    .split("\n")
    .flatMap((line, i) => (line.endsWith("// reported") ? [i + 1] : []));

  it("reports the clock, chance and the environment read in a component's render, and nothing else", () => {
    const output = lintAs("app/components/impure-render.tsx");
    expect(marked).toHaveLength(5);
    expect(reportedLines(output, "app/components/impure-render.tsx")).toEqual(marked);
    expect(output).toContain("pure-render: a render must not read the clock");
  });

  it("checks route modules too, but not the server's modules", () => {
    expect(reportedLines(lintAs("app/routes/impure.tsx"), "app/routes/impure.tsx")).toEqual(marked);
    expect(reportedLines(lintAs("app/routes/impure.server.tsx"), "app/routes/impure.server.tsx")).toEqual([]);
  });
});
