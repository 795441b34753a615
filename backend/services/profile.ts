/**
 * Profile settings (schema/account.graphql and schema/users.graphql): the caller's name, language
 * and e-mail notifications, password, e-mail address, account deletion and a copy of their data.
 *
 * - Support (impersonation) sessions may change the name, language and notifications and read the
 *   data, but not the password or the e-mail, nor delete the account: assertNotImpersonated comes
 *   first in those (FORBIDDEN, nothing changes).
 * - changePassword checks the current password (PASSWORD_UPDATE_FAILED, also for a user without
 *   one), then the rules of spec section 5 (BAD_USER_INPUT, field 'newPassword'), then sets the
 *   hash only if it is still the one checked, ends the user's reset links and revokes every
 *   refresh-token family of the user (both services): every session signs in again.
 * - An e-mail change is a single-use token (short-lived-tokens.ts, purpose 'email_change', 24 h,
 *   the row carries the new address; migration 0008) mailed as PORTAL_URL/confirm-email?token=…
 *   to the new address; only the newest request's link works. Confirming changes the address,
 *   ends the user's other e-mail-change and reset links, revokes every session and tells the old
 *   address (with the contacts of the user's homes). The token is spent only when the change is
 *   made: if the address was taken meanwhile (EMAIL_IN_USE) nothing changes.
 * - deleteAccount asks for the password (or, without one, the e-mail typed again), refuses the
 *   last admin of a tenancy with other members (LAST_ADMIN, as leaveTenancy), then deletes in one
 *   transaction what belongs to the user; invitations they sent and codes they used stay, without
 *   them. Readings belong to the unit and stay. Sent e-mails stay in mail_outbox (the record of
 *   what was sent).
 * - myData: the caller's profile, tenancies, alarms and notifications as one JSON document (my-data.ts).
 *
 * E-mails are sent after the transaction has committed.
 */

import { emailChangeLink } from "@common/portal-paths";
import type { Kysely } from "kysely";
import { type Database, toSqlBoolean, type UserRow, type UserUpdate } from "../db/types";
import { emailChangeConfirmationMail, emailChangedNoticeMail } from "../mail/profile-mails";
import type { BackendContext } from "./account-context";
import { isAccountLanguage, isUniqueViolation, parseEmail, unknownLanguage } from "./account-users";
import type { ServiceContext } from "./context";
import { invalidCredentials, invalidToken, serviceError } from "./errors";
import { assertNotImpersonated } from "./impersonation";
import { collectMyData, membershipsWithHomes } from "./my-data";
import { assertPasswordRules, hashPassword, verifyPasswordOrDummy } from "./passwords";
import { accountLimitKey, type CredentialAttempt, credentialSubjects, limitedPasswordCheck } from "./rate-limits";
import { consumeSingleUseToken, expireSingleUseTokensOfUser, issueSingleUseToken } from "./short-lived-tokens";
import { normalizeEmail } from "./sign-in";
import { effectiveAdmins } from "./tenancy-info";
import { adminCount, memberCount } from "./tenancy-users";
import { revokeAllRefreshTokensOfUser } from "./tokens";

export { collectMyData, type MyData } from "./my-data";

/** Longest name, in characters (code points). */
export const nameMaxLength = 100;
/** Longer passwords are never checked (the rules allow 256 characters; sign-in caps at 1024). */
const passwordInputMaxLength = 1024;

// ---------------------------------------------------------------------------------------------
// Name, language and notifications

/** The name trimmed (NFC); BAD_USER_INPUT with extensions.field 'name' unless 1–100 characters without control characters. */
export function parseName(name: string): string {
  const trimmed = name.trim().normalize("NFC");
  const length = [...trimmed].length;
  if (length < 1 || length > nameMaxLength || /\p{Cc}/u.test(trimmed)) {
    throw serviceError("BAD_USER_INPUT", `A name must be 1 to ${nameMaxLength} characters without control characters`, {
      field: "name",
    });
  }
  return trimmed;
}

