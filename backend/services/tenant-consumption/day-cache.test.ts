import { describe, expect, it } from "vitest";
import { dayCache, dayCacheMs } from "./day-cache";

describe("dayCache", () => {
  it("computes a key once per day and while fresh, again after dayCacheMs or on a new day; not a failure", async () => {
    const cached = dayCache<number>();
    const db = {};
    let computed = 0;
    const compute = async () => ++computed;
    const at = (iso: string) => ({ db, now: new Date(iso) });
    expect(await cached(at("2026-12-02T10:00:00Z"), ["unit", 9], compute)).toBe(1);
    expect(await cached(at("2026-12-02T10:05:00Z"), ["unit", 9], compute)).toBe(1);
    expect(await cached(at("2026-12-02T10:05:00Z"), ["unit", 10], compute)).toBe(2);
    expect(
      await cached(at(new Date(Date.parse("2026-12-02T10:00:00Z") + dayCacheMs).toISOString()), ["unit", 9], compute),
    ).toBe(3);
    // Copenhagen's next day begins at 23:00 UTC in winter.
    expect(await cached(at("2026-12-02T23:01:00Z"), ["unit", 9], compute)).toBe(4);
    const failing = dayCache<number>();
    await expect(failing(at("2026-12-02T10:00:00Z"), ["x"], () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(await failing(at("2026-12-02T10:00:01Z"), ["x"], compute)).toBe(5);
    // Another database, another cache.
    expect(await cached({ db: {}, now: new Date("2026-12-02T10:05:00Z") }, ["unit", 9], compute)).toBe(6);
  });
});
