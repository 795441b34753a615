import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The servers run with a young generation of 64 MB a half (ADR 0045) however they are started:
 * `npm start` (scripts/start.mjs), the Docker image and its compose services (NODE_OPTIONS). The
 * bench and its profile start them through scripts/start.mjs (the profiler's options in
 * START_NODE_ARGS), never with a node command line of their own.
 */
const flag = "--max-semi-space-size=64";

describe("the servers' V8 flags", () => {
  it("are the same for npm start and the Docker image", () => {
    expect(readFileSync("scripts/start.mjs", "utf8")).toContain(`const serverNodeFlags = ["${flag}"];`);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(new RegExp(`^\\s*NODE_OPTIONS=${flag} \\\\$`, "m"));
  });

  it("reach the profiled servers too: the profile starts them through scripts/start.mjs", () => {
    const profile = readFileSync("scripts/bench/profile.mjs", "utf8");
    expect(profile).toContain('nodeArgs: ["--cpu-prof"');
    expect(profile).not.toMatch(/startProcess|build\/node\//);
  });
});
