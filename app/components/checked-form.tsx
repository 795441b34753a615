import { Form, useActionData } from "@remix-run/react";
import {
  type FocusEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { checkForm, type FieldName, type FormRules, formPayload, isRequired } from "~/domain/form-rules";
import { FormErrors } from "./field";
import type { FieldMeta } from "./field-props";
import {
  type Answer,
  afterAnswer,
  afterFieldCheck,
  afterSendCheck,
  checksOn,
  type Errors,
  type FormState,
  initialState,
  type Timing,
} from "./form-state";

/**
 * A post form checked in the browser by the rules its action parses with (form-rules.ts), in the
 * same words, without shipping zod or conform's client (ADR 0042). Its markup, ids and messages are
 * those conform gave: the server renders the action's answer the same way without JavaScript.
 */

export interface FormMeta {
  id: string;
  errorId: string;
  /** The form's own messages (from the action), if any. */
  errors: readonly string[] | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
}

const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The name of a form's field an event happened in (not a button's). */
function fieldName(target: EventTarget, form: HTMLFormElement): string | null {
  const field =
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !["submit", "button", "reset", "image"].includes(target.type));
  return field && target.form === form && target.name ? target.name : null;
}

/** Focuses the form's first field that has a message. */
function focusFirstRefused(form: HTMLFormElement, errors: Errors) {
  for (const element of form.elements) {
    if (element instanceof HTMLElement && fieldName(element, form) && errors[(element as HTMLInputElement).name]) {
      element.focus();
      return;
    }
  }
}

/**
 * A form's state and its fields' metadata. By default a field is checked when it is left, and then
 * on every key; sending checks every field, and stops the form (focusing the first refused field)
 * when one has a message. The action checks again and has the last word.
 */
export function useCheckedForm<F extends FormRules>(
  rules: F,
  {
    id,
    lastResult,
    defaultValue,
    shouldValidate = "onBlur",
    shouldRevalidate = "onInput",
  }: {
    id?: string;
    lastResult: Answer | null | undefined;
    defaultValue?: Partial<Record<FieldName<F>, string>>;
    shouldValidate?: Timing;
    shouldRevalidate?: Timing;
  },
): [FormMeta, Record<FieldName<F>, FieldMeta>] {
  const reactId = useId();
  const formId = id ?? reactId;
  // Like conform: the values a form starts with stay; later answers change only the messages.
  const [initialValue] = useState<Record<string, unknown>>(
    () => (lastResult?.initialValue as Record<string, unknown> | undefined) ?? { ...defaultValue },
  );
  const [state, setState] = useState(() => initialState(lastResult));
  const current = useRef(state);
  const answered = useRef(lastResult);
  const timing = { shouldValidate, shouldRevalidate };

  const update = (next: FormState) => {
    current.current = next;
    setState(next);
  };
  const formElement = () => document.forms.namedItem(formId);

  useClientLayoutEffect(() => {
    if (!lastResult || lastResult === answered.current) return;
    answered.current = lastResult;
    const next = afterAnswer(current.current, lastResult);
    update(next);
    const form = formElement();
    if (form && lastResult.status === "error") focusFirstRefused(form, next.errors);
  });

  const found = (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const payload = formPayload(new FormData(form, submitter));
    return { payload, errors: checkForm(rules, payload) };
  };

  const form: FormMeta = {
    id: formId,
    errorId: `${formId}-error`,
    errors: state.errors[""],
    onSubmit(event) {
      const sent = event.currentTarget;
      const { payload, errors } = found(sent, (event.nativeEvent as SubmitEvent).submitter);
      update(afterSendCheck(current.current, errors, Object.keys(payload)));
      if (Object.keys(errors).length === 0) return;
      event.preventDefault();
      focusFirstRefused(sent, errors);
    },
    onBlur(event) {
      const name = fieldName(event.target, event.currentTarget);
      if (name && checksOn(current.current, name, "onBlur", timing))
        update(afterFieldCheck(current.current, found(event.currentTarget).errors, name));
    },
    onInput(event) {
      const name = fieldName(event.target, event.currentTarget);
      if (!name) return;
      if (checksOn(current.current, name, "onInput", timing))
        update(afterFieldCheck(current.current, found(event.currentTarget).errors, name));
      else if (!current.current.edited) update({ ...current.current, edited: true });
    },
  };

  const fields = {} as Record<FieldName<F>, FieldMeta>;
  for (const name of Object.keys(rules.fields) as FieldName<F>[]) {
    const fieldId = `${formId}-${name}`;
    fields[name] = {
      id: fieldId,
      name,
      formId,
      errorId: `${fieldId}-error`,
      errors: state.errors[name],
      required: isRequired(rules.fields[name] as F["fields"][string]),
      initialValue: initialValue[name] as string | string[] | undefined,
    };
  }
  return [form, fields];
}

/**
 * The post form of a {@link useCheckedForm}: its ids, described by its form-level errors, which are
 * announced at its top (after the lead, a sentence that introduces the form). `noValidate`: the
 * messages are ours, in the resident's language, not the browser's.
 */
export function CheckedForm({
  form,
  className,
  reloadDocument,
  lead,
  children,
}: {
  form: FormMeta;
  className?: string;
  reloadDocument?: boolean;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      reloadDocument={reloadDocument}
      id={form.id}
      onSubmit={form.onSubmit}
      onBlur={form.onBlur}
      onInput={form.onInput}
      noValidate
      aria-describedby={form.errorId}
      className={className}
    >
      {lead}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}

/**
 * The action's answer when it is conform's answer to this form: on a page with several forms, the
 * one whose hidden `intent` field it answers. Any other answer of the action is not this form's.
 */
export function useFormAnswer(intent?: string): Answer | undefined {
  const answer: unknown = useActionData();
  if (typeof answer !== "object" || answer === null || !("status" in answer)) return undefined;
  const result = answer as Answer;
  return intent === undefined || result.initialValue?.intent === intent ? result : undefined;
}
