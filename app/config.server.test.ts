import { describe, expect, it } from "vitest";
import { readConfig } from "./config.server";

describe("API_MAX_ANSWER_BYTES (ADR 0059)", () => {
  it("is 8 MiB unless set", () => {
    expect(readConfig({}).apiMaxAnswerBytes).toBe(8 * 1024 * 1024);
    expect(readConfig({ API_MAX_ANSWER_BYTES: "2097152" }).apiMaxAnswerBytes).toBe(2 * 1024 * 1024);
  });

  it.each(["1000", "abc", "2000000000", "1.5"])("stops the start with a message naming it for %s", (value) => {
    expect(() => readConfig({ API_MAX_ANSWER_BYTES: value })).toThrow(/API_MAX_ANSWER_BYTES/);
  });
});
