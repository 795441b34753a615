import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { signupFormSchema } from "~/domain/signup-form";
import { ConformForm, useSchemaForm } from "./conform-form";
import { CheckboxField, EmailField } from "./field";
import { NewPasswordFields } from "./new-password-fields";

/**
 * Without JavaScript a form is what the server renders: conform's ids and attributes from the
 * schema's constraint, the action's messages beside their fields, the control marked invalid and
 * described by them (ADR 0065).
 */

function SignupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(signupFormSchema, { id: "signup", lastResult });
  return (
    <ConformForm form={form}>
      <EmailField meta={fields.email} label="E-mail" autoComplete="email" />
      <NewPasswordFields password={fields.password} passwordRepeat={fields.passwordRepeat} labelKey="password" />
      <CheckboxField meta={fields.dataPolicy}>data policy</CheckboxField>
    </ConformForm>
  );
}

function render(lastResult?: SubmissionResult<string[]>) {
  const router = createMemoryRouter([{ path: "/", Component: () => <SignupForm lastResult={lastResult} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The action's answer to the empty form, with a message of its own. */
function emptyAnswer() {
  return parseWithZod(new FormData(), { schema: signupFormSchema }).reply({
    hideFields: ["password", "passwordRepeat"],
    formErrors: ["errors.service_unavailable"],
  });
}

describe("ConformForm", () => {
  it("is a post form checked by the page, described by its own messages", () => {
    const html = render();
    expect(html).toMatch(/<form method="post" action="\/" id="signup" novalidate="" aria-describedby="signup-error"/);
    expect(html).toContain('<div id="signup-error" class="form-errors" role="alert"></div>');
  });

  it("marks required fields as the schema says, without messages before a check", () => {
    const html = render();
    expect(html).toContain(
      '<input required="" id="signup-email" name="email" form="signup" type="email" autoComplete="email" inputMode="email"/>',
    );
    expect(html).toContain(
      '<input required="" id="signup-password" name="password" form="signup" aria-describedby="password-hint" type="password" autoComplete="new-password"/>',
    );
    expect(html).toContain(
      '<input required="" id="signup-dataPolicy" name="dataPolicy" form="signup" type="checkbox" value="on"/>',
    );
    expect(html).not.toContain("aria-invalid");
  });

  it("shows the action's messages beside their fields and marks the fields invalid", () => {
    const html = render(emptyAnswer());
    expect(html).toContain(
      '<input required="" id="signup-email" name="email" form="signup" aria-invalid="true" aria-describedby="signup-email-error" type="email"',
    );
    expect(html).toContain(
      '<div id="signup-email-error" class="field-error" aria-live="polite"><p>validation.email_required</p></div>',
    );
    expect(html).toContain('aria-describedby="signup-password-error password-hint"');
    expect(html).toContain(
      '<div id="signup-error" class="form-errors" role="alert"><p>errors.service_unavailable</p></div>',
    );
  });
});
