/**
 * The password rules of spec section 5, shared by the portal's forms and the back-end (which
 * enforces them too): at least 12 characters, a digit, a capital letter, a lowercase letter and
 * a special character. Letters count in any alphabet (æ, ø, å are letters, not special characters).
 */
export const passwordMinLength = 12;
/** Long enough for any passphrase, short enough to keep hashing cheap. */
export const passwordMaxLength = 256;

export type PasswordProblem = "too_short" | "too_long" | "no_capital" | "no_lowercase" | "no_digit" | "no_special";

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < passwordMinLength) problems.push("too_short");
  if (length > passwordMaxLength) problems.push("too_long");
  if (!/\p{Lu}/u.test(password)) problems.push("no_capital");
  if (!/\p{Ll}/u.test(password)) problems.push("no_lowercase");
  if (!/\p{Nd}/u.test(password)) problems.push("no_digit");
  if (!/[^\p{L}\p{Nd}]/u.test(password)) problems.push("no_special");
  return problems;
}

/** The translation key (validation.*) for each problem. */
export const passwordProblemMessages: Record<PasswordProblem, string> = {
  too_short: "validation.password_too_short",
  too_long: "validation.password_too_long",
  no_capital: "validation.password_no_capital",
  no_lowercase: "validation.password_no_lowercase",
  no_digit: "validation.password_no_digit",
  no_special: "validation.password_no_special",
};
