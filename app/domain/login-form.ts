import type { FormRules, TextRules } from "./form-rules";

/** An e-mail address field: required, trimmed, at most 254 characters, a valid address. */
export const emailRules = {
  required: "validation.email_required",
  trim: true,
  maxLength: { length: 254, message: "validation.invalid_email" },
  email: "validation.invalid_email",
} as const satisfies TextRules;

/** The e-mail sign-in form (messages are translation keys, shown in the resident's language). */
export const loginFormRules = {
  fields: {
    email: emailRules,
    password: {
      required: "validation.password_required",
      maxLength: { length: 1024, message: "validation.password_required" },
    },
    remember: { kind: "checkbox" },
    redirectTo: {},
    tenancyId: {},
  },
} as const satisfies FormRules;

/** The request for a password reset link: the account's e-mail. */
export const resetRequestFormRules = { fields: { email: emailRules } } as const satisfies FormRules;
