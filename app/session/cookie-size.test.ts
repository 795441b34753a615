import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFormSchema } from "~/domain/login-form";
import { createApi, noTokens } from "~/services/api.server";
import type { AuthTokens } from "~/services/tokens";
import { type Backend, createBackend } from "../../backend/app";
import { DEMO_PASSWORD, demoAccounts } from "../../backend/db/seed/demo-accounts";
import { silentLogger } from "../../backend/logger";
import { hashPassword } from "../../backend/services/passwords";
import { sessionCookieName, sessionStorage } from "./session.server";

/**
 * DESIGN.md sections 1 and 5: the session cookie holds both services' token pairs, the auth type
 * and the selected tenancy, and stays under 4096 bytes (the limit browsers guarantee per cookie).
 * Measured with real tokens from the real local back-end, signed in through the portal's own API.
 */

const cookieLimitBytes = 4096;

let backend: Backend;

function portalApi(tokens = noTokens) {
  return createApi({
    config: {
      accountApiUrl: "http://backend.test/account/graphql",
      usersApiUrl: "http://backend.test/users/graphql",
      tenantDataApiUrl: "http://backend.test/tenant/graphql",
      apiTimeoutMs: 10_000,
    },
    tokens,
    fetch: (input, init) => backend.fetch(new Request(input, init)),
  });
}

/** Signs in as the portal does (spec section 4: account service, then the users service). */
async function signIn(email: string, password: string): Promise<{ tokens: AuthTokens; tenancyIds: string[] }> {
  const publicApi = portalApi();
  const account = await publicApi.account.tokenAuth(email, password);
  const users = await publicApi.users.loginWithEmailAndPassword(email, password);
  const tokens: AuthTokens = { type: "email-password", account, users };
  const signedIn = portalApi({ account: async () => account.token, users: async () => users.token });
  const { tenancies } = await signedIn.account.currentUser();
  return { tokens, tenancyIds: tenancies.map((t) => t.id) };
}

/** The Set-Cookie header of a session holding these tokens and tenancy, as sent over HTTPS. */
async function sessionCookie(tokens: AuthTokens, tenancyId: string): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("auth", tokens);
  session.set("tenancyId", tenancyId);
  return sessionStorage.commitSession(session, { secure: true });
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** The longest address both the portal's form (254) and the back-end accept. */
function longestEmail(): string {
  const local = "l".repeat(64);
  const domain = ["a".repeat(63), "b".repeat(63), "c".repeat(56), "test"].join(".");
  return `${local}@${domain}`;
}

beforeAll(async () => {
  backend = await createBackend({ databasePath: ":memory:", seedDemo: true, logger: silentLogger });
});

afterAll(async () => {
  await backend?.close();
});

describe("the session cookie", () => {
  it("stays under 4096 bytes for the demo user with the most tenancies", async () => {
    const { tokens, tenancyIds } = await signIn(demoAccounts.jens.email, DEMO_PASSWORD);
    expect(tenancyIds.length).toBeGreaterThanOrEqual(2);
    // Real tokens: non-empty, distinct per service.
    expect(tokens.account.token.length).toBeGreaterThan(20);
    expect(tokens.users.token.length).toBeGreaterThan(20);
    expect(tokens.account.refreshToken).not.toBe(tokens.users.refreshToken);

    const longestTenancyId = [...tenancyIds].sort((a, b) => b.length - a.length)[0]!;
    const cookie = await sessionCookie(tokens, longestTenancyId);

    expect(cookie.startsWith(`${sessionCookieName}=`)).toBe(true);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    // The tokens are really in it: an empty session is far smaller than this.
    expect(bytes(cookie)).toBeGreaterThan(300);
    expect(bytes(cookie)).toBeLessThan(cookieLimitBytes);

    // And what was written is what a later request reads back.
    const readBack = await sessionStorage.getSession(cookie.split(";")[0]);
    expect(readBack.get("auth")).toEqual(tokens);
    expect(readBack.get("tenancyId")).toBe(longestTenancyId);
  });

  it("stays under 4096 bytes for the longest e-mail address the back-end accepts", async () => {
    const email = longestEmail();
    expect(email).toHaveLength(254);
    // The portal's own form accepts it.
    expect(loginFormSchema.safeParse({ email, password: DEMO_PASSWORD }).success).toBe(true);
    await backend.db
      .insertInto("users")
      .values({
        email,
        password_hash: await hashPassword(DEMO_PASSWORD),
        name: "N".repeat(200),
        language: "en",
        user_type: "EMAIL_PASSWORD",
        created_at: new Date().toISOString(),
      })
      .execute();

    const { tokens } = await signIn(email, DEMO_PASSWORD);
    const cookie = await sessionCookie(tokens, "9".repeat(12));
    expect(bytes(cookie)).toBeGreaterThan(300);
    expect(bytes(cookie)).toBeLessThan(cookieLimitBytes);
  });
});
