import { describe, expect, it } from "vitest";
import { chooseTenancy, tenancyIdFromPath } from "./tenancy-selection";

const held = [{ id: "7019" }, { id: "7022" }, { id: "7030" }];

describe("tenancyIdFromPath", () => {
  it.each([
    ["/t/7019", "7019"],
    ["/t/7019/", "7019"],
    ["/t/7019/consumption/heat-energy", "7019"],
    ["/t/7019?tab=rooms", "7019"],
    ["/t/7019#top", "7019"],
    ["/t/a%20b", "a b"],
  ])("reads the tenancy of %s", (path, expected) => {
    expect(tenancyIdFromPath(path)).toBe(expected);
  });

  it.each([
    ["the tenancy root without an id", "/t"],
    ["the tenancy root with a slash", "/t/"],
    ["another area", "/login"],
    ["a path that merely contains /t/", "/x/t/7019"],
    ["a prefix that is not the /t segment", "/tenancy/7019"],
    ["an empty string", ""],
    ["null", null],
    ["undefined", undefined],
    ["a malformed escape", "/t/%E0%A4%A"],
  ])("gives null for %s", (_label, path) => {
    expect(tenancyIdFromPath(path)).toBeNull();
  });
});

describe("chooseTenancy", () => {
  it("prefers the tenancy named by the path", () => {
    const chosen = chooseTenancy(held, { path: "/t/7030/alarms", queryTenancyId: "7022", selectedId: "7019" });
    expect(chosen.id).toBe("7030");
  });

  it("falls back to the query parameter when the path names no tenancy", () => {
    expect(chooseTenancy(held, { path: "/login", queryTenancyId: "7022", selectedId: "7030" }).id).toBe("7022");
    expect(chooseTenancy(held, { path: null, queryTenancyId: "7022", selectedId: "7030" }).id).toBe("7022");
  });

  it("falls back to the selected tenancy when neither path nor query name one", () => {
    expect(chooseTenancy(held, { selectedId: "7030" }).id).toBe("7030");
    expect(chooseTenancy(held, { path: "/", queryTenancyId: null, selectedId: "7022" }).id).toBe("7022");
  });

  it("falls back to the first tenancy when nothing is wanted", () => {
    expect(chooseTenancy(held, {}).id).toBe("7019");
    expect(chooseTenancy([{ id: "x" }, { id: "y" }], { path: undefined, queryTenancyId: "", selectedId: "" }).id).toBe(
      "x",
    );
  });

  it("skips a wanted tenancy the resident does not hold and takes the next rule", () => {
    // Path names someone else's tenancy: the query wins.
    expect(chooseTenancy(held, { path: "/t/9999", queryTenancyId: "7022", selectedId: "7030" }).id).toBe("7022");
    // Path and query both foreign: the selected one wins.
    expect(chooseTenancy(held, { path: "/t/9999", queryTenancyId: "8888", selectedId: "7030" }).id).toBe("7030");
    // All foreign: the first held one, never a foreign id.
    const chosen = chooseTenancy(held, { path: "/t/9999", queryTenancyId: "8888", selectedId: "6009" });
    expect(chosen.id).toBe("7019");
  });

  it("returns the held object itself, with its other fields", () => {
    const tenancies = [
      { id: "1", address: "A" },
      { id: "2", address: "B" },
    ];
    const chosen = chooseTenancy(tenancies, { queryTenancyId: "2" });
    expect(chosen).toBe(tenancies[1]);
  });

  it("throws when the resident holds no tenancy", () => {
    expect(() => chooseTenancy([], { path: "/t/7019", selectedId: "7019" })).toThrow();
  });

  it("does not crash on a malformed escape in the path", () => {
    expect(chooseTenancy(held, { path: "/t/%E0", queryTenancyId: "7022" }).id).toBe("7022");
  });
});
