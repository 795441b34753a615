import { passwordProblemMessages, passwordProblems } from "@common/password-rules";
import * as z from "zod/mini";
import { emailSchema } from "./login-form";

/** A new password, with every broken rule of spec section 5 as its own translated message. */
export const newPasswordSchema = z.string({ error: "validation.password_required" }).check(
  z.superRefine((password, ctx) => {
    for (const problem of passwordProblems(password))
      ctx.addIssue({ code: "custom", message: passwordProblemMessages[problem] });
  }),
);

/** A new password and its repeat. */
export const newPasswordShape = {
  password: newPasswordSchema,
  passwordRepeat: z.string({ error: "validation.passwords_do_not_match" }),
};

/**
 * The repeat must equal the new password. zod runs a form's check only when every field is present
 * and of its type (a field's own rules may have failed): a missing field says so first.
 */
export const repeatsPassword = z.refine<{ password: string; passwordRepeat: string }>(
  (form) => form.passwordRepeat === form.password,
  {
    error: "validation.passwords_do_not_match",
    path: ["passwordRepeat"],
  },
);

export const signupFormSchema = z
  .object({
    email: emailSchema,
    ...newPasswordShape,
    dataPolicy: z.literal("on", { error: "validation.data_policy_required" }),
  })
  .check(repeatsPassword);

export const setPasswordFormSchema = z.object(newPasswordShape).check(repeatsPassword);
