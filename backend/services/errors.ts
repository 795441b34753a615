/**
 * The errors the back-end's GraphQL services return on purpose. Each is a GraphQLError whose
 * `extensions.code` is one of `errorCodes`; the portal maps codes (not messages) to its texts.
 * Messages are those of spec section 8 where the spec has one.
 *
 * Anything else a resolver throws is unexpected: graphql-yoga masks it ('Unexpected error.',
 * code INTERNAL_SERVER_ERROR) and the back-end logs it (see app.ts).
 */

import { type ErrorCode, errorMessages, isErrorCode } from "@common/error-codes";
import type { GraphQLError } from "graphql";
// createGraphQLError (not `new GraphQLError`): it builds the error with the same copy of graphql
// that graphql-yoga uses, so yoga recognizes it as intended and does not mask it, even where a
// bundler or test runner loads graphql twice (its CommonJS and ES module builds).
import { createGraphQLError } from "graphql-yoga";

export { type ErrorCode, errorCodes, errorMessages, isErrorCode } from "@common/error-codes";

/** A GraphQL error with `extensions.code`; yoga sends it to the client as it is. */
export function serviceError(
  code: ErrorCode,
  message: string = errorMessages[code],
  details?: Record<string, unknown>,
): GraphQLError {
  return createGraphQLError(message, { extensions: { ...details, code } });
}

/** The code of an error made by serviceError, if it is one. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (typeof error !== "object" || error === null || !("extensions" in error)) return undefined;
  const extensions = (error as { extensions?: { code?: unknown } }).extensions;
  return isErrorCode(extensions?.code) ? extensions.code : undefined;
}

export const invalidCredentials = () => serviceError("INVALID_CREDENTIALS");
export const unauthenticated = () => serviceError("UNAUTHENTICATED");
export const forbidden = () => serviceError("FORBIDDEN");
export const invalidRefreshToken = () => serviceError("INVALID_REFRESH_TOKEN");
export const loginExpired = () => serviceError("LOGIN_EXPIRED");
export const invalidToken = () => serviceError("INVALID_TOKEN");
/** `message` names what is wrong, in English, e.g. "targetResource must be 'tenant'". */
export const badUserInput = (message: string, field?: string) =>
  serviceError("BAD_USER_INPUT", message, field === undefined ? undefined : { field });
