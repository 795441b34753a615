import { createCookie, redirect } from "@remix-run/node";
import { config } from "~/config.server";
import { isToastType, newestToasts, type Toast, type ToastType, toastLimit } from "~/domain/toasts";

/**
 * Toasts carried from an action (or a loader that redirects) to the next page, the queue of spec
 * section 9: at most 20, kept across any number of redirects, shown once (with or without
 * JavaScript) and then gone.
 *
 * Why not remix-toast's flash: its Remix v2 line (1.2.x) knows four types (info, success, error,
 * warning, checked by its schema, so the spec's blank, loading and custom are dropped on reading)
 * and keeps one toast per flash cookie: each redirect writes a fresh cookie, so a second toast
 * before a page is shown replaces the first. Keeping a queue in one cookie would need every caller
 * to hand over the request it answers, to read the queue before adding to it.
 *
 * Instead each toast is a signed cookie of its own, `toast-<id>`: a redirect adds one without
 * reading anything, the browser keeps them all, and the root loader reads every one it is sent,
 * keeps the newest 20 in the order they were made, and removes all of them in its answer.
 */
export const toastCookiePrefix = "toast-";

/** A toast cookie that is never read (a redirect to a download, a closed tab) lapses by itself. */
const toastCookieMaxAgeSeconds = 300;

const toastCookieName = /^toast-([0-9a-z]{1,16}-[0-9a-z]{1,16})$/;

function toastCookie(name: string) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: toastCookieMaxAgeSeconds,
    secrets: config().sessionSecrets,
  });
}

/** The fields a caller gives: a translation key, its values, optionally its own duration. */
export interface ToastInput {
  message: string;
  values?: Record<string, string>;
  duration?: number;
}

/** The toast fields for a translation key with values. */
export function toastMessage(key: string, values?: Record<string, string>): ToastInput {
  return values ? { message: key, values } : { message: key };
}

let sequence = 0;

/** A new toast's id: the time it was made, then a per-process count and a random part. */
function newToastId(now: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  const random = Math.floor(Math.random() * 36 ** 4).toString(36);
  return `${now.toString(36)}-${sequence.toString(36).padStart(4, "0")}${random}`;
}

/** The Set-Cookie value that carries one toast to the next page shown. */
export async function toastSetCookie(type: ToastType, input: ToastInput, now = Date.now()): Promise<string> {
  const id = newToastId(now);
  const stored: StoredToast = { at: now, type, message: input.message };
  if (input.values) stored.values = input.values;
  if (input.duration !== undefined) stored.duration = input.duration;
  return toastCookie(`${toastCookiePrefix}${id}`).serialize(stored);
}

interface StoredToast {
  at: number;
  type: ToastType;
  message: string;
  values?: Record<string, string>;
  duration?: number;
}

function isStoredToast(value: unknown): value is StoredToast {
  if (!value || typeof value !== "object") return false;
  const toast = value as Record<string, unknown>;
  const values = toast.values;
  return (
    typeof toast.at === "number" &&
    isToastType(toast.type) &&
    typeof toast.message === "string" &&
    (toast.duration === undefined || typeof toast.duration === "number") &&
    (values === undefined ||
      (typeof values === "object" &&
        values !== null &&
        Object.values(values).every((value) => typeof value === "string")))
  );
}

/** A redirect with a toast of `type`; `init` may carry further headers (a session cookie). */
export async function redirectWithToast(url: string, type: ToastType, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastSetCookie(type, input));
  return redirect(url, { ...init, headers });
}

export const redirectWithSuccess = (url: string, input: ToastInput, init?: ResponseInit) =>
  redirectWithToast(url, "success", input, init);

export const redirectWithError = (url: string, input: ToastInput, init?: ResponseInit) =>
  redirectWithToast(url, "error", input, init);

/** The names of the toast cookies in a Cookie header, each once. */
export function toastCookieNames(cookieHeader: string | null): string[] {
  const names = new Set<string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const name = part.trim().split("=")[0] ?? "";
    if (toastCookieName.test(name)) names.add(name);
  }
  return [...names];
}

/** Whether a Cookie header carries any toast cookie (names compared exactly, as browsers send them). */
export function hasToastCookie(cookieHeader: string | null): boolean {
  return toastCookieNames(cookieHeader).length > 0;
}

/**
 * The toasts this request brings, oldest first (at most 20), and the headers that remove every
 * toast cookie it sent, so each shows once. Nearly every page is asked for without one: then
 * nothing is parsed or verified and no header is set (root.tsx runs this on every page).
 */
export async function readToasts(request: Request): Promise<{ toasts: Toast[]; headers: Headers }> {
  const cookieHeader = request.headers.get("Cookie");
  const headers = new Headers();
  const names = toastCookieNames(cookieHeader);
  if (names.length === 0) return { toasts: [], headers };
  const found: (StoredToast & { id: string })[] = [];
  for (const name of names) {
    const cookie = toastCookie(name);
    const value: unknown = await cookie.parse(cookieHeader);
    if (isStoredToast(value)) found.push({ ...value, id: name.slice(toastCookiePrefix.length) });
    headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  }
  const toasts = newestToasts(found, toastLimit).map(({ at: _at, ...toast }) => toast);
  return { toasts, headers };
}
