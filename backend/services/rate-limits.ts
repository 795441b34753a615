/**
 * The portal's abuse limits (ADR 0010), kept in the database so that they hold across
 * every portal and back-end instance: a fixed window per (rule, key) in `rate_limits` (migration
 * 0009).
 *
 * - The rules (limit and window) are defined here; clients name a rule (a GraphQL enum) and cannot
 *   choose a limit.
 * - A key is an opaque string chosen by the portal: a keyed hash of a client address, an account
 *   or a known device. The back-end never sees the address or e-mail behind it.
 * - A hit is counted atomically by one upsert: the first hit of a key, or the first after its
 *   window ended, starts a new window of the rule's length with count 1; any other adds 1. Two
 *   instances counting at once therefore never lose a hit.
 * - A key is over its limit while its window's count is at the limit; `retryAfterSeconds` says when
 *   the window ends. Windows that have ended are pruned by the hourly schedule (pruneRateLimits).
 */
import { createHmac } from "node:crypto";
import type { RateLimitRule as SchemaRateLimitRule } from "@common/graphql-enums.generated";
import type { Kysely } from "kysely";
import type { Database, RateLimitsTable } from "../db/types";
import type { ServiceContext } from "./context";
import { badUserInput, serviceError } from "./errors";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

const minute = 60;
const hour = 60 * minute;

/** Every limit, by the name the GraphQL enum RateLimitRule gives it (schema/account.graphql). */
export const rateLimitRules = {
  /** Failed sign-ins per client address. */
  SIGN_IN_PER_ADDRESS: { limit: 30, windowSeconds: 15 * minute },
  /** Failed sign-ins per account, from browsers not known to it. */
  SIGN_IN_PER_ACCOUNT: { limit: 100, windowSeconds: hour },
  /** Failed sign-ins per account from one browser that has signed in to it before. */
  SIGN_IN_PER_KNOWN_DEVICE: { limit: 20, windowSeconds: hour },
  SIGN_UP_PER_ADDRESS: { limit: 20, windowSeconds: hour },
  /** Activation codes entered or applied per client address. */
  ACTIVATION_CODE_PER_ADDRESS: { limit: 20, windowSeconds: hour },
  RESET_REQUEST_PER_ADDRESS: { limit: 10, windowSeconds: hour },
  SET_PASSWORD_PER_ADDRESS: { limit: 20, windowSeconds: hour },
  /** Unknown or ended monthly-report codes per client address. */
  REPORT_CODE_FAILURES_PER_ADDRESS: { limit: 30, windowSeconds: 15 * minute },
} as const satisfies Record<SchemaRateLimitRule, RateLimitRule>;

/** The schema's enum RateLimitRule (account.graphql): every value has its limit above, and no other. */
export type RateLimitRuleName = SchemaRateLimitRule & keyof typeof rateLimitRules;

export const isRateLimitRuleName = (value: unknown): value is RateLimitRuleName =>
  typeof value === "string" && Object.hasOwn(rateLimitRules, value);

export interface RateLimitSubject {
  rule: RateLimitRuleName;
  key: string;
}

