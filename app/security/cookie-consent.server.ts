import { cookieValue } from "~/http/cookie-header";

/**
 * The cookie-consent choice (spec sections 3, 4 and 9): a cookie named `cookieAccepted` holding
 * `true` (OK) or `false` (reject) for one year. The banner shows until the cookie exists. It is
 * readable by page scripts on purpose: a tag manager may check it.
 */
export const consentCookieName = "cookieAccepted";
export const consentMaxAgeSeconds = 31_536_000;

export function readConsent(cookieHeader: string | null): boolean | null {
  const value = cookieValue(cookieHeader, consentCookieName);
  return value === "true" ? true : value === "false" ? false : null;
}

export function consentCookie(accepted: boolean, secure: boolean): string {
  return `${consentCookieName}=${accepted}; Max-Age=${consentMaxAgeSeconds}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
