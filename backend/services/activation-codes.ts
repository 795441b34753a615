/**
 * Activation codes: 12 letters, handed out on paper or by e-mail (spec sections 1 and 5), each
 * bound to one tenancy, single use, with an expiry. Only the sha256 of the normalized code is
 * stored. The shape rule (12 letters; dashes, spaces and case ignored) is the portal's own,
 * app/domain/activation-code.ts.
 *
 *   validateActivationCode → { ok, text, code } (no sign-in needed; used and invalid codes give ok false)
 *   addTenancy             → links the caller to the code's tenancy and marks the code used (atomic)
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { activationCodeLength, normalizeActivationCode as normalizeCode } from "../../app/domain/activation-code";
import type { Database, TenancyRow } from "../db/types";
import { errorMessages, serviceError, type ErrorCode } from "./errors";

export { activationCodeLength };

/**
 * Upper-cases and drops dashes and white space ('demo-activate' → 'DEMOACTIVATE'). Unlike the
 * portal's normalizer it never gives null, so any input can be hashed and looked up.
 */
export function normalizeActivationCode(code: string): string {
  return normalizeCode(code) ?? code.replace(/[\s-]+/g, "").toUpperCase();
}

/** True for exactly 12 letters A–Z after normalization. */
export function isWellFormedActivationCode(code: string): boolean {
  return normalizeCode(code) !== null;
}

export function hashActivationCode(code: string): string {
  return createHash("sha256").update(normalizeActivationCode(code), "utf8").digest("hex");
}

export type ActivationCodeProblem = Extract<ErrorCode, "ACTIVATION_CODE_IN_USE" | "ACTIVATION_CODE_INVALID">;

export interface ActivationCodeValidation {
  ok: boolean;
  /** Null when ok; otherwise the English text of spec section 8. */
  text: string | null;
  /** Null when ok; otherwise ACTIVATION_CODE_IN_USE or ACTIVATION_CODE_INVALID. */
  code: ActivationCodeProblem | null;
}

/** Why a code cannot be used now, or null when it can (it exists, is unused and unexpired). */
async function problemOf(db: Kysely<Database>, code: string, now: Date): Promise<ActivationCodeProblem | null> {
  if (!isWellFormedActivationCode(code)) return "ACTIVATION_CODE_INVALID";
  const row = await db
    .selectFrom("activation_codes")
    .select(["used_at", "expires_at"])
    .where("code_hash", "=", hashActivationCode(code))
    .executeTakeFirst();
  if (row === undefined) return "ACTIVATION_CODE_INVALID";
  // A used code says so even after its expiry: the resident learns someone already holds the tenancy.
  if (row.used_at !== null) return "ACTIVATION_CODE_IN_USE";
  if (row.expires_at <= now.toISOString()) return "ACTIVATION_CODE_INVALID";
  return null;
}

export async function validateActivationCode(
  db: Kysely<Database>,
  code: string,
  now: Date,
): Promise<ActivationCodeValidation> {
  const problem = await problemOf(db, code, now);
  return problem === null ? { ok: true, text: null, code: null } : { ok: false, text: errorMessages[problem], code: problem };
}

/**
 * Uses the code: marks it used by `userId` (only if it is still unused and unexpired: one
 * conditional UPDATE, so two concurrent uses cannot both win) and makes the user a member of
 * its tenancy — admin when the tenancy has no admin yet; a pending invitation is accepted.
 * Throws ACTIVATION_CODE_IN_USE or ACTIVATION_CODE_INVALID.
 */
export async function useActivationCode(
  db: Kysely<Database>,
  input: { code: string; userId: number; now: Date },
): Promise<TenancyRow> {
  const { userId, now } = input;
  const nowIso = now.toISOString();
  if (!isWellFormedActivationCode(input.code)) throw serviceError("ACTIVATION_CODE_INVALID");
  const tenancy = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("activation_codes")
      .set({ used_at: nowIso, used_by_user_id: userId })
      .where("code_hash", "=", hashActivationCode(input.code))
      .where("used_at", "is", null)
      .where("expires_at", ">", nowIso)
      .returning("tenancy_id")
      .executeTakeFirst();
    if (claimed === undefined) return null;

    const hasAdmin = await trx
      .selectFrom("tenancy_members")
      .select("user_id")
      .where("tenancy_id", "=", claimed.tenancy_id)
      .where("is_admin", "=", 1)
      .where("invitation_pending", "=", 0)
      .where("user_id", "!=", userId)
      .limit(1)
      .executeTakeFirst();
    await trx
      .insertInto("tenancy_members")
      .values({
        tenancy_id: claimed.tenancy_id,
        user_id: userId,
        is_admin: hasAdmin === undefined ? 1 : 0,
        invitation_pending: 0,
        created_at: nowIso,
      })
      .onConflict((oc) => oc.columns(["tenancy_id", "user_id"]).doUpdateSet({ invitation_pending: 0 }))
      .execute();
    return trx.selectFrom("tenancies").selectAll().where("id", "=", claimed.tenancy_id).executeTakeFirstOrThrow();
  });
  if (tenancy !== null) return tenancy;
  throw serviceError((await problemOf(db, input.code, now)) ?? "ACTIVATION_CODE_INVALID");
}
