import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Backend, createBackend, freshPostgresDatabase } from "../app";
import { startSchedule } from "../jobs/schedule";
import { silentLogger } from "../logger";
import { testClock } from "../testing/clock";
import { firstErrorCode, graphql, graphqlData } from "../testing/graphql";
import {
  checkRateLimits,
  countRateLimitHits,
  pruneRateLimits,
  type RateLimitSubject,
  rateLimitRules,
} from "./rate-limits";

/**
 * The abuse limits in the back-end's database (ADR 0010): a fixed window per (rule, key),
 * counted atomically, the same for every back-end (and so every portal) on one database.
 */

const clock = testClock("2026-11-22T06:00:00.000Z");

const rateLimitsQuery = /* GraphQL */ `
  query RateLimits($subjects: [RateLimitSubject!]!) {
    rateLimits(subjects: $subjects) { rule key allowed remaining retryAfterSeconds }
  }
`;
const countHitsMutation = /* GraphQL */ `
  mutation CountRateLimitHits($subjects: [RateLimitSubject!]!) {
    countRateLimitHits(subjects: $subjects) { rule key allowed remaining retryAfterSeconds }
  }
`;

interface State {
  rule: string;
  key: string;
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

async function check(backend: Backend, ...subjects: RateLimitSubject[]): Promise<State[]> {
  return (await graphqlData<{ rateLimits: State[] }>(backend, "account", rateLimitsQuery, { variables: { subjects } }))
    .rateLimits;
}

async function hit(backend: Backend, ...subjects: RateLimitSubject[]): Promise<State[]> {
  return (
    await graphqlData<{ countRateLimitHits: State[] }>(backend, "account", countHitsMutation, {
      variables: { subjects },
    })
  ).countRateLimitHits;
}

const reset = (key: string): RateLimitSubject => ({ rule: "RESET_REQUEST_PER_ADDRESS", key });
const signIn = (key: string): RateLimitSubject => ({ rule: "SIGN_IN_PER_ADDRESS", key });

describe("abuse limits kept by the back-end", () => {
  let backend: Backend;
  beforeEach(async () => {
    clock.set(0);
    backend = await createBackend({ databasePath: ":memory:", logger: silentLogger, now: clock.now });
  });
  afterEach(() => backend.close());

  it("are the limits of ADR 0010, defined here and not by the client", () => {
    expect(rateLimitRules).toEqual({
      SIGN_IN_PER_ADDRESS: { limit: 30, windowSeconds: 900 },
      SIGN_IN_PER_ACCOUNT: { limit: 100, windowSeconds: 3600 },
      SIGN_IN_PER_KNOWN_DEVICE: { limit: 20, windowSeconds: 3600 },
      SIGN_UP_PER_ADDRESS: { limit: 20, windowSeconds: 3600 },
      ACTIVATION_CODE_PER_ADDRESS: { limit: 20, windowSeconds: 3600 },
      RESET_REQUEST_PER_ADDRESS: { limit: 10, windowSeconds: 3600 },
      SET_PASSWORD_PER_ADDRESS: { limit: 20, windowSeconds: 3600 },
      REPORT_CODE_FAILURES_PER_ADDRESS: { limit: 30, windowSeconds: 900 },
    });
  });

  it("count hits in a window without a token, refuse the hit after the limit and say when to retry", async () => {
    expect(await check(backend, reset("k1"))).toEqual([
      { rule: "RESET_REQUEST_PER_ADDRESS", key: "k1", allowed: true, remaining: 10, retryAfterSeconds: 0 },
    ]);
    // Checking counts nothing.
    expect((await check(backend, reset("k1")))[0]!.remaining).toBe(10);
    for (let i = 1; i <= 9; i++) {
      clock.set(i * 60);
      expect(await hit(backend, reset("k1"))).toEqual([
        { rule: "RESET_REQUEST_PER_ADDRESS", key: "k1", allowed: true, remaining: 10 - i, retryAfterSeconds: 0 },
      ]);
    }
    expect((await check(backend, reset("k1")))[0]).toMatchObject({ allowed: true, remaining: 1 });
    // The tenth hit of the hour reaches the limit: the window began with the first hit, at start + 60 s.
    clock.set(1200);
    expect(await hit(backend, reset("k1"))).toEqual([
      { rule: "RESET_REQUEST_PER_ADDRESS", key: "k1", allowed: false, remaining: 0, retryAfterSeconds: 3660 - 1200 },
    ]);
    clock.set(1800.4);
    expect(await check(backend, reset("k1"))).toEqual([
      { rule: "RESET_REQUEST_PER_ADDRESS", key: "k1", allowed: false, remaining: 0, retryAfterSeconds: 1860 },
    ]);
    // Hits over the limit are still counted (the window does not move).
    expect((await hit(backend, reset("k1")))[0]).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 1860,
    });
    const row = await backend.db.selectFrom("rate_limits").selectAll().execute();
    expect(row).toEqual([
      { rule: "RESET_REQUEST_PER_ADDRESS", key: "k1", window_ends: clock.at(3660).toISOString(), count: 11 },
    ]);
  });

