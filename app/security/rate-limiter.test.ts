import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("RateLimiter", () => {
  it("allows `limit` hits per window, then refuses with the time left", () => {
    const c = clock();
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, c.now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.check("a").allowed).toBe(true);
      limiter.hit("a");
    }
    const state = limiter.check("a");
    expect(state.allowed).toBe(false);
    expect(state.remaining).toBe(0);
    expect(state.retryAfterSeconds).toBe(60);
    c.advance(30_000);
    expect(limiter.check("a").retryAfterSeconds).toBe(30);
  });

  it("starts a new window once the old one has passed", () => {
    const c = clock();
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, c.now);
    limiter.hit("a");
    expect(limiter.check("a").allowed).toBe(false);
    c.advance(1000);
    expect(limiter.check("a").allowed).toBe(true);
  });

  it("keeps keys apart and can reset one", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 });
    limiter.hit("a");
    expect(limiter.check("a").allowed).toBe(false);
    expect(limiter.check("b").allowed).toBe(true);
    limiter.reset("a");
    expect(limiter.check("a").allowed).toBe(true);
  });

  it("does not grow without bound", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 }, Date.now, 10);
    for (let i = 0; i < 50; i++) limiter.hit(`k${i}`);
    expect(limiter.check("k0").allowed).toBe(true);
    expect(limiter.check("k49").allowed).toBe(false);
  });
});