export interface RateLimitState extends RateLimitSubject {
  /** Whether one more hit is allowed now. */
  allowed: boolean;
  /** Hits left in the current window (the rule's limit when none is running). */
  remaining: number;
  /** 0 while allowed; else the seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** At most this many (rule, key) pairs per call; the portal sends one or two. */
export const maxSubjectsPerCall = 10;
/** Keys are hashes; anything longer is not one. */
export const maxKeyLength = 128;

/** Refuses a key that cannot be one of the portal's hashes (BAD_USER_INPUT on `field`). */
function assertKey(key: unknown, field: string): void {
  if (typeof key !== "string" || key.length === 0 || key.length > maxKeyLength) {
    throw badUserInput(`a key must have 1 to ${maxKeyLength} characters`, field);
  }
}

function validSubjects(subjects: readonly RateLimitSubject[]): RateLimitSubject[] {
  if (subjects.length === 0 || subjects.length > maxSubjectsPerCall) {
    throw badUserInput(`subjects must hold 1 to ${maxSubjectsPerCall} pairs`, "subjects");
  }
  for (const { rule, key } of subjects) {
    if (!isRateLimitRuleName(rule)) throw badUserInput(`unknown rule ${String(rule).slice(0, 40)}`, "rule");
    assertKey(key, "key");
  }
  return subjects.map(({ rule, key }) => ({ rule, key }));
}

/** The state of `subject` given its row (if any) at `now`. */
function stateOf(
  subject: RateLimitSubject,
  row: Pick<RateLimitsTable, "count" | "window_ends"> | undefined,
  now: Date,
): RateLimitState {
  const { limit } = rateLimitRules[subject.rule];
  const endsAt = row === undefined ? 0 : Date.parse(row.window_ends);
  const count = endsAt > now.getTime() ? row!.count : 0;
  const allowed = count < limit;
  return {
    ...subject,
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** Whether each subject may have one more hit now (counts nothing), in the order given. */
export async function checkRateLimits(
  db: Kysely<Database>,
  subjects: readonly RateLimitSubject[],
  now: Date,
): Promise<RateLimitState[]> {
  const wanted = validSubjects(subjects);
  const rows = await db
    .selectFrom("rate_limits")
    .select(["rule", "key", "count", "window_ends"])
    .where((eb) => eb.or(wanted.map(({ rule, key }) => eb.and([eb("rule", "=", rule), eb("key", "=", key)]))))
    .execute();
  return wanted.map((subject) =>
    stateOf(
      subject,
      rows.find((row) => row.rule === subject.rule && row.key === subject.key),
      now,
    ),
  );
}

/**
 * Adds one hit to a (rule, key) pair in one atomic upsert and answers the row after it: the first
 * hit of a key, or the first after its window ended, starts a new window of `windowSeconds` with
 * count 1; any other adds 1.
 */
async function addHit(
  db: Kysely<Database>,
  pair: { rule: string; key: string },
  windowSeconds: number,
  now: Date,
): Promise<Pick<RateLimitsTable, "count" | "window_ends">> {
  const nowIso = now.toISOString();
  const windowEnds = new Date(now.getTime() + windowSeconds * 1000).toISOString();
  return db
    .insertInto("rate_limits")
    .values({ rule: pair.rule, key: pair.key, window_ends: windowEnds, count: 1 })
    .onConflict((oc) =>
      oc.columns(["rule", "key"]).doUpdateSet((eb) => {
        const ended = eb("rate_limits.window_ends", "<=", nowIso);
        return {
          count: eb
            .case()
            .when(ended)
            .then(eb.lit(1))
            .else(eb("rate_limits.count", "+", eb.lit(1)))
            .end(),
          window_ends: eb
            .case()
            .when(ended)
            .then(eb.ref("excluded.window_ends"))
            .else(eb.ref("rate_limits.window_ends"))
            .end(),
        };
      }),
    )
    .returning(["count", "window_ends"])
    .executeTakeFirstOrThrow();
}

/**
 * Counts one hit for each subject (a pair listed twice counts twice) and answers the states after
 * counting, in the order given. Each hit is one atomic upsert.
 */
export async function countRateLimitHits(
  db: Kysely<Database>,
  subjects: readonly RateLimitSubject[],
  now: Date,
): Promise<RateLimitState[]> {
  const states: RateLimitState[] = [];
  for (const subject of validSubjects(subjects)) {
    states.push(stateOf(subject, await addHit(db, subject, rateLimitRules[subject.rule].windowSeconds, now), now));
  }
  return states;
}

/** Deletes the windows that have ended by `now` (they count nothing any more); returns how many. */
export async function pruneRateLimits(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("window_ends", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The account service's rateLimits query and countRateLimitHits mutation (no token needed). */
export const rateLimitResolvers = {
  Query: {
    rateLimits(_: unknown, args: { subjects: RateLimitSubject[] }, ctx: ServiceContext): Promise<RateLimitState[]> {
      return checkRateLimits(ctx.db, args.subjects, ctx.now);
    },
  },
  Mutation: {
    countRateLimitHits(
      _: unknown,
      args: { subjects: RateLimitSubject[] },
      ctx: ServiceContext,
    ): Promise<RateLimitState[]> {
      return countRateLimitHits(ctx.db, args.subjects, ctx.now);
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Checks of a password (ADR 0061): sign-in on both services, sign-up with an e-mail that has an
// account, and the password a signed-in resident types to change their e-mail or password or to
// delete their account. Each is an oracle for the password, so each counts toward the same limits
// and the same lock, enforced here in the credential check itself (no separate call to ask first).

/** The limits on every check of a password. The users service keeps its own per account. */
export const credentialLimitRules = {
  /** Failed checks of users-service sign-ins per account (the portal calls it only after tokenAuth). */
  USERS_SIGN_IN_PER_ACCOUNT: { limit: 100, windowSeconds: hour },
} as const satisfies Record<string, RateLimitRule>;

type CredentialRuleName = RateLimitRuleName | keyof typeof credentialLimitRules;

function ruleOf(name: CredentialRuleName): RateLimitRule {
  return name in credentialLimitRules
    ? credentialLimitRules[name as keyof typeof credentialLimitRules]
    : rateLimitRules[name as RateLimitRuleName];
}

/**
 * What the portal says of one attempt, as keyed hashes it makes (it never sends the address):
 * the client address, and the browser when the portal knows it has signed in to this account.
 */
export interface CredentialAttempt {
  addressKey?: string | null;
  deviceKey?: string | null;
}

/**
 * The back-end's own key for an account's limits: a keyed hash of the normalized e-mail (HMAC with
 * the token key every instance shares), so an unknown e-mail costs the same as a known one and
 * the table holds no e-mail.
 */
export function accountLimitKey(secret: Uint8Array, email: string): string {
  return createHmac("sha256", secret)
    .update(`rate-limit:account:${email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 32);
}

interface CredentialSubject {
  rule: CredentialRuleName;
  key: string;
}

/**
 * The pairs one check of the password counts on: the client address (when the portal names one)
 * and the account, or, from a browser the portal knows has signed in to it, that browser instead
 * (so a stranger's failures cannot lock the owner's own browser out; ADR 0010).
 */
export function credentialSubjects(accountKey: string, attempt: CredentialAttempt | null | undefined) {
  const subjects: CredentialSubject[] = [];
  const addressKey = attempt?.addressKey;
  const deviceKey = attempt?.deviceKey;
  for (const key of [addressKey, deviceKey]) if (key !== null && key !== undefined) assertKey(key, "attempt");
  if (addressKey) subjects.push({ rule: "SIGN_IN_PER_ADDRESS", key: addressKey });
  subjects.push(
    deviceKey ? { rule: "SIGN_IN_PER_KNOWN_DEVICE", key: deviceKey } : { rule: "SIGN_IN_PER_ACCOUNT", key: accountKey },
  );
  return subjects;
}

/** Takes back one hit of each pair (an attempt that was refused, or whose password was right). */
async function releaseHits(db: Kysely<Database>, subjects: readonly CredentialSubject[]): Promise<void> {
  await Promise.all(
    subjects.map(({ rule, key }) =>
      db
        .updateTable("rate_limits")
        .set((eb) => ({ count: eb("count", "-", eb.lit(1)) }))
        .where("rule", "=", rule)
        .where("key", "=", key)
        .where("count", ">", 0)
        .execute(),
    ),
  );
}

/** RATE_LIMITED, with the seconds until the next attempt may be made. */
export function rateLimited(retryAfterSeconds: number) {
  return serviceError("RATE_LIMITED", undefined, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/**
 * Runs one check of a password under its limits. The hit is counted before the check (one atomic
 * upsert per pair), so attempts made at once cannot all pass a limit that only some of them fit
 * under. Over any limit: the hits are taken back and RATE_LIMITED is thrown, whatever the
 * password (a locked account is refused on every path, with the right password too). Otherwise the
 * check runs; a right password (`true`) or an error (not an answer about the password) takes the
 * hits back, a wrong one (`false`) keeps them.
 */
export async function limitedPasswordCheck(
  db: Kysely<Database>,
  now: Date,
  subjects: readonly CredentialSubject[],
  check: () => Promise<boolean>,
): Promise<boolean> {
  const rows = await Promise.all(
    subjects.map((subject) => addHit(db, subject, ruleOf(subject.rule).windowSeconds, now)),
  );
  const over = rows.filter(({ count }, i) => count > ruleOf(subjects[i]!.rule).limit);
  if (over.length > 0) {
    await releaseHits(db, subjects);
    throw rateLimited(Math.max(...over.map(({ window_ends }) => (Date.parse(window_ends) - now.getTime()) / 1000)));
  }
  let right: boolean;
  try {
    right = await check();
  } catch (error) {
    await releaseHits(db, subjects);
    throw error;
  }
  if (right) await releaseHits(db, subjects);
  return right;
}
