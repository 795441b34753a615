/**
 * Which messages a form shows, as plain state changes (the hook in checked-form.tsx applies them).
 * It keeps conform's behaviour, which the forms had before (ADR 0042): a field's messages show once
 * it has been checked (by default when it is left, then on every key); sending the form checks and
 * shows every field; the action's answer shows its messages; a later check in the browser replaces
 * the messages it finds (the form's own messages from the server with them).
 */

import type { SubmissionResult } from "@conform-to/react";

/** Messages (translation keys) by field name; "" holds the form's own. */
export type Errors = Readonly<Record<string, readonly string[]>>;

/** When a field is checked: when the form is sent, when the field is left, or at every key. */
export type Timing = "onSubmit" | "onBlur" | "onInput";

export interface FormState {
  /** The fields checked so far: their messages show. */
  readonly validated: Readonly<Record<string, boolean>>;
  /** The messages that show. */
  readonly errors: Errors;
  /** Typed in since the last check. */
  readonly edited: boolean;
}

/** The action's answer: conform's `submission.reply()`. */
export type Answer = SubmissionResult<string[]>;

function withValidated(validated: FormState["validated"], names: Iterable<string>): FormState["validated"] {
  const next: Record<string, boolean> = { ...validated };
  for (const name of names) next[name] = true;
  return next;
}

/** The messages of an answer; a field it does not judge (null) keeps what `earlier` had. */
function answerErrors(answer: Answer, earlier: Errors): Errors {
  const errors: Record<string, readonly string[]> = {};
  for (const [name, messages] of Object.entries(answer.error ?? {})) {
    const kept = messages === null ? earlier[name] : messages;
    if (kept?.length) errors[name] = kept;
  }
  return errors;
}

/** The state a form starts in: empty, or showing the answer it was rendered with (always, without JavaScript). */
export function initialState(answer: Answer | null | undefined): FormState {
  if (!answer) return { validated: {}, errors: {}, edited: false };
  const errors = answerErrors(answer, {});
  return {
    validated: withValidated(answer.state?.validated ?? {}, [...Object.keys(errors), ...(answer.fields ?? [])]),
    errors,
    edited: false,
  };
}

/** A later answer of the action (with JavaScript): its messages, every field it names checked. An answer without values resets the form. */
export function afterAnswer(state: FormState, answer: Answer): FormState {
  if (answer.initialValue === null) return initialState(undefined);
  const errors = answerErrors(answer, state.errors);
  return {
    validated: withValidated({ ...state.validated, ...answer.state?.validated }, [
      ...Object.keys(errors),
      ...(answer.fields ?? []),
    ]),
    errors,
    edited: false,
  };
}

/** Whether an event on a field checks the form: before its first check by `shouldValidate`, after it by `shouldRevalidate` (on leaving only if typed in since). */
export function checksOn(
  state: FormState,
  name: string,
  event: "onBlur" | "onInput",
  { shouldValidate, shouldRevalidate }: { shouldValidate: Timing; shouldRevalidate: Timing },
): boolean {
  return state.validated[name]
    ? shouldRevalidate === event && (event === "onInput" || state.edited)
    : shouldValidate === event;
}

/** After the browser checked one field (`checked`): the messages `found` for the fields checked so far. */
export function afterFieldCheck(state: FormState, found: Errors, checked: string): FormState {
  const validated = withValidated(state.validated, [checked]);
  const errors: Record<string, readonly string[]> = {};
  for (const [name, messages] of Object.entries(found)) if (validated[name]) errors[name] = messages;
  return { validated, errors, edited: false };
}

/** After the browser checked the form being sent (`sent`: the names it holds): every message found shows. */
export function afterSendCheck(state: FormState, found: Errors, sent: Iterable<string>): FormState {
  return { validated: withValidated(state.validated, [...Object.keys(found), ...sent]), errors: found, edited: false };
}
