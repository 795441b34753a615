/**
 * Signed tokens that name a user and a purpose (ADR 0076): `{purpose}.{userId}.{mac}`, the mac an
 * HMAC-SHA256 under the back-end's secret (the JWT secret's key bytes, TokenSettings.key) of
 * "{purpose}\n{userId}", base64url. Nothing is stored: the token holds as long as the secret does,
 * which is what a List-Unsubscribe address in an e-mail kept for years needs (RFC 8058). A token
 * does only what its purpose says; one of another purpose, another user or a changed character is
 * refused (compared in constant time).
 *
 * Purposes: "weekly-update-unsubscribe" turns off the weekly update e-mail (and nothing else).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenPurpose = "weekly-update-unsubscribe";

/** How a purpose is written in its tokens (short: the token goes into a URL). */
const purposeCodes: Readonly<Record<TokenPurpose, string>> = { "weekly-update-unsubscribe": "wu" };

function mac(key: Uint8Array, code: string, userId: number): Buffer {
  return createHmac("sha256", key).update(`${code}\n${userId}`, "utf8").digest();
}

export function signPurposeToken(key: Uint8Array, purpose: TokenPurpose, userId: number): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`not a user id: ${userId}`);
  const code = purposeCodes[purpose];
  return `${code}.${userId}.${mac(key, code, userId).toString("base64url")}`;
}

/** The user id the token names for `purpose`, or null when it is not one of ours for that purpose. */
export function verifyPurposeToken(key: Uint8Array, purpose: TokenPurpose, token: string): number | null {
  const match = /^([a-z]{1,8})\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return null;
  const [, code, id, given] = match as unknown as [string, string, string, string];
  if (code !== purposeCodes[purpose]) return null;
  const userId = Number(id);
  if (!Number.isSafeInteger(userId)) return null;
  const expected = mac(key, code, userId);
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== expected.length || actual.toString("base64url") !== given) return null;
  return timingSafeEqual(actual, expected) ? userId : null;
}
