/**
 * Refresh tokens (ADR 0003), and through access-tokens.ts the access tokens they are exchanged for.
 *
 * Refresh tokens: 32 random bytes, base64url; only their sha256 is stored. Using one rotates it:
 * a new token in the same family is issued and the old one is marked replaced. The immediately
 * previous token is accepted once more within the grace window (two tabs refreshing at once);
 * any other use of a replaced token revokes the whole family (theft detection).
 *
 * Impersonation sessions (ADR 0009) have an absolute end: their refresh-token family carries
 * absolute_expires_at, no token of it (access or refresh) outlives that instant, and a refresh
 * after it fails with LOGIN_EXPIRED.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, RefreshTokenRow, RefreshTokenService } from "../db/types";
import type { ImpersonationSession, TokenSettings } from "./access-tokens";
import { invalidRefreshToken, loginExpired } from "./errors";

export {
  type Audience,
  bearerToken,
  type ImpersonationSession,
  type SignedAccessToken,
  secretKey,
  signAccessToken,
  type TokenSettings,
  toEpochSeconds,
  type VerifiedAccessToken,
  verifyAccessToken,
} from "./access-tokens";

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export interface IssuedRefreshToken {
  token: string;
  userId: number;
  familyId: string;
  expiresAt: Date;
  /** Set when the family belongs to an impersonation session. */
  impersonation: ImpersonationSession | null;
}

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/**
 * Issues a refresh token: a new family when `familyId` is absent (a sign-in), else a rotation.
 * With `impersonation`, the token is flagged and expires no later than the session's end.
 */
