import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KindTally, keptText, latencyStats, loadTest } from "./load.mjs";

describe("latencyStats", () => {
  it("gives nearest-rank percentiles, the max and the mean", () => {
    const ms = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencyStats(ms)).toEqual({ p50: 50, p90: 90, p99: 99, max: 100, mean: 50.5 });
  });

  it("is NaN without latencies", () => {
    const stats = latencyStats([]);
    expect([stats.p50, stats.p99, stats.max, stats.mean].every(Number.isNaN)).toBe(true);
  });
});

describe("KindTally", () => {
  it("keeps each kind's latencies, errors and share apart", () => {
    const tally = new KindTally();
    for (let i = 1; i <= 30; i++) tally.record("dashboard", i, true);
    for (let i = 1; i <= 10; i++) tally.record("alarms", 100 * i, i !== 10);
    tally.record("alarms", undefined, false);
    const summary = tally.summary(2000);
    expect(Object.keys(summary)).toEqual(["alarms", "dashboard"]);
    expect(summary.dashboard).toMatchObject({ completed: 30, requestsPerSecond: 15, share: 0.75, errors: 0 });
    expect(summary.dashboard!.latencyMs).toMatchObject({ p50: 15, p99: 30, max: 30 });
    expect(summary.alarms).toMatchObject({ completed: 10, requestsPerSecond: 5, share: 0.25, errors: 2 });
    expect(summary.alarms!.latencyMs).toMatchObject({ p50: 500, p99: 1000 });
  });
});

describe("loadTest", () => {
  const seen: { path: string; cookie: string | undefined; encoding: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", cookie: req.headers.cookie, encoding: req.headers["accept-encoding"] });
    const how = req.url?.startsWith("/kept") ? "kept" : "rendered";
    res.writeHead(req.url?.startsWith("/missing") ? 404 : 200, {
      "Content-Type": "text/plain",
      "Server-Timing": `db;dur=1, page;desc=${how}`,
    });
    res.end("ok");
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("asks for one URL with the given headers", async () => {
    seen.length = 0;
    const result = await loadTest(`${base}/page?x=1`, {
      connections: 2,
      durationMs: 2000,
      maxRequests: 10,
      headers: { Cookie: "a=1" },
    });
    expect(result.completed).toBe(10);
    expect(result.errors.total).toBe(0);
    expect(seen.every((s) => s.path === "/page?x=1" && s.cookie === "a=1")).toBe(true);
    expect(Object.keys(result.kinds)).toEqual(["/page"]);
  });

  it("draws each request from `next` and keeps the figures per kind", async () => {
    seen.length = 0;
    let n = 0;
    const result = await loadTest(base, {
      connections: 3,
      durationMs: 5000,
      maxRequests: 30,
      headers: { "Accept-Encoding": "gzip" },
      next: () => {
        n++;
        return n % 3 === 0
          ? { path: `/missing/${n}`, kind: "broken", headers: { Cookie: "s=2" } }
          : { path: `/ok/${n}`, kind: "fine", headers: { Cookie: "s=1" } };
      },
    });
    expect(result.completed).toBe(30);
    expect(result.kinds.fine).toMatchObject({ completed: 20, errors: 0 });
    expect(result.kinds.broken).toMatchObject({ completed: 10, errors: 10 });
    expect(result.errors.non2xx).toBe(10);
    expect(seen.filter((s) => s.path.startsWith("/ok/")).every((s) => s.cookie === "s=1")).toBe(true);
    expect(seen.filter((s) => s.path.startsWith("/missing/")).every((s) => s.cookie === "s=2")).toBe(true);
    expect(seen.every((s) => s.encoding === "gzip")).toBe(true);
  });

  it("counts how the portal served each page (Server-Timing, ADR 0054)", async () => {
    let n = 0;
    const result = await loadTest(base, {
      connections: 2,
      durationMs: 5000,
      maxRequests: 20,
      next: () => ({ path: ++n % 4 === 0 ? `/page/${n}` : `/kept/${n}`, kind: "page" }),
    });
    expect(result.served).toEqual({ kept: 15, rendered: 5 });
    expect(keptText(result)).toBe("kept 75.0 % of 20 pages");
    expect(keptText({ served: {} })).toBe("no kept pages (header absent)");
  });
});
