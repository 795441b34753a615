import { randomUUID } from "node:crypto";

/**
 * The id that follows one request through the proxy, the portal and the back-end: the
 * proxy sets `X-Request-Id`, the portal keeps it (or makes one), answers with it and sends it on
 * every call to the back-end, and both processes put it on their log lines for that request.
 *
 * Shared by the portal (server.ts) and the back-end (backend/app.ts): one rule for what is taken.
 * A header is accepted only when it is short and made of safe characters (letters, digits, `.`,
 * `_`, `:`, `-`; at most 64), so a client cannot write newlines, quotes or kilobytes into our logs
 * or headers through it; anything else is replaced by a fresh UUID.
 */

export const requestIdHeader = "x-request-id";

const acceptable = /^[A-Za-z0-9._:-]{1,64}$/;

/** Whether a received `X-Request-Id` value may be used as it is. */
export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === "string" && acceptable.test(value);
}

export function newRequestId(): string {
  return randomUUID();
}

/** The request's id: the received header when it is valid, else a new one. */
export function requestIdFrom(header: string | readonly string[] | null | undefined): string {
  // Node joins repeated headers for most names but hands some over as a list: take the first.
  const value = Array.isArray(header) ? header[0] : (header as string | null | undefined);
  return isValidRequestId(value) ? value : newRequestId();
}
