/**
 * Activation codes (spec section 5): 12 letters. Residents may type them with dashes, spaces or in
 * lowercase (printed letters often group them as ABCD-EFGH-IJKL); those are removed before sending.
 */
export const activationCodeLength = 12;

/** The code as the services expect it: upper-case letters only, or null if it cannot be one. */
export function normalizeActivationCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z]{12}$/.test(code) ? code : null;
}
