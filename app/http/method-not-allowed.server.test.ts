import { describe, expect, it } from "vitest";
import { allowedMethods, isMethodNotAllowed, type ManifestRoute } from "./method-not-allowed.server";

const routes: Record<string, ManifestRoute> = {
  root: { id: "root", path: "", hasAction: false },
  "routes/public-layout": { id: "routes/public-layout", parentId: "root", hasAction: false },
  "routes/login": { id: "routes/login", parentId: "routes/public-layout", path: "login", hasAction: false },
  "routes/login-email": {
    id: "routes/login-email",
    parentId: "routes/public-layout",
    path: "login/email",
    hasAction: true,
  },
  "routes/tenancy-layout": { id: "routes/tenancy-layout", parentId: "root", path: "t/:tenancyId", hasAction: false },
  "routes/dashboard": { id: "routes/dashboard", parentId: "routes/tenancy-layout", index: true, hasAction: false },
  "routes/consumption": {
    id: "routes/consumption",
    parentId: "routes/tenancy-layout",
    path: "consumption/:quantity",
    hasAction: false,
  },
  "routes/consumption-overview": {
    id: "routes/consumption-overview",
    parentId: "routes/consumption",
    index: true,
    hasAction: true,
  },
  "routes/unknown-path": { id: "routes/unknown-path", parentId: "root", path: "*", hasAction: true },
};

describe("405 answers", () => {
  it("allow POST only where the page's route has an action", () => {
    const allowed = (r: Record<string, ManifestRoute>, path: string) =>
      allowedMethods(r, new URL(path, "http://portal.test"));
    expect(allowed(routes, "/login")).toBe("GET, HEAD");
    expect(allowed(routes, "/login/email")).toBe("GET, HEAD, POST");
    expect(allowed(routes, "/t/7009")).toBe("GET, HEAD");
    expect(allowed(routes, "/anything/else")).toBe("GET, HEAD, POST");
    expect(allowed({}, "/login")).toBe("GET, HEAD");
  });

  it("send a post to an index route's action only with ?index, as Remix does", () => {
    const allowed = (path: string) => allowedMethods(routes, new URL(path, "http://portal.test"));
    expect(allowed("/t/7009/consumption/heat-energy")).toBe("GET, HEAD");
    expect(allowed("/t/7009/consumption/heat-energy?index")).toBe("GET, HEAD, POST");
  });

  it("recognise Remix's own 405 and nothing else", () => {
    expect(isMethodNotAllowed({ status: 405, statusText: "Method Not Allowed", internal: true, data: "…" })).toBe(true);
    expect(isMethodNotAllowed({ status: 405 })).toBe(false);
    expect(isMethodNotAllowed(new Error("boom"))).toBe(false);
    expect(isMethodNotAllowed(null)).toBe(false);
  });
});
