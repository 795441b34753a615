/**
 * Creating accounts (ADR 0009): sign-up with e-mail and password, and the user behind a social
 * sign-in. What happens when the e-mail is taken follows spec section 8:
 *
 *   e-mail of the landlords' admin portal            → EMAIL_USED_BY_ADMIN_PORTAL
 *   existing user with admin or superuser rights     → USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS
 *   existing user, password not correct (or none)    → EMAIL_IN_USE
 *   existing user, right password, deactivated       → USER_DEACTIVATED
 *   existing user, right password                    → signed in (created: false)
 *
 * A social sign-in has proven the address, so it gets the same answers as a right password.
 * No account is created without the resident's confirmation of the data policy
 * (DATA_POLICY_NOT_ACKNOWLEDGED); the time of it is stored on the user (spec section 3).
 *
 * A user without a password (invited, or social) cannot get one by signing up: that would let
 * anyone who knows the address take the account. They set one through the reset e-mail instead.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, UserRow, UserType } from "../db/types";
import { serviceError } from "./errors";
import {
  assertPasswordRules,
  dummyPasswordHash,
  hashPassword,
  verifyPassword,
  verifyPasswordOrDummy,
} from "./passwords";
import { accountLimitKey, type CredentialAttempt, credentialSubjects, limitedPasswordCheck } from "./rate-limits";
import { assertMaySignIn, normalizeEmail } from "./sign-in";
import type { SocialIdentity } from "./social";

export const accountLanguages = ["da", "en", "nb"] as const;
/** Spec section 9: the default language is Danish. */
export const defaultAccountLanguage = "da";

const emailSchema = z.email().max(254);

/** The e-mail, trimmed and lower-cased; BAD_USER_INPUT (extensions.field "email") when it is not one. */
export function parseEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!emailSchema.safeParse(normalized).success) {
    throw serviceError("BAD_USER_INPUT", "Invalid e-mail address", { field: "email", emailProblem: "invalid_email" });
  }
  return normalized;
}

/** Whether the value is a language an account can have (en, da or nb). */
export function isAccountLanguage(value: string | null | undefined): value is (typeof accountLanguages)[number] {
  return typeof value === "string" && (accountLanguages as readonly string[]).includes(value);
}

/** BAD_USER_INPUT (extensions.field "language") for a language an account cannot have. */
export function unknownLanguage() {
  return serviceError("BAD_USER_INPUT", `language must be one of ${accountLanguages.join(", ")}`, {
    field: "language",
  });
}

/** en, da or nb; null/undefined gives the default; anything else is BAD_USER_INPUT. */
export function parseLanguage(language: string | null | undefined): string | null {
  if (language === null || language === undefined || language === "") return null;
  if (!isAccountLanguage(language)) throw unknownLanguage();
  return language;
}

const hasAboveDefaultRights = (user: UserRow) => user.is_admin === 1 || user.is_superuser === 1;

/** Whether a database error is a unique constraint's (SQLite's or PostgreSQL's wording). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed|unique constraint/i.test(error.message);
}

async function insertUser(
  db: Kysely<Database>,
  values: {
    email: string;
    passwordHash: string | null;
    name: string;
    language: string;
    userType: UserType;
    now: Date;
    dataPolicyAcknowledged: boolean | null | undefined;
  },
): Promise<UserRow> {
  if (values.dataPolicyAcknowledged !== true) throw serviceError("DATA_POLICY_NOT_ACKNOWLEDGED");
  try {
    return await db
      .insertInto("users")
      .values({
        email: values.email,
        password_hash: values.passwordHash,
        name: values.name,
        language: values.language,
        user_type: values.userType,
        created_at: values.now.toISOString(),
        data_policy_acknowledged_at: values.now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Someone signed up with the same e-mail at the same moment.
    if (isUniqueViolation(error)) throw serviceError("EMAIL_IN_USE");
    throw error;
  }
}

/**
 * An existing user who signs up again (the right password, or a social sign-up) and ticks the box
 * now: the first confirmation is kept, so the time says when they first agreed.
 */
