import { loginPath } from "@common/portal-paths";
import type { Api } from "~/services/api.server";
import { ApiError } from "~/services/graphql.server";
import { type AuthTokens, needsRefresh, type TokenSet } from "~/services/tokens";
import type { RequestSession } from "./request-session.server";
import { redirectWithError, toastMessage } from "./toast.server";

/**
 * Server-side token refresh (DESIGN.md section 1, spec section 4 "Tokens"). Before a request uses
 * an access token that expires within the lead time, it is refreshed:
 * - once per request: every loader of the request shares one promise ({@link createAuthState});
 * - once per process per refresh token: two tabs (two requests) holding the same refresh token
 *   share one refresh call, and the result is kept a little while for requests that arrive just
 *   after it ({@link refreshOncePerProcess}).
 * The new tokens are written to the session and its cookie is committed once on the response.
 * A refresh the service rejects signs the resident out (to /login); a service that is down keeps
 * the session and shows the error page instead.
 */

const inflight = new Map<string, Promise<TokenSet>>();
const keepResultMs = 15_000;

export function refreshOncePerProcess(key: string, refresh: () => Promise<TokenSet>): Promise<TokenSet> {
  const existing = inflight.get(key);
  if (existing) return existing;
  const pending = refresh();
  inflight.set(key, pending);
  pending.then(
    () => setTimeout(() => inflight.delete(key), keepResultMs).unref(),
    () => inflight.delete(key),
  );
  return pending;
}

/** To /login with "Your login has expired" (spec section 8, login expired). */
function loginExpired() {
  return redirectWithError(loginPath, toastMessage("errors.login_expired"));
}

export interface AuthState {
  /** The session's tokens, refreshed if they were about to expire; null when signed out. */
  tokens(): Promise<AuthTokens | null>;
}

export function createAuthState(options: {
  session: RequestSession;
  /** An API without tokens: refreshing needs none. */
  publicApi: Pick<Api, "account" | "users">;
  leadSeconds: number;
  now?: () => number;
}): AuthState {
  const now = options.now ?? Date.now;
  let current: Promise<AuthTokens | null> | undefined;

  async function load(): Promise<AuthTokens | null> {
    const session = await options.session.get();
    const auth = session.get("auth");
    if (!auth) return null;
    const nowSeconds = Math.floor(now() / 1000);
    const impersonationEndsAt = session.get("impersonationEndsAt");
    if (impersonationEndsAt !== undefined && nowSeconds >= impersonationEndsAt) {
      // A support session lasts 60 minutes, whatever its tokens say.
      await options.session.destroyOnResponse();
      throw await loginExpired();
    }
    const stale = (t: TokenSet) => needsRefresh(t, nowSeconds, options.leadSeconds);
    if (!stale(auth.account) && !stale(auth.users)) return auth;

    const refresh = (service: "account" | "users") => {
      const tokens = auth[service];
      if (!stale(tokens)) return Promise.resolve(tokens);
      return refreshOncePerProcess(`${service}:${tokens.refreshToken}`, () =>
        options.publicApi[service].refreshToken(tokens.refreshToken),
      );
    };
    const [account, users] = await Promise.allSettled([refresh("account"), refresh("users")]);
    const failures = [account, users].flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));

    if (failures.some((reason) => reason instanceof ApiError)) {
      // A service refused its refresh token: the login is over.
      await options.session.destroyOnResponse();
      throw await loginExpired();
    }
    // Keep whatever was refreshed, even if the other service is down: its new refresh token is the
    // only valid one now (the old one is accepted again just once, within the grace window).
    const refreshed: AuthTokens = {
      ...auth,
      account: account.status === "fulfilled" ? account.value : auth.account,
      users: users.status === "fulfilled" ? users.value : auth.users,
    };
    if (refreshed.account !== auth.account || refreshed.users !== auth.users) {
      session.set("auth", refreshed);
      await options.session.commitToResponse();
    }
    if (failures.length > 0) throw failures[0];
    return refreshed;
  }

  return {
    tokens: () => (current ??= load()),
  };
}
