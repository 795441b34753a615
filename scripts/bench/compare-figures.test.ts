import { describe, expect, it } from "vitest";
import { compareSides, installedVersions, median } from "./compare-figures.mjs";

const lock = (packages: Record<string, { version: string; dev?: boolean }>) =>
  JSON.stringify({ lockfileVersion: 3, packages: { "": { name: "x" }, backend: { version: "0.1.0" }, ...packages } });

describe("installedVersions", () => {
  it("is the same when only a package's dev flag or the order differs", () => {
    const before = lock({ "node_modules/dayjs": { version: "1.11.23" }, "node_modules/zod": { version: "4.1.0" } });
    const after = lock({
      "node_modules/zod": { version: "4.1.0" },
      "node_modules/dayjs": { version: "1.11.23", dev: true },
    });
    expect(installedVersions(after)).toBe(installedVersions(before));
  });

  it("differs for another version, another package or a nested copy", () => {
    const base = installedVersions(lock({ "node_modules/zod": { version: "4.1.0" } }));
    expect(installedVersions(lock({ "node_modules/zod": { version: "4.1.1" } }))).not.toBe(base);
    expect(
      installedVersions(
        lock({ "node_modules/zod": { version: "4.1.0" }, "node_modules/kysely": { version: "0.28.0" } }),
      ),
    ).not.toBe(base);
    expect(
      installedVersions(
        lock({ "node_modules/zod": { version: "4.1.0" }, "node_modules/a/node_modules/zod": { version: "3.0.0" } }),
      ),
    ).not.toBe(base);
  });

  it("leaves out the checkout itself and its workspaces", () => {
    expect(installedVersions(lock({ "node_modules/zod": { version: "4.1.0" } }))).toBe("node_modules/zod@4.1.0");
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe("compareSides", () => {
  it("gives each side's medians and this checkout's as a share of the base's", () => {
    const turn = (backend: number, portal: number, rps: number) => ({ backend, portal, rps, errors: 0 });
    const { medians, share } = compareSides([
      ["base", [turn(8, 12, 90), turn(6, 10, 100), turn(7, 11, 95)]],
      ["this", [turn(4, 6, 190), turn(3, 5, 200), { ...turn(3.5, 5.5, 180), errors: 2 }]],
    ]);
    expect(medians).toEqual([
      { name: "base", backend: 7, portal: 11, both: 18, rps: 95, errors: 0 },
      { name: "this", backend: 3.5, portal: 5.5, both: 9, rps: 190, errors: 2 },
    ]);
    expect(share).toEqual({ backend: 0.5, portal: 0.5, both: 0.5, rps: 2 });
  });
});
