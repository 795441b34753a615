import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { codeFormRules } from "~/domain/code-form";
import type { FieldRules, FormRules } from "~/domain/form-rules";
import { formSchema } from "~/domain/form-schema";
import { loginFormRules, resetRequestFormRules } from "~/domain/login-form";
import {
  deleteFormRules,
  emailFormRules,
  nameFormRules,
  passwordFormRules,
  settingsFormRules,
} from "~/domain/profile-forms";
import { setPasswordFormRules, signupFormRules } from "~/domain/signup-form";
import { inviteFormRules } from "~/domain/tenancy-users";
import { useCheckedForm } from "./checked-form";
import { type FieldMeta, inputProps, selectProps } from "./field-props";

/**
 * Without JavaScript a form is what the server renders: the markup must be the one conform's client
 * rendered before (ADR 0042), for every form, fresh, with default values and with the action's answers.
 */

const forms: Record<string, FormRules> = {
  loginFormRules,
  resetRequestFormRules,
  signupFormRules,
  setPasswordFormRules,
  codeFormRules,
  nameFormRules,
  settingsFormRules,
  passwordFormRules,
  emailFormRules,
  deleteFormRules,
  inviteFormRules,
};

type Control = "select" | "checkbox" | "password" | "email" | "text";
const controlOf = (name: string, rules: FieldRules): Control =>
  rules.kind === "choice"
    ? "select"
    : rules.kind === "checkbox"
      ? "checkbox"
      : /password/i.test(name)
        ? "password"
        : rules.email
          ? "email"
          : "text";

/** A field as the pages draw it (FormField, EmailField, NewPasswordFields, CheckboxField, LanguageField). */
function drawField(
  control: Control,
  meta: Pick<FieldMeta, "id" | "errorId" | "errors">,
  props: Record<string, unknown>,
): ReactNode {
  return (
    <div key={meta.id}>
      <label htmlFor={meta.id}>label</label>
      {control === "select" ? (
        <select {...props} required={false}>
          <option value="da">da</option>
          <option value="en">en</option>
        </select>
      ) : (
        <input {...props} />
      )}
      <div id={meta.errorId}>
        {meta.errors?.map((key) => (
          <p key={key}>{key}</p>
        ))}
      </div>
    </div>
  );
}

const describedBy = (control: Control) => (control === "password" ? "password-hint" : undefined);

interface Case {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: Record<string, string>;
}

function Ours({ rules, lastResult, defaultValue }: Case & { rules: FormRules }) {
  const [form, fields] = useCheckedForm(rules, { lastResult, defaultValue });
  return (
    <form id={form.id} noValidate aria-describedby={form.errorId}>
      <div id={form.errorId}>{form.errors?.join(" ")}</div>
      {Object.entries(rules.fields).map(([name, field]) => {
        const control = controlOf(name, field);
        const meta = fields[name] as FieldMeta;
        const props =
          control === "select"
            ? selectProps(meta)
            : inputProps(meta, { type: control, ariaDescribedBy: describedBy(control) });
        return drawField(control, meta, props);
      })}
    </form>
  );
}

function Conforms({ rules, lastResult, defaultValue }: Case & { rules: FormRules }) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue,
    constraint: getZodConstraint(formSchema(rules)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { onSubmit: _, ...formProps } = getFormProps(form);
  return (
    <form {...formProps} aria-describedby={form.errorId}>
      <div id={form.errorId}>{form.errors?.join(" ")}</div>
      {Object.entries(rules.fields).map(([name, field]) => {
        const control = controlOf(name, field);
        const meta = fields[name] as FieldMetadata<string>;
        const props =
          control === "select"
            ? getSelectProps(meta)
            : getInputProps(meta, {
                type: control,
                ariaDescribedBy: describedBy(control),
              } as Parameters<typeof getInputProps>[1]);
        return drawField(control, meta, props);
      })}
    </form>
  );
}

/** The action's answer to some entries, as the routes reply (passwords never sent back, a form message added). */
function answer(rules: FormRules, entries: Record<string, string>) {
  const data = new FormData();
  if (rules.intent) data.append("intent", rules.intent);
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  const submission = parseWithZod(data, { schema: formSchema(rules) });
  return submission.reply({ hideFields: ["password"], formErrors: ["errors.service_unavailable"] });
}

function cases(rules: FormRules): [string, Case][] {
  const names = Object.keys(rules.fields);
  const fill = (value: (field: FieldRules) => string) =>
    Object.fromEntries(names.map((name) => [name, value(rules.fields[name] as FieldRules)]));
  const plausible = (field: FieldRules) =>
    field.kind === "choice" ? (field.values[1] ?? "") : field.kind === "checkbox" ? "on" : "typed text";
  return [
    ["fresh", { lastResult: undefined }],
    ["with default values", { lastResult: undefined, defaultValue: fill(plausible) }],
    ["answered, nothing filled in", { lastResult: answer(rules, {}) }],
    ["answered, everything filled in", { lastResult: answer(rules, fill(plausible)) }],
    [
      "answered, everything wrong",
      {
        lastResult: answer(
          rules,
          fill((field) => (field.kind === "checkbox" ? "" : "x")),
        ),
      },
    ],
  ];
}

describe("a checked form renders the markup conform rendered", () => {
  for (const [name, rules] of Object.entries(forms)) {
    for (const [state, example] of cases(rules)) {
      it(`${name}, ${state}`, () => {
        const ours = renderToStaticMarkup(<Ours rules={rules} {...example} />);
        expect(ours).toBe(renderToStaticMarkup(<Conforms rules={rules} {...example} />));
        expect(ours).toContain("<input");
      });
    }
  }

  it("shows the answer's messages beside their fields and marks them invalid", () => {
    const html = renderToStaticMarkup(<Ours rules={signupFormRules} lastResult={answer(signupFormRules, {})} />);
    expect(html).toMatch(/<input required="" id="[^"]+-email" name="email" form="[^"]+" aria-invalid="true"/);
    expect(html).toContain("<p>validation.email_required</p>");
    expect(html).toContain("errors.service_unavailable");
  });
});
