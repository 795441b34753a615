import { describe, expect, it } from "vitest";
import { abLoads, abTable, abText, parseAbArgs, parsePatchesArgs } from "./ab-figures.mjs";

describe("parseAbArgs", () => {
  it("takes the refs in order, with the defaults", () => {
    expect(parseAbArgs(["HEAD~1", "HEAD"])).toEqual({
      refs: ["HEAD~1", "HEAD"],
      rounds: 3,
      seconds: 10,
      loads: abLoads,
    });
  });

  it("reads rounds, seconds and loads anywhere among the refs", () => {
    expect(
      parseAbArgs(["--rounds=5", "main", "--seconds=4", "a1b2c3", "topic", "--loads=new-pages,replay-js"]),
    ).toEqual({
      refs: ["main", "a1b2c3", "topic"],
      rounds: 5,
      seconds: 4,
      loads: ["new-pages", "replay-js"],
    });
  });

  it("leaves --connections to the bench's context", () => {
    expect(parseAbArgs(["a", "b", "--connections=20"]).refs).toEqual(["a", "b"]);
  });

  it("refuses fewer than two refs, bad numbers, unknown loads and options", () => {
    expect(() => parseAbArgs(["HEAD"])).toThrow(/at least two git refs/);
    expect(() => parseAbArgs(["a", "b", "--rounds=0"])).toThrow(/--rounds=0/);
    expect(() => parseAbArgs(["a", "b", "--seconds=2.5"])).toThrow(/whole number/);
    expect(() => parseAbArgs(["a", "b", "--loads=dashboard"])).toThrow(/--loads: dashboard/);
    expect(() => parseAbArgs(["a", "b", "--fast"])).toThrow(/unknown option --fast/);
  });
});

describe("parsePatchesArgs", () => {
  it("reads the same options as bench:ab, with its defaults", () => {
    expect(parsePatchesArgs([])).toEqual({ rounds: 3, seconds: 10, loads: abLoads });
    expect(parsePatchesArgs(["--rounds=2", "--loads=replay", "--connections=20"])).toEqual({
      rounds: 2,
      seconds: 10,
      loads: ["replay"],
    });
  });

  it("refuses any other argument, bad numbers and unknown loads", () => {
    expect(() => parsePatchesArgs(["HEAD"])).toThrow(/unknown argument HEAD/);
    expect(() => parsePatchesArgs(["--rounds=x"])).toThrow(/whole number/);
    expect(() => parsePatchesArgs(["--loads=dashboard"])).toThrow(/--loads: dashboard/);
  });
});

describe("abTable", () => {
  const round = (rps: number, p99: number, cpuMs: number, errors = 0) => ({ rps, p50: p99 / 4, p99, cpuMs, errors });

  it("gives each variant's medians and its difference from the first in %", () => {
    const table = abTable(["HEAD~1", "HEAD"], {
      "new-pages": {
        HEAD: [round(150, 400, 10), round(160, 380, 9), round(140, 420, 11, 2)],
        "HEAD~1": [round(100, 500, 14), round(120, 600, 12), round(110, 550, 13)],
      },
    });
    expect(table).toHaveLength(1);
    const [load] = table;
    expect(load?.load).toBe("new-pages");
    expect(load?.variants.map((v) => v.variant)).toEqual(["HEAD~1", "HEAD"]);
    const [first, second] = load?.variants ?? [];
    expect(first).toMatchObject({ rps: 110, p99: 550, p50: 137.5, cpuMs: 13, errors: 0, rounds: 3 });
    expect(first?.difference).toEqual({ rps: 0, p50: 0, p99: 0, cpuMs: 0 });
    expect(second).toMatchObject({ rps: 150, p99: 400, cpuMs: 10, errors: 2 });
    expect(second?.difference.rps).toBeCloseTo(36.36, 2);
    expect(second?.difference.p99).toBeCloseTo(-27.27, 2);
    expect(second?.difference.cpuMs).toBeCloseTo(-23.08, 2);
  });

  it("takes the mean of the middle two for an even number of rounds, and NaN for a variant without rounds", () => {
    const [load] = abTable(["a", "b"], { replay: { a: [round(100, 200, 5), round(200, 300, 7)] } });
    expect(load?.variants[0]).toMatchObject({ rps: 150, p99: 250, cpuMs: 6 });
    expect(load?.variants[1]?.rps).toBeNaN();
    expect(load?.variants[1]?.difference.rps).toBeNaN();
  });
});

describe("abText", () => {
  it("prints a line per variant, the differences after the first", () => {
    const text = abText(
      abTable(["old", "new"], { replay: { old: [round(100, 200, 5)], new: [round(110, 180, 4.5)] } }),
    );
    expect(text).toBe(
      [
        "replay (medians over rounds; difference from old)",
        "  old    100 req/s  p50   50 ms  p99   200 ms  CPU   5.00 ms/request  0 errors  (1 rounds)",
        "  new    110 req/s  p50   45 ms  p99   180 ms  CPU   4.50 ms/request  0 errors  (1 rounds)  [req/s +10.0 %, p50 -10.0 %, p99 -10.0 %, CPU -10.0 %]",
      ].join("\n"),
    );
  });
});

function round(rps: number, p99: number, cpuMs: number, errors = 0) {
  return { rps, p50: p99 / 4, p99, cpuMs, errors };
}
