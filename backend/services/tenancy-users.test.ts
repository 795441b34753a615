/**
 * Tenancy info and its users through real GraphQL requests against the demo data:
 * the property's contact and the users list, invitations by e-mail (outbox) and their codes,
 * admin rights, removing users and leaving, and that nobody but an admin changes anything.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import {
  demoAccounts,
  demoActivationCodes,
  demoInvitation,
  demoPropertyContact,
  demoTenancyIds,
} from "../db/seed/demo-accounts";
import { latestMessages } from "../mail/outbox";
import type { TenancyInfo as TenancyInfoResult } from "../schema/account.generated";
import { testClock } from "../testing/clock";
import { recordWeeklyFiring } from "../testing/due-alarm";
import { dumpTables } from "../testing/dump";
import { firstErrorCode, graphql, graphqlData, signInToAccount } from "../testing/graphql";
import {
  createDemoBackendOn,
  jensFirstHome,
  testPortalUrl as portalUrl,
  userIdOf as sharedUserIdOf,
  tenancyRow,
} from "../testing/setup";
import { assertTenancyMember } from "./access";
import { hashActivationCode, validateActivationCode } from "./activation-codes";
import { errorMessages } from "./errors";

const clock = testClock("2026-11-25T10:00:00.000Z");
const newPassword = "Invited-Password-2026!";
let backend: Backend;

/** A fresh demo database per test: the tests change memberships. */
beforeEach(async () => {
  backend = await createDemoBackendOn(clock, { jwtSecret: "tenancy-users-test-secret-0123456789" });
});
afterEach(() => backend.close());

const tenancyInfoFields = /* GraphQL */ `
  id address zipcode city startDate endDate billingPeriodStart billingPeriodEnd
  propertyContact { name email phone }
  callerIsAdmin
  users { userId invitationId name email isAdmin invitationPending isCaller invitedAt }
`;

// What the GraphQL answers carry: the types generated from the schema.
type TenancyInfo = TenancyInfoResult;

const documents = {
  tenancyInfo: `query ($tenancyId: Int!) { tenancyInfo(tenancyId: $tenancyId) { ${tenancyInfoFields} } }`,
  inviteTenancyUser: `mutation ($tenancyId: Int!, $email: String!, $language: String) { inviteTenancyUser(tenancyId: $tenancyId, email: $email, language: $language) { ${tenancyInfoFields} } }`,
  resendTenancyInvitation: `mutation ($tenancyId: Int!, $invitationId: Int!) { resendTenancyInvitation(tenancyId: $tenancyId, invitationId: $invitationId) { ${tenancyInfoFields} } }`,
  withdrawTenancyInvitation: `mutation ($tenancyId: Int!, $invitationId: Int!) { withdrawTenancyInvitation(tenancyId: $tenancyId, invitationId: $invitationId) { ${tenancyInfoFields} } }`,
  setTenancyUserAdmin: `mutation ($tenancyId: Int!, $userId: Int!, $isAdmin: Boolean!) { setTenancyUserAdmin(tenancyId: $tenancyId, userId: $userId, isAdmin: $isAdmin) { ${tenancyInfoFields} } }`,
  removeTenancyUser: `mutation ($tenancyId: Int!, $userId: Int!) { removeTenancyUser(tenancyId: $tenancyId, userId: $userId) { ${tenancyInfoFields} } }`,
  leaveTenancy: `mutation ($tenancyId: Int!) { leaveTenancy(tenancyId: $tenancyId) { ok } }`,
} as const;
type Operation = keyof typeof documents;

async function tokenOf(email: string, password?: string): Promise<string> {
  return (await signInToAccount(backend, email, password)).token;
}

function call(operation: Operation, token: string | undefined, variables: Record<string, unknown>) {
  return graphql<Record<string, unknown>>(backend, "account", documents[operation], { token, variables });
}

async function data<T = TenancyInfo>(
  operation: Operation,
  token: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const result = await graphqlData<Record<string, T>>(backend, "account", documents[operation], { token, variables });
  return result[operation]!;
}

const userIdOf = (email: string) => sharedUserIdOf(backend.db, email);

/** The id of the invitation to `email`; fails when there is none. */
async function invitationIdOf(email: string): Promise<number> {
  return (
    await backend.db.selectFrom("tenancy_invitations").select("id").where("email", "=", email).executeTakeFirstOrThrow()
  ).id;
}

/** The 12 letters of the newest invitation e-mail to `to`, read from the link on its own line. */
async function latestInvitation(to: string) {
  const [message] = await latestMessages(backend.db, { to, limit: 1 });
  expect(message, `an e-mail to ${to}`).toBeDefined();
  const lines = message!.text.split("\n");
  const linkLine = lines.find((line) => line.startsWith(`${portalUrl}/signup?activationCode=`));
  expect(linkLine, message!.text).toBeDefined();
  expect(linkLine).toMatch(/^http:\/\/portal\.test\/signup\?activationCode=[A-Z]{12}$/);
  const code = linkLine!.slice(-12);
  return { message: message!, code };
}

