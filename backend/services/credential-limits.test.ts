import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Backend, createBackend, freshPostgresDatabase } from "../app";
import { silentLogger } from "../logger";
import { testClock } from "../testing/clock";
import { type GraphQLCallResult, graphql } from "../testing/graphql";
import { secretKey } from "./access-tokens";
import { accountLimitKey, countRateLimitHits, limitedPasswordCheck, rateLimitRules } from "./rate-limits";

/**
 * Every check of a password counts toward the same limits and the same lock (ADR 0061, issue 44):
 * sign-in on both services, sign-up with an e-mail that has an account ("the password is not
 * correct" is an answer about the password), and the current password on profile changes. The
 * back-end enforces them in the check itself, with its own per-account limit when the caller names
 * no attempt. On SQLite, and on PostgreSQL under TEST_DATABASE_URL.
 */

const clock = testClock("2026-11-30T08:00:00.000Z");
const jwtSecret = "credential-limits-test-secret-0123456789";
const ownersPassword = "Owners-password-1";
const wrongPassword = "Wrong-password-1";
const accountLimit = rateLimitRules.SIGN_IN_PER_ACCOUNT.limit;
const addressLimit = rateLimitRules.SIGN_IN_PER_ADDRESS.limit;

const tokenAuth = /* GraphQL */ `
  mutation TokenAuth($email: String!, $password: String!, $attempt: CredentialAttempt) {
    tokenAuth(email: $email, password: $password, attempt: $attempt) { token }
  }
`;
const signUp = /* GraphQL */ `
  mutation SignUp($email: String!, $password: String!, $attempt: CredentialAttempt) {
    createEmailPasswordUser(email: $email, password: $password, dataPolicyAcknowledged: true, attempt: $attempt) {
      token
      created
    }
  }
`;
const usersLogin = /* GraphQL */ `
  mutation Login($email: String!, $password: String!) {
    loginWithEmailAndPassword(credentials: { email: $email, password: $password, targetResource: "tenant" }) {
      ok { token }
    }
  }
`;
const changePassword = /* GraphQL */ `
  mutation ChangePassword($current: String!, $attempt: CredentialAttempt) {
    changePassword(currentPassword: $current, newPassword: "Another-password-2", attempt: $attempt) { ok }
  }
`;
const requestEmailChange = /* GraphQL */ `
  mutation RequestEmailChange($current: String, $attempt: CredentialAttempt) {
    requestEmailChange(newEmail: "moved@example.test", currentPassword: $current, attempt: $attempt) { ok }
  }
`;
const deleteAccount = /* GraphQL */ `
  mutation DeleteAccount($password: String, $attempt: CredentialAttempt) {
    deleteAccount(password: $password, attempt: $attempt) { ok }
  }
`;

let backend: Backend;
let dropDatabase: (() => Promise<void>) | undefined;

beforeEach(async () => {
  let databasePath = ":memory:";
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    databasePath = fresh.url;
    dropDatabase = fresh.drop;
  }
  backend = await createBackend({ databasePath, logger: silentLogger, now: clock.now, jwtSecret });
});

afterEach(async () => {
  await backend.close();
  await dropDatabase?.();
  dropDatabase = undefined;
});

/** The error code of a call, or "ok". */
function answer(result: GraphQLCallResult<unknown>): string {
  return String(result.body.errors?.[0]?.extensions?.code ?? "ok");
}

async function createAccount(email: string): Promise<void> {
  const result = await graphql(backend, "account", signUp, { variables: { email, password: ownersPassword } });
  expect(answer(result)).toBe("ok");
}

const signIn = (email: string, password: string, attempt?: Record<string, string>) =>
  graphql(backend, "account", tokenAuth, { variables: { email, password, attempt } });
const signUpAs = (email: string, password: string, attempt?: Record<string, string>) =>
  graphql(backend, "account", signUp, { variables: { email, password, attempt } });

/** Counts `n` failures on the account's own limit, as n wrong passwords from strangers would. */
async function failuresOnAccount(email: string, n: number): Promise<void> {
  const subject = { rule: "SIGN_IN_PER_ACCOUNT" as const, key: accountLimitKey(secretKey(jwtSecret), email) };
  for (let i = 0; i < n; i += 10) {
    await countRateLimitHits(backend.db, Array(Math.min(10, n - i)).fill(subject), clock.now());
  }
}

async function tokenOf(email: string, password = ownersPassword): Promise<string> {
  const result = await signIn(email, password);
  expect(answer(result)).toBe("ok");
  return (result.body.data as { tokenAuth: { token: string } }).tokenAuth.token;
}

