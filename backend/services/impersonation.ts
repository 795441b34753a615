/**
 * Impersonation (spec sections 1 and 4, ADR 0009): support staff open a one-time link
 * `${PORTAL_URL}/impersonate/{token}` made by `npm run impersonation-link -- <email>` and are
 * signed in as that user.
 *
 * - The link token: 256 bits, stored hashed, single use, valid 15 minutes.
 * - The session it starts ends 60 minutes after the impersonation began, enforced here: its
 *   refresh-token families carry the flag and an absolute expiry (a refresh after it fails with
 *   LOGIN_EXPIRED), access tokens carry `imp: 1` and never outlive the session, and the slt for
 *   the users service passes both on.
 * - Nothing that changes the e-mail or the password, nor deleting the account (profile.ts),
 *   accepts an impersonated caller (assertNotImpersonated → FORBIDDEN).
 */

import { impersonationLink } from "@common/portal-paths";
import type { Kysely } from "kysely";
import type { Database, UserRow } from "../db/types";
import type { ServiceContext } from "./context";
import { forbidden, invalidToken } from "./errors";
import { consumeSingleUseToken, issueSingleUseToken } from "./short-lived-tokens";
import { normalizeEmail } from "./sign-in";
import { bearerToken, type ImpersonationSession, verifyAccessToken } from "./tokens";

/** Spec section 9: an impersonation session lasts 60 minutes. */
export const impersonationSessionSeconds = 60 * 60;

export class ImpersonationTargetError extends Error {
  override readonly name = "ImpersonationTargetError";
}

/**
 * A one-time impersonation link for the user with this e-mail. Throws ImpersonationTargetError
 * for an unknown, inactive or admin-portal account.
 */
export async function createImpersonationLink(
  db: Kysely<Database>,
  input: { email: string; portalUrl: string; now: Date },
): Promise<{ link: string; token: string; expiresAt: Date; user: UserRow }> {
  const email = normalizeEmail(input.email);
  const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  if (user === undefined) throw new ImpersonationTargetError(`No user with the e-mail ${email}.`);
  if (user.is_active !== 1) throw new ImpersonationTargetError(`The user ${email} is deactivated.`);
  if (user.user_type === "ADMIN_PORTAL") {
    throw new ImpersonationTargetError(`${email} is an admin-portal account, not a tenant-portal user.`);
  }
  const { token, expiresAt } = await issueSingleUseToken(db, {
    purpose: "impersonation",
    userId: user.id,
    now: input.now,
  });
  return { link: impersonationLink(input.portalUrl, token), token, expiresAt, user };
}

/**
 * Consumes an impersonation token; returns the user and the session (ending 60 minutes from now,
 * or `sessionSeconds`).
 * Throws INVALID_TOKEN for an unknown, used or expired token or an inactive user.
 */
export async function beginImpersonation(
  db: Kysely<Database>,
  input: { token: string; now: Date; sessionSeconds?: number },
): Promise<{ user: UserRow; session: ImpersonationSession }> {
  const row = await consumeSingleUseToken(db, { purpose: "impersonation", token: input.token, now: input.now });
  if (row === null) throw invalidToken();
  const user = await db.selectFrom("users").selectAll().where("id", "=", row.user_id).executeTakeFirst();
  if (user === undefined || user.is_active !== 1 || user.user_type === "ADMIN_PORTAL") throw invalidToken();
  const seconds = input.sessionSeconds ?? impersonationSessionSeconds;
  return { user, session: { endsAt: new Date(input.now.getTime() + seconds * 1000) } };
}

/**
 * Whether the request's bearer token belongs to an impersonation session (a valid token of the
 * service's audience with `imp: 1`). Requests without a valid token are not impersonated.
 */
export async function isImpersonatedRequest(ctx: ServiceContext, audience: "account" | "users"): Promise<boolean> {
  const token = bearerToken(ctx.request);
  if (token === null) return false;
  const verified = verifyAccessToken(ctx.tokens, token, audience, ctx.now);
  return verified?.impersonated === true;
}

/**
 * Call first in anything that changes a user's e-mail or password: an impersonated caller gets
 * FORBIDDEN (spec: impersonation cannot change e-mail or password).
 */
export async function assertNotImpersonated(
  ctx: ServiceContext,
  audience: "account" | "users" = "account",
): Promise<void> {
  if (await isImpersonatedRequest(ctx, audience)) throw forbidden();
}
