/**
 * A form's rules, stated once as plain data: the server's zod schema is made from them
 * (form-schema.ts, which the actions parse with) and the browser checks them with `checkForm`
 * below, without zod (ADR 0042). Messages are translation keys. `form-schema.test.ts` runs both
 * over the same inputs for every form and requires the same messages.
 *
 * What a field's rules mean, in the order they are checked (zod's order, as form-schema.ts builds it):
 * 1. missing or empty: the `required` message, or nothing for an optional field, which is then not checked;
 * 2. `trim`: surrounding white space is removed (a field of spaces is then checked as empty text);
 * 3. `minLength`, `maxLength` (in characters, that is Unicode code points, as zod counts), then each message of `problems`;
 * 4. `email`: only if nothing above failed, the address must match `emailPattern`.
 * A choice must be one of its values, a checkbox "on". Then, only if every field is present (none
 * failed step 1, a choice or a checkbox), each `repeats` field must equal the field it repeats.
 */

/** A length limit and the message for text outside it. */
export interface LengthRule {
  readonly length: number;
  readonly message: string;
}

/** A typed field (also a hidden one). */
export interface TextRules {
  readonly kind?: "text";
  /** The message for a missing or empty field; without it, the field is optional. */
  readonly required?: string;
  readonly trim?: boolean;
  readonly minLength?: LengthRule;
  readonly maxLength?: LengthRule;
  /** Rules with a message each, from the modules that own them (the password rules of spec section 5). */
  readonly problems?: (value: string) => readonly string[];
  /** The message for text that is not an e-mail address. */
  readonly email?: string;
}

/** A select: one of `values`, else `message` (missing or unknown). */
export interface ChoiceRules {
  readonly kind: "choice";
  readonly values: readonly string[];
  readonly message: string;
}

/** A checkbox: "on" when ticked, left out of the form when not. */
export interface CheckboxRules {
  readonly kind: "checkbox";
  /** The message for a box that must be ticked. */
  readonly required?: string;
}

export type FieldRules = TextRules | ChoiceRules | CheckboxRules;

export interface FormRules {
  /** The value of the form's hidden `intent` field, on a page with several forms. The page writes it, so the browser does not check it. */
  readonly intent?: string;
  readonly fields: { readonly [name: string]: FieldRules };
  /** Fields typed twice (a new password): `field` must equal `of`, else `message` on `field`. */
  readonly repeats?: readonly { readonly field: string; readonly of: string; readonly message: string }[];
}

/** The value a field's rules let through. */
export type FieldValue<R extends FieldRules> = R extends ChoiceRules
  ? R["values"][number]
  : R extends CheckboxRules
    ? R extends { required: string }
      ? "on"
      : "on" | undefined
    : R extends { required: string }
      ? string
      : string | undefined;

/** What a valid form holds. */
export type FormValue<F extends FormRules> = {
  -readonly [K in keyof F["fields"]]: FieldValue<F["fields"][K]>;
} & (F extends {
  intent: infer Intent extends string;
}
  ? { intent: Intent }
  : unknown);

/** The names of a form's fields. */
export type FieldName<F extends FormRules> = Extract<keyof F["fields"], string>;

/**
 * An e-mail address: zod's own pattern (`z.regexes.email`, a test holds them equal), given to
 * `z.email` by form-schema.ts, so the server and the browser test the same expression.
 */
export const emailPattern =
  // biome-ignore lint/complexity/noUselessEscapeInRegex: zod's pattern character for character, so the test can compare them
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Whether a field must be filled in: the `required` attribute of its control. */
export function isRequired(rules: FieldRules): boolean {
  return rules.kind === "choice" || rules.required !== undefined;
}

/** A form's entries by name: a string, or the list of them when a name repeats. */
export type FormPayload = Record<string, string | string[] | undefined>;

/** A form's entries as `FormPayload` (files, which no form of ours has, are left out). */
export function formPayload(formData: FormData): FormPayload {
  const payload: FormPayload = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    const earlier = payload[name];
    payload[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  return payload;
}

/**
 * One field's messages and its value as the server reads it; `stopped` when it failed on presence or
 * kind (zod then skips the form's `repeats`).
 */
function checkField(rules: FieldRules, raw: string | string[] | undefined) {
  const missing = raw === undefined || raw === "";
  const kindMessage = rules.kind === "choice" ? rules.message : rules.required;
  // A repeated name is not a single text: the required message, as zod gives it; for an optional
  // field zod's own (English) one, which no form of ours can provoke, so it is left to the server.
  if (Array.isArray(raw) || (rules.kind === "choice" && !rules.values.includes(raw ?? ""))) {
    return { messages: kindMessage ? [kindMessage] : [], stopped: true };
  }
  if (missing) return { messages: kindMessage ? [kindMessage] : [], stopped: kindMessage !== undefined };
  if (rules.kind === "checkbox") {
    // A checkbox sends "on"; another value is not one our page sends, so the server answers it.
    return raw === "on" ? { messages: [], stopped: false, value: raw } : { messages: [], stopped: true };
  }
  if (rules.kind === "choice") return { messages: [], stopped: false, value: raw };
  const value = rules.trim ? raw.trim() : raw;
  const messages: string[] = [];
  const length = [...value].length;
  if (rules.minLength && length < rules.minLength.length) messages.push(rules.minLength.message);
  if (rules.maxLength && length > rules.maxLength.length) messages.push(rules.maxLength.message);
  if (rules.problems) messages.push(...rules.problems(value));
  if (rules.email && messages.length === 0) {
    // Nothing left after trimming is no address at all: conform reads it as missing, so zod stops there.
    if (value === "") return { messages: [rules.email], stopped: true };
    if (!emailPattern.test(value)) messages.push(rules.email);
  }
  return { messages, stopped: false, value };
}

/**
 * The browser's check: each field's messages, the same the server's schema gives for the same
 * entries (a field without any is absent). The server checks again whatever the browser says.
 */
export function checkForm(rules: FormRules, payload: FormPayload): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const values: Record<string, string | undefined> = {};
  let stopped = false;
  for (const [name, fieldRules] of Object.entries(rules.fields)) {
    const field = checkField(fieldRules, payload[name]);
    if (field.messages.length) errors[name] = field.messages;
    if (field.stopped) stopped = true;
    values[name] = field.value;
  }
  if (!stopped) {
    for (const { field, of, message } of rules.repeats ?? []) {
      if (values[field] !== values[of]) errors[field] = [...(errors[field] ?? []), message];
    }
  }
  return errors;
}
