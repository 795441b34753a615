import { describe, expect, it } from "vitest";
import { type CpuProfile, formatSummary, placeOf, processOf, summarizeProfile } from "./cpu-profile.mjs";

const frame = (functionName: string, url: string, lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
  scriptId: "0",
});

/**
 * root ─ handle (server.js) ─ render (react-dom) ─ render (react-dom, recursion) ─ gzip (node:zlib)
 *      └ (idle)                                   └ format (server.js)
 * Samples: 1 ms each (time deltas of 1000 µs).
 */
function profile(): CpuProfile {
  const nodes = [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 6] },
    { id: 2, callFrame: frame("handle", "file:///repo/build/node/server.js", 9), children: [3] },
    { id: 3, callFrame: frame("render", "file:///repo/node_modules/react-dom/cjs/server.js", 99), children: [4, 7] },
    { id: 4, callFrame: frame("render", "file:///repo/node_modules/react-dom/cjs/server.js", 99), children: [5] },
    { id: 5, callFrame: frame("gzip", "node:internal/zlib/deflate"), children: [] },
    { id: 6, callFrame: frame("(idle)", ""), children: [] },
    { id: 7, callFrame: frame("format", "file:///repo/build/node/server.js", 19), children: [] },
  ];
  // handle 1, render 2, render (nested) 1, gzip 3, idle 4, format 2 samples.
  const samples = [2, 3, 3, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7];
  return {
    nodes,
    samples,
    timeDeltas: samples.map(() => 1000),
    startTime: 0,
    endTime: samples.length * 1000,
  } as CpuProfile;
}

describe("placeOf", () => {
  it("names packages, scoped packages, Node's modules and our files", () => {
    expect(placeOf(frame("x", "file:///a/node_modules/react-dom/cjs/x.js"), "/a")).toBe("react-dom");
    expect(placeOf(frame("x", "file:///a/node_modules/@remix-run/router/dist/router.js"), "/a")).toBe(
      "@remix-run/router",
    );
    expect(placeOf(frame("x", "file:///a/node_modules/x/node_modules/@s/y/i.js"), "/a")).toBe("@s/y");
    expect(placeOf(frame("x", "node:internal/streams/writable"), "/a")).toBe("node:streams");
    expect(placeOf(frame("x", "node:zlib"), "/a")).toBe("node:zlib");
    expect(placeOf(frame("x", "file:///a/build/node/server.js"), "/a")).toBe("build/node/server.js");
    expect(placeOf(frame("(garbage collector)", ""), "/a")).toBe("(garbage collector)");
    expect(placeOf(frame("", ""), "/a")).toBe("(native)");
  });
});

describe("summarizeProfile", () => {
  const summary = summarizeProfile(profile(), { root: "/repo" });

  it("counts each sample until the next one, the idle time apart", () => {
    expect(summary.sampledMs).toBe(13);
    expect(summary.idleMs).toBe(4);
    expect(summary.busyMs).toBe(9);
  });

  it("sums self time by place", () => {
    expect(summary.self).toEqual([
      { name: "build/node/server.js", ms: 3 },
      { name: "react-dom", ms: 3 },
      { name: "node:zlib", ms: 3 },
    ]);
  });

  it("counts a recursive function once per sample in its total", () => {
    const total = Object.fromEntries(summary.total.map((s) => [s.name, s.ms]));
    expect(total["handle build/node/server.js:10"]).toBe(9);
    // render: 2 own + 1 nested + 3 gzip + 2 format = 8, not 12.
    expect(total["render react-dom:100"]).toBe(8);
    expect(total["gzip node:zlib:1"]).toBe(3);
    expect(total["format build/node/server.js:20"]).toBe(2);
    expect(total["(idle)"]).toBeUndefined();
  });

  it("prints shares per request and of the busy time", () => {
    const text = formatSummary("portal", summary, 3);
    expect(text).toContain("9 ms busy over 3 requests (3.00 ms/req)");
    expect(text).toContain(" 33.3 %  1.00 ms/req  react-dom");
    expect(text).toContain(" 88.9 %  2.67 ms/req  render react-dom:100");
  });
});

describe("processOf", () => {
  it("tells the portal's profile from the back-end's and leaves the start script out", () => {
    expect(processOf(profile())).toBe("portal");
    const backend = profile();
    backend.nodes[1]!.callFrame = frame("serve", "file:///repo/build/node/backend.js");
    expect(processOf(backend)).toBe("back-end");
    const start = profile();
    start.nodes[1]!.callFrame = frame("start", "file:///repo/scripts/start.mjs");
    start.nodes[6]!.callFrame = frame("format", "file:///repo/scripts/start.mjs");
    expect(processOf(start)).toBeNull();
  });
});
