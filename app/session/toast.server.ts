import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { config } from "~/config.server";
import { cookieValue } from "~/http/cookie-header";

/**
 * remix-toast with a signed flash cookie of our own (its default cookie is unsigned). A toast's
 * `message` is a translation key; `description`, when present, holds its values as JSON.
 */
export const toastCookieName = "toast";

const toastStorage = createCookieSessionStorage({
  cookie: { name: toastCookieName, httpOnly: true, sameSite: "lax", path: "/", secrets: config().sessionSecrets },
});

export const { getToast, redirectWithSuccess, redirectWithError, redirectWithInfo } =
  createToastUtilsWithCustomSession(toastStorage);

/** The toast fields for a translation key with values. */
export function toastMessage(key: string, values?: Record<string, string>) {
  return values ? { message: key, description: JSON.stringify(values) } : { message: key };
}

/** Whether a Cookie header carries the toast cookie (a name compared exactly, as browsers send it). */
export function hasToastCookie(cookieHeader: string | null): boolean {
  return cookieValue(cookieHeader, toastCookieName) !== undefined;
}

/**
 * The toast of this request, if any, and the headers that clear it once shown. remix-toast's
 * getToast reads and re-signs the flash cookie on every request; nearly every page is asked for by a
 * browser without one, and then there is nothing to read or clear (root.tsx runs this on every
 * page, so the HMAC and the schema check it skips were about 1 % of a dashboard's CPU).
 */
export async function readToast(
  request: Request,
): Promise<{ toast: Awaited<ReturnType<typeof getToast>>["toast"]; headers: Headers }> {
  if (!hasToastCookie(request.headers.get("Cookie"))) return { toast: undefined, headers: new Headers() };
  return getToast(request);
}