  it("start a new window once the old one has ended", async () => {
    for (let i = 0; i < 10; i++) await hit(backend, reset("k1"));
    clock.set(3599);
    expect((await check(backend, reset("k1")))[0]).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.set(3600);
    expect(await check(backend, reset("k1"))).toEqual([
      { rule: "RESET_REQUEST_PER_ADDRESS", key: "k1", allowed: true, remaining: 10, retryAfterSeconds: 0 },
    ]);
    clock.set(4000);
    expect((await hit(backend, reset("k1")))[0]).toMatchObject({ allowed: true, remaining: 9 });
    expect(await backend.db.selectFrom("rate_limits").select(["count", "window_ends"]).execute()).toEqual([
      { count: 1, window_ends: clock.at(4000 + 3600).toISOString() },
    ]);
  });

  it("keep each rule and each key apart, and answer several pairs at once in the order asked", async () => {
    for (let i = 0; i < 10; i++) await hit(backend, reset("a"));
    await hit(backend, signIn("a"), reset("b"), reset("b"));
    const states = await check(backend, signIn("b"), reset("b"), signIn("a"), reset("a"));
    expect(states.map(({ rule, key, allowed, remaining }) => [rule, key, allowed, remaining])).toEqual([
      ["SIGN_IN_PER_ADDRESS", "b", true, 30],
      ["RESET_REQUEST_PER_ADDRESS", "b", true, 8],
      ["SIGN_IN_PER_ADDRESS", "a", true, 29],
      ["RESET_REQUEST_PER_ADDRESS", "a", false, 0],
    ]);
  });

  it("lose no hit when many are counted at once", async () => {
    await Promise.all(Array.from({ length: 40 }, () => countRateLimitHits(backend.db, [signIn("busy")], clock.now())));
    expect(await backend.db.selectFrom("rate_limits").select("count").execute()).toEqual([{ count: 40 }]);
    expect((await checkRateLimits(backend.db, [signIn("busy")], clock.now()))[0]).toMatchObject({
      allowed: false,
      remaining: 0,
    });
  });

  it("refuse rules the back-end does not define, empty or overlong keys and too many pairs", async () => {
    const unknownRule = await graphql(backend, "account", rateLimitsQuery, {
      variables: { subjects: [{ rule: "MY_OWN_LIMIT", key: "k" }] },
    });
    expect(unknownRule.body.errors?.[0]?.message).toMatch(/RateLimitRule/);
    for (const subjects of [
      [reset("")],
      [reset("x".repeat(129))],
      Array.from({ length: 11 }, (_, i) => reset(`k${i}`)),
    ]) {
      for (const document of [rateLimitsQuery, countHitsMutation]) {
        const result = await graphql(backend, "account", document, { variables: { subjects } });
        expect(firstErrorCode(result)).toBe("BAD_USER_INPUT");
      }
    }
    expect(await backend.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
    expect(await check(backend, reset("x".repeat(128)))).toHaveLength(1);
  });

  it("prune the windows that have ended, by hand and in the hourly schedule, and keep the running ones", async () => {
    await hit(backend, signIn("old"));
    clock.set(600);
    await hit(backend, reset("newer"));
    clock.set(900);
    expect(await pruneRateLimits(backend.db, clock.now())).toBe(1);
    expect(await backend.db.selectFrom("rate_limits").select("key").execute()).toEqual([{ key: "newer" }]);
    // The pruned window counted nothing any more: the key starts afresh either way.
    expect((await check(backend, signIn("old")))[0]).toMatchObject({ allowed: true, remaining: 30 });

    await hit(backend, signIn("old"));
    clock.set(900 + 900);
    const schedule = startSchedule(backend.db, clock.now, silentLogger, { intervalMs: 3_600_000 });
    await schedule.runNow();
    await schedule.stop();
    expect(await backend.db.selectFrom("rate_limits").select("key").execute()).toEqual([{ key: "newer" }]);
  });
});

describe("two back-end instances on one database", () => {
  let dir: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const backends: Backend[] = [];

  afterEach(async () => {
    await Promise.all(backends.splice(0).map((backend) => backend.close()));
    await drop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = drop = undefined;
  });

  /** One database shared by both: a PostgreSQL one under TEST_DATABASE_URL, else a SQLite file. */
  async function sharedDatabase(): Promise<string> {
    if (process.env.TEST_DATABASE_URL) {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
      drop = fresh.drop;
      return fresh.url;
    }
    dir = mkdtempSync(join(tmpdir(), "rate-limits-"));
    return join(dir, "shared.sqlite");
  }

  it("count a wrong-password limit over the attempts made through both together", async () => {
    clock.set(0);
    const databasePath = await sharedDatabase();
    const first = await createBackend({ databasePath, logger: silentLogger, now: clock.now });
    backends.push(first);
    const second = await createBackend({ databasePath, logger: silentLogger, now: clock.now });
    backends.push(second);
    const account: RateLimitSubject = { rule: "SIGN_IN_PER_ACCOUNT", key: "account" };
    const attempt = [signIn("address"), account];
    // 15 failures through each, alternating; each instance sees the other's.
    for (let i = 0; i < 15; i++) {
      await hit(first, ...attempt);
      await hit(second, ...attempt);
    }
    for (const backend of [first, second]) {
      const [address, account] = await check(backend, ...attempt);
      expect(address).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 900 });
      expect(account).toMatchObject({ allowed: true, remaining: 70 });
    }
    // At once through both: still one count.
    await Promise.all([hit(first, account), hit(second, account)]);
    expect((await check(first, account))[0]).toMatchObject({ remaining: 68 });
  });
});
