/**
 * Password reset (ADR 0009).
 *
 * requestPasswordReset(email) always answers ok: for an active tenant-portal user it issues a
 * single-use token (256 bits, stored hashed, valid 1 hour) and e-mails the link
 * `${PORTAL_URL}/set-password?token=…&email=…` in the user's language; for anyone else it does
 * nothing. Both paths do the same kind of work (a token is generated either way, the mailer only
 * records the message and delivers in the background), so the answer and its timing do not tell
 * whether the address exists.
 *
 * passwordReset(email, token, newPassword) checks the password rules first (BAD_USER_INPUT, the
 * token is not spent), then consumes the token for that user, sets the password, expires the
 * user's other reset links and revokes all their refresh-token families (every session signs in
 * again). Any token problem is PASSWORD_UPDATE_FAILED.
 */
import { randomBytes } from "node:crypto";
import type { BrandId } from "@common/brands";
import { passwordResetLink } from "@common/portal-paths";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail } from "../mail/templates";
import { serviceError } from "./errors";
import { assertPasswordRules, hashPassword } from "./passwords";
import { consumeSingleUseToken, expireSingleUseTokensOfUser, issueSingleUseToken } from "./short-lived-tokens";
import { normalizeEmail } from "./sign-in";
import { hashToken, revokeAllRefreshTokensOfUser } from "./tokens";

export async function requestPasswordReset(
  db: Kysely<Database>,
  input: { email: string; now: Date; mailer: Mailer; portalUrl: string; brand: BrandId },
): Promise<void> {
  if (input.email.length > 254) return;
  const email = normalizeEmail(input.email);
  const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  if (user === undefined || user.is_active !== 1 || user.user_type === "ADMIN_PORTAL") {
    // Comparable work to the real path (a token and its hash), without storing anything.
    hashToken(randomBytes(32).toString("base64url"));
    return;
  }
  const { token } = await issueSingleUseToken(db, { purpose: "password_reset", userId: user.id, now: input.now });
  const link = passwordResetLink(input.portalUrl, token, user.email);
  await input.mailer.send(passwordResetMail({ to: user.email, language: user.language, brand: input.brand, link }));
}

export async function resetPassword(
  db: Kysely<Database>,
  input: { email: string; token: string; newPassword: string; now: Date },
): Promise<void> {
  assertPasswordRules(input.newPassword);
  // Hash before the transaction: scrypt is slow and the transaction holds the database.
  const passwordHash = await hashPassword(input.newPassword);
  const email = normalizeEmail(input.email);
  const { now } = input;
  const done = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "is_active", "user_type"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (user === undefined || user.is_active !== 1 || user.user_type === "ADMIN_PORTAL") return false;
    const used = await consumeSingleUseToken(trx, {
      purpose: "password_reset",
      token: input.token,
      now,
      userId: user.id,
    });
    if (used === null) return false;
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", user.id).execute();
    await expireSingleUseTokensOfUser(trx, { purpose: "password_reset", userId: user.id, now });
    await revokeAllRefreshTokensOfUser(trx, user.id, now);
    return true;
  });
  if (!done) throw serviceError("PASSWORD_UPDATE_FAILED");
}