export async function issueRefreshToken(
  db: Kysely<Database>,
  settings: TokenSettings,
  input: {
    userId: number;
    service: RefreshTokenService;
    now: Date;
    familyId?: string;
    impersonation?: ImpersonationSession | null;
  },
): Promise<IssuedRefreshToken & { id: number }> {
  const token = randomBytes(32).toString("base64url");
  const familyId = input.familyId ?? randomUUID();
  const impersonation = input.impersonation ?? null;
  if (input.familyId === undefined) {
    // A sign-in starts a session: the row every access token of it is checked against.
    await db
      .insertInto("token_families")
      .values({ id: familyId, user_id: input.userId, service: input.service, created_at: input.now.toISOString() })
      .execute();
  }
  const ttlEnd = addSeconds(input.now, settings.refreshTokenTtlSeconds);
  const expiresAt =
    impersonation !== null && impersonation.endsAt.getTime() < ttlEnd.getTime() ? impersonation.endsAt : ttlEnd;
  const { id } = await db
    .insertInto("refresh_tokens")
    .values({
      user_id: input.userId,
      service: input.service,
      family_id: familyId,
      token_hash: hashToken(token),
      created_at: input.now.toISOString(),
      expires_at: expiresAt.toISOString(),
      impersonation: impersonation === null ? 0 : 1,
      absolute_expires_at: impersonation === null ? null : impersonation.endsAt.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, token, userId: input.userId, familyId, expiresAt, impersonation };
}

function impersonationOf(row: RefreshTokenRow): ImpersonationSession | null {
  if (row.impersonation !== 1) return null;
  // A flagged row always has an end; fall back to its own expiry if it was ever missing.
  return { endsAt: new Date(row.absolute_expires_at ?? row.expires_at) };
}

/**
 * Ends sign-ins: one family, or every family of a user. The families and their refresh tokens
 * not yet revoked are revoked together, so a session is either live or gone on both.
 */
async function revokeSessions(
  db: Kysely<Database>,
  which: { familyId: string } | { userId: number },
  now: Date,
): Promise<void> {
  const revokedAt = now.toISOString();
  const families = db.updateTable("token_families").set({ revoked_at: revokedAt }).where("revoked_at", "is", null);
  await ("familyId" in which
    ? families.where("id", "=", which.familyId)
    : families.where("user_id", "=", which.userId)
  ).execute();
  const tokens = db.updateTable("refresh_tokens").set({ revoked_at: revokedAt }).where("revoked_at", "is", null);
  await ("familyId" in which
    ? tokens.where("family_id", "=", which.familyId)
    : tokens.where("user_id", "=", which.userId)
  ).execute();
}

type RotationOutcome =
  | { kind: "rotated"; issued: IssuedRefreshToken }
  | { kind: "invalid" }
  | { kind: "session-ended" }
  | { kind: "reuse-detected" };

/**
 * Exchanges a refresh token for a new one of the same family. Throws INVALID_REFRESH_TOKEN when
 * the token is unknown, for another service, expired or revoked, and when a replaced token is
 * reused outside the grace window (the family is then revoked). Throws LOGIN_EXPIRED when the
 * family's absolute end (an impersonation session's 60 minutes) has passed.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  settings: TokenSettings,
  input: { token: string; service: RefreshTokenService; now: Date },
): Promise<IssuedRefreshToken> {
  const { now, service } = input;
  const nowIso = now.toISOString();
  const outcome = await db.transaction().execute(async (trx): Promise<RotationOutcome> => {
    const row = await trx
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("token_hash", "=", hashToken(input.token))
      .executeTakeFirst();
    if (row === undefined || row.service !== service) return { kind: "invalid" };
    if (row.revoked_at !== null) return { kind: "invalid" };
    if (row.absolute_expires_at !== null && row.absolute_expires_at <= nowIso) return { kind: "session-ended" };
    if (row.expires_at <= nowIso) return { kind: "invalid" };
    // The next token of the same sign-in: same user, service, family and impersonation end.
    const issueSuccessor = () =>
      issueRefreshToken(trx, settings, {
        userId: row.user_id,
        service,
        now,
        familyId: row.family_id,
        impersonation: impersonationOf(row),
      });

    if (row.replaced_at === null) {
      const issued = await issueSuccessor();
      const updated = await trx
        .updateTable("refresh_tokens")
        .set({ replaced_at: nowIso, replaced_by_id: issued.id })
        .where("id", "=", row.id)
        .where("replaced_at", "is", null)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new Error("refresh token changed during rotation");
      return { kind: "rotated", issued };
    }

    if (await isAcceptableGraceReuse(trx, settings, row, now)) {
      const claimed = await trx
        .updateTable("refresh_tokens")
        .set({ grace_used_at: nowIso })
        .where("id", "=", row.id)
        .where("grace_used_at", "is", null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 1n) return { kind: "rotated", issued: await issueSuccessor() };
    }

    await revokeSessions(trx, { familyId: row.family_id }, now);
    return { kind: "reuse-detected" };
  });

  if (outcome.kind === "session-ended") throw loginExpired();
  if (outcome.kind !== "rotated") throw invalidRefreshToken();
  return outcome.issued;
}

/**
 * A replaced token may be used once more if it was replaced less than the grace window ago and
 * its successor has not itself been rotated yet (it is the immediately previous token).
 */
async function isAcceptableGraceReuse(
  db: Kysely<Database>,
  settings: TokenSettings,
  row: RefreshTokenRow,
  now: Date,
): Promise<boolean> {
  if (row.replaced_at === null || row.grace_used_at !== null || row.replaced_by_id === null) return false;
  const replacedAt = new Date(row.replaced_at);
  if (now.getTime() - replacedAt.getTime() > settings.refreshGraceSeconds * 1000) return false;
  const successor = await db
    .selectFrom("refresh_tokens")
    .select(["replaced_at", "revoked_at"])
    .where("id", "=", row.replaced_by_id)
    .executeTakeFirst();
  return successor !== undefined && successor.replaced_at === null && successor.revoked_at === null;
}

/**
 * Revokes the family of `token`. False (and no error) when the token is unknown to `service`.
 */
export async function revokeRefreshToken(
  db: Kysely<Database>,
  input: { token: string; service: RefreshTokenService; now: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select(["family_id", "service"])
    .where("token_hash", "=", hashToken(input.token))
    .executeTakeFirst();
  if (row === undefined || row.service !== input.service) return false;
  await revokeSessions(db, { familyId: row.family_id }, input.now);
  return true;
}

/**
 * Revokes every family of a user's refresh tokens (a password reset, a deactivated user): their
 * access tokens are refused from the next call on, on every service.
 */
export async function revokeAllRefreshTokensOfUser(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await revokeSessions(db, { userId }, now);
}

/** When the family's first token was issued: the time of the original sign-in. */
export async function familyStartedAt(db: Kysely<Database>, familyId: string): Promise<Date | null> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select((eb) => eb.fn.min("created_at").as("started_at"))
    .where("family_id", "=", familyId)
    .executeTakeFirst();
  return row?.started_at ? new Date(row.started_at) : null;
}

/** How long spent sign-ins are kept after their last refresh token expired (reuse is refused anyway). */
export const spentSessionKeepDays = 30;

/**
 * Deletes what no request can use any more: refresh tokens that expired more than
 * `keepDays` ago, and the families (ADR 0020) left without a token that were started before then.
 * An access token naming a deleted family is refused like a revoked one (context.ts looks the family
 * up and accepts only a row that exists and is not revoked), so pruning never opens a session.
 * Without it both tables grow by a row per sign-in and per rotation, forever.
 */
export async function pruneSpentSessions(
  db: Kysely<Database>,
  now: Date,
  keepDays = spentSessionKeepDays,
): Promise<{ refreshTokens: number; families: number }> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const tokens = await db.deleteFrom("refresh_tokens").where("expires_at", "<", cutoff).executeTakeFirst();
  const families = await db
    .deleteFrom("token_families")
    .where("created_at", "<", cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("refresh_tokens")
            .select("refresh_tokens.id")
            .whereRef("refresh_tokens.family_id", "=", "token_families.id"),
        ),
      ),
    )
    .executeTakeFirst();
  return { refreshTokens: Number(tokens.numDeletedRows), families: Number(families.numDeletedRows) };
}