const validate = (code: string) => validateActivationCode(backend.db, code, clock.now());

async function signUp(email: string): Promise<string> {
  const created = await graphqlData<{ createEmailPasswordUser: { token: string; created: boolean } }>(
    backend,
    "account",
    `mutation ($email: String!, $password: String!) { createEmailPasswordUser(email: $email, password: $password, dataPolicyAcknowledged: true) { token created } }`,
    { variables: { email, password: newPassword } },
  );
  expect(created.createEmailPasswordUser.created).toBe(true);
  return created.createEmailPasswordUser.token;
}

async function addTenancy(token: string, activationCode: string) {
  return graphql<{ addTenancy: { ok: boolean; tenancy: { tenancyId: number } } }>(
    backend,
    "account",
    `mutation ($activationCode: String!) { addTenancy(activationCode: $activationCode) { ok tenancy { tenancyId } } }`,
    { token, variables: { activationCode } },
  );
}

/** Jens, an admin of his first home, invites `email` to it: his token and the tenancy info it answers. */
async function jensInvites(email: string, language?: string) {
  const jens = await tokenOf(demoAccounts.jens.email);
  const info = await data("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email, language });
  return { jens, info };
}

async function isMember(email: string, tenancyId: number): Promise<boolean> {
  try {
    await assertTenancyMember(backend.db, await userIdOf(email), tenancyId);
    return true;
  } catch {
    return false;
  }
}

/** Gives a user an alarm (with an evaluation) and a notification of a tenancy; returns the alarm's id. */
async function giveAlarmAndNotification(userId: number, tenancyId: number): Promise<number> {
  const at = clock.now().toISOString();
  const alarm = await backend.db
    .insertInto("alarms")
    .values({
      user_id: userId,
      tenancy_id: tenancyId,
      quantity: "heat-energy",
      type: "threshold",
      frequency: "week",
      level: 10,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordWeeklyFiring(backend.db, { userId, tenancyId, alarmId: alarm.id, at });
  return alarm.id;
}

async function alarmsAndNotificationsOf(userId: number, tenancyId: number) {
  const idsOf = (table: "alarms" | "notifications") =>
    backend.db
      .selectFrom(table)
      .select("id")
      .where("user_id", "=", userId)
      .where("tenancy_id", "=", tenancyId)
      .execute();
  const alarms = await idsOf("alarms");
  const notifications = await idsOf("notifications");
  const evaluations = await backend.db
    .selectFrom("alarm_evaluations")
    .select("alarm_id")
    .where("alarm_id", "in", alarms.length === 0 ? [-1] : alarms.map((alarm) => alarm.id))
    .execute();
  return { alarms: alarms.length, notifications: notifications.length, evaluations: evaluations.length };
}

const noAlarmsOrNotifications = { alarms: 0, notifications: 0, evaluations: 0 };

/** Gives Jens an alarm with a notification in his second home: his id, and his first home's counts then. */
async function jensWithAlarmInSecondHome() {
  const jensId = await userIdOf(demoAccounts.jens.email);
  await giveAlarmAndNotification(jensId, demoTenancyIds.jensSecond);
  return { jensId, firstHome: await alarmsAndNotificationsOf(jensId, demoTenancyIds.jensFirst) };
}

describe("tenancyInfo", () => {
  it("shows the home, the property's contact from the seed, and the users with the demo's pending invitation", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const info = await data("tenancyInfo", jens, { tenancyId: demoTenancyIds.jensFirst });
    const tenancy = await tenancyRow(backend.db, demoTenancyIds.jensFirst);
    expect(info).toMatchObject({
      ...jensFirstHome,
      startDate: tenancy.start_date,
      endDate: tenancy.end_date,
      billingPeriodStart: tenancy.billing_period_start,
      billingPeriodEnd: tenancy.billing_period_end,
      propertyContact: { ...demoPropertyContact },
      callerIsAdmin: true,
    });
    expect(info.users).toEqual([
      {
        userId: await userIdOf(demoAccounts.jens.email),
        invitationId: null,
        name: demoAccounts.jens.name,
        email: demoAccounts.jens.email,
        isAdmin: true,
        invitationPending: false,
        isCaller: true,
        invitedAt: null,
      },
      // Sofie's membership pending from the first demo seed (no invitation row).
      {
        userId: await userIdOf(demoAccounts.sofie.email),
        invitationId: null,
        name: demoAccounts.sofie.name,
        email: demoAccounts.sofie.email,
        isAdmin: false,
        invitationPending: true,
        isCaller: false,
        invitedAt: "2026-02-14T12:00:00.000Z",
      },
      {
        userId: null,
        invitationId: demoInvitation.id,
        name: null,
        email: demoInvitation.email,
        isAdmin: false,
        invitationPending: true,
        isCaller: false,
        invitedAt: demoInvitation.createdAt,
      },
    ]);
    // The demo invitation's code works for that tenancy.
    expect(await validate(demoActivationCodes.invitation)).toEqual({ ok: true, text: null, code: null });
    const codeRow = await backend.db
      .selectFrom("activation_codes")
      .select("tenancy_id")
      .where("code_hash", "=", hashActivationCode(demoActivationCodes.invitation))
      .executeTakeFirstOrThrow();
    expect(codeRow.tenancy_id).toBe(demoTenancyIds.jensFirst);
  });

  it("lists admins first, then by name, for a plain member too", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const info = await data("tenancyInfo", jens, { tenancyId: demoTenancyIds.jensSecond });
    expect(info.callerIsAdmin).toBe(false);
    expect(info.users.map((user) => [user.email, user.isAdmin, user.isCaller])).toEqual([
      [demoAccounts.mette.email, true, false],
      [demoAccounts.jens.email, false, true],
    ]);
    // Make both plain members of a tenancy with another admin: sorted by name (Jens before Mette).
    const mette = await tokenOf(demoAccounts.mette.email);
    await data("inviteTenancyUser", mette, { tenancyId: demoTenancyIds.jensSecond, email: "zed@example.test" });
    const anna = await userIdOf(demoAccounts.anna.email);
    await backend.db
      .insertInto("tenancy_members")
      .values({
        tenancy_id: demoTenancyIds.jensSecond,
        user_id: anna,
        is_admin: 1,
        invitation_pending: 0,
        created_at: clock.now().toISOString(),
      })
      .execute();
    await data("setTenancyUserAdmin", mette, {
      tenancyId: demoTenancyIds.jensSecond,
      userId: await userIdOf(demoAccounts.mette.email),
      isAdmin: false,
    });
    const after = await data("tenancyInfo", jens, { tenancyId: demoTenancyIds.jensSecond });
    expect(after.users.map((user) => user.email)).toEqual([
      demoAccounts.anna.email,
      demoAccounts.jens.email,
      demoAccounts.mette.email,
      "zed@example.test",
    ]);
  });

  it("is FORBIDDEN to a stranger and UNAUTHENTICATED without a token", async () => {
    const anna = await tokenOf(demoAccounts.anna.email);
    expect(firstErrorCode(await call("tenancyInfo", anna, { tenancyId: demoTenancyIds.jensFirst }))).toBe("FORBIDDEN");
    expect(firstErrorCode(await call("tenancyInfo", anna, { tenancyId: 999_999 }))).toBe("FORBIDDEN");
    expect(firstErrorCode(await call("tenancyInfo", undefined, { tenancyId: demoTenancyIds.anna }))).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("gives null for a property without a contact", async () => {
    await backend.db
      .updateTable("properties")
      .set({ contact_name: null, contact_email: null, contact_phone: null })
      .execute();
    const anna = await tokenOf(demoAccounts.anna.email);
    expect((await data("tenancyInfo", anna, { tenancyId: demoTenancyIds.anna })).propertyContact).toBeNull();
  });
});

describe("only an admin changes the users", () => {
  it("a plain member and a stranger get FORBIDDEN for every admin mutation, and nothing changes", async () => {
    const jensUserId = await userIdOf(demoAccounts.jens.email);
    const metteUserId = await userIdOf(demoAccounts.mette.email);
    // Jens is a plain member of his second home (Mette is admin); Anna is a stranger to it.
    // Anna is a stranger to Jens's first home too, where Jens is admin.
    await backend.db
      .insertInto("tenancy_invitations")
      .values({
        tenancy_id: demoTenancyIds.jensSecond,
        email: "pending@example.test",
        language: "da",
        activation_code_id: (
          await backend.db
            .insertInto("activation_codes")
            .values({
              code_hash: hashActivationCode("PENDINGCODES"),
              tenancy_id: demoTenancyIds.jensSecond,
              expires_at: "2099-01-01T00:00:00.000Z",
              used_at: null,
              used_by_user_id: null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
        invited_by_user_id: metteUserId,
        created_at: clock.now().toISOString(),
      })
      .execute();
    const secondInvitation = await invitationIdOf("pending@example.test");

    const cases = [
      {
        who: "plain member",
        email: demoAccounts.jens.email,
        tenancyId: demoTenancyIds.jensSecond,
        invitationId: secondInvitation,
        userId: metteUserId,
      },
      {
        who: "plain member, about himself",
        email: demoAccounts.jens.email,
        tenancyId: demoTenancyIds.jensSecond,
        invitationId: secondInvitation,
        userId: jensUserId,
      },
      {
        who: "stranger",
        email: demoAccounts.anna.email,
        tenancyId: demoTenancyIds.jensFirst,
        invitationId: demoInvitation.id,
        userId: jensUserId,
      },
      {
        who: "stranger",
        email: demoAccounts.anna.email,
        tenancyId: demoTenancyIds.jensSecond,
        invitationId: secondInvitation,
        userId: metteUserId,
      },
    ];
    const before = await dumpTables(backend.db);
    for (const target of cases) {
      const token = await tokenOf(target.email);
      const { tenancyId, invitationId, userId } = target;
      const attempts: [Operation, Record<string, unknown>][] = [
        ["inviteTenancyUser", { tenancyId, email: "sneaky@example.test", language: "en" }],
        ["inviteTenancyUser", { tenancyId, email: "not-an-address" }],
        ["resendTenancyInvitation", { tenancyId, invitationId }],
        ["withdrawTenancyInvitation", { tenancyId, invitationId }],
        ["setTenancyUserAdmin", { tenancyId, userId, isAdmin: true }],
        ["setTenancyUserAdmin", { tenancyId, userId, isAdmin: false }],
        ["removeTenancyUser", { tenancyId, userId }],
      ];
      if (target.who === "stranger") attempts.push(["leaveTenancy", { tenancyId }]);
      for (const [operation, variables] of attempts) {
        const result = await call(operation, token, variables);
        expect(firstErrorCode(result), `${target.who} ${operation}`).toBe("FORBIDDEN");
        expect(result.body.data ?? null).toBeNull();
      }
    }
    const after = await dumpTables(backend.db);
    // Signing in adds refresh tokens and families, and counts (then takes back) a check of the
    // password in rate_limits (ADR 0061); those are not the tenancy's.
    for (const table of ["token_families", "refresh_tokens", "rate_limits"]) {
      delete before[table];
      delete after[table];
    }
    expect(after).toEqual(before);
    expect(await latestMessages(backend.db, { to: "sneaky@example.test" })).toEqual([]);
  });
});

describe("inviteTenancyUser", () => {
  it("stores the invitation and e-mails the link /signup?activationCode= in the chosen language; the code works for that tenancy", async () => {
    const { info } = await jensInvites("  New.Partner@Example.TEST ", "en");
    const invited = info.users.filter((user) => user.email === "new.partner@example.test");
    expect(invited).toEqual([
      {
        userId: null,
        invitationId: expect.any(Number),
        name: null,
        email: "new.partner@example.test",
        isAdmin: false,
        invitationPending: true,
        isCaller: false,
        invitedAt: clock.now().toISOString(),
      },
    ]);
    expect(info.users.at(-1)?.email).toBe("new.partner@example.test"); // oldest first: the newest last

    const { message, code } = await latestInvitation("new.partner@example.test");
    expect(message.to_address).toBe("new.partner@example.test");
    expect(message.subject).toContain("invited you");
    expect(message.text).toContain("Jens Hansen has invited you");
    expect(message.text).toContain("Nørrebrogade 148B, 4. tv., 2200 København N");
    expect(message.html).toContain(`href="${portalUrl}/signup?activationCode=${code}"`);
    expect(message.html).toContain('<html lang="en">');

    expect(await validate(code)).toEqual({ ok: true, text: null, code: null });
    const codeRow = await backend.db
      .selectFrom("activation_codes")
      .selectAll()
      .where("code_hash", "=", hashActivationCode(code))
      .executeTakeFirstOrThrow();
    expect(codeRow.tenancy_id).toBe(demoTenancyIds.jensFirst);
    expect(codeRow.expires_at).toBe(clock.at(30 * 86_400).toISOString());
    const row = await backend.db
      .selectFrom("tenancy_invitations")
      .selectAll()
      .where("id", "=", invited[0]!.invitationId!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenancy_id: demoTenancyIds.jensFirst,
      email: "new.partner@example.test",
      language: "en",
      activation_code_id: codeRow.id,
      invited_by_user_id: await userIdOf(demoAccounts.jens.email),
      withdrawn_at: null,
      accepted_at: null,
    });
    // Expires after 30 days.
    clock.set(30 * 86_400 + 1);
    expect((await validate(code)).code).toBe("ACTIVATION_CODE_INVALID");
  });

  it("writes in the account's language when none is given (or an unknown one), else Danish", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    await data("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email: demoAccounts.nora.email });
    expect((await latestInvitation(demoAccounts.nora.email)).message.text).toContain("Jens Hansen har invitert deg");
    await data("inviteTenancyUser", jens, {
      tenancyId: demoTenancyIds.jensFirst,
      email: demoAccounts.emma.email,
      language: "fr",
    });
    expect((await latestInvitation(demoAccounts.emma.email)).message.text).toContain("Jens Hansen has invited you");
    await data("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email: "nobody.yet@example.test" });
    const danish = await latestInvitation("nobody.yet@example.test");
    expect(danish.message.text).toContain("Jens Hansen har inviteret dig");
    expect(danish.message.subject).toBe("Mit Forbrug: Jens Hansen har inviteret dig");
    const languages = await backend.db
      .selectFrom("tenancy_invitations")
      .select(["email", "language"])
      .where("tenancy_id", "=", demoTenancyIds.jensFirst)
      .orderBy("id")
      .execute();
    expect(languages.slice(-3)).toEqual([
      { email: demoAccounts.nora.email, language: "nb" },
      { email: demoAccounts.emma.email, language: "en" },
      { email: "nobody.yet@example.test", language: "da" },
    ]);
  });

  it("refuses a bad address (BAD_USER_INPUT, field email) and a member's address (ALREADY_MEMBER); nothing is sent", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const countBefore = (await latestMessages(backend.db, { limit: 1000 })).length;
    for (const email of ["not-an-address", "", "a@", `${"x".repeat(250)}@example.test`]) {
      const bad = await call("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email });
      expect(bad.body.errors?.[0]?.extensions).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "email",
        emailProblem: "invalid_email",
      });
    }
    const member = await call("inviteTenancyUser", jens, {
      tenancyId: demoTenancyIds.jensFirst,
      email: " JENS@demo.test",
    });
    expect(firstErrorCode(member)).toBe("ALREADY_MEMBER");
    expect(member.body.errors?.[0]?.message).toBe("That person is already a user of this tenancy.");
    expect(errorMessages.ALREADY_MEMBER).toBe("That person is already a user of this tenancy.");
    expect((await latestMessages(backend.db, { limit: 1000 })).length).toBe(countBefore);
    expect(await backend.db.selectFrom("tenancy_invitations").select("id").execute()).toHaveLength(1); // the demo's
  });

  it("sends an open invitation again instead of a second one: the old code stops working", async () => {
    const { info } = await jensInvites(demoInvitation.email);
    expect(info.users.filter((user) => user.email === demoInvitation.email)).toEqual([
      expect.objectContaining({ invitationId: demoInvitation.id, invitedAt: demoInvitation.createdAt }),
    ]);
    const { code } = await latestInvitation(demoInvitation.email);
    expect(code).not.toBe(demoActivationCodes.invitation);
    expect(await validate(code)).toMatchObject({ ok: true });
    expect(await validate(demoActivationCodes.invitation)).toMatchObject({
      ok: false,
      code: "ACTIVATION_CODE_INVALID",
    });
  });
});

describe("resendTenancyInvitation and withdrawTenancyInvitation", () => {
  it("resend: a new code in a new e-mail; the old code becomes invalid", async () => {
    await jensInvites("twice@example.test", "nb");
    const first = await latestInvitation("twice@example.test");
    const invitationId = await invitationIdOf("twice@example.test");
    clock.set(3600);
    const info = await data("resendTenancyInvitation", await tokenOf(demoAccounts.jens.email), {
      tenancyId: demoTenancyIds.jensFirst,
      invitationId,
    });
    expect(info.users.filter((user) => user.invitationId === invitationId)).toHaveLength(1);
    const second = await latestInvitation("twice@example.test");
    expect(second.message.id).not.toBe(first.message.id);
    expect(second.code).not.toBe(first.code);
    expect(second.message.text).toContain("Jens Hansen har invitert deg");
    expect(await validate(first.code)).toEqual({
      ok: false,
      text: "The activation code you entered is invalid.",
      code: "ACTIVATION_CODE_INVALID",
    });
    expect(await validate(second.code)).toEqual({ ok: true, text: null, code: null });
    // The old code cannot be used either.
    const newcomer = await signUp("twice@example.test");
    expect(firstErrorCode(await addTenancy(newcomer, first.code))).toBe("ACTIVATION_CODE_INVALID");
  });

  it("withdraw: the invitation leaves the users and its code stops working", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const info = await data("withdrawTenancyInvitation", jens, {
      tenancyId: demoTenancyIds.jensFirst,
      invitationId: demoInvitation.id,
    });
    expect(info.users.map((user) => user.email)).not.toContain(demoInvitation.email);
    expect(await validate(demoActivationCodes.invitation)).toMatchObject({
      ok: false,
      code: "ACTIVATION_CODE_INVALID",
    });
    const row = await backend.db
      .selectFrom("tenancy_invitations")
      .selectAll()
      .where("id", "=", demoInvitation.id)
      .executeTakeFirstOrThrow();
    expect(row.withdrawn_at).toBe(clock.now().toISOString());
    // The address can be invited again later.
    await data("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email: demoInvitation.email });
    expect(await validate((await latestInvitation(demoInvitation.email)).code)).toMatchObject({ ok: true });
  });

  it("answer INVITATION_NOT_FOUND for an unknown, withdrawn, accepted or other tenancy's invitation", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const emma = await tokenOf(demoAccounts.emma.email);
    for (const operation of ["resendTenancyInvitation", "withdrawTenancyInvitation"] as const) {
      const unknown = await call(operation, jens, { tenancyId: demoTenancyIds.jensFirst, invitationId: 999_999 });
      expect(firstErrorCode(unknown)).toBe("INVITATION_NOT_FOUND");
      expect(unknown.body.errors?.[0]?.message).toBe("No such invitation.");
      // Emma is admin of her own home, not of the invitation's.
      expect(
        firstErrorCode(
          await call(operation, emma, { tenancyId: demoTenancyIds.emma, invitationId: demoInvitation.id }),
        ),
      ).toBe("INVITATION_NOT_FOUND");
    }
    await data("withdrawTenancyInvitation", jens, {
      tenancyId: demoTenancyIds.jensFirst,
      invitationId: demoInvitation.id,
    });
    for (const operation of ["resendTenancyInvitation", "withdrawTenancyInvitation"] as const) {
      expect(
        firstErrorCode(
          await call(operation, jens, { tenancyId: demoTenancyIds.jensFirst, invitationId: demoInvitation.id }),
        ),
      ).toBe("INVITATION_NOT_FOUND");
    }
    const messagesBefore = (await latestMessages(backend.db, { to: demoInvitation.email })).length;
    expect(messagesBefore).toBe(0);

    await data("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email: "accepts@example.test" });
    const { code } = await latestInvitation("accepts@example.test");
    const invitationId = await invitationIdOf("accepts@example.test");
    expect((await addTenancy(await signUp("accepts@example.test"), code)).body.errors).toBeUndefined();
    expect(
      firstErrorCode(
        await call("resendTenancyInvitation", jens, { tenancyId: demoTenancyIds.jensFirst, invitationId }),
      ),
    ).toBe("INVITATION_NOT_FOUND");
  });
});

describe("accepting an invitation (addTenancy with its code)", () => {
  it("makes the new user a member and the invitation leaves the users", async () => {
    const { jens } = await jensInvites("partner@example.test", "en");
    const { code } = await latestInvitation("partner@example.test");
    const invitationId = await invitationIdOf("partner@example.test");

    clock.set(60);
    const partner = await signUp("partner@example.test");
    const added = await addTenancy(partner, code);
    expect(added.body.data?.addTenancy).toEqual({ ok: true, tenancy: { tenancyId: demoTenancyIds.jensFirst } });
    const partnerId = await userIdOf("partner@example.test");

    const info = await data("tenancyInfo", jens, { tenancyId: demoTenancyIds.jensFirst });
    expect(info.users.filter((user) => user.email === "partner@example.test")).toEqual([
      {
        userId: partnerId,
        invitationId: null,
        name: null,
        email: "partner@example.test",
        isAdmin: false,
        invitationPending: false,
        isCaller: false,
        invitedAt: null,
      },
    ]);
    expect(info.users.some((user) => user.invitationId === invitationId)).toBe(false);
    const row = await backend.db
      .selectFrom("tenancy_invitations")
      .selectAll()
      .where("id", "=", invitationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      accepted_at: clock.now().toISOString(),
      accepted_by_user_id: partnerId,
      withdrawn_at: null,
    });
    expect(await validate(code)).toMatchObject({ ok: false, code: "ACTIVATION_CODE_IN_USE" });

    // The new member sees the tenancy, as a plain user.
    const own = await data("tenancyInfo", partner, { tenancyId: demoTenancyIds.jensFirst });
    expect(own.callerIsAdmin).toBe(false);
    expect(own.users.find((user) => user.isCaller)?.email).toBe("partner@example.test");
    // And can be invited no more.
    expect(
      firstErrorCode(
        await call("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email: "partner@example.test" }),
      ),
    ).toBe("ALREADY_MEMBER");
  });
});

describe("setTenancyUserAdmin", () => {
  it("makes a member admin and back; the last admin cannot step down; a non-member is USER_NOT_FOUND", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const jensId = await userIdOf(demoAccounts.jens.email);
    const last = await call("setTenancyUserAdmin", jens, {
      tenancyId: demoTenancyIds.jensFirst,
      userId: jensId,
      isAdmin: false,
    });
    expect(firstErrorCode(last)).toBe("LAST_ADMIN");
    expect(last.body.errors?.[0]?.message).toBe("A tenancy must keep at least one admin.");

    for (const userId of [await userIdOf(demoAccounts.anna.email), await userIdOf(demoAccounts.sofie.email), 999_999]) {
      const missing = await call("setTenancyUserAdmin", jens, {
        tenancyId: demoTenancyIds.jensFirst,
        userId,
        isAdmin: true,
      });
      expect(firstErrorCode(missing)).toBe("USER_NOT_FOUND");
      expect(missing.body.errors?.[0]?.message).toBe("No such user of this tenancy.");
    }

    await data("inviteTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, email: "second.admin@example.test" });
    const partner = await signUp("second.admin@example.test");
    await addTenancy(partner, (await latestInvitation("second.admin@example.test")).code);
    const partnerId = await userIdOf("second.admin@example.test");
    const promoted = await data("setTenancyUserAdmin", jens, {
      tenancyId: demoTenancyIds.jensFirst,
      userId: partnerId,
      isAdmin: true,
    });
    expect(promoted.users.slice(0, 2).map((user) => [user.userId, user.isAdmin])).toEqual([
      [jensId, true],
      [partnerId, true],
    ]);
    // With another admin, Jens may step down, and is then a plain user.
    const steppedDown = await data("setTenancyUserAdmin", jens, {
      tenancyId: demoTenancyIds.jensFirst,
      userId: jensId,
      isAdmin: false,
    });
    expect(steppedDown.callerIsAdmin).toBe(false);
    expect(
      firstErrorCode(
        await call("setTenancyUserAdmin", jens, { tenancyId: demoTenancyIds.jensFirst, userId: jensId, isAdmin: true }),
      ),
    ).toBe("FORBIDDEN");
    // Now the partner is the last admin.
    expect(
      firstErrorCode(
        await call("setTenancyUserAdmin", partner, {
          tenancyId: demoTenancyIds.jensFirst,
          userId: partnerId,
          isAdmin: false,
        }),
      ),
    ).toBe("LAST_ADMIN");
    const restored = await data("setTenancyUserAdmin", partner, {
      tenancyId: demoTenancyIds.jensFirst,
      userId: jensId,
      isAdmin: true,
    });
    expect(
      restored.users
        .filter((user) => user.isAdmin)
        .map((user) => user.userId)
        .sort(),
    ).toEqual([jensId, partnerId].sort());
  });
});

describe("removeTenancyUser", () => {
  it("removes a member with their alarms and notifications of that tenancy only", async () => {
    const mette = await tokenOf(demoAccounts.mette.email);
    const { jensId, firstHome: firstHomeBefore } = await jensWithAlarmInSecondHome();
    expect(firstHomeBefore.alarms).toBeGreaterThan(0);
    await giveAlarmAndNotification(jensId, demoTenancyIds.jensFirst);

    const info = await data("removeTenancyUser", mette, { tenancyId: demoTenancyIds.jensSecond, userId: jensId });
    expect(info.users.map((user) => user.email)).toEqual([demoAccounts.mette.email]);
    expect(await isMember(demoAccounts.jens.email, demoTenancyIds.jensSecond)).toBe(false);
    expect(await alarmsAndNotificationsOf(jensId, demoTenancyIds.jensSecond)).toEqual(noAlarmsOrNotifications);
    // His other home keeps everything.
    expect(await isMember(demoAccounts.jens.email, demoTenancyIds.jensFirst)).toBe(true);
    const firstHomeAfter = await alarmsAndNotificationsOf(jensId, demoTenancyIds.jensFirst);
    expect(firstHomeAfter).toEqual({
      alarms: firstHomeBefore.alarms + 1,
      notifications: firstHomeBefore.notifications + 1,
      evaluations: firstHomeBefore.evaluations + 1,
    });
    // Jens is no longer a user there.
    const jens = await tokenOf(demoAccounts.jens.email);
    expect(firstErrorCode(await call("tenancyInfo", jens, { tenancyId: demoTenancyIds.jensSecond }))).toBe("FORBIDDEN");
    expect(
      firstErrorCode(await call("removeTenancyUser", mette, { tenancyId: demoTenancyIds.jensSecond, userId: jensId })),
    ).toBe("USER_NOT_FOUND");
  });

  it("refuses the last admin (oneself included) and a user who is not one of the tenancy", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const jensId = await userIdOf(demoAccounts.jens.email);
    expect(
      firstErrorCode(await call("removeTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, userId: jensId })),
    ).toBe("LAST_ADMIN");
    expect(
      firstErrorCode(
        await call("removeTenancyUser", jens, {
          tenancyId: demoTenancyIds.jensFirst,
          userId: await userIdOf(demoAccounts.anna.email),
        }),
      ),
    ).toBe("USER_NOT_FOUND");
    expect(await isMember(demoAccounts.jens.email, demoTenancyIds.jensFirst)).toBe(true);
  });

  it("removes a membership pending from before invitations (Sofie's)", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const sofieId = await userIdOf(demoAccounts.sofie.email);
    const info = await data("removeTenancyUser", jens, { tenancyId: demoTenancyIds.jensFirst, userId: sofieId });
    expect(info.users.map((user) => user.email)).toEqual([demoAccounts.jens.email, demoInvitation.email]);
  });

  it("lets an admin remove themselves while another admin remains; the answer no longer counts them", async () => {
    const mette = await tokenOf(demoAccounts.mette.email);
    const metteId = await userIdOf(demoAccounts.mette.email);
    const jensId = await userIdOf(demoAccounts.jens.email);
    await data("setTenancyUserAdmin", mette, { tenancyId: demoTenancyIds.jensSecond, userId: jensId, isAdmin: true });
    const info = await data("removeTenancyUser", mette, { tenancyId: demoTenancyIds.jensSecond, userId: metteId });
    expect(info.callerIsAdmin).toBe(false);
    expect(info.users.map((user) => [user.userId, user.isAdmin, user.isCaller])).toEqual([[jensId, true, false]]);
    expect(await isMember(demoAccounts.mette.email, demoTenancyIds.jensSecond)).toBe(false);
  });
});

describe("leaveTenancy", () => {
  it("removes the caller's access and their alarms and notifications of that tenancy", async () => {
    const jens = await tokenOf(demoAccounts.jens.email);
    const { jensId, firstHome } = await jensWithAlarmInSecondHome();
    expect(await data<{ ok: boolean }>("leaveTenancy", jens, { tenancyId: demoTenancyIds.jensSecond })).toEqual({
      ok: true,
    });
    await expect(assertTenancyMember(backend.db, jensId, demoTenancyIds.jensSecond)).rejects.toMatchObject({
      extensions: { code: "FORBIDDEN" },
    });
    expect(await alarmsAndNotificationsOf(jensId, demoTenancyIds.jensSecond)).toEqual(noAlarmsOrNotifications);
    expect(await alarmsAndNotificationsOf(jensId, demoTenancyIds.jensFirst)).toEqual(firstHome);
    expect(firstErrorCode(await call("tenancyInfo", jens, { tenancyId: demoTenancyIds.jensSecond }))).toBe("FORBIDDEN");
    expect(firstErrorCode(await call("leaveTenancy", jens, { tenancyId: demoTenancyIds.jensSecond }))).toBe(
      "FORBIDDEN",
    );
    // Mette stays, as admin.
    const mette = await tokenOf(demoAccounts.mette.email);
    expect(
      (await data("tenancyInfo", mette, { tenancyId: demoTenancyIds.jensSecond })).users.map((user) => user.email),
    ).toEqual([demoAccounts.mette.email]);
  });

  it("the last admin cannot leave while other members remain; alone, they can", async () => {
    const mette = await tokenOf(demoAccounts.mette.email);
    const refused = await call("leaveTenancy", mette, { tenancyId: demoTenancyIds.jensSecond });
    expect(firstErrorCode(refused)).toBe("LAST_ADMIN");
    expect(await isMember(demoAccounts.mette.email, demoTenancyIds.jensSecond)).toBe(true);

    // Emma is the sole member of her home (pending invitations do not count).
    const emma = await tokenOf(demoAccounts.emma.email);
    await data("inviteTenancyUser", emma, { tenancyId: demoTenancyIds.emma, email: "flatmate@example.test" });
    expect(await data<{ ok: boolean }>("leaveTenancy", emma, { tenancyId: demoTenancyIds.emma })).toEqual({ ok: true });
    expect(await isMember(demoAccounts.emma.email, demoTenancyIds.emma)).toBe(false);
  });

  it("a stranger gets FORBIDDEN", async () => {
    const anna = await tokenOf(demoAccounts.anna.email);
    expect(firstErrorCode(await call("leaveTenancy", anna, { tenancyId: demoTenancyIds.jensFirst }))).toBe("FORBIDDEN");
    expect(firstErrorCode(await call("leaveTenancy", undefined, { tenancyId: demoTenancyIds.jensFirst }))).toBe(
      "UNAUTHENTICATED",
    );
  });
});

describe("migration 0007", () => {
  it("allows one open invitation per tenancy and e-mail", async () => {
    const values = (codeId: number) => ({
      tenancy_id: demoTenancyIds.jensFirst,
      email: demoInvitation.email,
      language: "da",
      activation_code_id: codeId,
      invited_by_user_id: null,
      created_at: clock.now().toISOString(),
    });
    await expect(backend.db.insertInto("tenancy_invitations").values(values(4)).execute()).rejects.toThrow(
      /UNIQUE|unique constraint/,
    );
    await backend.db
      .updateTable("tenancy_invitations")
      .set({ withdrawn_at: clock.now().toISOString() })
      .where("id", "=", demoInvitation.id)
      .execute();
    await backend.db.insertInto("tenancy_invitations").values(values(4)).execute();
  });
});
