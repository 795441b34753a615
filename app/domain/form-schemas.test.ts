import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { codeFormSchema } from "./code-form";
import { loginFormSchema, resetRequestFormSchema } from "./login-form";
import {
  deleteFormSchema,
  emailFormSchema,
  nameFormSchema,
  passwordFormSchema,
  settingsFormSchema,
} from "./profile-forms";
import { setPasswordFormSchema, signupFormSchema } from "./signup-form";
import { inviteFormSchema } from "./tenancy-users";
import { dismissWatchSuggestionFormSchema, watchFormSchema } from "./watch-form";

/**
 * Every form's schema as both sides use it (ADR 0065): `parseWithZod` over the posted entries, in
 * the action and in the browser's conform form alike. For each form: entries it accepts (and what
 * the action reads from them), and every message it can give, with entries that provoke it. The
 * messages are translation keys; a missing name is a field left out or a box not ticked.
 */

type Entries = Record<string, string | undefined>;

function parse(schema: $ZodType, entries: Entries) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) if (value !== undefined) data.append(name, value);
  return parseWithZod(data, { schema });
}

/** The messages of an answer, by field, as the page shows them. */
const messages = (schema: $ZodType, entries: Entries) => parse(schema, entries).reply().error ?? {};

const good = "Good-Password-2026!";

interface FormCase {
  schema: $ZodType;
  valid: Entries;
  /** What the action reads from `valid`. */
  value: Record<string, unknown>;
  /** Entries (changes to `valid`) and the messages they get, covering every message of the form. */
  errors: [Entries, Record<string, string[]>][];
}