describe("the limits on every check of a password", () => {
  it("end the sign-up oracle: 120 wrong passwords from 120 addresses give 100 answers, then RATE_LIMITED and a locked account", async () => {
    await createAccount("victim@example.test");
    const answers: string[] = [];
    for (let i = 0; i < 120; i++) {
      answers.push(
        answer(await signUpAs("victim@example.test", `${wrongPassword}${i}`, { addressKey: `address-${i}` })),
      );
    }
    expect(answers.slice(0, accountLimit)).toEqual(Array(accountLimit).fill("EMAIL_IN_USE"));
    expect(answers.slice(accountLimit)).toEqual(Array(120 - accountLimit).fill("RATE_LIMITED"));
    // The lock holds on every path, with the right password too, and names when to retry.
    const locked = await signIn("victim@example.test", ownersPassword, { addressKey: "owner-address" });
    expect(answer(locked)).toBe("RATE_LIMITED");
    expect(locked.body.errors?.[0]?.extensions?.retryAfterSeconds).toBeGreaterThan(3000);
    expect(answer(await signUpAs("victim@example.test", ownersPassword, { addressKey: "owner-address" }))).toBe(
      "RATE_LIMITED",
    );
    // Another account is not touched, and the window's end unlocks the account.
    await createAccount("neighbour@example.test");
    expect(answer(await signIn("neighbour@example.test", ownersPassword))).toBe("ok");
    clock.advance(3601 * 1000);
    expect(answer(await signIn("victim@example.test", ownersPassword))).toBe("ok");
  }, 120_000);

  it("count sign-in and sign-up failures from one address together, over every account", async () => {
    const attempt = { addressKey: "one-address" };
    for (let i = 0; i < addressLimit; i++) {
      const result =
        i % 2 ? await signIn(`nobody${i}@example.test`, wrongPassword, attempt) : await signUpAs("", "x", attempt);
      // Sign-up's invalid input is no check of a password: it counts nothing here.
      if (i % 2 === 0) expect(answer(result)).toBe("BAD_USER_INPUT");
    }
    await createAccount("someone@example.test");
    for (let i = 0; i < addressLimit / 2; i++)
      expect(answer(await signUpAs("someone@example.test", wrongPassword, attempt))).toBe("EMAIL_IN_USE");
    expect(answer(await signIn("someone@example.test", ownersPassword, attempt))).toBe("RATE_LIMITED");
    expect(answer(await signIn("someone@example.test", ownersPassword, { addressKey: "another-address" }))).toBe("ok");
  }, 60_000);

  it("take back the count of a right password, so only failures lock", async () => {
    await createAccount("resident@example.test");
    await failuresOnAccount("resident@example.test", accountLimit - 2);
    for (let i = 0; i < 5; i++) expect(answer(await signIn("resident@example.test", ownersPassword))).toBe("ok");
    expect(answer(await signIn("resident@example.test", wrongPassword))).toBe("INVALID_CREDENTIALS");
    expect(answer(await signIn("resident@example.test", wrongPassword))).toBe("INVALID_CREDENTIALS");
    expect(answer(await signIn("resident@example.test", ownersPassword))).toBe("RATE_LIMITED");
  });

  it("let the owner's known browser in while strangers have locked the account", async () => {
    await createAccount("owner@example.test");
    await failuresOnAccount("owner@example.test", accountLimit);
    expect(answer(await signIn("owner@example.test", ownersPassword))).toBe("RATE_LIMITED");
    expect(answer(await signIn("owner@example.test", ownersPassword, { deviceKey: "owners-browser" }))).toBe("ok");
    // The browser has its own, smaller limit.
    for (let i = 0; i < rateLimitRules.SIGN_IN_PER_KNOWN_DEVICE.limit; i++)
      await signIn("owner@example.test", wrongPassword, { deviceKey: "owners-browser" });
    expect(answer(await signIn("owner@example.test", ownersPassword, { deviceKey: "owners-browser" }))).toBe(
      "RATE_LIMITED",
    );
  });

  it.each([
    ["changePassword", changePassword, (password: string) => ({ current: password })],
    ["requestEmailChange", requestEmailChange, (password: string) => ({ current: password })],
    ["deleteAccount", deleteAccount, (password: string) => ({ password })],
  ])(
    "count the current password of %s toward the account's lock, and refuse it once locked",
    async (_name, document, variables) => {
      await createAccount("profile@example.test");
      const token = await tokenOf("profile@example.test");
      await failuresOnAccount("profile@example.test", accountLimit - 1);
      const wrong = await graphql(backend, "account", document, {
        token,
        variables: { ...variables(wrongPassword), attempt: { addressKey: "profile-address" } },
      });
      expect(answer(wrong)).not.toBe("ok");
      expect(answer(wrong)).not.toBe("RATE_LIMITED");
      // That failure was the 100th: sign-in is refused, and so is this change with the right password.
      expect(answer(await signIn("profile@example.test", ownersPassword))).toBe("RATE_LIMITED");
      const right = await graphql(backend, "account", document, { token, variables: variables(ownersPassword) });
      expect(answer(right)).toBe("RATE_LIMITED");
    },
  );

  it("throttle the users service's own sign-in per account, without the portal's attempt", async () => {
    await createAccount("direct@example.test");
    const login = (password: string) =>
      graphql(backend, "users", usersLogin, { variables: { email: "direct@example.test", password } });
    for (let i = 0; i < accountLimit; i++) expect(answer(await login(wrongPassword))).toBe("INVALID_CREDENTIALS");
    expect(answer(await login(ownersPassword))).toBe("RATE_LIMITED");
    // tokenAuth without an attempt still counts on the account (no check of a password goes unthrottled).
    await failuresOnAccount("direct@example.test", accountLimit);
    expect(answer(await signIn("direct@example.test", ownersPassword))).toBe("RATE_LIMITED");
  }, 60_000);

  it("let no more checks through than the limit when attempts come at once", async () => {
    const subjects = [{ rule: "SIGN_IN_PER_ACCOUNT" as const, key: "burst" }];
    let checked = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: accountLimit + 50 }, () =>
        limitedPasswordCheck(backend.db, clock.now(), subjects, async () => {
          checked++;
          return false;
        }),
      ),
    );
    expect(checked).toBe(accountLimit);
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(50);
    for (const o of refused) expect((o as PromiseRejectedResult).reason.extensions.code).toBe("RATE_LIMITED");
  });

  it("refuse keys that are not the portal's hashes", async () => {
    const result = await signIn("nobody@example.test", wrongPassword, { addressKey: "x".repeat(129) });
    expect(answer(result)).toBe("BAD_USER_INPUT");
  });
});
