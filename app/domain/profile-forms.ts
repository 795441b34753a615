/**
 * The profile settings' forms (spec sections 4 and 5), shared by the pages and their
 * tests: every rule here is checked again by the back-end.
 */

import { supportedLanguages } from "@common/languages";
import type { FormRules } from "./form-rules";
import { emailRules } from "./login-form";
import { newPasswordFields, newPasswordRepeats } from "./signup-form";

/** Whether an account signs in with a password (others sign in with Google, Facebook or Apple). */
export function usesPassword(userType: string): boolean {
  return userType === "EMAIL_PASSWORD";
}

export const NAME_MAX = 100;

export const nameFormRules = {
  intent: "name",
  fields: {
    name: {
      required: "profile.name_required",
      trim: true,
      minLength: { length: 1, message: "profile.name_required" },
      maxLength: { length: NAME_MAX, message: "profile.name_too_long" },
      problems: (name: string) => (/\p{Cc}/u.test(name) ? ["profile.name_invalid"] : []),
    },
  },
} as const satisfies FormRules;

export const settingsFormRules = {
  intent: "settings",
  fields: {
    language: { kind: "choice", values: supportedLanguages, message: "profile.language_required" },
    // An unticked checkbox is not sent at all.
    emailNotifications: { kind: "checkbox" },
  },
} as const satisfies FormRules;

export const passwordFormRules = {
  fields: {
    currentPassword: {
      required: "profile.current_password_required",
      minLength: { length: 1, message: "profile.current_password_required" },
    },
    ...newPasswordFields,
  },
  repeats: newPasswordRepeats,
} as const satisfies FormRules;

export const emailFormRules = {
  fields: { newEmail: emailRules, currentPassword: {} },
} as const satisfies FormRules;

/** Deleting: the password, or for an account without one the e-mail typed again (the action decides which). */
export const deleteFormRules = {
  fields: { password: {}, emailConfirmation: { trim: true } },
} as const satisfies FormRules;
