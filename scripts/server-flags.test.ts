import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The servers run with a young generation of 64 MB a half (ADR 0045) however they are started:
 * `npm start` (scripts/start.mjs), the Docker image and its compose services (NODE_OPTIONS), and
 * the bench's profile (scripts/bench/profile.mjs), which starts them itself.
 */
const flag = "--max-semi-space-size=64";

describe("the servers' V8 flags", () => {
  it("are the same for npm start, the Docker image and the profile", () => {
    expect(readFileSync("scripts/start.mjs", "utf8")).toContain(`const serverNodeFlags = ["${flag}"];`);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(new RegExp(`^\\s*NODE_OPTIONS=${flag} \\\\$`, "m"));
    expect(readFileSync("scripts/bench/profile.mjs", "utf8")).toContain(`"${flag}", "--cpu-prof"`);
  });
});