/** updateMyName (users service): returns the updated user. */
export async function renameUser(db: Kysely<Database>, userId: number, name: string): Promise<UserRow> {
  const parsed = parseName(name);
  return db
    .updateTable("users")
    .set({ name: parsed })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * updateAccountSettings: the language, the e-mail notifications and/or the weekly update e-mail
 * (null or absent: unchanged).
 * Allowed in a support session. Returns the updated user.
 */
export async function updateAccountSettings(
  db: Kysely<Database>,
  user: UserRow,
  args: { language?: string | null; emailNotifications?: boolean | null; weeklyUpdate?: boolean | null },
): Promise<UserRow> {
  const changes: UserUpdate = {};
  if (args.language !== null && args.language !== undefined) {
    if (!isAccountLanguage(args.language)) throw unknownLanguage();
    changes.language = args.language;
  }
  if (args.emailNotifications !== null && args.emailNotifications !== undefined) {
    changes.email_notifications = toSqlBoolean(args.emailNotifications);
  }
  if (args.weeklyUpdate !== null && args.weeklyUpdate !== undefined) {
    changes.weekly_update = toSqlBoolean(args.weeklyUpdate);
  }
  if (Object.keys(changes).length === 0) return user;
  return db.updateTable("users").set(changes).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------
// Password

/**
 * Whether `password` is the caller's: a check of the password like sign-in's, so it counts toward
 * the same limits and lock (ADR 0061) and throws RATE_LIMITED over them, whatever the password.
 */
async function passwordMatches(
  ctx: ServiceContext,
  user: UserRow,
  password: string | null | undefined,
  attempt: CredentialAttempt | null | undefined,
): Promise<boolean> {
  const subjects = credentialSubjects(accountLimitKey(ctx.tokens.key, user.email), attempt);
  return limitedPasswordCheck(ctx.db, ctx.now, subjects, async () => {
    if (typeof password !== "string" || password.length > passwordInputMaxLength) return false;
    // Against a dummy hash when the user has none, so the answer takes as long as a wrong password.
    return verifyPasswordOrDummy(password, user.password_hash);
  });
}

export async function changePassword(
  ctx: ServiceContext,
  args: { currentPassword: string; newPassword: string; attempt?: CredentialAttempt | null },
): Promise<void> {
  const user = await ctx.requireCaller();
  await assertNotImpersonated(ctx, "account");
  // A user without a password (social sign-in) is refused too, after the same work.
  const checkedHash = user.password_hash;
  const matches = await passwordMatches(ctx, user, args.currentPassword, args.attempt);
  if (checkedHash === null || !matches) throw serviceError("PASSWORD_UPDATE_FAILED");
  assertPasswordRules(args.newPassword, "newPassword");
  // Hash before the transaction: scrypt is slow and the transaction holds the database.
  const passwordHash = await hashPassword(args.newPassword);
  const { now } = ctx;
  await ctx.db.transaction().execute(async (trx) => {
    // Only over the hash that was checked: of two changes at once, the second fails.
    const updated = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", user.id)
      .where("password_hash", "=", checkedHash)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw serviceError("PASSWORD_UPDATE_FAILED");
    await expireSingleUseTokensOfUser(trx, { purpose: "password_reset", userId: user.id, now });
    await revokeAllRefreshTokensOfUser(trx, user.id, now);
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail

function sameAddress(): never {
  throw serviceError("BAD_USER_INPUT", "That is already your e-mail address", {
    field: "email",
    emailProblem: "invalid_email",
  });
}

export async function requestEmailChange(
  ctx: BackendContext,
  args: { newEmail: string; currentPassword?: string | null; attempt?: CredentialAttempt | null },
): Promise<void> {
  const user = await ctx.requireCaller();
  await assertNotImpersonated(ctx, "account");
  if (user.password_hash !== null && !(await passwordMatches(ctx, user, args.currentPassword, args.attempt)))
    throw invalidCredentials();
  // Far too long for an address: refused as one, without trimming megabytes.
  const newEmail = parseEmail(args.newEmail.length > 1000 ? "" : args.newEmail);
  if (newEmail === user.email) sameAddress();
  const existing = await ctx.db
    .selectFrom("users")
    .select(["id", "user_type"])
    .where("email", "=", newEmail)
    .executeTakeFirst();
  if (existing !== undefined) {
    throw serviceError(existing.user_type === "ADMIN_PORTAL" ? "EMAIL_USED_BY_ADMIN_PORTAL" : "EMAIL_IN_USE");
  }
  const { now } = ctx;
  const { token } = await ctx.db.transaction().execute(async (trx) => {
    // Only the newest request's link works.
    await expireSingleUseTokensOfUser(trx, { purpose: "email_change", userId: user.id, now });
    return issueSingleUseToken(trx, { purpose: "email_change", userId: user.id, now, newEmail });
  });
  await ctx.flows.mailer.send(
    emailChangeConfirmationMail({
      to: newEmail,
      language: user.language,
      brand: ctx.flows.brand,
      link: emailChangeLink(ctx.flows.portalUrl, token),
    }),
  );
}

/** "name, e-mail, phone" of the property contact of each of the user's homes, without repeats. */
async function contactLinesOfUser(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await membershipsWithHomes(db, userId)
    .select([
      "properties.contact_name as name",
      "properties.contact_email as email",
      "properties.contact_phone as phone",
    ])
    .where("tenancy_members.invitation_pending", "=", 0)
    .orderBy("tenancies.start_date", "desc")
    .execute();
  const lines = rows
    .map((row) =>
      [row.name, row.email, row.phone].filter((part): part is string => part !== null && part.trim() !== "").join(", "),
    )
    .filter((line) => line !== "");
  return [...new Set(lines)];
}

export async function confirmEmailChange(ctx: BackendContext, args: { token: string }): Promise<void> {
  // Nothing that changes the e-mail accepts a support session (impersonation.ts).
  await assertNotImpersonated(ctx, "account");
  const { now } = ctx;
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const row = await consumeSingleUseToken(trx, { purpose: "email_change", token: args.token, now });
    if (row === null || row.new_email === null) throw invalidToken();
    const user = await trx.selectFrom("users").selectAll().where("id", "=", row.user_id).executeTakeFirst();
    if (user === undefined || user.is_active !== 1 || user.user_type === "ADMIN_PORTAL") throw invalidToken();
    const newEmail = row.new_email;
    // Throwing rolls the transaction back: the token is not spent.
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", newEmail)
      .where("id", "<>", user.id)
      .executeTakeFirst();
    if (taken !== undefined) throw serviceError("EMAIL_IN_USE");
    try {
      await trx.updateTable("users").set({ email: newEmail }).where("id", "=", user.id).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw serviceError("EMAIL_IN_USE");
      throw error;
    }
    await expireSingleUseTokensOfUser(trx, { purpose: "email_change", userId: user.id, now });
    await expireSingleUseTokensOfUser(trx, { purpose: "password_reset", userId: user.id, now });
    await revokeAllRefreshTokensOfUser(trx, user.id, now);
    return { user, newEmail };
  });
  const { user, newEmail } = changed;
  if (user.email === newEmail) return;
  await ctx.flows.mailer.send(
    emailChangedNoticeMail({
      to: user.email,
      language: user.language,
      brand: ctx.flows.brand,
      newEmail,
      contacts: await contactLinesOfUser(ctx.db, user.id),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Deleting the account

export async function deleteAccount(
  ctx: ServiceContext,
  args: { password?: string | null; emailConfirmation?: string | null; attempt?: CredentialAttempt | null },
): Promise<void> {
  const user = await ctx.requireCaller();
  await assertNotImpersonated(ctx, "account");
  if (user.password_hash !== null) {
    if (!(await passwordMatches(ctx, user, args.password, args.attempt))) throw invalidCredentials();
  } else {
    const typed = args.emailConfirmation;
    if (typeof typed !== "string" || typed.length > 1000 || normalizeEmail(typed) !== user.email)
      throw invalidCredentials();
  }
  await ctx.db.transaction().execute(async (trx) => {
    const adminOf = await effectiveAdmins(trx)
      .select("tenancy_id")
      .where("user_id", "=", user.id)
      .orderBy("tenancy_id")
      .execute();
    for (const { tenancy_id: tenancyId } of adminOf) {
      if ((await adminCount(trx, tenancyId)) <= 1 && (await memberCount(trx, tenancyId)) > 1) {
        throw serviceError("LAST_ADMIN", undefined, { tenancyId });
      }
    }
    // Each explicitly, though the foreign keys would cascade: what goes is in the code, not only the schema.
    await trx.deleteFrom("notifications").where("user_id", "=", user.id).execute();
    // alarm_evaluations go with their alarm (on delete cascade).
    await trx.deleteFrom("alarms").where("user_id", "=", user.id).execute();
    await trx.deleteFrom("tenancy_members").where("user_id", "=", user.id).execute();
    await trx.deleteFrom("refresh_tokens").where("user_id", "=", user.id).execute();
    await trx.deleteFrom("token_families").where("user_id", "=", user.id).execute();
    await trx.deleteFrom("single_use_tokens").where("user_id", "=", user.id).execute();
    await trx
      .updateTable("tenancy_invitations")
      .set({ invited_by_user_id: null })
      .where("invited_by_user_id", "=", user.id)
      .execute();
    await trx
      .updateTable("tenancy_invitations")
      .set({ accepted_by_user_id: null })
      .where("accepted_by_user_id", "=", user.id)
      .execute();
    await trx
      .updateTable("activation_codes")
      .set({ used_by_user_id: null })
      .where("used_by_user_id", "=", user.id)
      .execute();
    await trx.deleteFrom("users").where("id", "=", user.id).execute();
  });
}

export const profileResolvers = {
  Query: {
    async myData(_: unknown, __: unknown, ctx: ServiceContext): Promise<string> {
      const user = await ctx.requireCaller();
      return JSON.stringify(await collectMyData(ctx.db, user, ctx.now), null, 2);
    },
  },
  Mutation: {
    async changePassword(
      _: unknown,
      args: { currentPassword: string; newPassword: string; attempt?: CredentialAttempt | null },
      ctx: ServiceContext,
    ): Promise<{ ok: boolean }> {
      await changePassword(ctx, args);
      return { ok: true };
    },
    async requestEmailChange(
      _: unknown,
      args: { newEmail: string; currentPassword?: string | null; attempt?: CredentialAttempt | null },
      ctx: BackendContext,
    ): Promise<{ ok: boolean }> {
      await requestEmailChange(ctx, args);
      return { ok: true };
    },
    async confirmEmailChange(_: unknown, args: { token: string }, ctx: BackendContext): Promise<{ ok: boolean }> {
      await confirmEmailChange(ctx, args);
      return { ok: true };
    },
    async deleteAccount(
      _: unknown,
      args: { password?: string | null; emailConfirmation?: string | null; attempt?: CredentialAttempt | null },
      ctx: ServiceContext,
    ): Promise<{ ok: boolean }> {
      await deleteAccount(ctx, args);
      return { ok: true };
    },
  },
};
