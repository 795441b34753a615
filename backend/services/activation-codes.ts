/**
 * Activation codes: 12 letters, handed out on paper or by e-mail (spec sections 1 and 5). Only the
 * sha256 of the normalized code is stored. The flows that use them (validateActivationCode,
 * addTenancy) come in a later issue; these helpers are what they build on.
 */
import { createHash } from "node:crypto";

export const activationCodeLength = 12;

/** Upper-cases and drops dashes and white space ('demo-activate' → 'DEMOACTIVATE'). */
export function normalizeActivationCode(code: string): string {
  return code.replace(/[\s-]+/g, "").toUpperCase();
}

/** True for exactly 12 letters A–Z after normalization. */
export function isWellFormedActivationCode(code: string): boolean {
  return new RegExp(`^[A-Z]{${activationCodeLength}}$`).test(normalizeActivationCode(code));
}

export function hashActivationCode(code: string): string {
  return createHash("sha256").update(normalizeActivationCode(code), "utf8").digest("hex");
}
