import { loginPath, signupPath } from "@common/portal-paths";
import { AuthorizationError } from "remix-auth";
import { ApiError } from "~/services/graphql.server";
import { accountRefusalKey } from "~/session/api-errors";

/**
 * Where a failed social sign-in ends, and with which text. An account the portal does not serve
 * gets that account's text (spec section 8); an e-mail without an account goes to the sign-up
 * page, which asks for the data-policy confirmation first; anything else (state mismatch, a
 * refused token, an unverified e-mail, a service that is down) gets the provider's general text.
 * remix-auth wraps what the sign-in threw in an AuthorizationError: its cause is looked at.
 */
export function socialFailureOf(error: unknown): { path: typeof loginPath | typeof signupPath; key: string } {
  const cause = error instanceof AuthorizationError ? error.cause : error;
  if (cause instanceof ApiError && cause.code === "DATA_POLICY_NOT_ACKNOWLEDGED") {
    return { path: signupPath, key: "errors.social_no_account" };
  }
  return { path: loginPath, key: accountRefusalKey(cause) ?? "errors.social_failed" };
}
