import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * ADR 0054 keeps a rendered page under its loader data, URL, language and build: a component that
 * read the clock or a random number while rendering would show its first answer again. Such reads
 * belong in loaders (`*.server.ts`, a route's `loader`) or in effects and handlers, which do not run
 * on the server. This lists every place in the browser-side code that reads them, so that a new
 * one is looked at: if it runs during render, the value must come from a loader instead.
 */
const root = path.resolve(import.meta.dirname, "..");
const readsOfTimeOrChance =
  /\bdayjs\(\s*\)|\bDate\.now\(|\bnew Date\(\s*\)|\bMath\.random\(|\bperformance\.now\(|\bprocess\.env\b/;

/** Each place known not to run during a render, and why. */
const known: Record<string, string> = {
  "components/toasts.tsx": "effects and handlers: the toast clock starts in the browser",
  "routes/profile/profile-data.tsx": "the loader of the data download (a JSON file, not a page)",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || /\.server\.tsx?$/.test(entry.name))
      return [];
    return [full];
  });
}

describe("what a page's render may read (ADR 0054)", () => {
  it("reads the clock, chance or the environment only where it is known not to render", () => {
    const found = sourceFiles(root)
      .filter((file) => readsOfTimeOrChance.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file).split(path.sep).join("/"))
      .sort();
    expect(found).toEqual(Object.keys(known).sort());
  });
});
