import { alarmInvalidKey } from "@common/alarms";
import { AlarmInvalidReason } from "@common/graphql-enums.generated";
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
 * The text of an alarm the tenant service refused (ALARM_INVALID), with the limits it names: its
 * extensions.reason is a code of the schema's AlarmInvalidReason (common/alarms.ts names its text),
 * extensions.values the level's limits ({min, max} or {decimals}). An unknown reason (a newer
 * service) reads as the most general refusal.
 */
export function alarmRefusal(error: ApiError): { key: string; values?: Record<string, number> } {
  const reason = error.extensions.reason;
  if (typeof reason !== "string" || !(AlarmInvalidReason as readonly string[]).includes(reason))
    return { key: alarmInvalidKey("TYPE_NOT_FOR_QUANTITY") };
  const values = error.extensions.values;
  const numbers =
    values !== null && typeof values === "object"
      ? Object.entries(values).filter((entry): entry is [string, number] => typeof entry[1] === "number")
      : [];
  const key = alarmInvalidKey(reason as AlarmInvalidReason);
  return numbers.length > 0 ? { key, values: Object.fromEntries(numbers) } : { key };
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
