import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * What the tests of the project's lint rules (lint/*.grit) share: a fixture is linted as `file` in
 * a copy of the project's own biome.jsonc and its rules, so the registration (each rule's file
 * globs) is tested too; the project's lint leaves lint/fixtures out.
 */
const root = path.resolve(import.meta.dirname, "..");

/** Lints the fixture (a path from the project's root) as `file`; Biome's output and the lines its plugins reported, 1-based. */
export function lintFixtureAs(fixture: string, file: string): { output: string; reported: number[] } {
  const copy = mkdtempSync(path.join(os.tmpdir(), "lint-fixture-"));
  try {
    mkdirSync(path.join(copy, "lint"));
    copyFileSync(path.join(root, "biome.jsonc"), path.join(copy, "biome.jsonc"));
    for (const rule of readdirSync(path.join(root, "lint")).filter((name) => name.endsWith(".grit"))) {
      copyFileSync(path.join(root, "lint", rule), path.join(copy, "lint", rule));
    }
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    copyFileSync(path.join(root, fixture), path.join(copy, file));
    const biome = path.join(root, "node_modules/.bin/biome");
    const run = spawnSync(biome, ["lint", "--vcs-enabled=false", "--max-diagnostics=50", file], {
      cwd: copy,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    const output = `${run.stdout}${run.stderr}`;
    const at = new RegExp(`${file.replaceAll(".", "\\.")}:(\\d+):\\d+ plugin`, "g");
    return { output, reported: [...output.matchAll(at)].map((match) => Number(match[1])) };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The fixture's lines marked `// reported` (or `{/* reported *\/}` in JSX), 1-based. */
export function markedLines(fixture: string): number[] {
  return readFileSync(path.join(root, fixture), "utf8")
    .split("\n")
    .flatMap((line, i) => (line.endsWith("// reported") || line.endsWith("{/* reported */}") ? [i + 1] : []));
}
