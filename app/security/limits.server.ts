import { createHash, randomBytes } from "node:crypto";
import { createCookie, data, type AppLoadContext } from "@remix-run/node";
import { config } from "~/config.server";
import { RateLimiter } from "./rate-limiter";

/**
 * Abuse limits on sign-in, sign-up, activation-code entry, reset requests and setting a password
 * (docs/decisions/0010-abuse-limits.md). Over a limit the resident gets the localized 429 page.
 *
 * Sign-in counts failures per client address and per account (at most 100 an hour for one
 * account). So that a stranger's failures cannot lock the account's owner out, a browser that has
 * signed in to an account before carries a signed "known device" cookie; for it, that account's
 * failures are counted per device instead of per account.
 */
const minute = 60_000;
const hour = 60 * minute;

export const limiters = {
  signInPerAddress: new RateLimiter({ limit: 30, windowMs: 15 * minute }),
  signInPerAccount: new RateLimiter({ limit: 100, windowMs: hour }),
  signInPerKnownDevice: new RateLimiter({ limit: 20, windowMs: hour }),
  signUpPerAddress: new RateLimiter({ limit: 20, windowMs: hour }),
  codePerAddress: new RateLimiter({ limit: 20, windowMs: hour }),
  resetRequestPerAddress: new RateLimiter({ limit: 10, windowMs: hour }),
  setPasswordPerAddress: new RateLimiter({ limit: 20, windowMs: hour }),
};

export type LimitedAction = "signUp" | "code" | "resetRequest" | "setPassword";

/** The thrown 429 answer, shown by the nearest error boundary in the resident's language. */
export function tooManyRequests(retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.round(retryAfterSeconds));
  return data(
    { error: "rate_limited" as const, retryAfterMinutes: Math.max(1, Math.ceil(seconds / 60)) },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}

const perAddress: Record<LimitedAction, RateLimiter> = {
  signUp: limiters.signUpPerAddress,
  code: limiters.codePerAddress,
  resetRequest: limiters.resetRequestPerAddress,
  setPassword: limiters.setPasswordPerAddress,
};

/**
 * For actions limited per client address: throws the 429 answer when the address is over its
 * limit; otherwise returns `count()` for the caller to call on each attempt it wants counted.
 */
export function limitPerAddress(context: AppLoadContext, action: LimitedAction) {
  const limiter = perAddress[action];
  const state = limiter.check(context.clientAddress);
  if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds);
  return { count: () => limiter.hit(context.clientAddress) };
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
  return typeof id === "string" && Array.isArray(accounts) ? { id, accounts: accounts.filter((a) => typeof a === "string") } : null;
}

/**
 * The sign-in limits for one attempt. Throws the 429 answer when over a limit; otherwise the
 * caller reports the outcome: `failed()` counts it, `succeeded()` returns the Set-Cookie that
 * marks this browser as known for the account.
 */
export async function signInAttempt(request: Request, context: AppLoadContext, email: string) {
  const account = accountKey(email);
  const device = await readDevice(request);
  const known = device?.accounts.includes(account) ?? false;
  const accountLimiter = known ? limiters.signInPerKnownDevice : limiters.signInPerAccount;
  const accountLimitKey = known ? `${device!.id}:${account}` : account;

  for (const [limiter, key] of [
    [limiters.signInPerAddress, context.clientAddress],
    [accountLimiter, accountLimitKey],
  ] as const) {
    const state = limiter.check(key);
    if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds);
  }

  return {
    failed() {
      limiters.signInPerAddress.hit(context.clientAddress);
      accountLimiter.hit(accountLimitKey);
    },
    async succeeded(secure: boolean): Promise<string> {
      const id = device?.id ?? randomBytes(12).toString("base64url");
      const accounts = [account, ...(device?.accounts ?? []).filter((a) => a !== account)].slice(0, 5);
      return deviceCookie.serialize({ id, accounts } satisfies DeviceData, { secure });
    },
  };
}
