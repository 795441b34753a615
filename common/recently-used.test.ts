import { describe, expect, it } from "vitest";
import { RecentlyUsed } from "./recently-used";

describe("RecentlyUsed", () => {
  it("forgets the entry used longest ago when a new key comes and it is full", () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set("a", 1).set("b", 2);
    expect(kept.get("a")).toBe(1); // a is now newer than b
    kept.set("c", 3);
    expect(kept.peek("b")).toBeUndefined();
    expect(kept.peek("a")).toBe(1);
    expect(kept.peek("c")).toBe(3);
    expect(kept.size).toBe(2);
  });

  it("replaces a key's value without forgetting another", () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set("a", 1).set("b", 2).set("a", 10);
    expect(kept.size).toBe(2);
    expect(kept.peek("a")).toBe(10);
    expect(kept.peek("b")).toBe(2);
    // b is now the oldest.
    kept.set("c", 3);
    expect(kept.peek("b")).toBeUndefined();
  });

  it("does not count a peek as a use", () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set("a", 1).set("b", 2);
    kept.peek("a");
    kept.set("c", 3);
    expect(kept.peek("a")).toBeUndefined();
  });

  it("keeps undefined values apart from absent keys, deletes and clears", () => {
    const kept = new RecentlyUsed<string, number | undefined>(3);
    kept.set("u", undefined).set("a", 1);
    expect(kept.get("u")).toBeUndefined();
    expect(kept.size).toBe(2);
    expect(kept.delete("a")).toBe(true);
    expect(kept.delete("a")).toBe(false);
    kept.clear();
    expect(kept.size).toBe(0);
  });

  it("remembers what it makes, making it only on a miss, and counts a hit as a use", () => {
    const kept = new RecentlyUsed<string, number | undefined>(2);
    let made = 0;
    const make = (value: number | undefined) => () => {
      made++;
      return value;
    };
    expect(kept.remember("a", make(1))).toBe(1);
    expect(kept.remember("a", make(99))).toBe(1);
    expect(kept.remember("u", make(undefined))).toBeUndefined();
    expect(kept.remember("u", make(7))).toBeUndefined();
    expect(made).toBe(2);
    kept.remember("a", make(99)); // a is now newer than u
    kept.remember("b", make(2));
    expect(kept.peek("u")).toBeUndefined();
    expect(kept.size).toBe(2);
    expect(kept.peek("a")).toBe(1);
  });

  it("refuses a limit under one", () => {
    expect(() => new RecentlyUsed(0)).toThrow(RangeError);
  });
});
