/**
 * Shared by both sign-in services: checking e-mail and password, and turning a refresh token
 * into a new session.
 */

import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, RefreshTokenService, UserRow } from "../db/types";
import { badUserInput, invalidCredentials, invalidRefreshToken, serviceError } from "./errors";
import { verifyPasswordOrDummy } from "./passwords";
import { accountLimitKey, type CredentialAttempt, credentialSubjects, limitedPasswordCheck } from "./rate-limits";
import {
  type ImpersonationSession,
  type IssuedRefreshToken,
  issueRefreshToken,
  revokeAllRefreshTokensOfUser,
  rotateRefreshToken,
  type SignedAccessToken,
  signAccessToken,
  type TokenSettings,
} from "./tokens";

/** E-mails are compared case-insensitively: stored and looked up trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const credentialsSchema = z.object({
  email: z.string().max(254, "email is too long"),
  password: z.string().max(1024, "password is too long"),
});

const hasAboveDefaultRights = (user: UserRow) => user.is_admin === 1 || user.is_superuser === 1;

/**
 * Refuses an account this portal must not sign in, once the caller has proven the address is
 * theirs (the right password, or a provider's verified e-mail), each with its own code (spec
 * section 8): the landlords' admin portal (spec section 6: one e-mail cannot be used for both),
 * above-default rights, then a deactivated account. Before that proof every one of them is
 * INVALID_CREDENTIALS, so a stranger learns nothing about an address.
 */
export function assertMaySignIn(user: UserRow): void {
  if (user.user_type === "ADMIN_PORTAL") throw serviceError("EMAIL_USED_BY_ADMIN_PORTAL");
  if (hasAboveDefaultRights(user)) throw serviceError("USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS");
  if (user.is_active !== 1) throw serviceError("USER_DEACTIVATED");
}

/**
 * Returns the user with this e-mail and password, or throws INVALID_CREDENTIALS. An unknown
 * e-mail and a user without a password cost the same as a wrong password. With the right
 * password, an account the portal must not sign in gets its own code (assertMaySignIn).
 *
 * The check counts toward the password limits (ADR 0061): the account service's sign-in on the
 * pairs the portal's attempt names (`credentialSubjects`), the users service's on its own limit
 * per account. Over a limit it throws RATE_LIMITED, whatever the password.
 */
export async function verifyCredentials(
  db: Kysely<Database>,
  input: { email: string; password: string },
  limits: { secret: Uint8Array; now: Date; service: RefreshTokenService; attempt?: CredentialAttempt | null },
): Promise<UserRow> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) throw badUserInput(parsed.error.issues[0]?.message ?? "Invalid credentials input");
  const email = normalizeEmail(parsed.data.email);
  const accountKey = accountLimitKey(limits.secret, email);
  const subjects =
    limits.service === "account"
      ? credentialSubjects(accountKey, limits.attempt)
      : [{ rule: "USERS_SIGN_IN_PER_ACCOUNT" as const, key: accountKey }];
  let user: UserRow | undefined;
  const right = await limitedPasswordCheck(db, limits.now, subjects, async () => {
    user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
    const passwordMatches = await verifyPasswordOrDummy(parsed.data.password, user?.password_hash);
    return user !== undefined && passwordMatches;
  });
  if (!right || user === undefined) throw invalidCredentials();
  assertMaySignIn(user);
  return user;
}

export interface Session {
  user: UserRow;
  access: SignedAccessToken;
  refresh: IssuedRefreshToken;
}

/**
 * Signs a user in to one service: a new access token and a new refresh-token family. With
 * `impersonation`, both are flagged and end with the impersonation session (ADR 0009).
 */
export async function startSession(
  db: Kysely<Database>,
  tokens: TokenSettings,
  user: UserRow,
  service: RefreshTokenService,
  now: Date,
  impersonation: ImpersonationSession | null = null,
): Promise<Session> {
  const refresh = await issueRefreshToken(db, tokens, { userId: user.id, service, now, impersonation });
  const access = await signAccessToken(tokens, {
    userId: user.id,
    audience: service,
    sessionId: refresh.familyId,
    now,
    impersonation,
  });
  return { user, access, refresh };
}

/** Rotates a refresh token and issues a new access token. Inactive users' tokens are revoked. */
export async function refreshSession(
  db: Kysely<Database>,
  tokens: TokenSettings,
  refreshToken: string,
  service: RefreshTokenService,
  now: Date,
): Promise<Session> {
  if (refreshToken.length === 0 || refreshToken.length > 512) throw invalidRefreshToken();
  const refresh = await rotateRefreshToken(db, tokens, { token: refreshToken, service, now });
  const user = await db.selectFrom("users").selectAll().where("id", "=", refresh.userId).executeTakeFirst();
  if (user === undefined || user.is_active !== 1) {
    if (user !== undefined) await revokeAllRefreshTokensOfUser(db, user.id, now);
    throw invalidRefreshToken();
  }
  const access = await signAccessToken(tokens, {
    userId: user.id,
    audience: service,
    sessionId: refresh.familyId,
    now,
    impersonation: refresh.impersonation,
  });
  return { user, access, refresh };
}
