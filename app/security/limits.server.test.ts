import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { buildSchema, type GraphQLEnumType } from "graphql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rateLimitRules } from "~/services/account/schemas";
import { createApi, noTokens } from "~/services/api.server";
import { ApiError } from "~/services/graphql.server";
import { type Backend, createBackend, freshPostgresDatabase } from "../../backend/app";
import { silentLogger } from "../../backend/logger";
import { accountTypeDefs } from "../../backend/schema";
import * as firstPortal from "./limits.server";
import { limitPerAddress, passwordAttempt, refuseRateLimited } from "./limits.server";

type LimitsModule = typeof firstPortal;

/**
 * The portal's abuse limits (ADR 0010) against the real back-end: they are counted in
 * its database, so two portals, each with its own back-end instance on one database, share them.
 */

const backends: Backend[] = [];
let cleanup: (() => Promise<void> | void) | undefined;

afterEach(async () => {
  await Promise.all(backends.splice(0).map((backend) => backend.close()));
  await cleanup?.();
  cleanup = undefined;
});

/**
 * Back-ends on one database share their token key, as a deployment's instances must (each accepts
 * the others' tokens); the account's limits are keyed with it (ADR 0061).
 */
const sharedJwtSecret = "limits-test-secret-shared-by-every-instance";

async function backendOn(databasePath = ":memory:"): Promise<Backend> {
  const backend = await createBackend({ databasePath, logger: silentLogger, jwtSecret: sharedJwtSecret });
  backends.push(backend);
  return backend;
}

/** One database for several back-ends: a PostgreSQL one under TEST_DATABASE_URL, else a SQLite file. */
async function sharedDatabase(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    cleanup = fresh.drop;
    return fresh.url;
  }
  const dir = mkdtempSync(join(tmpdir(), "portal-limits-"));
  cleanup = () => rmSync(dir, { recursive: true, force: true });
  return join(dir, "shared.sqlite");
}

/** What a portal request's actions use of the load context: the client address and the API without tokens. */
function portalContext(backend: Backend, clientAddress: string): AppLoadContext {
  const publicApi = createApi({
    config: {
      accountApiUrl: "http://backend.test/account/graphql",
      usersApiUrl: "http://backend.test/users/graphql",
      tenantDataApiUrl: "http://backend.test/tenant/graphql",
      apiTimeoutMs: 10_000,
    },
    tokens: noTokens,
    fetch: (input, init) => backend.fetch(new Request(input, init)),
  });
  return { clientAddress, publicApi } as unknown as AppLoadContext;
}

const loginRequest = (cookie?: string) =>
  new Request("http://portal.test/login/email", { method: "POST", headers: cookie ? { Cookie: cookie } : {} });

/** The status and Retry-After of what an action threw, or "passed". */
async function outcome<T = void>(
  run: () => Promise<T>,
): Promise<{ status: number; retryAfter: number } | (T extends string ? T : "passed")> {
  try {
    const answer = await run();
    return (typeof answer === "string" ? answer : "passed") as T extends string ? T : "passed";
  } catch (thrown) {
    const init = (thrown as { init?: { status?: number; headers?: Record<string, string> } }).init;
    if (init?.status === undefined) throw thrown;
    return { status: init.status, retryAfter: Number(init.headers?.["Retry-After"]) };
  }
}

const wrongPassword = "Wrong-password-1";
const ownersPassword = "Owners-password-1";

/**
 * One sign-in as the login action makes it: the attempt's keys, then tokenAuth, whose check of the
 * password counts them (ADR 0061). "signed in", "wrong password", or the 429 the action throws.
 */
async function signIn(
  context: AppLoadContext,
  email: string,
  password: string,
  portal: LimitsModule = firstPortal,
  cookie?: string,
) {
  const { attempt } = await portal.passwordAttempt(loginRequest(cookie), context, email);
  return outcome(async () => {
    try {
      await context.publicApi.account.tokenAuth(email, password, attempt);
    } catch (error) {
      // The API was built with this module graph's classes: the first portal's module knows its errors.
      firstPortal.refuseRateLimited(error);
      if ((error as { code?: string }).code === "INVALID_CREDENTIALS") return "wrong password";
      throw error;
    }
    return "signed in";
  });
}

