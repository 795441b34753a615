import { describe, expect, it } from "vitest";
import { createAppLoadContext } from "./context.server";

function contextFor(path?: string) {
  return createAppLoadContext({
    cookieHeader: null,
    https: false,
    cspNonce: "test",
    clientAddress: "127.0.0.1",
    ...(path === undefined ? {} : { path }),
    appendSetCookie: () => {},
  });
}

describe("createAppLoadContext's documentRequest (ADR 0052)", () => {
  it("is true for a page's own path, also after a form's post", () => {
    expect(contextFor("/t/7009/consumption/heat-energy").documentRequest).toBe(true);
    expect(contextFor("/").documentRequest).toBe(true);
  });

  it("is false for Remix's loader data, which the browser asks for at a path ending in .data", () => {
    expect(contextFor("/t/7009/consumption/heat-energy.data").documentRequest).toBe(false);
    expect(contextFor("/_root.data").documentRequest).toBe(false);
  });

  it("is false when the path is unknown, so the drawing then travels as data too, as before", () => {
    expect(contextFor().documentRequest).toBe(false);
  });
});
