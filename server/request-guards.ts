/**
 * Request checks made before the Remix handler (server.ts), as pure functions so they are tested
 * without a server.
 */
import {
  forgotPasswordPath,
  impersonatePath,
  setPasswordPath,
  socialCallbackPath,
  weeklyUpdateUnsubscribePath,
} from "@common/portal-paths";
import type { OAuthProviderConfig, SocialProviderId } from "../app/config.server";

/**
 * Whether a state-changing request (POST, PUT, PATCH, DELETE) comes from one of our own pages.
 * Browsers send `Sec-Fetch-Site` with every request: only `same-origin` passes. Without it (older
 * browsers), `Origin` decides, or `Referer` when Origin is missing. (`Origin` alone is not enough:
 * a page with `Referrer-Policy: no-referrer`, like the password-reset pages, posts `Origin: null`.)
 * A request with none of these headers is not a browser acting for a resident (a script must hold
 * the cookie itself) and passes.
 */
export function isSameOriginRequest(input: {
  method: string;
  secFetchSite?: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  /** The host the resident sees (Host, or X-Forwarded-Host behind a trusted proxy). */
  host: string | undefined;
  /** Further origins allowed to post to us (PUBLIC_ORIGINS), e.g. https://portal.example.dk */
  allowedOrigins?: readonly string[];
}): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(input.method.toUpperCase())) return true;
  if (input.origin && input.allowedOrigins?.includes(input.origin)) return true;
  if (input.secFetchSite) return input.secFetchSite === "same-origin";
  const claimed = input.origin ?? originOf(input.referer);
  if (claimed === undefined) return true;
  if (claimed === "null" || claimed === null) return false;
  try {
    return input.host !== undefined && new URL(claimed).host === input.host.toLowerCase();
  } catch {
    return false;
  }
}

function originOf(referer: string | undefined): string | null | undefined {
  if (referer === undefined || referer === "") return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Pages that carry a secret in their URL (password-reset and impersonation links) or show the
 * form that uses it: their URLs must not leak through Referer, nor their answers stay in caches.
 */
export function carriesSecretInUrl(pathname: string): boolean {
  return (
    pathname === setPasswordPath ||
    pathname.startsWith(`${setPasswordPath}.`) ||
    pathname.startsWith(impersonatePath("")) ||
    pathname.startsWith(weeklyUpdateUnsubscribePath("")) ||
    pathname === forgotPasswordPath
  );
}

/**
 * The callbacks that take a provider's form post (Sign in with Apple, ADR 0056): the provider's
 * page posts the authorization's code and state to us, a cross-site post by design.
 */
export function formPostCallbackPaths(providers: Partial<Record<SocialProviderId, OAuthProviderConfig>>): string[] {
  return Object.entries(providers)
    .filter(([, settings]) => settings?.verifiedBy === "id-token")
    .map(([id]) => socialCallbackPath(id));
}

/**
 * Whether a request is a provider's form post to one of those callbacks. It passes the same-origin
 * check: its action signs no one in and changes nothing, it only hands code and state on to the GET
 * callback (relayFormPostCallback), where the session cookie is back and the state is checked.
 * (Not limited to the provider's Origin: a page with no-referrer posts `Origin: null`, and a forged
 * post gains nothing a forged GET link would not.)
 */
export function isProviderFormPost(method: string, pathname: string, callbackPaths: readonly string[]): boolean {
  return method.toUpperCase() === "POST" && callbackPaths.includes(pathname);
}

/**
 * Whether a request is a one-click unsubscribe (RFC 8058) of the weekly update e-mail: a POST to
 * its address, `/unsubscribe/weekly-update/{token}`, which a mail client sends with no session, no
 * CSRF token and its own Origin (or none). It passes the same-origin check, and only it: its
 * action turns off that one e-mail of the resident the signed token names, nothing a forged post
 * could use (ADR 0076).
 */
export function isOneClickUnsubscribePost(method: string, pathname: string): boolean {
  if (method.toUpperCase() !== "POST") return false;
  const prefix = weeklyUpdateUnsubscribePath("");
  if (!pathname.startsWith(prefix)) return false;
  const token = pathname.slice(prefix.length);
  return token !== "" && !token.includes("/");
}

/** Whether a request path's percent-encoding decodes (`%E0%A4%A` does not). */
export function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
