/**
 * What every resolver gets: the database, token settings, the request's clock and the caller.
 * `requireCaller()` authenticates lazily (once per request) from the bearer token, for the
 * audience of the service that serves the request.
 */
import type { Kysely } from "kysely";
import type { Database, UserRow } from "../db/types";
import type { Logger } from "../logger";
import { unauthenticated } from "./errors";
import { type Audience, bearerToken, type TokenSettings, verifyAccessToken } from "./tokens";

export interface ServiceDependencies {
  db: Kysely<Database>;
  tokens: TokenSettings;
  logger: Logger;
  now: () => Date;
  /** Where served files live (allocation statements); see BackendOptions.filesDir. */
  filesDir?: string;
}

export interface ServiceContext {
  db: Kysely<Database>;
  tokens: TokenSettings;
  logger: Logger;
  /** The time of this request; use it instead of new Date() so tests can move the clock. */
  now: Date;
  request: Request;
  filesDir?: string;
  /** The signed-in, active user; throws UNAUTHENTICATED otherwise. */
  requireCaller(): Promise<UserRow>;
  /**
   * The user id the request's access token claims, its signature and expiry checked but not yet its
   * session (UNAUTHENTICATED without a valid token): for a read sent beside requireCaller() so it
   * need not wait for it, whose answer is used only once requireCaller() has resolved.
   */
  claimedCallerId(): number;
}

export function createServiceContext(deps: ServiceDependencies, audience: Audience, request: Request): ServiceContext {
  const now = deps.now();
  let caller: Promise<UserRow> | undefined;
  return {
    db: deps.db,
    tokens: deps.tokens,
    logger: deps.logger,
    now,
    request,
    filesDir: deps.filesDir,
    requireCaller() {
      caller ??= authenticate(deps, audience, request, now);
      return caller;
    },
    claimedCallerId() {
      const token = bearerToken(request);
      const verified = token === null ? null : verifyAccessToken(deps.tokens, token, audience, now);
      if (verified === null) throw unauthenticated();
      return verified.userId;
    },
  };
}

async function authenticate(
  deps: ServiceDependencies,
  audience: Audience,
  request: Request,
  now: Date,
): Promise<UserRow> {
  const token = bearerToken(request);
  if (token === null) throw unauthenticated();
  const verified = verifyAccessToken(deps.tokens, token, audience, now);
  if (verified === null) throw unauthenticated();
  // One statement by primary keys: the token's session (refresh-token family) must not be revoked
  // (logout, password reset; ADR 0020), and its user must exist and be active.
  const user = await deps.db
    .selectFrom("token_families")
    .innerJoin("users", "users.id", "token_families.user_id")
    .selectAll("users")
    .where("token_families.id", "=", verified.sessionId)
    .where("token_families.revoked_at", "is", null)
    .where("token_families.service", "=", audience)
    .where("users.id", "=", verified.userId)
    .executeTakeFirst();
  if (user === undefined || user.is_active !== 1) throw unauthenticated();
  return user;
}
