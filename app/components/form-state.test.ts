import { describe, expect, it } from "vitest";
import {
  type Answer,
  afterAnswer,
  afterFieldCheck,
  afterSendCheck,
  checksOn,
  type FormState,
  initialState,
} from "./form-state";

const refused: Answer = {
  status: "error",
  initialValue: { email: "x@demo.test" },
  error: { "": ["errors.invalid_credentials"], password: ["validation.password_required"] },
  fields: ["email", "password", "redirectTo"],
};

const byDefault = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

describe("a form's state", () => {
  it("starts empty, or with the answer it is rendered with: its messages, every field it names checked", () => {
    expect(initialState(undefined)).toEqual({ validated: {}, errors: {}, edited: false });
    expect(initialState(refused)).toEqual({
      validated: { "": true, email: true, password: true, redirectTo: true },
      errors: { "": ["errors.invalid_credentials"], password: ["validation.password_required"] },
      edited: false,
    });
  });

  it("checks a field when it is left, then at every key (or as the form says)", () => {
    const fresh = initialState(undefined);
    expect(checksOn(fresh, "email", "onBlur", byDefault)).toBe(true);
    expect(checksOn(fresh, "email", "onInput", byDefault)).toBe(false);
    const checked = afterFieldCheck(fresh, {}, "email");
    expect(checksOn(checked, "email", "onInput", byDefault)).toBe(true);
    expect(checksOn(checked, "email", "onBlur", byDefault)).toBe(false);
    // Revalidating on leaving: only when typed in since the last check.
    const onLeaving = { shouldValidate: "onBlur", shouldRevalidate: "onBlur" } as const;
    expect(checksOn(checked, "email", "onBlur", onLeaving)).toBe(false);
    expect(checksOn({ ...checked, edited: true }, "email", "onBlur", onLeaving)).toBe(true);
    const onSending = { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" } as const;
    expect(checksOn(fresh, "email", "onBlur", onSending)).toBe(false);
    expect(checksOn(checked, "email", "onInput", onSending)).toBe(false);
  });

  it("shows the messages of the fields checked so far only", () => {
    const found = { email: ["validation.invalid_email"], password: ["validation.password_required"] };
    const afterEmail = afterFieldCheck(initialState(undefined), found, "email");
    expect(afterEmail.errors).toEqual({ email: ["validation.invalid_email"] });
    const afterPassword = afterFieldCheck(afterEmail, { password: ["validation.password_required"] }, "password");
    expect(afterPassword.errors).toEqual({ password: ["validation.password_required"] });
    expect(afterPassword.validated).toEqual({ email: true, password: true });
  });

  it("shows every message when the form is sent, and marks every sent field checked", () => {
    const sent = afterSendCheck(initialState(undefined), { password: ["validation.password_required"] }, [
      "email",
      "password",
    ]);
    expect(sent).toEqual({
      validated: { email: true, password: true },
      errors: { password: ["validation.password_required"] },
      edited: false,
    });
  });

  it("drops the server's form message at the next check in the browser, as conform did", () => {
    const next = afterFieldCheck(initialState(refused), {}, "email");
    expect(next.errors).toEqual({});
  });

  it("takes a later answer's messages, keeping a field's where the answer has null", () => {
    const before: FormState = {
      validated: { email: true },
      errors: { email: ["validation.invalid_email"] },
      edited: true,
    };
    const answer: Answer = {
      status: "error",
      initialValue: { email: "a@b.dk" },
      error: { email: null, "": ["errors.service_unavailable"] },
      fields: ["email", "password"],
    };
    expect(afterAnswer(before, answer)).toEqual({
      validated: { email: true, "": true, password: true },
      errors: { email: ["validation.invalid_email"], "": ["errors.service_unavailable"] },
      edited: false,
    });
    expect(afterAnswer(before, { ...answer, error: {} }).errors).toEqual({});
  });

  it("resets on an answer without values (a form the action resets)", () => {
    expect(afterAnswer(initialState(refused), { initialValue: null })).toEqual(initialState(undefined));
  });
});
