import { passwordProblemMessages, passwordProblems } from "@common/password-rules";
import { z } from "zod";
import { emailField } from "./login-form";

/** A new password and its repeat, with every rule of spec section 5 as a translated message. */
export const newPasswordFields = {
  password: z.string({ error: "validation.password_required" }).superRefine((password, ctx) => {
    for (const problem of passwordProblems(password)) {
      ctx.addIssue({ code: "custom", message: passwordProblemMessages[problem] });
    }
  }),
  passwordRepeat: z.string({ error: "validation.passwords_do_not_match" }),
};

function repeatMatches(value: { password: string; passwordRepeat: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.passwordRepeat) {
    ctx.addIssue({ code: "custom", path: ["passwordRepeat"], message: "validation.passwords_do_not_match" });
  }
}

export const signupFormSchema = z
  .object({
    email: emailField,
    ...newPasswordFields,
    dataPolicy: z.literal("on", { error: "validation.data_policy_required" }),
  })
  .superRefine(repeatMatches);

export const setPasswordFormSchema = z.object(newPasswordFields).superRefine(repeatMatches);
