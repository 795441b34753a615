/**
 * The account flows (ADR 0009) through real GraphQL requests: sign-up, activation
 * codes, password reset through the outbox, impersonation and its 60-minute limit, social sign-in
 * against a real local OpenID provider, the short-lived token for the users service, onboarding.
 */

import { passwordProblems } from "@common/password-rules";
import { passwordsBreakingRules } from "@common/password-rules.fixture";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../app";
import {
  DEMO_PASSWORD,
  demoAccounts,
  demoActivationCodes,
  demoSpecialAccounts,
  demoTenancyIds,
} from "../db/seed/demo-accounts";
import { silentLogger } from "../logger";
import { latestMessages, linksIn } from "../mail/outbox";
import { testClock } from "../testing/clock";
import {
  firstErrorCode,
  graphql,
  graphqlData,
  refreshAccount as refreshAccountSession,
  sessionCalls,
  signInToAccount,
  signInToUsers,
} from "../testing/graphql";
import { createDemoBackend, createDemoBackendOn, testPortalUrl as portalUrl } from "../testing/setup";
import { hashActivationCode } from "./activation-codes";
import { errorMessages } from "./errors";
import { createImpersonationLink, ImpersonationTargetError } from "./impersonation";
import { startTestOpenIdProvider, type TestOpenIdProvider } from "./social-test-provider";
import { hashToken } from "./tokens";

const clock = testClock("2026-06-01T10:00:00.000Z");
const newPassword = "New-Password-2026?";
let backend: Backend;
let idp: TestOpenIdProvider;

beforeAll(async () => {
  idp = await startTestOpenIdProvider();
  backend = await createDemoBackendOn(clock, {
    jwtSecret: "account-flows-test-secret-0123456789",
    accountFlows: {
      userinfoUrls: { GOOGLE: idp.userinfoUrl, FACEBOOK: idp.userinfoUrl },
    },
  });
});
afterAll(async () => {
  await backend.close();
  await idp.close();
});
beforeEach(() => {
  clock.set(0);
});

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

const tokenPayloadFields = "email exp origIat impersonated sessionExpiresAt";

const createUserMutation = /* GraphQL */ `
  mutation CreateUser($email: String!, $password: String!, $language: String, $dataPolicyAcknowledged: Boolean) {
    createEmailPasswordUser(
      email: $email
      password: $password
      language: $language
      dataPolicyAcknowledged: $dataPolicyAcknowledged
    ) {
      token refreshToken refreshExpiresIn payload { ${tokenPayloadFields} } user { id } created
    }
  }
`;
interface TokenPayloadData {
  email: string;
  exp: number;
  origIat: number;
  impersonated: boolean;
  sessionExpiresAt: number | null;
}
/** What every sign-in of the account service answers: the tokens and the token's payload. */
interface SignedInData {
  token: string;
  refreshToken: string;
  refreshExpiresIn: number;
  payload: TokenPayloadData;
}
interface CreateUserData {
  createEmailPasswordUser: SignedInData & { user: { id: string }; created: boolean };
}
/** Sign-up with the data-policy box ticked, as the portal's form requires, unless told otherwise. */
const createUser = (
  email: string,
  password: string,
  language?: string,
  dataPolicyAcknowledged: boolean | null = true,
) =>
  graphql<CreateUserData>(backend, "account", createUserMutation, {
    variables: { email, password, language, dataPolicyAcknowledged },
  });

const currentUserQuery = /* GraphQL */ `
  query Me { currentUser { id email language userType onboarded impersonated isAdmin } }
`;
interface CurrentUserData {
  currentUser: {
    id: string;
    email: string;
    language: string;
    userType: string;
    onboarded: boolean;
    impersonated: boolean;
    isAdmin: boolean;
  };
}
const currentUser = (token: string) => graphql<CurrentUserData>(backend, "account", currentUserQuery, { token });

const { tokenAuth, refreshUsers } = sessionCalls(() => backend);

const usersLogin = (email: string, password: string) =>
  graphql(
    backend,
    "users",
    `mutation($c: LoginCredentials!) { loginWithEmailAndPassword(credentials: $c) { ok { token } } }`,
    {
      variables: { c: { email, password, targetResource: "tenant" } },
    },
  );

