import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { SharedAnswers } from "~/services/graphql.server";
import type { AuthTokens } from "~/services/tokens";
import { forgetSessionsOfAccount, revokeTokens } from "./sign-in.server";

/**
 * Ending a session in the portal (ADR 0020): the services are told, and nothing this instance
 * keeps for the session can answer a copy of its cookie afterwards.
 */

const tokens = (name: string): AuthTokens =>
  ({
    type: "EMAIL_PASSWORD",
    account: { token: `${name}-account-access`, refreshToken: `${name}-account-refresh`, expiresAt: 0 },
    users: { token: `${name}-users-access`, refreshToken: `${name}-users-refresh`, expiresAt: 0 },
  }) as unknown as AuthTokens;

function keptAnswers() {
  const shared = new SharedAnswers({
    ttlMs: 60_000,
    maxTokens: 10,
    ownerOf: (a) => (a as { currentUser: { email: string } }).currentUser.email,
  });
  const keep = async (token: string, email: string) => {
    shared.set(token, "currentUser", Promise.resolve({ currentUser: { email } }));
    await Promise.resolve();
  };
  return { shared, keep, has: (token: string) => shared.get(token, "currentUser") !== undefined };
}

function contextWith(revoke: { account: (t: string) => Promise<unknown>; users: (t: string) => Promise<unknown> }) {
  return {
    publicApi: { account: { revokeToken: revoke.account }, users: { revokeToken: revoke.users } },
  } as unknown as AppLoadContext;
}

describe("revokeTokens (logout)", () => {
  it("revokes both services' refresh tokens, then forgets the answers kept for the session", async () => {
    const { shared, keep, has } = keptAnswers();
    await keep("phone-account-access", "anna@demo.test");
    await keep("laptop-account-access", "anna@demo.test");
    const order: string[] = [];
    const account = vi.fn(async (token: string) => {
      order.push(`account ${token} kept=${has("phone-account-access")}`);
    });
    const users = vi.fn(async (token: string) => void order.push(`users ${token}`));
    await revokeTokens(contextWith({ account, users }), tokens("phone"), shared);
    expect(order).toEqual(["account phone-account-refresh kept=true", "users phone-users-refresh"]);
    expect(has("phone-account-access")).toBe(false);
    // Another sign-in of the same resident is not logged out.
    expect(has("laptop-account-access")).toBe(true);
  });

  it("forgets the session's answers even when the services fail", async () => {
    const { shared, keep, has } = keptAnswers();
    await keep("phone-account-access", "anna@demo.test");
    const failing = async () => {
      throw new Error("down");
    };
    await revokeTokens(contextWith({ account: failing, users: failing }), tokens("phone"), shared);
    expect(has("phone-account-access")).toBe(false);
  });
});

describe("forgetSessionsOfAccount (password reset)", () => {
  it("forgets the answers of every session of the account, whatever the e-mail's case, and only those", async () => {
    const { shared, keep, has } = keptAnswers();
    await keep("phone", "anna@demo.test");
    await keep("laptop", "anna@demo.test");
    await keep("jens", "jens@demo.test");
    forgetSessionsOfAccount(" Anna@Demo.test ", shared);
    expect([has("phone"), has("laptop"), has("jens")]).toEqual([false, false, true]);
  });
});
