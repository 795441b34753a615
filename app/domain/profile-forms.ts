/**
 * The profile settings' forms (spec sections 4 and 5), shared by the pages and their
 * tests: every rule here is checked again by the back-end.
 */

import { supportedLanguages } from "@common/languages";
import * as z from "zod/mini";
import { emailSchema } from "./login-form";
import { newPasswordShape, repeatsPassword } from "./signup-form";

/** Whether an account signs in with a password (others sign in with Google, Facebook or Apple). */
export function usesPassword(userType: string): boolean {
  return userType === "EMAIL_PASSWORD";
}

export const NAME_MAX = 100;

/** The resident's name: trimmed, 1 to 100 characters, no control characters. */
export const nameFormSchema = z.object({
  intent: z.literal("name"),
  name: z.string({ error: "profile.name_required" }).check(
    z.trim(),
    z.minLength(1, "profile.name_required"),
    z.maxLength(NAME_MAX, "profile.name_too_long"),
    z.refine((name) => !/\p{Cc}/u.test(name), "profile.name_invalid"),
  ),
});

export const settingsFormSchema = z.object({
  intent: z.literal("settings"),
  language: z.enum(supportedLanguages, { error: "profile.language_required" }),
  // An unticked checkbox is not sent at all.
  emailNotifications: z.optional(z.literal("on")),
  weeklyUpdate: z.optional(z.literal("on")),
});

export const passwordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: "profile.current_password_required" })
      .check(z.minLength(1, "profile.current_password_required")),
    ...newPasswordShape,
  })
  .check(repeatsPassword);

export const emailFormSchema = z.object({ newEmail: emailSchema, currentPassword: z.optional(z.string()) });

/** Deleting: the password, or for an account without one the e-mail typed again (the action decides which). */
export const deleteFormSchema = z.object({
  password: z.optional(z.string()),
  emailConfirmation: z.optional(z.string().check(z.trim())),
});
