import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { config } from "~/config.server";
import type { AuthTokens } from "~/services/tokens";

/**
 * The session cookie (DESIGN.md section 1): both services' token pairs, the auth type, the
 * selected tenancy and, later, the pending activation code. HttpOnly, SameSite=Lax, signed with
 * rotating secrets (SESSION_SECRET, comma-separated, newest first), Secure whenever the request
 * came over HTTPS (or always/never with COOKIE_SECURE). It must stay under 4096 bytes.
 */
export interface SessionData {
  auth: AuthTokens;
  tenancyId: string;
  /** "Remember me": the cookie outlives the browser session (30 days). */
  persistent: boolean;
  /** Support sign-in: epoch seconds after which the session is over, whatever its tokens say. */
  impersonationEndsAt: number;
  /** A valid activation code not used yet (spec section 3, "unused activation code"). */
  activationCode: string;
  /** The password-reset link's token and e-mail, moved out of the URL on arrival. */
  passwordReset: { token: string; email: string };
  /** Social sign-in in progress: the OAuth2 state (remix-auth-oauth2's key) and PKCE verifier. */
  "oauth2:state": string;
  "oauth2:verifier": string;
  /** Social sign-up in progress: the resident ticked the data-policy box before leaving for the provider. */
  "oauth2:dataPolicy": true;
  /** Sign in with Apple in progress: the nonce its ID token must carry (ADR 0056). */
  "oauth2:nonce": string;
}

export type PortalSession = Session<SessionData>;

export const sessionCookieName = "__session";
/** How long a signed-in session lasts without use: the refresh tokens' lifetime. */
export const sessionMaxAgeSeconds = 60 * 60 * 24 * 30;

export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: sessionCookieName,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: config().sessionSecrets,
    maxAge: sessionMaxAgeSeconds,
  },
});

/** Whether cookies set in answer to a request (over HTTPS or not) get the Secure attribute. */
export function secureCookies(requestIsHttps: boolean): boolean {
  const mode = config().cookieSecure;
  return mode === "always" || (mode === "auto" && requestIsHttps);
}

/** {@link secureCookies} for a Remix request. */
export function secureCookiesFor(request: Request): boolean {
  return secureCookies(new URL(request.url).protocol === "https:");
}
