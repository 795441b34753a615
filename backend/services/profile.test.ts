/**
 * Profile settings through real GraphQL requests against the demo data: name, language
 * and notifications, changing the password, changing the e-mail through the outbox, deleting the
 * account, the caller's data, and what a support (impersonation) session may not do.
 */

import { passwordProblems } from "@common/password-rules";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import {
  DEMO_PASSWORD,
  demoAccounts,
  demoActivationCodes,
  demoInvitation,
  demoPropertyContact,
  demoSpecialAccounts,
  demoTenancyIds,
} from "../db/seed/demo-accounts";
import type { UserRow } from "../db/types";
import { latestMessages } from "../mail/outbox";
import { testClock } from "../testing/clock";
import { recordWeeklyFiring } from "../testing/due-alarm";
import { columnNames } from "../testing/dump";
import {
  firstErrorCode,
  type GraphQLCallResult,
  graphql,
  graphqlData,
  sessionCalls,
  signInToAccount,
  signInToUsers,
} from "../testing/graphql";
import { createDemoBackendOn, jensFirstHome, testPortalUrl as portalUrl, tenancyRow } from "../testing/setup";
import { hashActivationCode } from "./activation-codes";
import { createImpersonationLink } from "./impersonation";
import { startSession } from "./sign-in";
import { secretKey, type TokenSettings } from "./tokens";

const clock = testClock("2026-11-25T10:00:00.000Z");
const jwtSecret = "profile-test-secret-0123456789-abcdef";
const newPassword = "Changed-Password-2026?";
let backend: Backend;

/** A fresh demo database per test: the tests change and delete accounts. */
beforeEach(async () => {
  backend = await createDemoBackendOn(clock, { jwtSecret });
});
afterEach(() => backend.close());

const documents = {
  currentUser: `query { currentUser { id email language emailNotifications weeklyUpdate userType impersonated } }`,
  updateAccountSettingsWeekly: `mutation ($weeklyUpdate: Boolean) { updateAccountSettingsWeekly: updateAccountSettings(weeklyUpdate: $weeklyUpdate) { language emailNotifications weeklyUpdate } }`,
  updateAccountSettings: `mutation ($language: String, $emailNotifications: Boolean) { updateAccountSettings(language: $language, emailNotifications: $emailNotifications) { id email language emailNotifications impersonated } }`,
  changePassword: `mutation ($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { ok } }`,
  requestEmailChange: `mutation ($newEmail: String!, $currentPassword: String) { requestEmailChange(newEmail: $newEmail, currentPassword: $currentPassword) { ok } }`,
  confirmEmailChange: `mutation ($token: String!) { confirmEmailChange(token: $token) { ok } }`,
  deleteAccount: `mutation ($password: String, $emailConfirmation: String) { deleteAccount(password: $password, emailConfirmation: $emailConfirmation) { ok } }`,
  myData: `query { myData }`,
} as const;
type Operation = keyof typeof documents;

function call(operation: Operation, token: string | undefined, variables: Record<string, unknown> = {}) {
  return graphql<Record<string, unknown>>(backend, "account", documents[operation], { token, variables });
}

async function ok(operation: Operation, token: string | undefined, variables: Record<string, unknown> = {}) {
  const result = await call(operation, token, variables);
  expect(result.body.errors, result.text).toBeUndefined();
  return result.body.data![operation];
}

const updateMyName = (token: string, name: string) =>
  graphql<{ updateMyName: { id: string; name: string; email: string; language: string } }>(
    backend,
    "users",
    `mutation ($name: String!) { updateMyName(name: $name) { id name email language } }`,
    { token, variables: { name } },
  );
const me = (token: string) =>
  graphqlData<{ me: { id: string; name: string; email: string } }>(backend, "users", `{ me { id name email } }`, {
    token,
  });
const { tokenAuth, refreshAccount, refreshUsers } = sessionCalls(() => backend);

