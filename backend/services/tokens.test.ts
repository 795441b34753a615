import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoAccounts } from "../db/seed/demo-accounts";
import { testClock } from "../testing/clock";
import {
  firstErrorCode,
  graphql,
  refreshAccount,
  refreshUsers,
  signInToAccount,
  signInToUsers,
} from "../testing/graphql";
import { createDemoBackend } from "../testing/setup";
import { hashToken, pruneSpentSessions } from "./tokens";

const clock = testClock("2026-06-01T10:00:00.000Z");
let backend: Backend;

beforeEach(async () => {
  clock.set(0);
  backend = await createDemoBackend({
    jwtSecret: "tokens-test-secret-0123456789abcdefgh",
    refreshGraceSeconds: 30,
    refreshTokenTtlSeconds: 3600,
    now: clock.now,
  });
});
afterEach(() => backend.close());

const refresh = (refreshToken: string) => refreshAccount(backend, refreshToken);

async function refreshOk(refreshToken: string) {
  const result = await refresh(refreshToken);
  if (result.body.errors !== undefined) throw new Error(result.text);
  return result.body.data!.refreshToken;
}

async function familyRows(refreshToken: string) {
  const row = await backend.db
    .selectFrom("refresh_tokens")
    .select("family_id")
    .where("token_hash", "=", hashToken(refreshToken))
    .executeTakeFirstOrThrow();
  return backend.db.selectFrom("refresh_tokens").selectAll().where("family_id", "=", row.family_id).execute();
}

