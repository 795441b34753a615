import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

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
    expect(ids(router.matchRoutes(routes, "/t/7009/consumption/heat/room/kitchen"))).toEqual(["root", "tenancy", "quantity", "room"]);
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

describe("the render's route trees (patched react-router-dom and @remix-run/react)", () => {
  const require = createRequire(import.meta.url);

  it("createStaticRouter converts a route tree to data routes once, and still matches each request's routes", async () => {
    const server = require("react-router-dom/server") as typeof import("react-router-dom/server");
    const routes = [{ id: "root", path: "/", children: [{ id: "login", path: "login" }, { id: "tenancy", path: "t/:tenancyId" }] }];
    const handler = server.createStaticHandler(routes);
    const first = await handler.query(new Request("http://portal.test/login"));
    const second = await handler.query(new Request("http://portal.test/t/7009"));
    if (first instanceof Response || second instanceof Response) throw new Error("expected contexts, not responses");
    const one = server.createStaticRouter(routes, first);
    const two = server.createStaticRouter(routes, second);
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches.map((m) => m.route.id)).toEqual(["root", "login"]);
    expect(two.state.matches.map((m) => m.route.id)).toEqual(["root", "tenancy"]);
    expect(two.state.matches[1]?.params).toEqual({ tenancyId: "7009" });
    expect(two.state.matches[0]?.route).toBe(two.routes[0]);
  });

  it("RemixServer makes a build's route objects once (the patch is in place)", () => {
    const source = readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(source).toContain("let routes$1 = serverRoutesFor(manifest, routeModules, context.future, context.isSpaMode);");
  });
});