async function userRow(email: string): Promise<UserRow | undefined> {
  return backend.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

const tokenSettings: TokenSettings = {
  key: secretKey(jwtSecret),
  accessTokenTtlSeconds: 300,
  refreshTokenTtlSeconds: 2_592_000,
  refreshGraceSeconds: 30,
};

/** A user who signs in with a social provider only (no password), and their account-service session. */
async function socialUser(email = "social.person@example.test") {
  const user = await backend.db
    .insertInto("users")
    .values({
      email,
      password_hash: null,
      name: "Social Person",
      language: "en",
      user_type: "GOOGLE",
      created_at: clock.now().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const session = await startSession(backend.db, tokenSettings, user, "account", clock.now());
  return { user, token: session.access.token };
}

/** A support session as `email`: the account token and the users-service token (through the slt). */
async function impersonationSession(email: string) {
  const { token } = await createImpersonationLink(backend.db, { email, portalUrl, now: clock.now() });
  const session = await graphqlData<{ impersonate: { token: string; slt: string } }>(
    backend,
    "account",
    `mutation ($token: String!) { impersonate(token: $token) { token slt } }`,
    { variables: { token } },
  );
  const users = await graphqlData<{ loginFromSlt: { ok: { token: string } } }>(
    backend,
    "users",
    `mutation ($token: String!) { loginFromSlt(token: $token) { ok { token } } }`,
    { variables: { token: session.impersonate.slt } },
  );
  return { account: session.impersonate.token, users: users.loginFromSlt.ok.token };
}

function expectBadInput(result: GraphQLCallResult<unknown>, field: string) {
  expect(firstErrorCode(result), result.text).toBe("BAD_USER_INPUT");
  expect(result.body.errors![0]!.extensions).toMatchObject({ field });
}

/** The confirmation link of the newest e-mail to `to`, alone on its line. */
async function confirmationLink(to: string) {
  const [message] = await latestMessages(backend.db, { to, limit: 1 });
  expect(message, `an e-mail to ${to}`).toBeDefined();
  const line = message!.text.split("\n").find((candidate) => candidate.startsWith(`${portalUrl}/confirm-email?token=`));
  expect(line, message!.text).toMatch(/^http:\/\/portal\.test\/confirm-email\?token=[A-Za-z0-9_-]{43}$/);
  return { message: message!, token: new URL(line!).searchParams.get("token")! };
}

const outboxCount = async () =>
  (
    await backend.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

describe("updateAccountSettings and updateMyName", () => {
  it("round-trip the language, the e-mail notifications and the name", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.anna.email);
    expect(await ok("updateAccountSettings", token, { language: "en", emailNotifications: false })).toMatchObject({
      email: demoAccounts.anna.email,
      language: "en",
      emailNotifications: false,
      impersonated: false,
    });
    // Each alone leaves the other as it is.
    expect(await ok("updateAccountSettings", token, { emailNotifications: true })).toMatchObject({
      language: "en",
      emailNotifications: true,
    });
    expect(await ok("updateAccountSettings", token, { language: "nb" })).toMatchObject({
      language: "nb",
      emailNotifications: true,
    });
    expect(await ok("currentUser", token)).toMatchObject({ language: "nb", emailNotifications: true });
    expect(await ok("updateAccountSettings", token, {})).toMatchObject({ language: "nb", emailNotifications: true });
    // The weekly update on its own: the other settings stay.
    expect(await ok("updateAccountSettingsWeekly", token, { weeklyUpdate: true })).toMatchObject({
      language: "nb",
      emailNotifications: true,
      weeklyUpdate: true,
    });
    expect(await ok("currentUser", token)).toMatchObject({ weeklyUpdate: true });
    expect(await ok("updateAccountSettingsWeekly", token, { weeklyUpdate: false })).toMatchObject({
      weeklyUpdate: false,
    });

    const users = await signInToUsers(backend, demoAccounts.anna.email);
    const renamed = await updateMyName(users.token, "  Anna Marie Jensen ");
    expect(renamed.body.data?.updateMyName).toMatchObject({
      name: "Anna Marie Jensen",
      email: demoAccounts.anna.email,
      language: "nb",
    });
    expect((await me(users.token)).me.name).toBe("Anna Marie Jensen");
    expect((await updateMyName(users.token, `${" ".repeat(1000)}Anna\t`)).body.data?.updateMyName.name).toBe("Anna");
    // 100 characters (code points) is the limit.
    const hundred = `${"Å".repeat(98)}😀😀`;
    expect((await updateMyName(users.token, hundred)).body.data?.updateMyName.name).toBe(hundred);
  });

  it("refuses another language and a bad name, with the field", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.anna.email);
    for (const language of ["sv", "", "EN"])
      expectBadInput(await call("updateAccountSettings", token, { language }), "language");
    expect((await userRow(demoAccounts.anna.email))!.language).toBe("da");

    const users = await signInToUsers(backend, demoAccounts.anna.email);
    for (const name of ["", "   ", "x".repeat(101), "Anna\u0000Jensen", "Anna\nJensen", "Anna\u0007"]) {
      expectBadInput(await updateMyName(users.token, name), "name");
    }
    expect((await userRow(demoAccounts.anna.email))!.name).toBe(demoAccounts.anna.name);
  });

  it("need a sign-in of their own service", async () => {
    expect(firstErrorCode(await call("updateAccountSettings", undefined, { language: "en" }))).toBe("UNAUTHENTICATED");
    const { token } = await signInToAccount(backend, demoAccounts.anna.email);
    // An account-service token is not a users-service token.
    expect(firstErrorCode(await updateMyName(token, "Someone"))).toBe("UNAUTHENTICATED");
  });
});

