import { describe, expect, it } from "vitest";
import { withSearchParam } from "./url-state";

/** The search parameters of a built link, for order-insensitive comparison. */
function paramsOf(link: string): Record<string, string[]> {
  const query = link.includes("?") ? link.slice(link.indexOf("?") + 1) : "";
  const result: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    result[key] ??= [];
    result[key].push(value);
  }
  return result;
}

describe("withSearchParam", () => {
  it("adds a parameter to a URL without a query", () => {
    expect(withSearchParam("/t/7019", "", "dialog", "language")).toBe("/t/7019?dialog=language");
  });

  it("keeps the other parameters when setting one", () => {
    const link = withSearchParam("/t/7019", "?from=2025-01-01&to=2025-01-31", "dialog", "language");
    expect(link.startsWith("/t/7019?")).toBe(true);
    expect(paramsOf(link)).toEqual({ from: ["2025-01-01"], to: ["2025-01-31"], dialog: ["language"] });
  });

  it("accepts the search string with or without its leading ?", () => {
    expect(paramsOf(withSearchParam("/p", "a=1", "b", "2"))).toEqual({ a: ["1"], b: ["2"] });
    expect(paramsOf(withSearchParam("/p", "?a=1", "b", "2"))).toEqual({ a: ["1"], b: ["2"] });
  });

  it("replaces an existing value instead of adding a second one", () => {
    const link = withSearchParam("/p", "?step=1&x=y", "step", "2");
    expect(paramsOf(link)).toEqual({ step: ["2"], x: ["y"] });
  });

  it("removes a parameter and keeps the others", () => {
    const link = withSearchParam("/t/7019", "?dialog=language&from=2025-01-01", "dialog", null);
    expect(link.startsWith("/t/7019?")).toBe(true);
    expect(paramsOf(link)).toEqual({ from: ["2025-01-01"] });
  });

  it("leaves no trailing ? when the last parameter is removed", () => {
    expect(withSearchParam("/t/7019", "?dialog=language", "dialog", null)).toBe("/t/7019");
    expect(withSearchParam("/t/7019", "", "dialog", null)).toBe("/t/7019");
    expect(withSearchParam("/t/7019", "?", "dialog", null)).toBe("/t/7019");
  });

  it("encodes values so they survive a round trip", () => {
    const value = "a b&c=d/é";
    const link = withSearchParam("/p", "", "q", value);
    expect(link).not.toContain(" ");
    expect(paramsOf(link)).toEqual({ q: [value] });
  });
});
