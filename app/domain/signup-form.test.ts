import { describe, expect, it } from "vitest";
import { setPasswordFormSchema, signupFormSchema } from "./signup-form";

const good = {
  email: "new@demo.test",
  password: "Good-Password-2026!",
  passwordRepeat: "Good-Password-2026!",
  dataPolicy: "on",
};

function messages(input: Record<string, unknown>) {
  const result = signupFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(
        Object.entries(
          result.error.issues.reduce<Record<string, string[]>>((all, issue) => {
            const key = issue.path.join(".") || "form";
            all[key] ??= [];
            all[key].push(issue.message);
            return all;
          }, {}),
        ),
      );
}

describe("signupFormSchema (spec section 5)", () => {
  it("accepts a complete, valid form", () => {
    expect(signupFormSchema.safeParse(good).success).toBe(true);
  });

  it("gives every password message at once", () => {
    expect(messages({ ...good, password: "abc", passwordRepeat: "abc" }).password).toEqual([
      "validation.password_too_short",
      "validation.password_no_capital",
      "validation.password_no_digit",
      "validation.password_no_special",
    ]);
    expect(
      messages({ ...good, password: "ALLCAPS-PASSWORD-1", passwordRepeat: "ALLCAPS-PASSWORD-1" }).password,
    ).toEqual(["validation.password_no_lowercase"]);
  });

  it("says when the passwords do not match", () => {
    expect(messages({ ...good, passwordRepeat: "Other-Password-2026!" }).passwordRepeat).toEqual([
      "validation.passwords_do_not_match",
    ]);
  });

  it("needs a valid e-mail and the data-policy confirmation", () => {
    expect(messages({ ...good, email: "not-an-address" }).email).toEqual(["validation.invalid_email"]);
    expect(messages({ ...good, email: undefined }).email).toEqual(["validation.email_required"]);
    expect(messages({ ...good, dataPolicy: undefined }).dataPolicy).toEqual(["validation.data_policy_required"]);
  });

  it("set-password uses the same rules", () => {
    expect(setPasswordFormSchema.safeParse({ password: good.password, passwordRepeat: good.password }).success).toBe(
      true,
    );
    expect(setPasswordFormSchema.safeParse({ password: "short", passwordRepeat: "short" }).success).toBe(false);
  });
});
