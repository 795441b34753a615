import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";

/**
 * patches/@remix-run+router+1.23.3.patch (ADR 0016): the server's copy of @remix-run/router (its
 * CommonJS build, which Node loads for @remix-run/server-runtime and react-router) flattens and
 * ranks a route tree once and compiles each path pattern once, instead of on every match.
 */
const router = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

type Route = import("@remix-run/router").AgnosticRouteObject;

function routeTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "login", path: "login" },
        {
          id: "tenancy",
          path: "t/:tenancyId",
          children: [
            { id: "dashboard", index: true },
            { id: "quantity", path: "consumption/:quantity", children: [{ id: "room", path: "room/:roomName" }] },
          ],
        },
        { id: "unknown", path: "*" },
      ],
    },
  ];
}

/** The tree's top-level array, counting how often the router walks it. */
function counted(routes: Route[]) {
  const walks = { count: 0 };
  const proxy = new Proxy(routes, {
    get(target, property, receiver) {
      if (property === "forEach") walks.count++;
      return Reflect.get(target, property, receiver);
    },
  });
  return { routes: proxy, walks };
}

const ids = (matches: { route: { id?: string } }[] | null) => matches?.map((m) => m.route.id) ?? null;

describe("route matching on the server (patched @remix-run/router)", () => {
  it("flattens and ranks a route tree once, whatever is matched against it afterwards", () => {
    const { routes, walks } = counted(routeTree());
    expect(ids(router.matchRoutes(routes, "/t/7009"))).toEqual(["root", "tenancy", "dashboard"]);
    const afterFirst = walks.count;
    expect(afterFirst).toBeGreaterThan(0);
    expect(ids(router.matchRoutes(routes, "/t/7009/consumption/heat/room/kitchen"))).toEqual([
      "root",
      "tenancy",
      "quantity",
      "room",
    ]);
    expect(ids(router.matchRoutes(routes, "/login"))).toEqual(["root", "login"]);
    expect(ids(router.matchRoutes(routes, "/nowhere"))).toEqual(["root", "unknown"]);
    expect(walks.count).toBe(afterFirst);
  });

  it("gives each match its own params, from the same cached branches", () => {
    const routes = routeTree();
    const first = router.matchRoutes(routes, "/t/1/consumption/heat/room/kitchen");
    const second = router.matchRoutes(routes, "/t/2/consumption/water/room/bath");
    expect(first?.at(-1)?.params).toEqual({ tenancyId: "1", quantity: "heat", roomName: "kitchen" });
    expect(second?.at(-1)?.params).toEqual({ tenancyId: "2", quantity: "water", roomName: "bath" });
    expect(first?.at(-1)?.pathname).toBe("/t/1/consumption/heat/room/kitchen");
  });

  it("keeps a different tree apart, and patterns apart by end and case sensitivity", () => {
    expect(ids(router.matchRoutes([{ id: "other", path: "t/:id" }], "/t/7009"))).toEqual(["other"]);
    expect(router.matchPath({ path: "/t", end: false }, "/t/7009")?.pathnameBase).toBe("/t");
    expect(router.matchPath({ path: "/t" }, "/t/7009")).toBeNull();
    expect(router.matchPath({ path: "/Login", caseSensitive: true }, "/login")).toBeNull();
    expect(router.matchPath({ path: "/Login" }, "/login")?.pathname).toBe("/login");
    expect(router.matchPath("/t/:tenancyId", "/t/5")?.params).toEqual({ tenancyId: "5" });
    expect(router.matchPath("/t/:tenancyId", "/t/6")?.params).toEqual({ tenancyId: "6" });
  });
});

/**
 * The patch also skips, for each pathname, the branches that cannot match it (by first segment
 * and segment count). Checked against @remix-run/router's own unpatched build (the ESM file, which
 * the patch leaves alone) on the portal's route table and on a tree of awkward patterns.
 */
