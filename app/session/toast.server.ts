import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { config } from "~/config.server";

/**
 * remix-toast with a signed flash cookie of our own (its default cookie is unsigned). A toast's
 * `message` is a translation key; `description`, when present, holds its values as JSON.
 */
const toastStorage = createCookieSessionStorage({
  cookie: { name: "toast", httpOnly: true, sameSite: "lax", path: "/", secrets: config().sessionSecrets },
});

export const { getToast, redirectWithSuccess, redirectWithError, redirectWithInfo } =
  createToastUtilsWithCustomSession(toastStorage);

/** The toast fields for a translation key with values. */
export function toastMessage(key: string, values?: Record<string, string>) {
  return values ? { message: key, description: JSON.stringify(values) } : { message: key };
}
