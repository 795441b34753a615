import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every portal path in code comes from common/portal-paths.ts (issue 45, item 5): a string or
 * template literal that starts with one of the portal's first segments ("/login", "/t/${id}",
 * "/signup?…") anywhere in the portal, its server, common/ or the back-end fails here with its file
 * and line. Tests and the e2e specs may spell paths out: they check what the builders make.
 */

/** The portal's first path segments, read from the route table (app/routes.ts). */
function firstSegments(): string[] {
  const routes = readFileSync("app/routes.ts", "utf8");
  // The tenancy area's children are below "/t/:tenancyId", not first segments: leave its block out.
  const area = routes.indexOf('route("t/:tenancyId"');
  let end = routes.indexOf("[", area);
  for (let depth = 0; end < routes.length; end++) {
    if (routes[end] === "[") depth++;
    if (routes[end] === "]" && --depth === 0) break;
  }
  const table = routes.slice(0, area) + routes.slice(end);
  const segments = [...table.matchAll(/\broute\(\s*"([^"/*:]+)/g)].map((match) => match[1]!);
  return [...new Set(segments)].sort();
}

const scanned = ["app", "server", "common", "backend", "server.ts"];
const skipped = [/\.test\.tsx?$/, /\.generated\.ts$/, /^common\/portal-paths\.ts$/, /^app\/routes\.ts$/];

function sourceFiles(path: string): string[] {
  if (/\.(ts|tsx)$/.test(path)) return skipped.some((pattern) => pattern.test(path)) ? [] : [path];
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.name !== "node_modules" && !entry.name.startsWith("."))
    .flatMap((entry) =>
      entry.isDirectory() || /\.(ts|tsx)$/.test(entry.name) ? sourceFiles(join(path, entry.name)) : [],
    );
}

/**
 * Paths still written out, file by file, until they move to the builders: the list may only
 * shrink (a file listed here without such a literal fails too, so it is taken off).
 */
const notYetConverted: readonly string[] = [];

function pathLiterals(text: string, segments: readonly string[]): { line: number; literal: string }[] {
  const pattern = new RegExp(
    `(["'\`])/(?:${segments.map((s) => s.replace(/[-.]/g, "\\$&")).join("|")})(?=[/"'\`?#$])`,
    "g",
  );
  const found: { line: number; literal: string }[] = [];
  text.split("\n").forEach((source, index) => {
    const trimmed = source.trim();
    if (trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*")) return;
    for (const match of source.matchAll(pattern))
      found.push({ line: index + 1, literal: source.slice(match.index).slice(0, 40) });
  });
  return found;
}

describe("portal paths", () => {
  const segments = firstSegments();

  it("knows the portal's first segments from the route table", () => {
    expect(segments).toEqual(expect.arrayContaining(["login", "signup", "t", "account", "report", "no-tenancies"]));
  });

  it("finds a literal path and leaves other strings alone", () => {
    const found = pathLiterals(
      [
        'redirect("/login");',
        "const a = `/t/$" + "{id}/alarms`;",
        'fetch("/graphql"); const b = "/tmp";',
        '// "/login"',
      ].join("\n"),
      segments,
    );
    expect(found.map((hit) => hit.line)).toEqual([1, 2]);
  });

  it("are built by common/portal-paths.ts, never written out in code", () => {
    const files = scanned.flatMap(sourceFiles);
    const hits = files.flatMap((file) =>
      pathLiterals(readFileSync(file, "utf8"), segments).map((hit) => ({ file, ...hit })),
    );
    const offending = hits.filter((hit) => !notYetConverted.includes(hit.file));
    expect(
      offending.map((hit) => `${hit.file}:${hit.line}: ${hit.literal}`),
      "use a builder of common/portal-paths.ts (add one there if none fits)",
    ).toEqual([]);
    const cleaned = notYetConverted.filter((file) => !hits.some((hit) => hit.file === file));
    expect(cleaned, "no path literal left: take these off notYetConverted").toEqual([]);
  });
});
