/**
 * Single-use, short-lived tokens (ADR 0009): password-reset links, impersonation links, the
 * short-lived token (slt) that carries a sign-in from the account service to the users service,
 * and the e-mail change confirmation links (profile.ts; the row carries the new address).
 *
 * - 32 bytes (256 bits) from the CSPRNG, base64url (43 characters); only the sha256 is stored.
 * - Looked up by hash, so comparing never touches the token itself (no timing side channel).
 * - Consumed atomically: one `UPDATE … SET used_at WHERE token_hash = ? AND used_at IS NULL AND
 *   expires_at > now RETURNING …`; of two concurrent uses exactly one changes the row.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, SingleUseTokenPurpose, SingleUseTokenRow } from "../db/types";
import { hashToken, type ImpersonationSession } from "./tokens";

/** How long each kind of token may be used. */
export const singleUseTokenTtlSeconds: Readonly<Record<SingleUseTokenPurpose, number>> = {
  password_reset: 60 * 60,
  impersonation: 15 * 60,
  slt: 60,
  email_change: 24 * 60 * 60,
};

/** 256 bits, base64url without padding. */
export const singleUseTokenPattern = /^[A-Za-z0-9_-]{43}$/;

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

export interface IssuedSingleUseToken {
  token: string;
  expiresAt: Date;
}

export async function issueSingleUseToken(
  db: Kysely<Database>,
  input: {
    purpose: SingleUseTokenPurpose;
    userId: number;
    now: Date;
    /** Default: singleUseTokenTtlSeconds[purpose]. */
    ttlSeconds?: number;
    /** slt only: the impersonation session the token continues. */
    impersonation?: ImpersonationSession | null;
    /** email_change only (and required for it): the address the token confirms. */
    newEmail?: string | null;
  },
): Promise<IssuedSingleUseToken> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = addSeconds(input.now, input.ttlSeconds ?? singleUseTokenTtlSeconds[input.purpose]);
  const impersonation = input.impersonation ?? null;
  await db
    .insertInto("single_use_tokens")
    .values({
      purpose: input.purpose,
      token_hash: hashToken(token),
      user_id: input.userId,
      created_at: input.now.toISOString(),
      expires_at: expiresAt.toISOString(),
      impersonation: impersonation === null ? 0 : 1,
      session_expires_at: impersonation === null ? null : impersonation.endsAt.toISOString(),
      new_email: input.newEmail ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Marks the token used and returns its row, or null when it is malformed, unknown, of another
 * purpose (or, with `userId`, of another user), expired or already used. Atomic.
 */
export async function consumeSingleUseToken(
  db: Kysely<Database>,
  input: { purpose: SingleUseTokenPurpose; token: string; now: Date; userId?: number },
): Promise<SingleUseTokenRow | null> {
  if (!singleUseTokenPattern.test(input.token)) return null;
  const nowIso = input.now.toISOString();
  let query = db
    .updateTable("single_use_tokens")
    .set({ used_at: nowIso })
    .where("token_hash", "=", hashToken(input.token))
    .where("purpose", "=", input.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso);
  if (input.userId !== undefined) query = query.where("user_id", "=", input.userId);
  const row = await query.returningAll().executeTakeFirst();
  return row ?? null;
}

/** Marks every unused token of this purpose of the user used (e.g. other reset links after a reset). */
export async function expireSingleUseTokensOfUser(
  db: Kysely<Database>,
  input: { purpose: SingleUseTokenPurpose; userId: number; now: Date },
): Promise<void> {
  await db
    .updateTable("single_use_tokens")
    .set({ used_at: input.now.toISOString() })
    .where("user_id", "=", input.userId)
    .where("purpose", "=", input.purpose)
    .where("used_at", "is", null)
    .execute();
}

/** The impersonation session an slt row continues, if any. */
export function impersonationOfToken(row: SingleUseTokenRow): ImpersonationSession | null {
  if (row.impersonation !== 1 || row.session_expires_at === null) return null;
  return { endsAt: new Date(row.session_expires_at) };
}
