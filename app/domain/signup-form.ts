import { passwordProblemMessages, passwordProblems } from "@common/password-rules";
import type { FormRules, TextRules } from "./form-rules";
import { emailRules } from "./login-form";

/** A new password, with every rule of spec section 5 as a translated message. */
export const newPasswordRules = {
  required: "validation.password_required",
  problems: (password: string) => passwordProblems(password).map((problem) => passwordProblemMessages[problem]),
} as const satisfies TextRules;

/** A new password and its repeat. */
export const newPasswordFields = {
  password: newPasswordRules,
  passwordRepeat: { required: "validation.passwords_do_not_match" },
} as const;

/** The repeat must equal the new password. */
export const newPasswordRepeats = [
  { field: "passwordRepeat", of: "password", message: "validation.passwords_do_not_match" },
] as const;

export const signupFormRules = {
  fields: {
    email: emailRules,
    ...newPasswordFields,
    dataPolicy: { kind: "checkbox", required: "validation.data_policy_required" },
  },
  repeats: newPasswordRepeats,
} as const satisfies FormRules;

export const setPasswordFormRules = {
  fields: newPasswordFields,
  repeats: newPasswordRepeats,
} as const satisfies FormRules;