async function failSignIn(context: AppLoadContext, email: string, portal: LimitsModule = firstPortal) {
  expect(await signIn(context, email, wrongPassword, portal)).toBe("wrong password");
}

/** The limits module as a second portal process has it: a fresh copy, with nothing kept in memory. */
async function secondPortalProcess(): Promise<LimitsModule> {
  vi.resetModules();
  const second = (await import("./limits.server")) as LimitsModule;
  expect(second).not.toBe(firstPortal);
  return second;
}

describe("abuse limits in the back-end's database", () => {
  it("are the rules the account service defines, by the same names", () => {
    const rule = buildSchema(accountTypeDefs).getType("RateLimitRule") as GraphQLEnumType;
    expect(
      rule
        .getValues()
        .map((value) => value.name)
        .sort(),
    ).toEqual([...rateLimitRules].sort());
  });

  it("hold per client address: counted attempts up to the limit, then the 429 with Retry-After", async () => {
    const backend = await backendOn();
    const context = portalContext(backend, "192.0.2.10");
    for (let i = 0; i < 10; i++) {
      const limit = await limitPerAddress(context, "resetRequest");
      await limit.count();
    }
    const refused = await outcome(() => limitPerAddress(context, "resetRequest"));
    expect(refused).toMatchObject({ status: 429 });
    expect(refused !== "passed" && refused.retryAfter).toBeGreaterThan(3500);
    // Checking alone counts nothing; other actions and other addresses have their own counts.
    expect(await outcome(() => limitPerAddress(context, "setPassword"))).toBe("passed");
    expect(await outcome(() => limitPerAddress(portalContext(backend, "192.0.2.11"), "resetRequest"))).toBe("passed");
  });

  it("count a wrong-password limit over the attempts made through both portals together", async () => {
    const databasePath = await sharedDatabase();
    const [first, second] = [await backendOn(databasePath), await backendOn(databasePath)];
    const secondPortal = await secondPortalProcess();
    const viaFirst = portalContext(first, "198.51.100.7");
    const viaSecond = portalContext(second, "198.51.100.7");
    for (let i = 0; i < 15; i++) {
      await failSignIn(viaFirst, `nobody${i}@example.test`);
      await failSignIn(viaSecond, `nobody${i + 15}@example.test`, secondPortal);
    }
    // 30 failures from the address in all: the next attempt is refused through either portal.
    expect(await signIn(viaFirst, "anna@example.test", wrongPassword)).toMatchObject({ status: 429 });
    expect(await signIn(viaSecond, "anna@example.test", wrongPassword, secondPortal)).toMatchObject({ status: 429 });
    expect(await signIn(portalContext(second, "198.51.100.8"), "anna@example.test", wrongPassword, secondPortal)).toBe(
      "wrong password",
    );
  });

  it("stop failures against one account at 100 an hour, but not from a browser that has signed in to it", async () => {
    const databasePath = await sharedDatabase();
    const [first, second] = [await backendOn(databasePath), await backendOn(databasePath)];
    const secondPortal = await secondPortalProcess();
    const victim = "Victim@Example.test";
    await portalContext(first, "203.0.113.1").publicApi.account.createEmailPasswordUser(
      victim,
      ownersPassword,
      "en",
      true,
    );
    // The owner signs in once from their browser: it is now known to the account.
    expect(await signIn(portalContext(first, "203.0.113.1"), victim, ownersPassword)).toBe("signed in");
    const ownerAttempt = await passwordAttempt(loginRequest(), portalContext(first, "203.0.113.1"), victim);
    const deviceCookie = (await ownerAttempt.succeeded(true)).split(";")[0]!;
    // 100 failures from 10 addresses (under each address's 30), through both portals.
    for (let i = 0; i < 100; i++) {
      const address = `203.0.113.${10 + Math.floor(i / 10)}`;
      if (i % 2) await failSignIn(portalContext(first, address), i % 3 ? victim : victim.toLowerCase());
      else await failSignIn(portalContext(second, address), i % 3 ? victim : victim.toLowerCase(), secondPortal);
    }
    // The account is locked: refused with the right password too.
    expect(await signIn(portalContext(first, "203.0.113.99"), victim, ownersPassword)).toMatchObject({ status: 429 });
    // The owner's browser gets in through either portal (the device cookie is signed with the shared secret).
    expect(
      await signIn(portalContext(second, "203.0.113.99"), victim, ownersPassword, secondPortal, deviceCookie),
    ).toBe("signed in");
    expect(await signIn(portalContext(first, "203.0.113.98"), victim, ownersPassword, firstPortal, deviceCookie)).toBe(
      "signed in",
    );
  });

  it("keep no client address or e-mail in the database", async () => {
    const backend = await backendOn();
    await failSignIn(portalContext(backend, "192.0.2.55"), "resident@example.test");
    await (await limitPerAddress(portalContext(backend, "192.0.2.55"), "signUp")).count();
    const rows = await backend.db.selectFrom("rate_limits").select(["rule", "key"]).orderBy("rule").execute();
    expect(rows.map((row) => row.rule)).toEqual(["SIGN_IN_PER_ACCOUNT", "SIGN_IN_PER_ADDRESS", "SIGN_UP_PER_ADDRESS"]);
    const plainHashes = ["192.0.2.55", "resident@example.test"].map((value) =>
      createHash("sha256").update(value).digest("base64url").slice(0, 16),
    );
    for (const { key } of rows) {
      expect(key).not.toMatch(/192\.0\.2\.55|resident|example/);
      for (const hash of plainHashes) expect(key).not.toContain(hash);
    }
    // The same address has one key for every rule of the address.
    expect(rows[1]!.key).toBe(rows[2]!.key);
  });
});

