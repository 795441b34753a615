import * as z from "zod/mini";
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

/** An e-mail address field: required, trimmed, at most 254 characters, then (only if those passed) a valid address. */
export const emailSchema = z.pipe(
  z.string({ error: "validation.email_required" }).check(z.trim(), z.maxLength(254, "validation.invalid_email")),
  z.email("validation.invalid_email"),
);

/** The e-mail sign-in form. */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "validation.password_required" })
    .check(z.maxLength(1024, "validation.password_required")),
  remember: z.optional(z.literal("on")),
  redirectTo: z.optional(z.string()),
  tenancyId: z.optional(z.string()),
});

/** The request for a password reset link: the account's e-mail. */
export const resetRequestFormSchema = z.object({ email: emailSchema });
