/**
 * The sign-in forms' zod schemas (zod/mini, ADR 0065): the action parses with them and the page's
 * conform form checks them in the browser, so both say the same. Messages are translation keys,
 * shown in the resident's language.
 */

import * as z from "zod/mini";

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