describe("refresh tokens", () => {
  it("are stored only as their sha256 hash", async () => {
    const { refreshToken } = await signInToAccount(backend, demoAccounts.anna.email);
    const rows = await backend.db.selectFrom("refresh_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(refreshToken));
    expect(JSON.stringify(rows)).not.toContain(refreshToken);
  });

  it("rotate: a new refresh token of the same family, a new access token, origIat kept", async () => {
    const signedIn = await signInToAccount(backend, demoAccounts.anna.email);
    clock.advance(60);
    const refreshed = await refreshOk(signedIn.refreshToken);
    expect(refreshed.refreshToken).not.toBe(signedIn.refreshToken);
    expect(refreshed.token).not.toBe(signedIn.token);
    expect(refreshed.payload).toEqual({
      email: demoAccounts.anna.email,
      exp: clock.now().getTime() / 1000 + 300,
      origIat: clock.start.getTime() / 1000,
    });
    expect(refreshed.refreshExpiresIn).toBe(clock.now().getTime() / 1000 + 3600);

    const family = await familyRows(refreshed.refreshToken);
    expect(family).toHaveLength(2);
    const old = family.find((row) => row.token_hash === hashToken(signedIn.refreshToken))!;
    const current = family.find((row) => row.token_hash === hashToken(refreshed.refreshToken))!;
    expect(old.replaced_at).toBe(clock.now().toISOString());
    expect(old.replaced_by_id).toBe(current.id);
    expect(current.replaced_at).toBeNull();

    // The new token works for the next rotation.
    clock.advance(60);
    expect((await refresh(refreshed.refreshToken)).body.errors).toBeUndefined();
  });

  it("accept the immediately previous token once more within the grace window", async () => {
    const { refreshToken: first } = await signInToAccount(backend, demoAccounts.anna.email);
    const second = await refreshOk(first); // tab A
    clock.advance(10);
    const third = await refreshOk(first); // tab B, 10 s later: within the grace window
    expect(new Set([first, second.refreshToken, third.refreshToken]).size).toBe(3);
    // Both tabs' tokens stay usable.
    clock.advance(1);
    expect((await refresh(third.refreshToken)).body.errors).toBeUndefined();
    expect((await refresh(second.refreshToken)).body.errors).toBeUndefined();
  });

  it("treat a second grace-window reuse as theft and revoke the family", async () => {
    const { refreshToken: first } = await signInToAccount(backend, demoAccounts.anna.email);
    const second = await refreshOk(first);
    await refreshOk(first);
    const again = await refresh(first);
    expect(firstErrorCode(again)).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await refresh(second.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
  });

  it("treat reuse after the grace window as theft: error and the whole family revoked", async () => {
    const { refreshToken: first } = await signInToAccount(backend, demoAccounts.anna.email);
    const second = await refreshOk(first);
    clock.advance(31);
    const reuse = await refresh(first);
    expect(firstErrorCode(reuse)).toBe("INVALID_REFRESH_TOKEN");
    expect(reuse.body.errors?.[0]?.message).toBe("Invalid refresh token");
    expect(reuse.body.data).toBeNull();

    const family = await familyRows(first);
    expect(family.every((row) => row.revoked_at === clock.now().toISOString())).toBe(true);
    expect(firstErrorCode(await refresh(second.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
  });

  it("do not accept an older token than the immediately previous one, even within the grace window", async () => {
    const { refreshToken: first } = await signInToAccount(backend, demoAccounts.anna.email);
    const second = await refreshOk(first);
    const third = await refreshOk(second.refreshToken);
    expect(firstErrorCode(await refresh(first))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await refresh(third.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
  });

  it("expire", async () => {
    const { refreshToken } = await signInToAccount(backend, demoAccounts.anna.email);
    clock.advance(3600);
    expect(firstErrorCode(await refresh(refreshToken))).toBe("INVALID_REFRESH_TOKEN");
  });

  it("reject unknown tokens", async () => {
    expect(firstErrorCode(await refresh("bm90LWEtcmVhbC10b2tlbi1qdXN0LXNvbWUtdGV4dC4uLi4"))).toBe(
      "INVALID_REFRESH_TOKEN",
    );
    expect(firstErrorCode(await refresh(""))).toBe("INVALID_REFRESH_TOKEN");
  });

  it("belong to one service: a users-service token is refused by the account service and vice versa", async () => {
    const users = await signInToUsers(backend, demoAccounts.anna.email);
    expect(firstErrorCode(await refresh(users.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    const account = await signInToAccount(backend, demoAccounts.anna.email);
    expect(firstErrorCode(await refreshUsers(backend, account.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
  });

  it("rotate in the users service too, returning ok {token, refreshToken, expiresAt}", async () => {
    const signedIn = await signInToUsers(backend, demoAccounts.jens.email);
    clock.advance(5);
    const result = await refreshUsers(backend, signedIn.refreshToken);
    expect(result.body.errors).toBeUndefined();
    const ok = result.body.data!.refreshToken.ok;
    expect(ok.refreshToken).not.toBe(signedIn.refreshToken);
    expect(ok.expiresAt).toBe(clock.now().getTime() / 1000 + 300);
  });

  it("of a deactivated user are refused and revoked", async () => {
    const { refreshToken } = await signInToAccount(backend, demoAccounts.anna.email);
    await backend.db.updateTable("users").set({ is_active: 0 }).where("email", "=", demoAccounts.anna.email).execute();
    expect(firstErrorCode(await refresh(refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    const rows = await backend.db.selectFrom("refresh_tokens").select("revoked_at").execute();
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
  });
});

/** The error code of one authenticated call to each service, or "ok" (ADR 0020). */
async function accessWith(tokens: { account: string; users: string }) {
  const code = async (service: "account" | "users" | "tenant", query: string, token: string) =>
    firstErrorCode(await graphql(backend, service, query, { token })) ?? "ok";
  return {
    account: await code("account", "{ currentUser { email } }", tokens.account),
    users: await code("users", "{ me { email } }", tokens.users),
    tenant: await code("tenant", "{ tenantUnits { objectDetails { id } } }", tokens.users),
  };
}
const allOk = { account: "ok", users: "ok", tenant: "ok" };
const allRefused = { account: "UNAUTHENTICATED", users: "UNAUTHENTICATED", tenant: "UNAUTHENTICATED" };

describe("access tokens of a revoked session (ADR 0020)", () => {
  const revoke = (service: "account" | "users", refreshToken: string) =>
    graphql(backend, service, `mutation($t: String!) { revokeToken(refreshToken: $t) { revoked } }`, {
      variables: { t: refreshToken },
    });

  it("are refused by every service from the call after logout, long before they expire", async () => {
    const account = await signInToAccount(backend, demoAccounts.anna.email);
    const users = await signInToUsers(backend, demoAccounts.anna.email);
    const tokens = { account: account.token, users: users.token };
    expect(await accessWith(tokens)).toEqual(allOk);
    await revoke("account", account.refreshToken);
    await revoke("users", users.refreshToken);
    clock.advance(1);
    expect(await accessWith(tokens)).toEqual(allRefused);
  });

  it("of one service stay refused however the other service's session stands", async () => {
    const account = await signInToAccount(backend, demoAccounts.anna.email);
    const users = await signInToUsers(backend, demoAccounts.anna.email);
    await revoke("users", users.refreshToken);
    expect(await accessWith({ account: account.token, users: users.token })).toEqual({ ...allRefused, account: "ok" });
  });

  it("leave the user's other sessions, and rotated tokens of a live session, working", async () => {
    const phone = {
      account: await signInToAccount(backend, demoAccounts.anna.email),
      users: await signInToUsers(backend, demoAccounts.anna.email),
    };
    const laptop = {
      account: await signInToAccount(backend, demoAccounts.anna.email),
      users: await signInToUsers(backend, demoAccounts.anna.email),
    };
    const rotated = await refreshOk(laptop.account.refreshToken);
    await revoke("account", phone.account.refreshToken);
    await revoke("users", phone.users.refreshToken);
    expect(await accessWith({ account: rotated.token, users: laptop.users.token })).toEqual(allOk);
    expect(await accessWith({ account: laptop.account.token, users: laptop.users.token })).toEqual(allOk);
  });

  it("are refused once theft detection has revoked the family", async () => {
    const { refreshToken: first } = await signInToAccount(backend, demoAccounts.anna.email);
    const second = await refreshOk(first);
    clock.advance(31);
    expect(firstErrorCode(await refresh(first))).toBe("INVALID_REFRESH_TOKEN");
    expect(
      firstErrorCode(await graphql(backend, "account", "{ currentUser { email } }", { token: second.token })),
    ).toBe("UNAUTHENTICATED");
  });

  it("are refused when the family row is missing (a token of a session the back-end never started)", async () => {
    const account = await signInToAccount(backend, demoAccounts.anna.email);
    await backend.db.deleteFrom("token_families").execute();
    expect(
      firstErrorCode(await graphql(backend, "account", "{ currentUser { email } }", { token: account.token })),
    ).toBe("UNAUTHENTICATED");
  });

  it("of a deactivated user are refused, and refreshing revokes all the user's sessions", async () => {
    const account = await signInToAccount(backend, demoAccounts.anna.email);
    const users = await signInToUsers(backend, demoAccounts.anna.email);
    await backend.db.updateTable("users").set({ is_active: 0 }).where("email", "=", demoAccounts.anna.email).execute();
    expect(await accessWith({ account: account.token, users: users.token })).toEqual(allRefused);
    expect(firstErrorCode(await refresh(account.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    const families = await backend.db.selectFrom("token_families").select("revoked_at").execute();
    expect(families.length).toBe(2);
    expect(families.every((family) => family.revoked_at === clock.now().toISOString())).toBe(true);
  });
});

describe("revokeToken", () => {
  const revoke = (service: "account" | "users", refreshToken: string) =>
    graphql<{ revokeToken: { revoked: boolean } }>(
      backend,
      service,
      `mutation($t: String!) { revokeToken(refreshToken: $t) { revoked } }`,
      { variables: { t: refreshToken } },
    );

  it("revokes the token's family", async () => {
    const { refreshToken: first } = await signInToAccount(backend, demoAccounts.anna.email);
    const second = await refreshOk(first);
    const result = await revoke("account", second.refreshToken);
    expect(result.body).toEqual({ data: { revokeToken: { revoked: true } } });
    expect(firstErrorCode(await refresh(second.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await refresh(first))).toBe("INVALID_REFRESH_TOKEN");
  });

  it("leaves other sign-ins of the same user alone", async () => {
    const phone = await signInToAccount(backend, demoAccounts.anna.email);
    const laptop = await signInToAccount(backend, demoAccounts.anna.email);
    await revoke("account", phone.refreshToken);
    expect((await refresh(laptop.refreshToken)).body.errors).toBeUndefined();
  });

  it("returns revoked:false without an error for an unknown token or another service's token", async () => {
    expect((await revoke("account", "unknown-token")).body).toEqual({ data: { revokeToken: { revoked: false } } });
    const users = await signInToUsers(backend, demoAccounts.anna.email);
    expect((await revoke("account", users.refreshToken)).body).toEqual({ data: { revokeToken: { revoked: false } } });
    expect((await revoke("users", users.refreshToken)).body).toEqual({ data: { revokeToken: { revoked: true } } });
  });
});

describe("pruning spent sessions", () => {
  it("deletes tokens expired over 30 days ago and their empty families, and keeps the rest", async () => {
    await signInToUsers(backend, demoAccounts.anna.email);
    const db = backend.db;
    const familiesBefore = await db.selectFrom("token_families").select("id").execute();
    expect(familiesBefore.length).toBeGreaterThan(0);

    // Still within its life plus 30 days: nothing goes.
    clock.advance(3600 + 29 * 86_400);
    expect(await pruneSpentSessions(db, clock.now())).toEqual({ refreshTokens: 0, families: 0 });

    clock.advance(2 * 86_400);
    const pruned = await pruneSpentSessions(db, clock.now());
    expect(pruned.refreshTokens).toBeGreaterThan(0);
    expect(pruned.families).toBe(familiesBefore.length);
    expect(await db.selectFrom("token_families").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("refresh_tokens").select("id").execute()).toEqual([]);

    // A sign-in of today is kept.
    await signInToUsers(backend, demoAccounts.anna.email);
    expect(await pruneSpentSessions(db, clock.now())).toEqual({ refreshTokens: 0, families: 0 });
    expect(await db.selectFrom("token_families").select("id").execute()).toHaveLength(1);
  });
});
