import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it.each([
    ["/t/5", "/t/5"],
    ["/t/5?x=1#a", "/t/5?x=1#a"],
    ["/", "/"],
    ["/login/email?redirectTo=%2Ft%2F5", "/login/email?redirectTo=%2Ft%2F5"],
  ])("accepts our own path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    ["protocol-relative URL", "//evil.com"],
    ["protocol-relative URL with path", "//evil.com/t/5"],
    ["backslash after the slash", "/\\evil"],
    ["backslash later in the path", "/t/\\\\evil.com"],
    ["absolute https URL", "https://x"],
    ["absolute http URL", "http://evil.com/t/5"],
    ["javascript: URL", "javascript:alert(1)"],
    ["relative path without leading slash", "t/5"],
    ["empty string", ""],
    ["tab inside the path", "/\t/evil.com"],
    ["newline inside the path", "/t/5\n"],
    ["NUL character", "/t/\u00005"],
    ["DEL character", "/t/\u007f"],
    ["carriage return then slash", "/\r/evil.com"],
    ["dot segment that normalizes to //", "/.//evil.com"],
    ["parent segments that normalize to //", "/t/../..//evil.com"],
  ])("rejects %s", (_label, input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a number", 5],
    ["an object", { toString: () => "/t/5" }],
    ["an array", ["/t/5"]],
  ])("rejects a non-string: %s", (_label, input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });

  it("rejects an over-long path but accepts one just within the limit", () => {
    const within = `/${"a".repeat(2047)}`;
    expect(safeRedirectPath(within)).toBe(within);
    expect(safeRedirectPath(`/${"a".repeat(5000)}`)).toBeNull();
  });

  it("never returns a target that leaves our origin", () => {
    const candidates = ["/%2F%2Fevil.com", "/.//evil.com", "/t/../..//evil.com", "/@evil.com", "/%5Cevil.com"];
    for (const candidate of candidates) {
      const result = safeRedirectPath(candidate);
      if (result === null) continue;
      expect(result.startsWith("/")).toBe(true);
      expect(result.startsWith("//")).toBe(false);
      expect(new URL(result, "https://portal.example").origin).toBe("https://portal.example");
    }
  });
});