async function acknowledgeDataPolicy(
  db: Kysely<Database>,
  user: UserRow,
  acknowledged: boolean | null | undefined,
  now: Date,
): Promise<UserRow> {
  if (acknowledged !== true || user.data_policy_acknowledged_at !== null) return user;
  return db
    .updateTable("users")
    .set({ data_policy_acknowledged_at: now.toISOString() })
    .where("id", "=", user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface AccountForSignIn {
  user: UserRow;
  /** True when the account was created now. */
  created: boolean;
}

/**
 * Sign-up with e-mail and password: checks the e-mail and the password rules (BAD_USER_INPUT),
 * then creates the user or, for an existing one, applies the rules above. For an existing user
 * the password is checked under the same limits as sign-in (ADR 0061): its answer (EMAIL_IN_USE
 * or a session) tells whether the password is right, so a wrong one counts toward the address's
 * and the account's failures, and a locked account is refused (RATE_LIMITED) with the right one.
 */
export async function createOrSignInEmailPasswordUser(
  db: Kysely<Database>,
  input: {
    email: string;
    password: string;
    language?: string | null;
    dataPolicyAcknowledged?: boolean | null;
    now: Date;
    /** The key of the back-end's own per-account limit (accountLimitKey). */
    limitSecret: Uint8Array;
    attempt?: CredentialAttempt | null;
  },
): Promise<AccountForSignIn> {
  const email = parseEmail(input.email);
  assertPasswordRules(input.password);
  const language = parseLanguage(input.language) ?? defaultAccountLanguage;

  const existing = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  if (existing === undefined) {
    const passwordHash = await hashPassword(input.password);
    const user = await insertUser(db, {
      email,
      passwordHash,
      name: "",
      language,
      userType: "EMAIL_PASSWORD",
      now: input.now,
      dataPolicyAcknowledged: input.dataPolicyAcknowledged,
    });
    return { user, created: true };
  }

  if (existing.user_type === "ADMIN_PORTAL" || hasAboveDefaultRights(existing)) {
    // Same cost as the other answers, so timing does not tell them apart.
    await verifyPassword(input.password, await dummyPasswordHash());
    assertMaySignIn(existing);
  }
  const subjects = credentialSubjects(accountLimitKey(input.limitSecret, email), input.attempt);
  const passwordMatches = await limitedPasswordCheck(db, input.now, subjects, () =>
    verifyPasswordOrDummy(input.password, existing.password_hash),
  );
  if (!passwordMatches) throw serviceError("EMAIL_IN_USE");
  assertMaySignIn(existing);
  return { user: await acknowledgeDataPolicy(db, existing, input.dataPolicyAcknowledged, input.now), created: false };
}

/**
 * The user behind a verified social identity: the account with that e-mail (the provider has
 * proven the address), or a new one whose user type is the provider.
 */
export async function findOrCreateSocialUser(
  db: Kysely<Database>,
  input: { identity: SocialIdentity; language?: string | null; dataPolicyAcknowledged?: boolean | null; now: Date },
): Promise<AccountForSignIn> {
  const { identity } = input;
  const language = parseLanguage(input.language) ?? identity.language ?? defaultAccountLanguage;
  const existing = await db.selectFrom("users").selectAll().where("email", "=", identity.email).executeTakeFirst();
  if (existing !== undefined) {
    assertMaySignIn(existing);
    return { user: await acknowledgeDataPolicy(db, existing, input.dataPolicyAcknowledged, input.now), created: false };
  }
  const user = await insertUser(db, {
    email: identity.email,
    passwordHash: null,
    name: identity.name,
    language,
    userType: identity.provider,
    now: input.now,
    dataPolicyAcknowledged: input.dataPolicyAcknowledged,
  });
  return { user, created: true };
}