describe("candidate branches (patched matchRoutes against the unpatched router)", async () => {
  const require = createRequire(import.meta.url);
  const reference = (await import(
    /* @vite-ignore */ new URL(
      `file://${require.resolve("@remix-run/router").replace(/router\.cjs\.js$/, "router.js")}`,
    ).href
  )) as typeof import("@remix-run/router");
  const { default: routeConfig } = await import("../app/routes");

  type ConfigEntry = {
    id?: string;
    file: string;
    path?: string;
    index?: boolean;
    caseSensitive?: boolean;
    children?: ConfigEntry[];
  };
  const toRoutes = (entries: ConfigEntry[]): Route[] =>
    entries.map((entry) =>
      entry.index
        ? { id: entry.id ?? entry.file, index: true as const }
        : {
            id: entry.id ?? `${entry.file}:${entry.path ?? ""}`,
            path: entry.path,
            caseSensitive: entry.caseSensitive,
            children: toRoutes(entry.children ?? []),
          },
    );
  const portalRoutes: Route[] = [{ id: "root", path: "", children: toRoutes(routeConfig as ConfigEntry[]) }];

  const awkwardRoutes: Route[] = [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "optional-lang", path: ":lang?/about" },
        { id: "optional-static", path: "help/faq?" },
        { id: "case", path: "Exact", caseSensitive: true },
        { id: "dotted", path: "robots.txt" },
        { id: "danish", path: "forbrug-æø" },
        { id: "files", path: "files/*" },
        {
          id: "layout",
          children: [
            { id: "in-layout", path: "inside/:id" },
            { id: "layout-index", index: true },
          ],
        },
        { id: "absolute-parent", path: "abs", children: [{ id: "absolute-child", path: "/abs/child/:x" }] },
        { id: "dynamic-first", path: ":area/:id/edit" },
        { id: "deep", path: "a/b/c/d/e/f" },
        { id: "splat", path: "*" },
      ],
    },
  ];

  /** Every path of a tree, joined from its parents. */
  const pathsOf = (routes: Route[], parent = ""): string[] =>
    routes.flatMap((route) => {
      const own =
        route.path === undefined ? parent : route.path.startsWith("/") ? route.path : `${parent}/${route.path}`;
      return [own, ...pathsOf((route as { children?: Route[] }).children ?? [], own)];
    });

  /** Pathnames near each pattern: filled in, cut short, made longer, cased, slashed and encoded. */
  function pathnamesFor(routes: Route[]): string[] {
    const found = new Set<string>([
      "/",
      "",
      "//",
      "/t",
      "/T",
      "/t/",
      "/t//7009",
      "//t/7009",
      "/t/7009/",
      "/t/7009//",
      "/t%2F7009",
      "/%74/7009",
      "/nowhere",
      "/ſ",
      "/K",
      "/%E2%82%AC",
      "/%ZZ/1",
    ]);
    const fills = ["7009", "Heat-Energy", "k%C3%B8kken", "a.b", "x%2Fy", "_"];
    for (const pattern of pathsOf(routes)) {
      for (const fill of fills) {
        const filled = `/${pattern}`
          .replace(/\/+/g, "/")
          .replace(/:\w+\??/g, fill)
          .replace(/\?/g, "")
          .replace(/\*$/, "rest/of/it");
        const segments = filled.split("/").filter(Boolean);
        for (let n = 0; n <= segments.length; n++) found.add(`/${segments.slice(0, n).join("/")}`);
        found.add(`${filled}/`);
        found.add(`${filled}/extra`);
        found.add(filled.toUpperCase());
        found.add(filled.replace(/^\/[^/]*/, "/other"));
      }
    }
    return [...found];
  }

  const ids = (
    matches: { route: { id?: string }; params: Record<string, string | undefined>; pathname: string }[] | null,
  ) => matches?.map((m) => [m.route.id, m.pathname, JSON.stringify(m.params)]) ?? null;

  for (const [name, tree] of [
    ["the portal's route table", portalRoutes],
    ["awkward patterns", awkwardRoutes],
  ] as const) {
    it(`matches what the unpatched router matches, for ${name}`, () => {
      // Malformed percent-encodings are matched undecoded, with a warning from both routers.
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const pathnames = pathnamesFor(tree);
      expect(pathnames.length).toBeGreaterThan(100);
      for (const pathname of pathnames) {
        for (const basename of [undefined, "/portal"]) {
          const location = basename ? `/portal${pathname}` : pathname;
          expect({ location, matched: ids(router.matchRoutes(tree, location, basename)) }).toEqual({
            location,
            matched: ids(reference.matchRoutes(tree, location, basename)),
          });
        }
      }
      vi.restoreAllMocks();
    });
  }

  it("tries fewer branches: a dashboard is matched without trying the login pages' patterns", () => {
    const tried: string[] = [];
    const original = RegExp.prototype[Symbol.match];
    RegExp.prototype[Symbol.match] = function (this: RegExp, text: string) {
      tried.push(this.source);
      return original.call(this, text);
    };
    try {
      expect(ids(router.matchRoutes(portalRoutes, "/t/7009"))?.map(([id]) => id)).toEqual([
        "root",
        "routes/tenancy/tenancy-layout.tsx:t/:tenancyId",
        "routes/consumption/dashboard.tsx",
      ]);
    } finally {
      RegExp.prototype[Symbol.match] = original;
    }
    expect(tried.some((source) => source.includes("login"))).toBe(false);
    expect(tried.some((source) => source.startsWith("^\\/t\\/"))).toBe(true);
  });
});
