import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { DEMO_PASSWORD, demoAccounts, demoTenancyIds, demoUnitUniqueIds } from "../db/seed/demo-accounts";
import { testClock } from "../testing/clock";
import {
  firstErrorCode,
  graphql,
  graphqlData,
  signInToAccount,
  signInToUsers,
  type UsersLoginData,
  usersLoginMutation,
} from "../testing/graphql";
import { createDemoBackend } from "../testing/setup";

const clock = testClock("2026-06-01T10:00:00.000Z");
let backend: Backend;
const secret = "users-test-secret-0123456789abcdefghij";

beforeAll(async () => {
  backend = await createDemoBackend({ jwtSecret: secret, now: clock.now });
});
afterAll(() => backend.close());

const login = (credentials: { email: string; password: string; targetResource: string }) =>
  graphql<UsersLoginData>(backend, "users", usersLoginMutation, { variables: { credentials } });

const meQuery = `{ me { id name email language permissions { name description } accounts { id } } }`;
const userUnitsQuery = `{ userUnits { unit { id unitUniqueId name } path { property { id number settings { kind } } } } }`;

interface UserUnitData {
  unit: { id: string; unitUniqueId: string; name: string };
  path: { property: { id: string; number: string; settings: { kind: string }[] } }[];
}

describe("loginWithEmailAndPassword", () => {
  it("signs in for the tenant target resource with a users-audience token", async () => {
    const result = await login({ email: demoAccounts.jens.email, password: DEMO_PASSWORD, targetResource: "tenant" });
    expect(result.body.errors).toBeUndefined();
    const ok = result.body.data!.loginWithEmailAndPassword.ok;
    const claims = decodeJwt(ok.token);
    expect(claims.aud).toBe("users");
    expect(ok.expiresAt).toBe(claims.exp);
    expect(ok.expiresAt).toBe(clock.start.getTime() / 1000 + 300);
    expect(ok.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses any other target resource with BAD_USER_INPUT", async () => {
    const result = await login({ email: demoAccounts.jens.email, password: DEMO_PASSWORD, targetResource: "admin" });
    expect(firstErrorCode(result)).toBe("BAD_USER_INPUT");
    expect(result.body.errors?.[0]?.message).toContain("targetResource");
  });

  it("refuses a wrong password and an unknown e-mail alike", async () => {
    const wrong = await login({
      email: demoAccounts.jens.email,
      password: "wrong-Password-1!",
      targetResource: "tenant",
    });
    const unknown = await login({ email: "nobody@demo.test", password: DEMO_PASSWORD, targetResource: "tenant" });
    expect(firstErrorCode(wrong)).toBe("INVALID_CREDENTIALS");
    expect(unknown.body.errors).toEqual(wrong.body.errors);
  });

  it("matches e-mails case-insensitively", async () => {
    const result = await login({ email: "JENS@demo.TEST", password: DEMO_PASSWORD, targetResource: "tenant" });
    expect(result.body.errors).toBeUndefined();
  });
});

describe("access token audiences", () => {
  it("the users and tenant services refuse account-service tokens", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.jens.email);
    expect(firstErrorCode(await graphql(backend, "users", meQuery, { token }))).toBe("UNAUTHENTICATED");
    expect(firstErrorCode(await graphql(backend, "tenant", `{ tenantUnits { meters { id } } }`, { token }))).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("the account service refuses users-service tokens", async () => {
    const { token } = await signInToUsers(backend, demoAccounts.jens.email);
    expect(firstErrorCode(await graphql(backend, "account", `{ currentUser { id } }`, { token }))).toBe(
      "UNAUTHENTICATED",
    );
    expect((await graphql(backend, "users", meQuery, { token })).body.errors).toBeUndefined();
  });

  it("tokens expire after the access-token lifetime", async () => {
    const { token } = await signInToUsers(backend, demoAccounts.jens.email);
    try {
      clock.set(299);
      expect((await graphql(backend, "users", meQuery, { token })).body.errors).toBeUndefined();
      clock.set(301);
      expect(firstErrorCode(await graphql(backend, "users", meQuery, { token }))).toBe("UNAUTHENTICATED");
    } finally {
      clock.set(0);
    }
  });

  it("tokens signed with another secret are refused", async () => {
    const other = await createDemoBackend({ jwtSecret: `${secret}-but-different`, now: clock.now });
    try {
      const { token } = await signInToUsers(other, demoAccounts.jens.email);
      expect(firstErrorCode(await graphql(backend, "users", meQuery, { token }))).toBe("UNAUTHENTICATED");
    } finally {
      await other.close();
    }
  });
});

describe("me", () => {
  it("returns the user with their tenancies as accounts", async () => {
    const { token } = await signInToUsers(backend, demoAccounts.jens.email);
    const { me } = await graphqlData<{ me: Record<string, unknown> }>(backend, "users", meQuery, { token });
    expect(me).toMatchObject({
      name: demoAccounts.jens.name,
      email: demoAccounts.jens.email,
      language: "da",
      accounts: [{ id: String(demoTenancyIds.jensFirst) }, { id: String(demoTenancyIds.jensSecond) }],
    });
    expect(me.permissions).toContainEqual({ name: "tenant.read", description: expect.any(String) });
  });

  it("refuses a token of a user deactivated since", async () => {
    const local = await createDemoBackend();
    try {
      const { token } = await signInToUsers(local, demoAccounts.emma.email);
      await local.db.updateTable("users").set({ is_active: 0 }).where("email", "=", demoAccounts.emma.email).execute();
      expect(firstErrorCode(await graphql(local, "users", meQuery, { token }))).toBe("UNAUTHENTICATED");
    } finally {
      await local.close();
    }
  });
});

describe("userUnits", () => {
  const unitsOf = async (email: string) => {
    const { token } = await signInToUsers(backend, email);
    return (await graphqlData<{ userUnits: UserUnitData[] }>(backend, "users", userUnitsQuery, { token })).userUnits;
  };

  it("gives jens exactly the units of his two tenancies", async () => {
    const units = await unitsOf(demoAccounts.jens.email);
    expect(units.map((unit) => unit.unit.unitUniqueId).sort()).toEqual(
      [demoUnitUniqueIds.jensFirst, demoUnitUniqueIds.jensSecond].sort(),
    );
    expect(units.map((unit) => unit.unit.unitUniqueId)).not.toContain(demoUnitUniqueIds.anna);
    for (const unit of units) {
      expect(unit.path[0]!.property).toEqual({
        id: expect.any(String),
        number: "1042",
        settings: [{ kind: "HOURLY_VALUES" }],
      });
    }
  });

  it("gives anna one unit and nora none", async () => {
    expect((await unitsOf(demoAccounts.anna.email)).map((unit) => unit.unit.unitUniqueId)).toEqual([
      demoUnitUniqueIds.anna,
    ]);
    expect(await unitsOf(demoAccounts.nora.email)).toEqual([]);
  });

  it("needs a token", async () => {
    expect(firstErrorCode(await graphql(backend, "users", userUnitsQuery))).toBe("UNAUTHENTICATED");
  });
});
