import type { PasswordProblem } from "./password-rules";

/**
 * For tests: passwords that break the rules of spec section 5, each with exactly the problems it
 * has, in the rules' order. The rule module's own test and the back-end's sign-up test both read
 * it, so the portal's form and the back-end are held to the same answers for the same passwords.
 */
export const passwordsBreakingRules: readonly [password: string, problems: PasswordProblem[]][] = [
  ["Short-1a", ["too_short"]],
  ["lowercase-only-1", ["no_capital"]],
  ["no-capital-letters-1", ["no_capital"]],
  ["UPPERCASE-ONLY-1", ["no_lowercase"]],
  ["NO-LOWERCASE-LETTERS-1", ["no_lowercase"]],
  ["No-Digits-At-All", ["no_digit"]],
  ["No-Digits-At-All!", ["no_digit"]],
  ["NoSpecialChars123", ["no_special"]],
  ["NoSpecialChars2026", ["no_special"]],
  ["abc", ["too_short", "no_capital", "no_digit", "no_special"]],
  [`Aa1-${"x".repeat(260)}`, ["too_long"]],
];
