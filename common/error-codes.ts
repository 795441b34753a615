/**
 * The error codes of the back-end's GraphQL services (`extensions.code`) and their messages. Pure
 * data with no dependencies, so the portal can import it (and its ErrorCode type) cheaply. The
 * codes are the schema's enum ErrorCode (backend/schema/errors.graphql), generated; the messages
 * are the English texts the back-end sends with them.
 */
import { type ErrorCode, ErrorCode as schemaErrorCodes } from "./graphql-enums.generated";

export type { ErrorCode };

export const errorCodes = schemaErrorCodes;

export const errorMessages: Readonly<Record<ErrorCode, string>> = {
  INVALID_CREDENTIALS: "Please enter valid credentials",
  UNAUTHENTICATED: "Login required",
  // Spec section 8: "the Danish text for access not allowed"; the portal matches on it.
  FORBIDDEN: "Adgang ikke tilladt",
  INVALID_REFRESH_TOKEN: "Invalid refresh token",
  BAD_USER_INPUT: "Invalid input",
  EMAIL_IN_USE: "A user already exists with that email, but the password is not correct.",
  USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS: "User already exists and has above default rights.",
  EMAIL_USED_BY_ADMIN_PORTAL: "This email is used by the admin portal. Please use another email.",
  LOGIN_EXPIRED: "Login expired. Please log in again.",
  ACTIVATION_CODE_IN_USE: "Activation code has already been used",
  ACTIVATION_CODE_INVALID: "The activation code you entered is invalid.",
  PASSWORD_UPDATE_FAILED: "Password update failed. Please try again.",
  INVALID_TOKEN: "The link is invalid, has expired or has already been used.",
  SOCIAL_PROVIDER_DISABLED: "Sign-in with this provider is not enabled.",
  SOCIAL_AUTH_FAILED: "The provider did not accept the sign-in. Please try again.",
  SOCIAL_EMAIL_NOT_VERIFIED: "The provider did not confirm a verified email address.",
  // Only to someone who has proven the address (right password, verified provider e-mail).
  USER_DEACTIVATED: "This account has been deactivated.",
  DATA_POLICY_NOT_ACKNOWLEDGED: "Confirm the data policy to create an account.",
  // extensions.retryAfterSeconds says when the next attempt may be made.
  RATE_LIMITED: "Too many attempts. Please try again later.",
  ROOM_NOT_FOUND: "The unit has no room with that name.",
  ROOM_NAME_INVALID: "A room name must be 1 to 40 characters, contain a letter or digit and no control characters.",
  ROOM_NAME_TAKEN: "Another room of the unit already has that name.",
  ALARM_NOT_FOUND: "No such alarm.",
  NOTIFICATION_NOT_FOUND: "No such notification.",
  ALARM_INVALID: "The alarm's settings are not valid.",
  TENANCY_ENDED: "The tenancy has ended: its alarms can be read and deleted, not created or changed.",
  WATCH_UNAVAILABLE: "The watch is not offered for this tenancy.",
  ALREADY_MEMBER: "That person is already a user of this tenancy.",
  INVITATION_NOT_FOUND: "No such invitation.",
  USER_NOT_FOUND: "No such user of this tenancy.",
  LAST_ADMIN: "A tenancy must keep at least one admin.",
  HOURLY_VALUES_DISABLED: "The property does not provide hourly values for this tenancy.",
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}