describe("a password check over its limits", () => {
  it("is the same 429 answer with Retry-After on every path that checks a password", async () => {
    const rateLimited = new ApiError("account", "RATE_LIMITED", "Too many attempts.", { retryAfterSeconds: 1234 });
    expect(await outcome(async () => refuseRateLimited(rateLimited))).toEqual({ status: 429, retryAfter: 1234 });
    // A service that gives no wait still gets an answer that says when to come back.
    const withoutWait = new ApiError("account", "RATE_LIMITED", "Too many attempts.");
    expect(await outcome(async () => refuseRateLimited(withoutWait))).toEqual({ status: 429, retryAfter: 60 });
  });

  it("leaves every other refusal to the form that asked", async () => {
    for (const error of [
      new ApiError("account", "INVALID_CREDENTIALS", "Please enter valid credentials"),
      new ApiError("account", "EMAIL_IN_USE", "…"),
      new Error("not the service's"),
    ]) {
      expect(await outcome(async () => refuseRateLimited(error))).toBe("passed");
    }
  });

  it("names the browser only when it has signed in to that account before", async () => {
    const backend = await backendOn();
    const context = portalContext(backend, "192.0.2.77");
    const first = await passwordAttempt(loginRequest(), context, "someone@example.test");
    expect(first.attempt).toEqual({ addressKey: expect.any(String) });
    const cookie = (await first.succeeded(false)).split(";")[0]!;
    const again = await passwordAttempt(loginRequest(cookie), context, "Someone@Example.test ");
    expect(again.attempt).toEqual({ addressKey: first.attempt.addressKey, deviceKey: expect.any(String) });
    const otherAccount = await passwordAttempt(loginRequest(cookie), context, "other@example.test");
    expect(otherAccount.attempt.deviceKey).toBeUndefined();
  });
});
