import { describe, expect, it } from "vitest";
import { emailFormSchema, nameFormSchema, passwordFormSchema, settingsFormSchema, usesPassword } from "./profile-forms";

const firstMessage = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);

describe("profile forms", () => {
  it("read a name: trimmed, 1 to 100 characters, no control characters", () => {
    expect(nameFormSchema.safeParse({ intent: "name", name: "  Jens Hansen " }).data?.name).toBe("Jens Hansen");
    expect(firstMessage(nameFormSchema.safeParse({ intent: "name", name: "   " }))).toEqual([
      "name: profile.name_required",
    ]);
    expect(firstMessage(nameFormSchema.safeParse({ intent: "name", name: "x".repeat(101) }))).toEqual([
      "name: profile.name_too_long",
    ]);
    expect(firstMessage(nameFormSchema.safeParse({ intent: "name", name: "a\u0007b" }))).toEqual([
      "name: profile.name_invalid",
    ]);
  });

  it("read the language and the e-mail notifications checkbox", () => {
    expect(settingsFormSchema.safeParse({ intent: "settings", language: "nb", emailNotifications: "on" }).data).toEqual(
      { intent: "settings", language: "nb", emailNotifications: "on" },
    );
    expect(
      settingsFormSchema.safeParse({ intent: "settings", language: "da" }).data?.emailNotifications,
    ).toBeUndefined();
    expect(settingsFormSchema.safeParse({ intent: "settings", language: "sv" }).success).toBe(false);
  });

  it("read the weekly update checkbox: ticked is 'on', unticked is not sent", () => {
    expect(settingsFormSchema.safeParse({ intent: "settings", language: "da", weeklyUpdate: "on" }).data).toEqual({
      intent: "settings",
      language: "da",
      weeklyUpdate: "on",
    });
    expect(settingsFormSchema.safeParse({ intent: "settings", language: "da" }).data?.weeklyUpdate).toBeUndefined();
    expect(settingsFormSchema.safeParse({ intent: "settings", language: "da", weeklyUpdate: "yes" }).success).toBe(
      false,
    );
  });

  it("check a new password with the rules of spec section 5 and its repeat", () => {
    const weak = passwordFormSchema.safeParse({ currentPassword: "x", password: "short", passwordRepeat: "short" });
    expect(firstMessage(weak)).toContain("password: validation.password_too_short");
    expect(
      firstMessage(
        passwordFormSchema.safeParse({
          currentPassword: "",
          password: "Good-Password-2026!",
          passwordRepeat: "Good-Password-2026!",
        }),
      ),
    ).toEqual(["currentPassword: profile.current_password_required"]);
    expect(
      firstMessage(
        passwordFormSchema.safeParse({
          currentPassword: "old",
          password: "Good-Password-2026!",
          passwordRepeat: "Good-Password-2027!",
        }),
      ),
    ).toEqual(["passwordRepeat: validation.passwords_do_not_match"]);
  });

  it("check the new e-mail address", () => {
    expect(firstMessage(emailFormSchema.safeParse({ newEmail: "nope" }))).toEqual([
      "newEmail: validation.invalid_email",
    ]);
    expect(emailFormSchema.safeParse({ newEmail: " new@demo.test ", currentPassword: "pw" }).data?.newEmail).toBe(
      "new@demo.test",
    );
  });

  it("know who signs in with a password", () => {
    expect(usesPassword("EMAIL_PASSWORD")).toBe(true);
    expect(usesPassword("GOOGLE")).toBe(false);
  });
});