describe("changePassword", () => {
  it("refuses a wrong current password and leaves the password as it was", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.emma.email);
    const before = (await userRow(demoAccounts.emma.email))!.password_hash;
    const refused = await call("changePassword", token, { currentPassword: "Wrong-Password-2026!", newPassword });
    expect(firstErrorCode(refused)).toBe("PASSWORD_UPDATE_FAILED");
    expect(refused.body.errors![0]!.message).toBe("Password update failed. Please try again.");
    expect(
      firstErrorCode(await call("changePassword", token, { currentPassword: "x".repeat(5000), newPassword })),
    ).toBe("PASSWORD_UPDATE_FAILED");
    expect((await userRow(demoAccounts.emma.email))!.password_hash).toBe(before);
    expect(firstErrorCode(await tokenAuth(demoAccounts.emma.email, DEMO_PASSWORD))).toBeUndefined();
    expect(firstErrorCode(await tokenAuth(demoAccounts.emma.email, newPassword))).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a new password that breaks the rules, with its problems", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.emma.email);
    for (const weak of ["short", "alllowercase-and-long-1", "NoSpecialCharacter123"]) {
      const refused = await call("changePassword", token, { currentPassword: DEMO_PASSWORD, newPassword: weak });
      expectBadInput(refused, "newPassword");
      expect(refused.body.errors![0]!.extensions!.passwordProblems).toEqual(passwordProblems(weak));
    }
    expect(firstErrorCode(await tokenAuth(demoAccounts.emma.email, DEMO_PASSWORD))).toBeUndefined();
  });

  it("sets the new password and ends every session of both services", async () => {
    const email = demoAccounts.emma.email;
    const first = await signInToAccount(backend, email);
    const second = await signInToAccount(backend, email);
    const users = await signInToUsers(backend, email);
    await graphql(backend, "account", `mutation ($e: String!) { requestPasswordReset(email: $e) { ok } }`, {
      variables: { e: email },
    });

    expect(await ok("changePassword", first.token, { currentPassword: DEMO_PASSWORD, newPassword })).toEqual({
      ok: true,
    });

    expect(firstErrorCode(await tokenAuth(email, DEMO_PASSWORD))).toBe("INVALID_CREDENTIALS");
    expect(firstErrorCode(await tokenAuth(email, newPassword))).toBeUndefined();
    for (const session of [first, second]) {
      expect(firstErrorCode(await refreshAccount(session.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
      expect(firstErrorCode(await call("currentUser", session.token))).toBe("UNAUTHENTICATED");
    }
    expect(firstErrorCode(await refreshUsers(users.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await graphql(backend, "users", `{ me { id } }`, { token: users.token }))).toBe(
      "UNAUTHENTICATED",
    );
    // The reset link sent before the change no longer works.
    const resetTokens = await backend.db
      .selectFrom("single_use_tokens")
      .select("used_at")
      .where("purpose", "=", "password_reset")
      .execute();
    expect(resetTokens.length).toBeGreaterThan(0);
    expect(resetTokens.every((row) => row.used_at !== null)).toBe(true);
    // The users service signs in with the new password too.
    await signInToUsers(backend, email, newPassword);
  });

  it("refuses a user without a password (social sign-in): they use the reset e-mail", async () => {
    const { token } = await socialUser();
    expect(firstErrorCode(await call("changePassword", token, { currentPassword: "", newPassword }))).toBe(
      "PASSWORD_UPDATE_FAILED",
    );
    expect(firstErrorCode(await call("changePassword", token, { currentPassword: newPassword, newPassword }))).toBe(
      "PASSWORD_UPDATE_FAILED",
    );
  });
});

describe("a support (impersonation) session", () => {
  it("may not change the password or the e-mail, nor delete the account; the settings, the name and the data it may", async () => {
    const email = demoAccounts.jens.email;
    const support = await impersonationSession(email);
    const before = await userRow(email);
    const mails = await outboxCount();

    expect(
      firstErrorCode(await call("changePassword", support.account, { currentPassword: DEMO_PASSWORD, newPassword })),
    ).toBe("FORBIDDEN");
    expect(
      firstErrorCode(
        await call("requestEmailChange", support.account, {
          newEmail: "elsewhere@example.test",
          currentPassword: DEMO_PASSWORD,
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(firstErrorCode(await call("deleteAccount", support.account, { password: DEMO_PASSWORD }))).toBe("FORBIDDEN");
    expect(await userRow(email)).toEqual(before);
    expect(await outboxCount()).toBe(mails);

    // A confirmation link of the user's own does not work in the support session either.
    const own = await signInToAccount(backend, email);
    await ok("requestEmailChange", own.token, { newEmail: "jens.new@example.test", currentPassword: DEMO_PASSWORD });
    const { token } = await confirmationLink("jens.new@example.test");
    expect(firstErrorCode(await call("confirmEmailChange", support.account, { token }))).toBe("FORBIDDEN");
    expect((await userRow(email))?.id).toBe(before!.id);

    expect(await ok("updateAccountSettings", support.account, { language: "en" })).toMatchObject({
      language: "en",
      impersonated: true,
    });
    expect((await updateMyName(support.users, "Jens P. Hansen")).body.data?.updateMyName.name).toBe("Jens P. Hansen");
    expect(JSON.parse((await ok("myData", support.account)) as string).profile.email).toBe(email);
  });
});

describe("changing the e-mail", () => {
  it("mails a link to the new address and changes nothing until it is followed", async () => {
    const email = demoAccounts.emma.email;
    const session = await signInToAccount(backend, email);
    const users = await signInToUsers(backend, email);
    expect(
      await ok("requestEmailChange", session.token, {
        newEmail: "  Emma.New@Example.TEST ",
        currentPassword: DEMO_PASSWORD,
      }),
    ).toEqual({ ok: true });

    const { message, token } = await confirmationLink("emma.new@example.test");
    expect(message.subject).toBe("My Consumption: Confirm your new e-mail address"); // Emma's language
    expect(message.html).toContain(`href="${portalUrl}/confirm-email?token=${token}"`);
    // Only the hash is stored, with the new address, for 24 hours.
    const stored = await backend.db
      .selectFrom("single_use_tokens")
      .selectAll()
      .where("purpose", "=", "email_change")
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      new_email: "emma.new@example.test",
      used_at: null,
      expires_at: clock.at(24 * 3600).toISOString(),
    });
    expect(JSON.stringify(stored)).not.toContain(token);

    // Nothing changed yet.
    expect(await ok("currentUser", session.token)).toMatchObject({ email });
    expect(firstErrorCode(await tokenAuth(email, DEMO_PASSWORD))).toBeUndefined();
    expect(firstErrorCode(await tokenAuth("emma.new@example.test", DEMO_PASSWORD))).toBe("INVALID_CREDENTIALS");
    expect(await latestMessages(backend.db, { to: email })).toEqual([]);

    // Following the link (no sign-in needed) changes it, tells the old address and ends every session.
    clock.set(23 * 3600);
    expect(await ok("confirmEmailChange", undefined, { token })).toEqual({ ok: true });
    expect((await userRow("emma.new@example.test"))?.user_type).toBe("EMAIL_PASSWORD");
    expect(await userRow(email)).toBeUndefined();
    const [notice] = await latestMessages(backend.db, { to: email });
    expect(notice?.subject).toBe("My Consumption: Your e-mail address was changed");
    expect(notice?.text).toContain("emma.new@example.test");
    expect(notice?.text).toContain("If this was not you");
    expect(notice?.text).toContain(demoPropertyContact.email);
    expect(firstErrorCode(await refreshAccount(session.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await refreshUsers(users.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await call("currentUser", session.token))).toBe("UNAUTHENTICATED");
    expect(firstErrorCode(await tokenAuth(email, DEMO_PASSWORD))).toBe("INVALID_CREDENTIALS");
    const again = await signInToAccount(backend, "emma.new@example.test");
    expect(await ok("currentUser", again.token)).toMatchObject({ email: "emma.new@example.test" });

    // The link works once.
    expect(firstErrorCode(await call("confirmEmailChange", undefined, { token }))).toBe("INVALID_TOKEN");
  });

  it("refuses, in order: a wrong password, a bad or the same address, an address in use", async () => {
    const email = demoAccounts.anna.email;
    const { token } = await signInToAccount(backend, email);
    const mails = await outboxCount();
    const request = (newEmail: string, currentPassword?: string | null) =>
      call("requestEmailChange", token, { newEmail, currentPassword });

    expect(firstErrorCode(await request("anna.new@example.test", "Wrong-Password-2026!"))).toBe("INVALID_CREDENTIALS");
    expect(firstErrorCode(await request("anna.new@example.test"))).toBe("INVALID_CREDENTIALS");
    expect(firstErrorCode(await request("not an address", "Wrong-Password-2026!"))).toBe("INVALID_CREDENTIALS");
    for (const bad of ["not an address", "", "anna@", ` ${email.toUpperCase()} `]) {
      const refused = await request(bad, DEMO_PASSWORD);
      expectBadInput(refused, "email");
      expect(refused.body.errors![0]!.extensions!.emailProblem).toBe("invalid_email");
    }
    expect(firstErrorCode(await request(demoAccounts.jens.email.toUpperCase(), DEMO_PASSWORD))).toBe("EMAIL_IN_USE");
    expect(firstErrorCode(await request(demoAccounts.sofie.email, DEMO_PASSWORD))).toBe("EMAIL_IN_USE");
    expect(firstErrorCode(await request(demoSpecialAccounts.adminPortal.email, DEMO_PASSWORD))).toBe(
      "EMAIL_USED_BY_ADMIN_PORTAL",
    );
    expect(await outboxCount()).toBe(mails);
    expect(
      await backend.db.selectFrom("single_use_tokens").select("id").where("purpose", "=", "email_change").execute(),
    ).toEqual([]);
    expect(
      firstErrorCode(
        await call("requestEmailChange", undefined, { newEmail: "x@example.test", currentPassword: DEMO_PASSWORD }),
      ),
    ).toBe("UNAUTHENTICATED");
  });

  it("answers EMAIL_IN_USE when the address was taken meanwhile, without spending the link", async () => {
    const { token: session } = await signInToAccount(backend, demoAccounts.anna.email);
    await ok("requestEmailChange", session, { newEmail: "wanted@example.test", currentPassword: DEMO_PASSWORD });
    const { token } = await confirmationLink("wanted@example.test");
    await graphqlData(
      backend,
      "account",
      `mutation ($e: String!, $p: String!) { createEmailPasswordUser(email: $e, password: $p, dataPolicyAcknowledged: true) { created } }`,
      {
        variables: { e: "wanted@example.test", p: newPassword },
      },
    );
    expect(firstErrorCode(await call("confirmEmailChange", undefined, { token }))).toBe("EMAIL_IN_USE");
    expect((await userRow(demoAccounts.anna.email))?.email).toBe(demoAccounts.anna.email);
    // Anna's sessions go on.
    expect(await ok("currentUser", session)).toMatchObject({ email: demoAccounts.anna.email });
    const stored = await backend.db
      .selectFrom("single_use_tokens")
      .select("used_at")
      .where("purpose", "=", "email_change")
      .executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();
  });

  it("keeps only the newest link, which ends after 24 hours; unknown tokens are refused", async () => {
    const { token: session } = await signInToAccount(backend, demoAccounts.nora.email);
    await ok("requestEmailChange", session, { newEmail: "first@example.test", currentPassword: DEMO_PASSWORD });
    const first = await confirmationLink("first@example.test");
    expect(first.message.subject).toBe("Mitt Forbruk: Bekreft den nye e-postadressen din"); // Nora's language
    clock.set(60);
    await ok("requestEmailChange", session, { newEmail: "second@example.test", currentPassword: DEMO_PASSWORD });
    const second = await confirmationLink("second@example.test");
    expect(firstErrorCode(await call("confirmEmailChange", undefined, { token: first.token }))).toBe("INVALID_TOKEN");
    clock.set(60 + 24 * 3600);
    expect(firstErrorCode(await call("confirmEmailChange", undefined, { token: second.token }))).toBe("INVALID_TOKEN");
    for (const token of ["", "A".repeat(43), "not-a-token", "x".repeat(5000)]) {
      expect(firstErrorCode(await call("confirmEmailChange", undefined, { token }))).toBe("INVALID_TOKEN");
    }
    expect((await userRow(demoAccounts.nora.email))?.email).toBe(demoAccounts.nora.email);
  });

  it("does not ask a social-only user for a password", async () => {
    const { user, token } = await socialUser();
    expect(
      await ok("requestEmailChange", token, { newEmail: "social.new@example.test", currentPassword: "anything" }),
    ).toEqual({ ok: true });
    expect(await ok("requestEmailChange", token, { newEmail: "social.new@example.test" })).toEqual({ ok: true });
    const link = await confirmationLink("social.new@example.test");
    await ok("confirmEmailChange", undefined, { token: link.token });
    expect((await userRow("social.new@example.test"))?.id).toBe(user.id);
    // No homes, so no contacts in the notice.
    const [notice] = await latestMessages(backend.db, { to: user.email });
    expect(notice?.text).not.toContain("Contact for your home");
  });
});

describe("deleteAccount", () => {
  const countOf = async (
    table: "notifications" | "alarms" | "tenancy_members" | "refresh_tokens" | "token_families" | "single_use_tokens",
    userId: number,
  ) =>
    Number(
      (
        await backend.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tables = [
    "notifications",
    "alarms",
    "tenancy_members",
    "refresh_tokens",
    "token_families",
    "single_use_tokens",
  ] as const;

  it("removes the user and everything of theirs; readings and the invitations they sent stay; the e-mail can sign up again", async () => {
    const email = demoAccounts.jens.email;
    const jens = (await userRow(email))!;
    const session = await signInToAccount(backend, email);
    const users = await signInToUsers(backend, email);
    await graphql(backend, "account", `mutation ($e: String!) { requestPasswordReset(email: $e) { ok } }`, {
      variables: { e: email },
    });
    const alarm = await backend.db
      .selectFrom("alarms")
      .select("id")
      .where("user_id", "=", jens.id)
      .executeTakeFirstOrThrow();
    await recordWeeklyFiring(backend.db, {
      userId: jens.id,
      tenancyId: demoTenancyIds.jensFirst,
      alarmId: alarm.id,
      at: clock.now().toISOString(),
    });
    const meter = await backend.db
      .selectFrom("meters")
      .innerJoin("tenancies", "tenancies.unit_id", "meters.unit_id")
      .select("meters.id")
      .where("tenancies.id", "=", demoTenancyIds.jensFirst)
      .executeTakeFirstOrThrow();
    await backend.db
      .insertInto("meter_readings")
      .values({ meter_id: meter.id, ts: 1_790_000_000, value: 42 })
      .execute();
    for (const table of tables) expect(await countOf(table, jens.id), table).toBeGreaterThan(0);

    // The password is asked for.
    expect(firstErrorCode(await call("deleteAccount", session.token, {}))).toBe("INVALID_CREDENTIALS");
    expect(firstErrorCode(await call("deleteAccount", session.token, { password: "Wrong-Password-2026!" }))).toBe(
      "INVALID_CREDENTIALS",
    );
    expect(firstErrorCode(await call("deleteAccount", session.token, { emailConfirmation: email }))).toBe(
      "INVALID_CREDENTIALS",
    );
    expect(await userRow(email)).toBeDefined();

    expect(await ok("deleteAccount", session.token, { password: DEMO_PASSWORD })).toEqual({ ok: true });

    expect(await userRow(email)).toBeUndefined();
    for (const table of tables) expect(await countOf(table, jens.id), table).toBe(0);
    expect(
      await backend.db.selectFrom("alarm_evaluations").select("alarm_id").where("alarm_id", "=", alarm.id).execute(),
    ).toEqual([]);
    expect(
      await backend.db
        .selectFrom("meter_readings")
        .select("value")
        .where("meter_id", "=", meter.id)
        .where("ts", "=", 1_790_000_000)
        .execute(),
    ).toEqual([{ value: 42 }]);
    const invitation = await backend.db
      .selectFrom("tenancy_invitations")
      .selectAll()
      .where("id", "=", demoInvitation.id)
      .executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({
      invited_by_user_id: null,
      withdrawn_at: null,
      accepted_at: null,
      email: demoInvitation.email,
    });
    // The tenancies and the other members stay.
    const mette = (await userRow(demoAccounts.mette.email))!;
    expect(await countOf("tenancy_members", mette.id)).toBeGreaterThan(0);

    // Every session has ended, and the account cannot sign in.
    expect(firstErrorCode(await call("currentUser", session.token))).toBe("UNAUTHENTICATED");
    expect(firstErrorCode(await refreshAccount(session.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await refreshUsers(users.refreshToken))).toBe("INVALID_REFRESH_TOKEN");
    expect(firstErrorCode(await tokenAuth(email, DEMO_PASSWORD))).toBe("INVALID_CREDENTIALS");

    // The same e-mail signs up anew: a new, empty account.
    const signUp = await graphqlData<{
      createEmailPasswordUser: { created: boolean; user: { id: string }; token: string };
    }>(
      backend,
      "account",
      `mutation ($e: String!, $p: String!) { createEmailPasswordUser(email: $e, password: $p, dataPolicyAcknowledged: true) { created user { id } token } }`,
      { variables: { e: email, p: newPassword } },
    );
    expect(signUp.createEmailPasswordUser.created).toBe(true);
    expect(signUp.createEmailPasswordUser.user.id).not.toBe(String(jens.id));
    const data = JSON.parse((await ok("myData", signUp.createEmailPasswordUser.token)) as string);
    expect(data).toMatchObject({ tenancies: [], alarms: [], notifications: [] });
    // The export names when the new account confirmed the data policy (spec section 3).
    expect(data.profile.dataPolicyAcknowledgedAt).toBe(clock.now().toISOString());
  });

  it("refuses the last admin of a tenancy with other members (LAST_ADMIN) until another is admin", async () => {
    const mette = await signInToAccount(backend, demoAccounts.mette.email);
    const refused = await call("deleteAccount", mette.token, { password: DEMO_PASSWORD });
    expect(firstErrorCode(refused)).toBe("LAST_ADMIN");
    expect(refused.body.errors![0]!.extensions).toMatchObject({ tenancyId: demoTenancyIds.jensSecond });
    expect(await userRow(demoAccounts.mette.email)).toBeDefined();
    expect(await ok("currentUser", mette.token)).toMatchObject({ email: demoAccounts.mette.email });

    const jensId = (await userRow(demoAccounts.jens.email))!.id;
    await graphqlData(
      backend,
      "account",
      `mutation ($t: Int!, $u: Int!) { setTenancyUserAdmin(tenancyId: $t, userId: $u, isAdmin: true) { id } }`,
      { token: mette.token, variables: { t: demoTenancyIds.jensSecond, u: jensId } },
    );
    expect(await ok("deleteAccount", mette.token, { password: DEMO_PASSWORD })).toEqual({ ok: true });
    expect(await userRow(demoAccounts.mette.email)).toBeUndefined();
  });

  it("keeps a used activation code used", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.anna.email);
    expect(await ok("deleteAccount", token, { password: DEMO_PASSWORD })).toEqual({ ok: true });
    const code = await backend.db
      .selectFrom("activation_codes")
      .selectAll()
      .where("code_hash", "=", hashActivationCode(demoActivationCodes.used))
      .executeTakeFirstOrThrow();
    expect(code.used_at).not.toBeNull();
    expect(code.used_by_user_id).toBeNull();
  });

  it("lets a social-only user confirm with their e-mail, compared case-insensitively", async () => {
    const { user, token } = await socialUser();
    expect(firstErrorCode(await call("deleteAccount", token, {}))).toBe("INVALID_CREDENTIALS");
    expect(firstErrorCode(await call("deleteAccount", token, { emailConfirmation: "someone.else@example.test" }))).toBe(
      "INVALID_CREDENTIALS",
    );
    expect(firstErrorCode(await call("deleteAccount", token, { password: "anything" }))).toBe("INVALID_CREDENTIALS");
    expect(await ok("deleteAccount", token, { emailConfirmation: ` ${user.email.toUpperCase()} ` })).toEqual({
      ok: true,
    });
    expect(await userRow(user.email)).toBeUndefined();
  });
});

describe("myData", () => {
  it("holds the profile, the tenancies, every field of the alarms and notifications, and no hashes", async () => {
    const email = demoAccounts.jens.email;
    const jens = (await userRow(email))!;
    await backend.db
      .insertInto("notifications")
      .values({
        user_id: jens.id,
        tenancy_id: demoTenancyIds.jensFirst,
        kind: "consumption_report",
        period_start: "2026-10-01",
        period_end: "2026-10-31",
        report_code: "abc",
        created_at: clock.now().toISOString(),
      })
      .execute();
    const { token } = await signInToAccount(backend, email);
    const text = (await ok("myData", token)) as string;
    expect(text).not.toMatch(/password_hash|token_hash|passwordHash|tokenHash|scrypt\$/);
    const data = JSON.parse(text);

    expect(data.exportedAt).toBe(clock.start.toISOString());
    expect(data.profile).toEqual({
      id: jens.id,
      email,
      name: demoAccounts.jens.name,
      language: "da",
      emailNotifications: true,
      weeklyUpdate: false,
      userType: "EMAIL_PASSWORD",
      createdAt: jens.created_at,
      // The demo accounts were seeded, not signed up: no confirmation was recorded.
      dataPolicyAcknowledgedAt: null,
    });
    const tenancyIds = data.tenancies
      .filter((t: { invitationPending: boolean }) => !t.invitationPending)
      .map((t: { id: number }) => t.id);
    expect(tenancyIds.sort()).toEqual([demoTenancyIds.jensFirst, demoTenancyIds.jensSecond].sort());
    const first = data.tenancies.find((t: { id: number }) => t.id === demoTenancyIds.jensFirst);
    const tenancy = await tenancyRow(backend.db, demoTenancyIds.jensFirst);
    expect(first).toEqual({
      ...jensFirstHome,
      start: tenancy.start_date,
      end: tenancy.end_date,
      isAdmin: true,
      invitationPending: false,
    });
    expect(data.tenancies.find((t: { id: number }) => t.id === demoTenancyIds.jensSecond)).toMatchObject({
      isAdmin: false,
    });

    // Every column of the user's alarms and notifications (but the user id), in camelCase.
    const columns = async (table: string) =>
      (await columnNames(backend.db, table))
        .map((name) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))
        .filter((name) => name !== "userId")
        .sort();
    const alarms = await backend.db
      .selectFrom("alarms")
      .selectAll()
      .where("user_id", "=", jens.id)
      .orderBy("id")
      .execute();
    expect(data.alarms).toHaveLength(alarms.length);
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of data.alarms) expect(Object.keys(alarm).sort()).toEqual(await columns("alarms"));
    expect(data.alarms.map((alarm: { id: number }) => alarm.id)).toEqual(alarms.map((alarm) => alarm.id));
    expect(data.alarms.find((alarm: { type: string }) => alarm.type === "minimum")).toMatchObject({
      enabled: false,
      level: 19,
      tenancyId: demoTenancyIds.jensFirst,
    });
    expect(data.notifications).toHaveLength(1);
    expect(Object.keys(data.notifications[0]).sort()).toEqual(await columns("notifications"));
    expect(data.notifications[0]).toMatchObject({
      kind: "consumption_report",
      reportCode: "abc",
      periodStart: "2026-10-01",
      readAt: null,
    });

    // Nothing of another user.
    expect(text).not.toContain(demoAccounts.mette.email);
    expect(firstErrorCode(await call("myData", undefined))).toBe("UNAUTHENTICATED");
  });
});
