import { createHash, createHmac, randomBytes } from "node:crypto";
import { type AppLoadContext, createCookie, data } from "@remix-run/node";
import { config } from "~/config.server";
import type { CredentialAttempt } from "~/services/account/graphql.generated";
import type { RateLimitRule, RateLimitState, RateLimitSubject } from "~/services/account/schemas";
import { ApiError } from "~/services/graphql.server";

/**
 * Abuse limits on sign-in, sign-up, activation-code entry, reset requests, setting a password and
 * report codes (docs/decisions/0010-abuse-limits.md). Over a limit the resident gets the localized
 * 429 page.
 *
 * The account service counts them in the back-end's database (rateLimits and
 * countRateLimitHits; backend/services/rate-limits.ts defines each rule's limit and window), so they
 * hold across every portal and back-end instance. The portal names the rule and sends a keyed hash
 * of the client address, account or device (`limitKey`): the database holds no address or e-mail.
 * A back-end that cannot be reached throws the usual 503 service failure.
 *
 * Every check of a password (sign-in, sign-up for an existing e-mail, re-authentication on profile
 * changes) counts failures per client address and per account (at most 100 an hour for one
 * account), in the account service's check itself (`passwordAttempt`, ADR 0061). So that a
 * stranger's failures cannot lock the account's owner out, a browser that has signed in to an
 * account before carries a signed "known device" cookie; for it, that account's failures are
 * counted per device instead of per account.
 */

export type LimitedAction = "signUp" | "code" | "resetRequest" | "setPassword" | "reportCode";

/** The thrown 429 answer, shown by the nearest error boundary in the resident's language. */
export function tooManyRequests(retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.round(retryAfterSeconds));
  return data(
    { error: "rate_limited" as const, retryAfterMinutes: Math.max(1, Math.ceil(seconds / 60)) },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}

const perAddress: Record<LimitedAction, RateLimitRule> = {
  signUp: "SIGN_UP_PER_ADDRESS",
  code: "ACTIVATION_CODE_PER_ADDRESS",
  resetRequest: "RESET_REQUEST_PER_ADDRESS",
  setPassword: "SET_PASSWORD_PER_ADDRESS",
  /** Failed report codes: the caller counts only unknown or ended codes. */
  reportCode: "REPORT_CODE_FAILURES_PER_ADDRESS",
};

/**
 * The key the back-end counts for one client address or browser-and-account: a keyed hash (HMAC
 * with the session secret, which every portal instance shares), so neither the address nor the
 * e-mail reaches the database, and a hash of an address cannot be reversed by trying all addresses
 * without the secret. A new first session secret starts every limit afresh. (An account's own key
 * is the back-end's: ADR 0061.)
 */
export function limitKey(kind: "address" | "device", value: string): string {
  return createHmac("sha256", config().sessionSecrets[0] ?? "")
    .update(`rate-limit:${kind}:${value}`)
    .digest("base64url")
    .slice(0, 32);
}

/** Throws the 429 answer when any state is over its limit, with the longest wait among them. */
function refuseOverLimit(states: readonly RateLimitState[]): void {
  const over = states.filter((state) => !state.allowed);
  if (over.length > 0) throw tooManyRequests(Math.max(...over.map((state) => state.retryAfterSeconds)));
}

/**
 * For actions limited per client address: throws the 429 answer when the address is over its
 * limit; otherwise returns `count()` for the caller to await on each attempt it wants counted.
 */
export async function limitPerAddress(context: AppLoadContext, action: LimitedAction) {
  const subject: RateLimitSubject = { rule: perAddress[action], key: limitKey("address", context.clientAddress) };
  refuseOverLimit(await context.publicApi.account.rateLimits([subject]));
  return {
    async count(): Promise<void> {
      await context.publicApi.account.countRateLimitHits([subject]);
    },
  };
}

const deviceCookie = createCookie("device", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 365 * 24 * 3600,
  secrets: config().sessionSecrets,
});

interface DeviceData {
  id: string;
  /** Short hashes of the accounts that signed in from this browser, newest first. */
  accounts: string[];
}

function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 16);
}

async function readDevice(request: Request): Promise<DeviceData | null> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { id, accounts } = value as Partial<DeviceData>;
  return typeof id === "string" && Array.isArray(accounts)
    ? { id, accounts: accounts.filter((a) => typeof a === "string") }
    : null;
}

/**
 * One check of a password (ADR 0061): sign-in, sign-up with an e-mail that has an account, and the
 * password a resident types to change their e-mail or password or to delete their account. The
 * account service counts each toward the same limits in the check itself, from what this says of
 * the attempt: the client address's key and, from a browser that has signed in to this account
 * before, that browser's key (whose failures then count instead of the account's, so a stranger's
 * failures cannot lock the owner's own browser out). Over a limit the service answers
 * RATE_LIMITED ({@link refuseRateLimited}). After a right password, `succeeded()` gives the
 * Set-Cookie that marks this browser as known for the account.
 */
export async function passwordAttempt(request: Request, context: AppLoadContext, email: string) {
  const account = accountKey(email);
  const device = await readDevice(request);
  const known = device?.accounts.includes(account) ?? false;
  const attempt: CredentialAttempt = {
    addressKey: limitKey("address", context.clientAddress),
    ...(known ? { deviceKey: limitKey("device", `${device!.id}:${account}`) } : {}),
  };
  return {
    attempt,
    async succeeded(secure: boolean): Promise<string> {
      const id = device?.id ?? randomBytes(12).toString("base64url");
      const accounts = [account, ...(device?.accounts ?? []).filter((a) => a !== account)].slice(0, 5);
      return deviceCookie.serialize({ id, accounts } satisfies DeviceData, { secure });
    },
  };
}

/**
 * Throws the 429 answer for the account service's RATE_LIMITED (a password check over its limits):
 * the same page and text on every path that checks a password. Anything else is left to the caller.
 */
export function refuseRateLimited(error: unknown): void {
  if (error instanceof ApiError && error.code === "RATE_LIMITED") {
    const seconds = Number(error.extensions.retryAfterSeconds);
    throw tooManyRequests(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
  }
}