async function userRow(email: string) {
  return backend.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

/** The id of the user with this e-mail; undefined when there is none. */
async function userIdOf(email: string): Promise<number | undefined> {
  return (await backend.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst())?.id;
}

async function userCount(): Promise<number> {
  const row = await backend.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe("createEmailPasswordUser", () => {
  it("creates a user who is signed in, not onboarded, and can sign in to both services", async () => {
    const result = await createUser("  New.Resident@Example.TEST ", newPassword, "en");
    expect(result.body.errors).toBeUndefined();
    const created = result.body.data!.createEmailPasswordUser;
    expect(created.created).toBe(true);
    expect(created.payload).toEqual({
      email: "new.resident@example.test",
      exp: epoch(clock.start) + 300,
      origIat: epoch(clock.start),
      impersonated: false,
      sessionExpiresAt: null,
    });
    expect(created.refreshExpiresIn).toBe(epoch(clock.start) + 2_592_000);

    const me = await currentUser(created.token);
    expect(me.body.data?.currentUser).toEqual({
      id: created.user.id,
      email: "new.resident@example.test",
      language: "en",
      userType: "EMAIL_PASSWORD",
      onboarded: false,
      impersonated: false,
      isAdmin: false,
    });
    expect(firstErrorCode(await tokenAuth("new.resident@example.test", newPassword))).toBeUndefined();
    expect(firstErrorCode(await usersLogin("new.resident@example.test", newPassword))).toBeUndefined();
    const row = await userRow("new.resident@example.test");
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(newPassword);
  });

  it("gives new users the default language da", async () => {
    const created = (await createUser("dansk@example.test", newPassword)).body.data!.createEmailPasswordUser;
    expect((await currentUser(created.token)).body.data?.currentUser.language).toBe("da");
  });

  it.each(passwordsBreakingRules)(
    "refuses the password %j with BAD_USER_INPUT and the rule codes %j",
    async (password, problems) => {
      const before = await userCount();
      const result = await createUser("rules@example.test", password);
      expect(firstErrorCode(result)).toBe("BAD_USER_INPUT");
      expect(result.body.errors?.[0]?.extensions).toMatchObject({ field: "password", passwordProblems: problems });
      // The shared rule module agrees, so the portal's form and the back-end give the same answer.
      expect(passwordProblems(password)).toEqual(problems);
      expect(await userCount()).toBe(before);
    },
  );

  it("refuses a malformed e-mail and an unknown language", async () => {
    const email = await createUser("not-an-email", newPassword);
    expect(firstErrorCode(email)).toBe("BAD_USER_INPUT");
    expect(email.body.errors?.[0]?.extensions).toMatchObject({ field: "email", emailProblem: "invalid_email" });
    const language = await createUser("lang@example.test", newPassword, "sv");
    expect(firstErrorCode(language)).toBe("BAD_USER_INPUT");
    expect(language.body.errors?.[0]?.extensions).toMatchObject({ field: "language" });
  });

  it("signs an existing user with the right password in instead of creating one", async () => {
    const before = await userCount();
    const result = await createUser(demoAccounts.anna.email, DEMO_PASSWORD);
    const data = result.body.data!.createEmailPasswordUser;
    expect(data.created).toBe(false);
    expect(data.user.id).toBe(String((await userRow(demoAccounts.anna.email)).id));
    expect((await currentUser(data.token)).body.data?.currentUser.email).toBe(demoAccounts.anna.email);
    expect(await userCount()).toBe(before);
  });

  it("answers EMAIL_IN_USE for an existing user and another password, and for a user without one", async () => {
    for (const email of [demoAccounts.anna.email, demoAccounts.sofie.email]) {
      const result = await createUser(email, newPassword);
      expect(firstErrorCode(result)).toBe("EMAIL_IN_USE");
      expect(result.body.errors?.[0]?.message).toBe(
        "A user already exists with that email, but the password is not correct.",
      );
    }
    // Sofie (invited, no password) did not get one.
    expect((await userRow(demoAccounts.sofie.email)).password_hash).toBeNull();
  });

  it("answers USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS for a user with admin rights, whatever the password", async () => {
    for (const password of [DEMO_PASSWORD, newPassword]) {
      const result = await createUser(demoSpecialAccounts.staff.email, password);
      expect(firstErrorCode(result)).toBe("USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS");
      expect(result.body.errors?.[0]?.message).toBe("User already exists and has above default rights.");
    }
  });

  it("answers EMAIL_USED_BY_ADMIN_PORTAL for an admin-portal e-mail; tokenAuth refuses that account too", async () => {
    const result = await createUser(demoSpecialAccounts.adminPortal.email, DEMO_PASSWORD);
    expect(firstErrorCode(result)).toBe("EMAIL_USED_BY_ADMIN_PORTAL");
    expect(result.body.errors?.[0]?.message).toBe(errorMessages.EMAIL_USED_BY_ADMIN_PORTAL);
    expect(firstErrorCode(await tokenAuth(demoSpecialAccounts.adminPortal.email, DEMO_PASSWORD))).toBe(
      "EMAIL_USED_BY_ADMIN_PORTAL",
    );
    expect(firstErrorCode(await tokenAuth(demoSpecialAccounts.adminPortal.email, newPassword))).toBe(
      "INVALID_CREDENTIALS",
    );
    expect(firstErrorCode(await usersLogin(demoSpecialAccounts.adminPortal.email, DEMO_PASSWORD))).toBe(
      "EMAIL_USED_BY_ADMIN_PORTAL",
    );
  });

  it("refuses a deactivated user with the right password with USER_DEACTIVATED, and with EMAIL_IN_USE without it", async () => {
    expect(firstErrorCode(await createUser(demoAccounts.inactive.email, DEMO_PASSWORD))).toBe("USER_DEACTIVATED");
    expect(firstErrorCode(await createUser(demoAccounts.inactive.email, newPassword))).toBe("EMAIL_IN_USE");
  });

  it("creates no account without the data-policy confirmation, and stores the time of it", async () => {
    for (const acknowledged of [null, false]) {
      const refused = await createUser("no-policy@example.test", newPassword, "en", acknowledged);
      expect(firstErrorCode(refused)).toBe("DATA_POLICY_NOT_ACKNOWLEDGED");
    }
    expect(await userIdOf("no-policy@example.test")).toBeUndefined();

    clock.set(90);
    const created = await createUser("no-policy@example.test", newPassword, "en", true);
    expect(created.body.data?.createEmailPasswordUser.created).toBe(true);
    expect((await userRow("no-policy@example.test")).data_policy_acknowledged_at).toBe(clock.now().toISOString());

    // Signing up again later (the right password) keeps the first confirmation's time.
    const firstTime = clock.now().toISOString();
    clock.set(600);
    const again = await createUser("no-policy@example.test", newPassword, "en", true);
    expect(again.body.data?.createEmailPasswordUser.created).toBe(false);
    expect((await userRow("no-policy@example.test")).data_policy_acknowledged_at).toBe(firstTime);
  });

  it("creates exactly one user when the same sign-up arrives twice at once", async () => {
    const results = await Promise.all([
      createUser("twice@example.test", newPassword),
      createUser("twice@example.test", newPassword),
    ]);
    const created = results.filter((result) => result.body.data?.createEmailPasswordUser.created === true);
    expect(created).toHaveLength(1);
    // The other one either signed in (same password) or lost the race on the unique e-mail.
    for (const result of results) {
      if (result.body.data?.createEmailPasswordUser.created !== true) {
        expect([undefined, "EMAIL_IN_USE"]).toContain(firstErrorCode(result));
      }
    }
    const rows = await backend.db.selectFrom("users").select("id").where("email", "=", "twice@example.test").execute();
    expect(rows).toHaveLength(1);
  });
});

const validateQuery = /* GraphQL */ `
  query Validate($code: String!) { validateActivationCode(activationCode: $code) { ok text code } }
`;
const validate = async (code: string) =>
  (
    await graphqlData<{ validateActivationCode: { ok: boolean; text: string | null; code: string | null } }>(
      backend,
      "account",
      validateQuery,
      { variables: { code } },
    )
  ).validateActivationCode;

const addTenancyMutation = /* GraphQL */ `
  mutation Add($code: String!) { addTenancy(activationCode: $code) { ok tenancy { id tenancyId apartment { uniqueId } } } }
`;
const addTenancy = (token: string | undefined, code: string) =>
  graphql<{ addTenancy: { ok: boolean; tenancy: { id: string; tenancyId: number; apartment: { uniqueId: string } } } }>(
    backend,
    "account",
    addTenancyMutation,
    { variables: { code }, token },
  );

describe("activation codes", () => {
  it("validateActivationCode: an unused code is ok, with or without dashes and in any case, without sign-in", async () => {
    expect(await validate(demoActivationCodes.unused)).toEqual({ ok: true, text: null, code: null });
    expect(await validate("demo-acti-vate")).toEqual({ ok: true, text: null, code: null });
  });

  it("validateActivationCode: a used code is ok false with its text", async () => {
    expect(await validate(demoActivationCodes.used)).toEqual({
      ok: false,
      text: "Activation code has already been used",
      code: "ACTIVATION_CODE_IN_USE",
    });
  });

  it.each([demoActivationCodes.expired, "UNKNOWNCODES", "ABC", "", "DEMOACTIVAT3", "x".repeat(500)])(
    "validateActivationCode: %j is invalid",
    async (code) => {
      expect(await validate(code)).toEqual({
        ok: false,
        text: "The activation code you entered is invalid.",
        code: "ACTIVATION_CODE_INVALID",
      });
    },
  );

  it("addTenancy needs an account access token", async () => {
    expect(firstErrorCode(await addTenancy(undefined, demoActivationCodes.unused))).toBe("UNAUTHENTICATED");
    const users = await signInToUsers(backend, demoAccounts.nora.email);
    expect(firstErrorCode(await addTenancy(users.token, demoActivationCodes.unused))).toBe("UNAUTHENTICATED");
  });

  it("addTenancy links the caller to the code's tenancy, then the code is used", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.nora.email);
    const result = await addTenancy(token, "demo-activate");
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.addTenancy).toEqual({
      ok: true,
      tenancy: {
        id: String(demoTenancyIds.activationTarget),
        tenancyId: demoTenancyIds.activationTarget,
        apartment: { uniqueId: "DK1042-0301" },
      },
    });
    const tenancies = await graphqlData<{ tenancies: { tenancyId: number }[] }>(
      backend,
      "account",
      "{ tenancies { tenancyId } }",
      {
        token,
      },
    );
    expect(tenancies.tenancies.map((tenancy) => tenancy.tenancyId)).toEqual([demoTenancyIds.activationTarget]);
    // The users service (and so the tenant data service) sees it too.
    const users = await signInToUsers(backend, demoAccounts.nora.email);
    const me = await graphqlData<{ me: { accounts: { id: string }[] } }>(
      backend,
      "users",
      "{ me { accounts { id } } }",
      {
        token: users.token,
      },
    );
    expect(me.me.accounts).toEqual([{ id: String(demoTenancyIds.activationTarget) }]);
    // Nobody administered the tenancy, so Nora does now.
    const membership = await backend.db
      .selectFrom("tenancy_members")
      .selectAll()
      .where("tenancy_id", "=", demoTenancyIds.activationTarget)
      .execute();
    expect(membership).toMatchObject([{ is_admin: 1, invitation_pending: 0 }]);

    expect(await validate(demoActivationCodes.unused)).toMatchObject({ ok: false, code: "ACTIVATION_CODE_IN_USE" });
    const emma = await signInToAccount(backend, demoAccounts.emma.email);
    const again = await addTenancy(emma.token, demoActivationCodes.unused);
    expect(firstErrorCode(again)).toBe("ACTIVATION_CODE_IN_USE");
    expect(again.body.errors?.[0]?.message).toBe("Activation code has already been used");
  });

  it("addTenancy refuses expired, unknown and malformed codes with ACTIVATION_CODE_INVALID", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.emma.email);
    for (const code of [demoActivationCodes.expired, "UNKNOWNCODES", "12345"]) {
      const result = await addTenancy(token, code);
      expect(firstErrorCode(result)).toBe("ACTIVATION_CODE_INVALID");
      expect(result.body.errors?.[0]?.message).toBe("The activation code you entered is invalid.");
    }
    const expired = await backend.db
      .selectFrom("activation_codes")
      .select("used_at")
      .where("code_hash", "=", hashActivationCode(demoActivationCodes.expired))
      .executeTakeFirstOrThrow();
    expect(expired.used_at).toBeNull();
  });

  it("lets only one of two concurrent uses of a code win", async () => {
    await backend.db
      .insertInto("activation_codes")
      .values({
        code_hash: hashActivationCode("RACECODERACE"),
        tenancy_id: 7015,
        expires_at: "2099-01-01T00:00:00.000Z",
      })
      .execute();
    const [emma, jens] = await Promise.all([
      signInToAccount(backend, demoAccounts.emma.email),
      signInToAccount(backend, demoAccounts.jens.email),
    ]);
    const results = await Promise.all([addTenancy(emma.token, "RACECODERACE"), addTenancy(jens.token, "RACECODERACE")]);
    expect(results.map((result) => firstErrorCode(result) ?? "ok").sort()).toEqual(["ACTIVATION_CODE_IN_USE", "ok"]);
    const members = await backend.db
      .selectFrom("tenancy_members")
      .select("user_id")
      .where("tenancy_id", "=", 7015)
      .execute();
    expect(members).toHaveLength(1);
  });
});

