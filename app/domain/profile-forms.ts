/**
 * The profile settings' forms (spec sections 4 and 5), shared by the pages and their
 * tests: every rule here is checked again by the back-end.
 */

import { supportedLanguages } from "@common/languages";
import { z } from "zod";
import { emailField } from "./login-form";
import { newPasswordFields } from "./signup-form";

/** Whether an account signs in with a password (others sign in with Google, Facebook or Apple). */
export function usesPassword(userType: string): boolean {
  return userType === "EMAIL_PASSWORD";
}

export const NAME_MAX = 100;

export const nameFormSchema = z.object({
  intent: z.literal("name"),
  name: z
    .string({ error: "profile.name_required" })
    .trim()
    .min(1, { error: "profile.name_required" })
    .max(NAME_MAX, { error: "profile.name_too_long" })
    .refine((name) => !/\p{Cc}/u.test(name), { error: "profile.name_invalid" }),
});

export const settingsFormSchema = z.object({
  intent: z.literal("settings"),
  language: z.enum(supportedLanguages, { error: "profile.language_required" }),
  // An unticked checkbox is not sent at all.
  emailNotifications: z.literal("on").optional(),
});

export const passwordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: "profile.current_password_required" })
      .min(1, { error: "profile.current_password_required" }),
    ...newPasswordFields,
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordRepeat)
      ctx.addIssue({ code: "custom", path: ["passwordRepeat"], message: "validation.passwords_do_not_match" });
  });

export const emailFormSchema = z.object({
  newEmail: emailField,
  currentPassword: z.string().optional(),
});

/** Deleting: the password, or for an account without one the e-mail typed again. */
export const deleteFormSchema = z.object({
  password: z.string().optional(),
  emailConfirmation: z.string().trim().optional(),
});
