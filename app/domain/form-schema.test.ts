import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { codeFormRules } from "./code-form";
import { checkForm, emailPattern, type FieldRules, type FormRules, formPayload } from "./form-rules";
import { formSchema } from "./form-schema";
import { loginFormRules, resetRequestFormRules } from "./login-form";
import { deleteFormRules, emailFormRules, nameFormRules, passwordFormRules, settingsFormRules } from "./profile-forms";
import { setPasswordFormRules, signupFormRules } from "./signup-form";
import { inviteFormRules } from "./tenancy-users";

/** What a form of the page can send: one string per name (a missing name is an unticked box or a left-out field). */
type Entries = Record<string, string | undefined>;

const good = "Good-Password-2026!";

/** Every form the browser checks, with entries it accepts. */
const forms: { name: string; rules: FormRules; valid: Entries }[] = [
  {
    name: "sign-in",
    rules: loginFormRules,
    valid: { email: "anna@demo.test", password: "x", remember: "on", redirectTo: "", tenancyId: "7009" },
  },
  { name: "reset request", rules: resetRequestFormRules, valid: { email: "anna@demo.test" } },
  {
    name: "sign-up",
    rules: signupFormRules,
    valid: { email: "new@demo.test", password: good, passwordRepeat: good, dataPolicy: "on" },
  },
  { name: "set password", rules: setPasswordFormRules, valid: { password: good, passwordRepeat: good } },
  { name: "activation code", rules: codeFormRules, valid: { code: "abcd-EFGH-ijkl" } },
  { name: "name", rules: nameFormRules, valid: { intent: "name", name: "Jens Hansen" } },
  {
    name: "settings",
    rules: settingsFormRules,
    valid: { intent: "settings", language: "nb", emailNotifications: "on" },
  },
  {
    name: "password",
    rules: passwordFormRules,
    valid: { currentPassword: "old", password: good, passwordRepeat: good },
  },
  { name: "e-mail", rules: emailFormRules, valid: { newEmail: "new@demo.test", currentPassword: "pw" } },
  { name: "delete", rules: deleteFormRules, valid: { password: "pw", emailConfirmation: "" } },
  {
    name: "invitation",
    rules: inviteFormRules,
    valid: { intent: "invite", email: "partner@demo.test", language: "da" },
  },
];

/** Values to try in a field: every kind of wrong (and right) its rules can meet, and some tricky ones. */
function tries(rules: FieldRules): (string | undefined)[] {
  const common = [
    undefined,
    "",
    " ",
    "   ",
    "\t",
    "x",
    "on",
    "off",
    "ab c",
    " padded ",
    "a\u0007b",
    "æøå",
    "Ærø-Æble 1!",
  ];
  if (rules.kind === "choice") return [...common, ...rules.values, ` ${rules.values[0]}`, "xx", "DA"];
  if (rules.kind === "checkbox") return [undefined, "", "on"];
  const lengths = [rules.minLength?.length, rules.maxLength?.length].filter((n) => n !== undefined);
  // Lengths are counted in characters: an emoji is one, though two UTF-16 units; a lone surrogate is one too.
  const around = lengths.flatMap((n) =>
    [n - 1, n, n + 1]
      .filter((m) => m >= 0)
      .flatMap((m) => ["k".repeat(m), "😀".repeat(m), `${"k".repeat(Math.max(m - 1, 0))}\ud800`]),
  );
  const addresses = [
    "a@b.dk",
    " Partner@Example.dk ",
    "not-an-address",
    "a@b",
    "a@b.c",
    "a..b@c.dk",
    ".a@b.dk",
    "a.@b.dk",
    "a@-b.dk",
    "æ@b.dk",
    "a b@c.dk",
    `${"a".repeat(245)}@demo.test`,
    `${"a".repeat(244)}@demo.test`,
    `${"a".repeat(244)} @demo.test`,
  ];
  const passwords = [
    good,
    "short",
    "weakpass",
    "ALLCAPS-ONLY-2026",
    "alllower-only-2026",
    "NoDigits-Here!",
    "NoSpecial2026aa",
    "Æblegrød-Søndag-2026",
    "k".repeat(257),
    `Aa1!${"k".repeat(253)}`,
  ];
  const codes = ["ABCDEFGHIJKL", "abcd-efgh-ijkl", "ABCD EFGH IJKL", "ABCDEFGHIJK", "ABCDEFGHIJKLM", "ABCD-EFGH-IJK1"];
  const names = ["Jens Hansen", "  Jens  ", "a\nb", "a\u007fb", "a\u200bb", "😀".repeat(50), "😀".repeat(51)];
  return [...common, ...around, ...addresses, ...passwords, ...codes, ...names];
}

