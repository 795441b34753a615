/**
 * Activation codes: 12 letters, handed out on paper or by e-mail (spec sections 1 and 5), each
 * bound to one tenancy, single use, with an expiry. Only the sha256 of the normalized code is
 * stored. The shape rule (12 letters; dashes, spaces and case ignored) is the portal's own,
 * common/activation-code.ts.
 *
 *   validateActivationCode → { ok, text, code } (no sign-in needed; used and invalid codes give ok false)
 *   addTenancy             → links the caller to the code's tenancy and marks the code used (atomic);
 *                            an open invitation (tenancy-users.ts) carrying the code is accepted
 *   issueActivationCode    → a new random code for a tenancy (invitations)
 *   endActivationCode      → makes an unused code invalid from now on (resent or withdrawn invitation)
 */
import { createHash, randomInt } from "node:crypto";
import { activationCodeLength, normalizeActivationCode as normalizeCode } from "@common/activation-code";
import type { Kysely } from "kysely";
import type { Database, TenancyRow } from "../db/types";
import { type ErrorCode, errorMessages, serviceError } from "./errors";
import { effectiveAdmins } from "./tenancy-info";

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
  return problem === null
    ? { ok: true, text: null, code: null }
    : { ok: false, text: errorMessages[problem], code: problem };
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
      .returning(["id", "tenancy_id"])
      .executeTakeFirst();
    if (claimed === undefined) return null;

    // The invitation whose e-mail carried this code is accepted: it leaves the users list.
    await trx
      .updateTable("tenancy_invitations")
      .set({ accepted_at: nowIso, accepted_by_user_id: userId })
      .where("activation_code_id", "=", claimed.id)
      .where("withdrawn_at", "is", null)
      .where("accepted_at", "is", null)
      .execute();

    const hasAdmin = await effectiveAdmins(trx)
      .select("user_id")
      .where("tenancy_id", "=", claimed.tenancy_id)
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

const codeAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** 12 uniformly random letters A–Z (about 56 bits), from the operating system's CSPRNG. */
export function randomActivationCode(): string {
  let code = "";
  for (let index = 0; index < activationCodeLength; index += 1) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/**
 * Stores a new random code for the tenancy, valid for `validDays` days from `now`, and returns
 * it (the only time the plain code exists) with its row id.
 */
export async function issueActivationCode(
  db: Kysely<Database>,
  input: { tenancyId: number; now: Date; validDays: number },
): Promise<{ id: number; code: string }> {
  const expiresAt = new Date(input.now.getTime() + input.validDays * 86_400_000).toISOString();
  for (let attempt = 0; ; attempt += 1) {
    const code = randomActivationCode();
    const row = await db
      .insertInto("activation_codes")
      .values({
        code_hash: hashActivationCode(code),
        tenancy_id: input.tenancyId,
        expires_at: expiresAt,
        used_at: null,
        used_by_user_id: null,
      })
      .onConflict((oc) => oc.column("code_hash").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row !== undefined) return { id: row.id, code };
    // A collision in 26^12 codes: draw again (a few times at most, then something is wrong).
    if (attempt >= 3) throw new Error("could not draw an unused activation code");
  }
}

/**
 * Ends an unused code now: it expires at `now`, so validateActivationCode answers
 * ACTIVATION_CODE_INVALID and addTenancy refuses it. A used code is left as it is.
 */
export async function endActivationCode(db: Kysely<Database>, input: { id: number; now: Date }): Promise<void> {
  const nowIso = input.now.toISOString();
  await db
    .updateTable("activation_codes")
    .set({ expires_at: nowIso })
    .where("id", "=", input.id)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso)
    .execute();
}