const requestResetMutation = /* GraphQL */ `
  mutation RequestReset($email: String!) { requestPasswordReset(email: $email) { ok } }
`;
const resetMutation = /* GraphQL */ `
  mutation Reset($email: String!, $token: String!, $newPassword: String!) {
    passwordReset(email: $email, token: $token, newPassword: $newPassword) { ok }
  }
`;
const requestReset = (email: string) => graphql(backend, "account", requestResetMutation, { variables: { email } });
const reset = (email: string, token: string, password: string, bearer?: string) =>
  graphql<{ passwordReset: { ok: boolean } }>(backend, "account", resetMutation, {
    variables: { email, token, newPassword: password },
    token: bearer,
  });

/** Reads the newest e-mail to `email` from the outbox and follows its link like a person would. */
async function resetLinkFromOutbox(email: string): Promise<{ url: URL; subject: string; html: string }> {
  const [message] = await latestMessages(backend.db, { to: email, limit: 1 });
  if (message === undefined) throw new Error(`no e-mail to ${email}`);
  const [link] = linksIn(message.text);
  if (link === undefined) throw new Error("no link in the e-mail");
  return { url: new URL(link), subject: message.subject, html: message.html };
}

describe("password reset", () => {
  it("follows the reset link from the outbox: new password works, old one and old sessions do not", async () => {
    const email = demoAccounts.emma.email;
    const oldAccount = await signInToAccount(backend, email);
    const oldUsers = await signInToUsers(backend, email);

    const requested = await requestReset(email);
    expect(requested.body).toEqual({ data: { requestPasswordReset: { ok: true } } });
    const { url, subject, html } = await resetLinkFromOutbox(email);
    expect(subject).toBe("My Consumption: Reset your password");
    expect(`${url.origin}${url.pathname}`).toBe(`${portalUrl}/set-password`);
    expect(url.searchParams.get("email")).toBe(email);
    const token = url.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(html).toContain(url.toString().replace(/&/g, "&amp;"));
    // Only the hash is stored.
    const stored = await backend.db
      .selectFrom("single_use_tokens")
      .selectAll()
      .where("purpose", "=", "password_reset")
      .execute();
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const result = await reset(url.searchParams.get("email")!, token, newPassword);
    expect(result.body).toEqual({ data: { passwordReset: { ok: true } } });

    expect(firstErrorCode(await tokenAuth(email, newPassword))).toBeUndefined();
    expect(firstErrorCode(await tokenAuth(email, DEMO_PASSWORD))).toBe("INVALID_CREDENTIALS");
    expect(firstErrorCode(await refreshAccount(oldAccount.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await refreshUsers(oldUsers.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    // The old sessions' access tokens end with the reset too, not when they expire (ADR 0020).
    expect(
      firstErrorCode(await graphql(backend, "account", "{ currentUser { email } }", { token: oldAccount.token })),
    ).toBe("UNAUTHENTICATED");
    expect(firstErrorCode(await graphql(backend, "users", "{ me { email } }", { token: oldUsers.token }))).toBe(
      "UNAUTHENTICATED",
    );
    expect(
      firstErrorCode(
        await graphql(backend, "tenant", "{ tenantUnits { objectDetails { id } } }", { token: oldUsers.token }),
      ),
    ).toBe("UNAUTHENTICATED");

    // Single use.
    const again = await reset(email, token, "Another-Password-2026!");
    expect(firstErrorCode(again)).toBe("PASSWORD_UPDATE_FAILED");
    expect(again.body.errors?.[0]?.message).toBe("Password update failed. Please try again.");
    expect(firstErrorCode(await tokenAuth(email, newPassword))).toBeUndefined();
  });

  it("writes the e-mail in the user's language", async () => {
    await requestReset(demoAccounts.anna.email);
    expect((await resetLinkFromOutbox(demoAccounts.anna.email)).subject).toBe("Mit Forbrug: Nulstil din adgangskode");
    await requestReset(demoAccounts.nora.email.toUpperCase());
    expect((await resetLinkFromOutbox(demoAccounts.nora.email)).subject).toBe(
      "Mitt Forbruk: Tilbakestill passordet ditt",
    );
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const countBefore = (await latestMessages(backend.db, { limit: 1000 })).length;
    const known = await requestReset(demoAccounts.jens.email);
    const unknown = await requestReset("nobody@example.test");
    const adminPortal = await requestReset(demoSpecialAccounts.adminPortal.email);
    const inactive = await requestReset(demoAccounts.inactive.email);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(adminPortal.text).toBe(known.text);
    expect(inactive.text).toBe(known.text);
    const messages = await latestMessages(backend.db, { limit: 1000 });
    expect(messages.length - countBefore).toBe(1);
    expect(messages[0]?.to_address).toBe(demoAccounts.jens.email);
  });

  it("enforces the password rules without spending the token", async () => {
    const email = demoAccounts.mette.email;
    await requestReset(email);
    const token = (await resetLinkFromOutbox(email)).url.searchParams.get("token")!;
    const weak = await reset(email, token, "weakpassword");
    expect(firstErrorCode(weak)).toBe("BAD_USER_INPUT");
    expect(weak.body.errors?.[0]?.extensions).toMatchObject({
      field: "password",
      passwordProblems: ["no_capital", "no_digit", "no_special"],
    });
    expect((await reset(email, token, newPassword)).body.data?.passwordReset.ok).toBe(true);
  });

  it("refuses a wrong token, a token for another e-mail, and an expired token; other links die after a reset", async () => {
    const email = demoAccounts.jens.email;
    await requestReset(email);
    const first = (await resetLinkFromOutbox(email)).url.searchParams.get("token")!;
    await requestReset(email);
    const second = (await resetLinkFromOutbox(email)).url.searchParams.get("token")!;
    expect(second).not.toBe(first);

    expect(firstErrorCode(await reset(email, "A".repeat(43), newPassword))).toBe("PASSWORD_UPDATE_FAILED");
    expect(firstErrorCode(await reset(email, "not a token", newPassword))).toBe("PASSWORD_UPDATE_FAILED");
    expect(firstErrorCode(await reset(demoAccounts.anna.email, first, newPassword))).toBe("PASSWORD_UPDATE_FAILED");
    expect(firstErrorCode(await reset("nobody@example.test", first, newPassword))).toBe("PASSWORD_UPDATE_FAILED");

    clock.set(3601);
    expect(firstErrorCode(await reset(email, first, newPassword))).toBe("PASSWORD_UPDATE_FAILED");
    clock.set(3599);
    expect((await reset(email, first, newPassword)).body.data?.passwordReset.ok).toBe(true);
    expect(firstErrorCode(await reset(email, second, "Third-Password-2026!"))).toBe("PASSWORD_UPDATE_FAILED");
    expect(firstErrorCode(await tokenAuth(email, newPassword))).toBeUndefined();
  });

  it("lets a user without a password (invited) set one through the e-mail", async () => {
    const email = demoAccounts.sofie.email;
    await requestReset(email);
    const token = (await resetLinkFromOutbox(email)).url.searchParams.get("token")!;
    expect((await reset(email, token, newPassword)).body.data?.passwordReset.ok).toBe(true);
    expect(firstErrorCode(await tokenAuth(email, newPassword))).toBeUndefined();
  });
});

const impersonateMutation = /* GraphQL */ `
  mutation Impersonate($token: String!) {
    impersonate(token: $token) { token refreshToken refreshExpiresIn payload { ${tokenPayloadFields} } slt user { id } }
  }
`;
interface ImpersonateData {
  impersonate: SignedInData & { slt: string; user: { id: string } };
}
const impersonate = (token: string) =>
  graphql<ImpersonateData>(backend, "account", impersonateMutation, { variables: { token } });

const loginFromSltMutation = /* GraphQL */ `
  mutation Slt($token: String!) { loginFromSlt(token: $token) { ok { token refreshToken expiresAt } } }
`;
const loginFromSlt = (token: string) =>
  graphql<{ loginFromSlt: { ok: { token: string; refreshToken: string; expiresAt: number } } }>(
    backend,
    "users",
    loginFromSltMutation,
    {
      variables: { token },
    },
  );
const refreshAccount = (refreshToken: string) =>
  graphql<{
    refreshToken: SignedInData;
  }>(
    backend,
    "account",
    `mutation($r: String!) { refreshToken(refreshToken: $r) { token refreshToken refreshExpiresIn payload { ${tokenPayloadFields} } } }`,
    { variables: { r: refreshToken } },
  );

async function impersonationToken(email: string): Promise<string> {
  const { link, token } = await createImpersonationLink(backend.db, { email, portalUrl, now: clock.now() });
  expect(link).toBe(`${portalUrl}/impersonate/${token}`);
  return token;
}

describe("impersonation", () => {
  it("signs in as the user once, with a session that ends 60 minutes later", async () => {
    const email = demoAccounts.jens.email;
    const linkToken = await impersonationToken(email);
    const first = await impersonate(linkToken);
    expect(first.body.errors).toBeUndefined();
    const session = first.body.data!.impersonate;
    const sessionEnd = epoch(clock.start) + 3600;
    expect(session.payload).toEqual({
      email,
      exp: epoch(clock.start) + 300,
      origIat: epoch(clock.start),
      impersonated: true,
      sessionExpiresAt: sessionEnd,
    });
    expect(session.refreshExpiresIn).toBe(sessionEnd);
    expect(decodeJwt(session.token)).toMatchObject({ aud: "account", imp: 1 });

    // The link works once.
    const second = await impersonate(linkToken);
    expect(firstErrorCode(second)).toBe("INVALID_TOKEN");

    // Support never sees the onboarding slides; the user's own flag is untouched.
    await backend.db.updateTable("users").set({ onboarded: 0 }).where("email", "=", email).execute();
    const me = (await currentUser(session.token)).body.data!.currentUser;
    expect(me).toMatchObject({ email, onboarded: true, impersonated: true });
    await graphqlData(backend, "account", "mutation { markOnboarded { ok } }", { token: session.token });
    expect((await userRow(email)).onboarded).toBe(0);
    await backend.db.updateTable("users").set({ onboarded: 1 }).where("email", "=", email).execute();

    // The users service through the slt, in the same session.
    const users = await loginFromSlt(session.slt);
    expect(users.body.errors).toBeUndefined();
    const usersOk = users.body.data!.loginFromSlt.ok;
    expect(decodeJwt(usersOk.token)).toMatchObject({ aud: "users", imp: 1 });
    const tenantUnits = await graphql(backend, "tenant", "{ tenantUnits { objectDetails { id } } }", {
      token: usersOk.token,
    });
    expect(tenantUnits.body.errors).toBeUndefined();

    // Refreshing inside the hour keeps the session; tokens never outlive its end.
    clock.set(58 * 60);
    const refreshed = await refreshAccount(session.refreshToken);
    expect(refreshed.body.errors).toBeUndefined();
    const refreshedData = refreshed.body.data!.refreshToken;
    expect(refreshedData.payload).toMatchObject({
      impersonated: true,
      sessionExpiresAt: sessionEnd,
      origIat: epoch(clock.start),
    });
    expect(refreshedData.payload.exp).toBe(sessionEnd);
    expect(refreshedData.refreshExpiresIn).toBe(sessionEnd);
    const usersRefreshed = await refreshUsers(usersOk.refreshToken);
    expect(usersRefreshed.body.data?.refreshToken.ok.expiresAt).toBe(sessionEnd);

    // After 60 minutes nothing works any more.
    clock.set(60 * 60);
    expect(firstErrorCode(await refreshAccount(refreshedData.refreshToken))).toBe("LOGIN_EXPIRED");
    expect((await refreshAccount(refreshedData.refreshToken)).body.errors?.[0]?.message).toBe(
      "Login expired. Please log in again.",
    );
    expect(firstErrorCode(await refreshUsers(usersRefreshed.body.data!.refreshToken.ok.refreshToken))).toBe(
      "LOGIN_EXPIRED",
    );
    expect(firstErrorCode(await currentUser(refreshedData.token))).toBe("UNAUTHENTICATED");
    clock.set(61 * 60);
    expect(firstErrorCode(await refreshAccount(refreshedData.refreshToken))).toBe("LOGIN_EXPIRED");
  });

  it("refuses changing the password in an impersonation session", async () => {
    const email = demoAccounts.anna.email;
    const session = (await impersonate(await impersonationToken(email))).body.data!.impersonate;
    await requestReset(email);
    const token = (await resetLinkFromOutbox(email)).url.searchParams.get("token")!;
    const refused = await reset(email, token, "Changed-By-Support-1!", session.token);
    expect(firstErrorCode(refused)).toBe("FORBIDDEN");
    // The token is not spent by the refused call; the user can still use it.
    expect((await reset(email, token, "Changed-By-Anna-2026!")).body.data?.passwordReset.ok).toBe(true);
  });

  it("refuses an expired or unknown link token", async () => {
    const token = await impersonationToken(demoAccounts.emma.email);
    clock.set(15 * 60 + 1);
    expect(firstErrorCode(await impersonate(token))).toBe("INVALID_TOKEN");
    expect(firstErrorCode(await impersonate("A".repeat(43)))).toBe("INVALID_TOKEN");
    expect(firstErrorCode(await impersonate(""))).toBe("INVALID_TOKEN");
  });

  it("makes no link for an unknown, deactivated or admin-portal account", async () => {
    for (const email of ["nobody@example.test", demoAccounts.inactive.email, demoSpecialAccounts.adminPortal.email]) {
      await expect(createImpersonationLink(backend.db, { email, portalUrl, now: clock.now() })).rejects.toBeInstanceOf(
        ImpersonationTargetError,
      );
    }
  });

  it("ends the session after IMPERSONATION_SESSION_SECONDS when configured shorter (for end-to-end tests)", async () => {
    let otherClock = clock.start;
    const other = await createDemoBackend({
      now: () => otherClock,
      accountFlows: { impersonationSessionSeconds: 120 },
    });
    try {
      const { token } = await createImpersonationLink(other.db, {
        email: demoAccounts.anna.email,
        portalUrl,
        now: clock.start,
      });
      const session = await graphqlData<ImpersonateData>(other, "account", impersonateMutation, {
        variables: { token },
      });
      expect(session.impersonate.payload).toMatchObject({
        exp: epoch(clock.start) + 120,
        sessionExpiresAt: epoch(clock.start) + 120,
      });
      otherClock = clock.at(121);
      const refreshed = await refreshAccountSession(other, session.impersonate.refreshToken);
      expect(firstErrorCode(refreshed)).toBe("LOGIN_EXPIRED");
    } finally {
      await other.close();
    }
  });

  it("leaves ordinary sessions without the imp claim", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.nora.email);
    expect(decodeJwt(token).imp).toBeUndefined();
    expect((await currentUser(token)).body.data?.currentUser.impersonated).toBe(false);
  });
});

const socialAuthMutation = /* GraphQL */ `
  mutation Social($accessToken: String!, $provider: SocialProvider!, $language: String, $dataPolicyAcknowledged: Boolean) {
    socialAuth(
      accessToken: $accessToken
      provider: $provider
      language: $language
      dataPolicyAcknowledged: $dataPolicyAcknowledged
    ) {
      socialProvider email token refreshToken refreshExpiresIn payload { ${tokenPayloadFields} } slt user { id } created
    }
  }
`;
interface SocialAuthData {
  socialAuth: {
    socialProvider: string;
    email: string;
    slt: string;
    user: { id: string };
    created: boolean;
  } & SignedInData;
}
/** A social sign-in from the sign-up form with the data-policy box ticked, unless told otherwise. */
const socialAuth = (
  accessToken: string,
  provider: string,
  language?: string,
  dataPolicyAcknowledged: boolean | null = true,
) =>
  graphql<SocialAuthData>(backend, "account", socialAuthMutation, {
    variables: { accessToken, provider, language, dataPolicyAcknowledged },
  });

describe("socialAuth (against a local OpenID provider)", () => {
  it("creates a user from a verified e-mail, then finds the same user again", async () => {
    const accessToken = await idp.accessTokenFor("g-1", {
      email: "Social.Person@Example.TEST",
      email_verified: true,
      name: "Social Person",
      locale: "nb-NO",
    });
    const result = await socialAuth(accessToken, "GOOGLE");
    expect(result.body.errors).toBeUndefined();
    const data = result.body.data!.socialAuth;
    expect(data).toMatchObject({ socialProvider: "GOOGLE", email: "social.person@example.test", created: true });
    expect(data.payload).toMatchObject({ email: "social.person@example.test", impersonated: false });
    expect(data.slt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = (await currentUser(data.token)).body.data!.currentUser;
    expect(me).toMatchObject({ id: data.user.id, userType: "GOOGLE", language: "nb", onboarded: false });
    expect((await userRow("social.person@example.test")).password_hash).toBeNull();

    const again = (
      await socialAuth(
        await idp.accessTokenFor("g-1", { email: "social.person@example.test", email_verified: true }),
        "GOOGLE",
      )
    ).body.data!.socialAuth;
    expect(again).toMatchObject({ created: false, user: { id: data.user.id } });
  });

  it("signs an existing e-mail user in when the provider verifies their address", async () => {
    const accessToken = await idp.accessTokenFor("g-emma", { email: demoAccounts.emma.email, email_verified: true });
    const data = (await socialAuth(accessToken, "GOOGLE")).body.data!.socialAuth;
    expect(data.created).toBe(false);
    expect((await currentUser(data.token)).body.data?.currentUser).toMatchObject({
      email: demoAccounts.emma.email,
      userType: "EMAIL_PASSWORD",
    });
  });

  it("requires a verified e-mail", async () => {
    const unverified = await idp.accessTokenFor("g-2", { email: "unverified@example.test", email_verified: false });
    const result = await socialAuth(unverified, "GOOGLE");
    expect(firstErrorCode(result)).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    const noEmail = await idp.accessTokenFor("g-3", { name: "No Mail" });
    expect(firstErrorCode(await socialAuth(noEmail, "GOOGLE"))).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    // Without email_verified, only a provider that returns confirmed addresses only (Facebook) is trusted.
    const silent = await idp.accessTokenFor("g-4", { email: "fb.person@example.test" });
    expect(firstErrorCode(await socialAuth(silent, "GOOGLE"))).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    const facebook = await socialAuth(silent, "FACEBOOK");
    expect(facebook.body.data?.socialAuth).toMatchObject({ socialProvider: "FACEBOOK", created: true });
    expect((await userRow("fb.person@example.test")).user_type).toBe("FACEBOOK");
    expect(await userIdOf("unverified@example.test")).toBeUndefined();
  });

  it("refuses a token the provider does not accept, a disabled provider and protected accounts", async () => {
    expect(firstErrorCode(await socialAuth("not-a-token-the-provider-issued", "GOOGLE"))).toBe("SOCIAL_AUTH_FAILED");
    expect(firstErrorCode(await socialAuth("", "GOOGLE"))).toBe("SOCIAL_AUTH_FAILED");
    const valid = await idp.accessTokenFor("a-1", { email: "apple.person@example.test", email_verified: true });
    expect(firstErrorCode(await socialAuth(valid, "APPLE"))).toBe("SOCIAL_PROVIDER_DISABLED");
    const unknownProvider = await socialAuth(valid, "MYSPACE");
    expect(unknownProvider.body.data ?? null).toBeNull();
    expect(unknownProvider.body.errors?.[0]?.message).toContain("SocialProvider");
    const admin = await idp.accessTokenFor("g-admin", {
      email: demoSpecialAccounts.adminPortal.email,
      email_verified: true,
    });
    expect(firstErrorCode(await socialAuth(admin, "GOOGLE"))).toBe("EMAIL_USED_BY_ADMIN_PORTAL");
    const staff = await idp.accessTokenFor("g-staff", { email: demoSpecialAccounts.staff.email, email_verified: true });
    expect(firstErrorCode(await socialAuth(staff, "GOOGLE"))).toBe("USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS");
    const inactive = await idp.accessTokenFor("g-ole", { email: demoAccounts.inactive.email, email_verified: true });
    expect(firstErrorCode(await socialAuth(inactive, "GOOGLE"))).toBe("USER_DEACTIVATED");
  });

  it("creates no account without the data-policy confirmation; an existing resident needs none", async () => {
    const stranger = async () =>
      idp.accessTokenFor("g-new", { email: "social.newcomer@example.test", email_verified: true });
    for (const acknowledged of [null, false]) {
      expect(firstErrorCode(await socialAuth(await stranger(), "GOOGLE", "en", acknowledged))).toBe(
        "DATA_POLICY_NOT_ACKNOWLEDGED",
      );
    }
    expect(await userIdOf("social.newcomer@example.test")).toBeUndefined();

    clock.set(30);
    const created = await socialAuth(await stranger(), "GOOGLE", "en", true);
    expect(created.body.data?.socialAuth.created).toBe(true);
    expect((await userRow("social.newcomer@example.test")).data_policy_acknowledged_at).toBe(clock.now().toISOString());

    const before = (await userRow(demoAccounts.anna.email)).data_policy_acknowledged_at;
    clock.set(60);
    const anna = await idp.accessTokenFor("g-anna", { email: demoAccounts.anna.email, email_verified: true });
    const signedIn = await socialAuth(anna, "GOOGLE", "en", null);
    expect(signedIn.body.data?.socialAuth).toMatchObject({ created: false, email: demoAccounts.anna.email });
    expect((await userRow(demoAccounts.anna.email)).data_policy_acknowledged_at).toBe(before);
  });

  it("fails with SOCIAL_AUTH_FAILED when the provider cannot be reached", async () => {
    const other = await createBackend({
      databasePath: ":memory:",
      logger: silentLogger,
      accountFlows: { userinfoUrls: { GOOGLE: "http://127.0.0.1:9/userinfo" } },
    });
    try {
      const result = await graphql(other, "account", socialAuthMutation, {
        variables: { accessToken: "abc", provider: "GOOGLE" },
      });
      expect(firstErrorCode(result)).toBe("SOCIAL_AUTH_FAILED");
    } finally {
      await other.close();
    }
  });
});

describe("loginFromSlt", () => {
  async function freshSlt(accountId: string, email: string): Promise<string> {
    const accessToken = await idp.accessTokenFor(accountId, { email, email_verified: true });
    return (await socialAuth(accessToken, "GOOGLE")).body.data!.socialAuth.slt;
  }

  it("signs in to the users service once", async () => {
    const slt = await freshSlt("s-1", "slt.person@example.test");
    const first = await loginFromSlt(slt);
    expect(first.body.errors).toBeUndefined();
    const ok = first.body.data!.loginFromSlt.ok;
    expect(ok.expiresAt).toBe(epoch(clock.start) + 300);
    expect(decodeJwt(ok.token)).toMatchObject({ aud: "users" });
    expect(decodeJwt(ok.token).imp).toBeUndefined();
    const me = await graphqlData<{ me: { email: string } }>(backend, "users", "{ me { email } }", { token: ok.token });
    expect(me.me.email).toBe("slt.person@example.test");
    expect(firstErrorCode(await loginFromSlt(slt))).toBe("INVALID_TOKEN");
  });

  it("expires after 60 seconds and refuses anything else", async () => {
    const slt = await freshSlt("s-2", "slt.late@example.test");
    clock.set(61);
    expect(firstErrorCode(await loginFromSlt(slt))).toBe("INVALID_TOKEN");
    clock.set(0);
    const fresh = await freshSlt("s-2", "slt.late@example.test");
    clock.set(59);
    expect(firstErrorCode(await loginFromSlt(fresh))).toBeUndefined();
    expect(firstErrorCode(await loginFromSlt("garbage"))).toBe("INVALID_TOKEN");
    // An impersonation link token is not an slt.
    expect(firstErrorCode(await loginFromSlt(await impersonationToken(demoAccounts.anna.email)))).toBe("INVALID_TOKEN");
  });
});

describe("markOnboarded", () => {
  it("needs a sign-in and sets the flag once", async () => {
    expect(firstErrorCode(await graphql(backend, "account", "mutation { markOnboarded { ok } }"))).toBe(
      "UNAUTHENTICATED",
    );
    const created = (await createUser("onboarding@example.test", newPassword)).body.data!.createEmailPasswordUser;
    expect((await currentUser(created.token)).body.data?.currentUser.onboarded).toBe(false);
    for (let index = 0; index < 2; index += 1) {
      const done = await graphqlData<{ markOnboarded: { ok: boolean } }>(
        backend,
        "account",
        "mutation { markOnboarded { ok } }",
        {
          token: created.token,
        },
      );
      expect(done.markOnboarded.ok).toBe(true);
    }
    expect((await currentUser(created.token)).body.data?.currentUser.onboarded).toBe(true);
  });

  it("the seeded demo residents are onboarded", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.nora.email);
    expect((await currentUser(token)).body.data?.currentUser.onboarded).toBe(true);
    const rows = await backend.db
      .selectFrom("users")
      .select(["email", "onboarded"])
      .where(
        "email",
        "in",
        Object.values(demoAccounts).map((account) => account.email),
      )
      .execute();
    expect(rows).toHaveLength(Object.keys(demoAccounts).length);
    expect(rows.every((row) => row.onboarded === 1)).toBe(true);
  });
});
