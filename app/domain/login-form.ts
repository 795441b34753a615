import { z } from "zod";

/**
 * The e-mail sign-in form. Messages are translation keys (validation.*), so the same schema
 * gives localized errors on the server and, through conform, in the browser.
 */
/** An e-mail address field: required, trimmed, at most 254 characters, a valid address. */
export const emailField = z
  .string({ error: "validation.email_required" })
  .trim()
  .max(254, { error: "validation.invalid_email" })
  .pipe(z.email({ error: "validation.invalid_email" }));

export const loginFormSchema = z.object({
  email: emailField,
  password: z.string({ error: "validation.password_required" }).max(1024, { error: "validation.password_required" }),
  remember: z.literal("on").optional(),
  redirectTo: z.string().optional(),
  tenancyId: z.string().optional(),
});

export type LoginForm = z.infer<typeof loginFormSchema>;
