import type { AlarmInvalidReason } from "@common/graphql-enums.generated";
import { type PasswordProblem, passwordProblemMessages } from "@common/password-rules";
import { ApiError } from "~/services/graphql.server";

/**
 * The translation keys for the account service's error codes (spec section 8), for forms.
 * Field errors (a password the back-end refused) come back per field.
 */
const formErrorKeys: Record<string, string> = {
  INVALID_CREDENTIALS: "login.invalid_credentials",
  EMAIL_IN_USE: "errors.email_in_use",
  USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS: "errors.user_exists_with_above_default_rights",
  EMAIL_USED_BY_ADMIN_PORTAL: "errors.email_used_by_admin_portal",
  ACTIVATION_CODE_IN_USE: "errors.activation_code_in_use",
  ACTIVATION_CODE_INVALID: "errors.activation_code_invalid",
  PASSWORD_UPDATE_FAILED: "errors.password_update_failed",
  LOGIN_EXPIRED: "errors.login_expired",
  INVALID_TOKEN: "impersonate.failed",
  USER_DEACTIVATED: "errors.user_deactivated",
  DATA_POLICY_NOT_ACKNOWLEDGED: "validation.data_policy_required",
};

/**
 * The refusals of an account whose owner has proven the address (the right password, a verified
 * social e-mail): each has its own text on every sign-in and sign-up path (spec section 8).
 */
const accountRefusals = new Set([
  "EMAIL_USED_BY_ADMIN_PORTAL",
  "USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS",
  "USER_DEACTIVATED",
  "EMAIL_IN_USE",
]);

/** The text of an account refusal (see accountRefusals), or null for any other error. */
export function accountRefusalKey(error: unknown): string | null {
  if (!(error instanceof ApiError) || !accountRefusals.has(error.code)) return null;
  return formErrorKeys[error.code] ?? null;
}

export function formErrorKey(error: ApiError): string {
  return formErrorKeys[error.code] ?? "errors.invalid_response";
}

/**
 * The text of an alarm the tenant service refused (ALARM_INVALID): its extensions.reason is a code
 * of the schema's AlarmInvalidReason, mapped here to the alarm form's text. An unknown reason (a
 * newer service) reads as the most general refusal.
 */
const alarmInvalidKeys: Record<AlarmInvalidReason, string> = {
  TYPE_REQUIRED: "alarms.error.type_required",
  FREQUENCY_REQUIRED: "alarms.error.frequency_required",
  QUANTITY_NOT_MEASURED: "alarms.error.quantity_not_measured",
  TYPE_NOT_FOR_QUANTITY: "alarms.error.type_not_for_quantity",
  LEVEL_REQUIRED: "alarms.error.level_required",
  LEVEL_NOT_A_NUMBER: "alarms.error.level_not_a_number",
  LEVEL_DECIMALS: "alarms.error.level_decimals",
  LEVEL_RANGE: "alarms.error.level_range",
};

export function alarmInvalidKey(error: ApiError): string {
  const reason = error.extensions.reason;
  return typeof reason === "string" && Object.hasOwn(alarmInvalidKeys, reason)
    ? alarmInvalidKeys[reason as AlarmInvalidReason]
    : "alarms.error.type_not_for_quantity";
}

/** Field errors from a BAD_USER_INPUT answer: the password rules the back-end found broken. */
export function fieldErrors(error: ApiError): Record<string, string[]> | null {
  if (error.code !== "BAD_USER_INPUT") return null;
  const problems = error.extensions.passwordProblems;
  if (Array.isArray(problems) && problems.length > 0) {
    return {
      password: problems
        .filter((p): p is PasswordProblem => typeof p === "string" && p in passwordProblemMessages)
        .map((p) => passwordProblemMessages[p]),
    };
  }
  if (error.extensions.field === "email") return { email: ["validation.invalid_email"] };
  return null;
}

/**
 * A refusal as a form shows it: under the fields where the back-end named them (the password
 * rules, the address), else as one message for the form.
 */
export function formErrorsOf(error: ApiError): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  const fields = fieldErrors(error);
  return fields ? { fieldErrors: fields } : { formErrors: [formErrorKey(error)] };
}
