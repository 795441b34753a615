import type { RouteConfigEntry } from "@remix-run/route-config";
import { describe, expect, it } from "vitest";
import routes from "../app/routes";
import { everyPage, notPages } from "./every-page.mjs";

/**
 * Each route of the table with its full URL pattern ("t/:tenancyId/alarms/:alarmId") and how
 * every-page.mjs names it: by its id where the table gives one (a module that serves two routes),
 * else by its file.
 */
function flatten(
  entries: readonly RouteConfigEntry[],
  parent = "",
): { file: string; key: string; path: string; layout: boolean }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = { file: entry.file, key: entry.id ?? entry.file, path, layout: (entry.children?.length ?? 0) > 0 };
    return [own, ...flatten(entry.children ?? [], path)];
  });
}

const table = flatten(routes);
const keyOf = (page: (typeof everyPage)[number]) => page.id ?? page.route;
const samples: Record<string, string> = {
  tenancy: "7019",
  alarm: "12",
  notification: "34",
  room: "stue",
  meter: "10121",
  user: "56",
  report: "AAAAAAAAAAAAAAAAAAAAAAAA",
};

/** The route pattern as a regular expression over a path (":name" one segment, "*" the rest). */
const patternOf = (path: string) => new RegExp(`^/${path.replace(/:\w+/g, "[^/]+").replace(/\*$/, ".*")}$`);
/** How specific a pattern is: the router prefers the route with more static segments. */
const staticSegments = (path: string) => path.split("/").filter((s) => s && !s.startsWith(":") && s !== "*").length;

describe("every page (scripts/every-page.mjs)", () => {
  it("names every route of app/routes.ts that is not a layout: a page, or why it is none", () => {
    const pages = new Set(everyPage.map(keyOf));
    const missing = table
      .filter((route) => !route.layout && !pages.has(route.key) && !(route.file in notPages))
      .map((route) => route.key);
    expect(missing, "add the route's page to everyPage, or to notPages with why it has none").toEqual([]);
  });

  it("names only routes of the table, each once, and no layout", () => {
    const keys = new Map(table.map((route) => [route.key, route]));
    const files = new Map(table.map((route) => [route.file, route]));
    const listed = [...everyPage.map(keyOf), ...Object.keys(notPages)];
    expect(everyPage.filter((page) => !keys.has(keyOf(page))).map(keyOf)).toEqual([]);
    expect(everyPage.filter((page) => keys.get(keyOf(page))?.file !== page.route).map(keyOf)).toEqual([]);
    expect(Object.keys(notPages).filter((file) => !files.has(file))).toEqual([]);
    expect(listed.filter((key, index) => listed.indexOf(key) !== index)).toEqual([]);
    expect(listed.filter((key) => (keys.get(key) ?? files.get(key))?.layout)).toEqual([]);
  });

  it("gives each page a path its route answers", () => {
    for (const page of everyPage) {
      const route = table.find((r) => r.key === keyOf(page));
      const path = page.path.split("?")[0]!.replace(/\{(\w+)\}/g, (_, name: string) => samples[name] ?? `{${name}}`);
      expect(path, page.route).not.toContain("{");
      const matching = table.filter((r) => !r.layout && patternOf(r.path).test(path));
      expect(
        matching.map((r) => r.key),
        `${keyOf(page)}: ${path} against /${route?.path}`,
      ).toContain(keyOf(page));
      // Of the routes that match, the router takes the one with the most static segments.
      const most = Math.max(...matching.map((r) => staticSegments(r.path)));
      expect(
        matching.filter((r) => staticSegments(r.path) === most).map((r) => r.key),
        `${path} is the page of`,
      ).toEqual([keyOf(page)]);
    }
  });
});