const forms: Record<string, FormCase> = {
  "sign-in": {
    schema: loginFormSchema,
    valid: { email: " anna@demo.test ", password: "x", remember: "on", redirectTo: "", tenancyId: "7009" },
    value: { email: "anna@demo.test", password: "x", remember: "on", tenancyId: "7009" },
    errors: [
      [
        { email: "", password: "" },
        { email: ["validation.email_required"], password: ["validation.password_required"] },
      ],
      [{ email: "not-an-address" }, { email: ["validation.invalid_email"] }],
      [{ email: `${"a".repeat(245)}@demo.test` }, { email: ["validation.invalid_email"] }],
      [{ password: "k".repeat(1025) }, { password: ["validation.password_required"] }],
    ],
  },
  "reset request": {
    schema: resetRequestFormSchema,
    valid: { email: "anna@demo.test" },
    value: { email: "anna@demo.test" },
    errors: [
      [{ email: undefined }, { email: ["validation.email_required"] }],
      [{ email: "a@b" }, { email: ["validation.invalid_email"] }],
    ],
  },
  "sign-up": {
    schema: signupFormSchema,
    valid: { email: "new@demo.test", password: good, passwordRepeat: good, dataPolicy: "on" },
    value: { email: "new@demo.test", password: good, passwordRepeat: good, dataPolicy: "on" },
    errors: [
      [
        { email: "", password: "", passwordRepeat: "", dataPolicy: undefined },
        {
          email: ["validation.email_required"],
          password: ["validation.password_required"],
          passwordRepeat: ["validation.passwords_do_not_match"],
          dataPolicy: ["validation.data_policy_required"],
        },
      ],
      [
        { password: "abc", passwordRepeat: "abc" },
        {
          password: [
            "validation.password_too_short",
            "validation.password_no_capital",
            "validation.password_no_digit",
            "validation.password_no_special",
          ],
        },
      ],
      [
        { password: "ALLCAPS-PASSWORD-1", passwordRepeat: "ALLCAPS-PASSWORD-1" },
        { password: ["validation.password_no_lowercase"] },
      ],
      [{ passwordRepeat: "Other-Password-2026!" }, { passwordRepeat: ["validation.passwords_do_not_match"] }],
      // The repeat is compared even when the password breaks a rule, not when a field is missing.
      [
        { password: "short", passwordRepeat: "other" },
        {
          password: [
            "validation.password_too_short",
            "validation.password_no_capital",
            "validation.password_no_digit",
            "validation.password_no_special",
          ],
          passwordRepeat: ["validation.passwords_do_not_match"],
        },
      ],
      [{ dataPolicy: undefined, passwordRepeat: "other" }, { dataPolicy: ["validation.data_policy_required"] }],
      [{ email: "x" }, { email: ["validation.invalid_email"] }],
    ],
  },
  "set password": {
    schema: setPasswordFormSchema,
    valid: { password: good, passwordRepeat: good },
    value: { password: good, passwordRepeat: good },
    errors: [
      [{ password: undefined }, { password: ["validation.password_required"] }],
      [{ passwordRepeat: "" }, { passwordRepeat: ["validation.passwords_do_not_match"] }],
      [
        { password: "alllower-only-2026", passwordRepeat: "alllower-only-2026" },
        { password: ["validation.password_no_capital"] },
      ],
    ],
  },
  "activation code": {
    schema: codeFormSchema,
    valid: { code: "abcd-EFGH-ijkl" },
    value: { code: "abcd-EFGH-ijkl" },
    errors: [
      [{ code: "" }, { code: ["validation.code_required"] }],
      [{ code: "ABCDEFGHIJK" }, { code: ["errors.activation_code_invalid"] }],
    ],
  },
  name: {
    schema: nameFormSchema,
    valid: { intent: "name", name: "  Jens Hansen " },
    value: { intent: "name", name: "Jens Hansen" },
    errors: [
      [{ name: undefined }, { name: ["profile.name_required"] }],
      [{ name: "   " }, { name: ["profile.name_required"] }],
      [{ name: "x".repeat(101) }, { name: ["profile.name_too_long"] }],
      [{ name: "a\u0007b" }, { name: ["profile.name_invalid"] }],
    ],
  },
  settings: {
    schema: settingsFormSchema,
    valid: { intent: "settings", language: "nb", emailNotifications: "on" },
    value: { intent: "settings", language: "nb", emailNotifications: "on" },
    errors: [
      [{ language: "sv" }, { language: ["profile.language_required"] }],
      [{ language: undefined }, { language: ["profile.language_required"] }],
    ],
  },
  password: {
    schema: passwordFormSchema,
    valid: { currentPassword: "old", password: good, passwordRepeat: good },
    value: { currentPassword: "old", password: good, passwordRepeat: good },
    errors: [
      [{ currentPassword: "" }, { currentPassword: ["profile.current_password_required"] }],
      [{ passwordRepeat: "Good-Password-2027!" }, { passwordRepeat: ["validation.passwords_do_not_match"] }],
      [
        { password: "NoDigits-Here!", passwordRepeat: "NoDigits-Here!" },
        { password: ["validation.password_no_digit"] },
      ],
      [{ password: "" }, { password: ["validation.password_required"] }],
    ],
  },
  "e-mail": {
    schema: emailFormSchema,
    valid: { newEmail: " new@demo.test ", currentPassword: "pw" },
    value: { newEmail: "new@demo.test", currentPassword: "pw" },
    errors: [
      [{ newEmail: "" }, { newEmail: ["validation.email_required"] }],
      [{ newEmail: "nope" }, { newEmail: ["validation.invalid_email"] }],
    ],
  },
  delete: {
    // Nothing to refuse here: the action decides whether the password or the typed address counts.
    schema: deleteFormSchema,
    valid: { password: "pw", emailConfirmation: " anna@demo.test " },
    value: { password: "pw", emailConfirmation: "anna@demo.test" },
    errors: [],
  },
  invitation: {
    schema: inviteFormSchema,
    valid: { intent: "invite", email: " Partner@Example.dk ", language: "nb" },
    value: { intent: "invite", email: "Partner@Example.dk", language: "nb" },
    errors: [
      [{ email: undefined }, { email: ["validation.email_required"] }],
      [{ email: "a..b@c.dk" }, { email: ["validation.invalid_email"] }],
      [{ language: "xx" }, { language: ["tenancy_info.invite_language_required"] }],
    ],
  },
  // Buttons only (issue 47): a watch turned on or off, the dashboard's suggestion dismissed.
  watch: {
    schema: watchFormSchema,
    valid: { intent: "watch-heating-left-on", enabled: "off" },
    value: { intent: "watch-heating-left-on", enabled: "off" },
    errors: [
      [{ intent: "watch-other" }, { intent: ["errors.bad_request"] }],
      [{ enabled: "yes" }, { enabled: ["errors.bad_request"] }],
    ],
  },
  "watch suggestion": {
    schema: dismissWatchSuggestionFormSchema,
    valid: { intent: "dismiss-watch-suggestion" },
    value: { intent: "dismiss-watch-suggestion" },
    errors: [],
  },
};

describe("every form's schema", () => {
  for (const [name, form] of Object.entries(forms)) {
    describe(name, () => {
      it("accepts valid entries and reads them (trimmed where it says)", () => {
        const submission = parse(form.schema, form.valid);
        expect(submission.status).toBe("success");
        expect(submission.status === "success" && submission.value).toEqual(form.value);
      });

      for (const [changes, expected] of form.errors) {
        it(`refuses ${JSON.stringify(changes)}`, () => {
          expect(messages(form.schema, { ...form.valid, ...changes })).toEqual(expected);
        });
      }
    });
  }

  it("a page's form states its intent: another one is refused", () => {
    expect(parse(nameFormSchema, { intent: "settings", name: "Jens" }).status).toBe("error");
    expect(parse(inviteFormSchema, { intent: "name", email: "a@b.dk", language: "da" }).status).toBe("error");
  });

  it("a checkbox is on or left out", () => {
    expect(parse(settingsFormSchema, { intent: "settings", language: "da" }).status).toBe("success");
    expect(parse(settingsFormSchema, { intent: "settings", language: "da", emailNotifications: "yes" }).status).toBe(
      "error",
    );
  });
});
