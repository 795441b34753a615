import type { RouteConfigEntry } from "@remix-run/route-config";
import { describe, expect, it } from "vitest";
import routes from "../app/routes";
import { everyPage, notPages } from "./every-page.mjs";

/** Each route of the table with its full URL pattern ("t/:tenancyId/alarms/:alarmId"). */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): { file: string; path: string; layout: boolean }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = { file: entry.file, path, layout: (entry.children?.length ?? 0) > 0 };
    return [own, ...flatten(entry.children ?? [], path)];
  });
}

const table = flatten(routes);
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
    const pages = new Set(everyPage.map((page) => page.route));
    const missing = table
      .filter((route) => !route.layout && !pages.has(route.file) && !(route.file in notPages))
      .map((route) => route.file);
    expect(missing, "add the route's page to everyPage, or to notPages with why it has none").toEqual([]);
  });

  it("names only routes of the table, each once, and no layout", () => {
    const files = new Map(table.map((route) => [route.file, route]));
    const listed = [...everyPage.map((page) => page.route), ...Object.keys(notPages)];
    expect(listed.filter((file) => !files.has(file))).toEqual([]);
    expect(listed.filter((file, index) => listed.indexOf(file) !== index)).toEqual([]);
    expect(listed.filter((file) => files.get(file)?.layout)).toEqual([]);
  });

  it("gives each page a path its route answers", () => {
    for (const page of everyPage) {
      const route = table.find((r) => r.file === page.route);
      const path = page.path.split("?")[0]!.replace(/\{(\w+)\}/g, (_, name: string) => samples[name] ?? `{${name}}`);
      expect(path, page.route).not.toContain("{");
      const matching = table.filter((r) => !r.layout && patternOf(r.path).test(path));
      expect(
        matching.map((r) => r.file),
        `${page.route}: ${path} against /${route?.path}`,
      ).toContain(page.route);
      // Of the routes that match, the router takes the one with the most static segments.
      const most = Math.max(...matching.map((r) => staticSegments(r.path)));
      expect(
        matching.filter((r) => staticSegments(r.path) === most).map((r) => r.file),
        `${path} is the page of`,
      ).toEqual([page.route]);
    }
  });
});
