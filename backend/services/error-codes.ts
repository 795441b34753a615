/**
 * The error codes of the back-end's GraphQL services (`extensions.code`) and their messages. Pure
 * data with no dependencies, so the portal can import it (and its ErrorCode type) cheaply.
 */
export const errorCodes = [
  "INVALID_CREDENTIALS",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "INVALID_REFRESH_TOKEN",
  "BAD_USER_INPUT",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorMessages: Readonly<Record<ErrorCode, string>> = {
  INVALID_CREDENTIALS: "Please enter valid credentials",
  UNAUTHENTICATED: "Login required",
  // Spec section 8: "the Danish text for access not allowed"; the portal matches on it.
  FORBIDDEN: "Adgang ikke tilladt",
  INVALID_REFRESH_TOKEN: "Invalid refresh token",
  BAD_USER_INPUT: "Invalid input",
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}