/**
 * The table of a form: the valid entries, nothing filled in, each field tried with every value, and
 * every two fields wrong at once. The page writes the hidden `intent` itself, so it is always right.
 */
function table({ rules, valid }: { rules: FormRules; valid: Entries }): Entries[] {
  const rows: Entries[] = [valid, { intent: rules.intent }];
  const names = Object.keys(rules.fields);
  for (const name of names) {
    for (const value of tries(rules.fields[name] as FieldRules)) {
      rows.push({ ...valid, [name]: value });
      // The repeats are checked only when every field is present: try each value with a mismatch too.
      for (const { field, of } of rules.repeats ?? [])
        if (name !== field) rows.push({ ...valid, [name]: value, [field]: `${valid[of] ?? ""}-other` });
    }
  }
  const wrong = (field: FieldRules) => (field.kind === "checkbox" ? undefined : "x");
  for (const first of names)
    for (const second of names)
      if (first < second) rows.push({ ...valid, [first]: "", [second]: wrong(rules.fields[second] as FieldRules) });
  return rows;
}

function formData(entries: Entries): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) if (value !== undefined) data.append(name, value);
  return data;
}

/** The server's messages: the action's parse (conform over the zod schema), as it replies them. */
function serverMessages(rules: FormRules, entries: Entries) {
  return parseWithZod(formData(entries), { schema: formSchema(rules) }).reply().error ?? {};
}

/** Every message a form's rules name (the password rules' messages come from their function). */
function declaredMessages(rules: FormRules): string[] {
  const fromField = (field: FieldRules) =>
    field.kind === "choice"
      ? [field.message]
      : [
          field.required,
          ...(field.kind === "checkbox" ? [] : [field.minLength?.message, field.maxLength?.message, field.email]),
        ];
  return [...Object.values(rules.fields).flatMap(fromField), ...(rules.repeats ?? []).map((r) => r.message)].filter(
    (message): message is string => message !== undefined,
  );
}

describe("the browser's check gives the server's messages, for every form", () => {
  for (const form of forms) {
    it(form.name, () => {
      const rows = table(form);
      const seen = new Set<string>();
      for (const entries of rows) {
        const server = serverMessages(form.rules, entries);
        const browser = checkForm(form.rules, formPayload(formData(entries)));
        expect({ entries, messages: browser }).toEqual({ entries, messages: server });
        for (const messages of Object.values(server)) for (const message of messages ?? []) seen.add(message);
      }
      // The table reaches every rule: each message the rules name came up at least once.
      expect([...seen]).toEqual(expect.arrayContaining(declaredMessages(form.rules)));
      expect(serverMessages(form.rules, form.valid)).toEqual({});
    });
  }

  it("the valid entries pass, and the server reads them (trimmed where the rules say)", () => {
    const submission = parseWithZod(formData({ intent: "invite", email: " Partner@Example.dk ", language: "nb" }), {
      schema: formSchema(inviteFormRules),
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "invite",
      email: "Partner@Example.dk",
      language: "nb",
    });
  });

  it("e-mail addresses are tested with zod's own pattern", () => {
    expect(emailPattern.source).toBe(z.regexes.email.source);
    expect(emailPattern.flags).toBe(z.regexes.email.flags);
  });
});
