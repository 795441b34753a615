/**
 * A checked form's field (checked-form.tsx) and the attributes of its control: those conform's
 * getInputProps and getSelectProps gave, in their order, so the server renders the same markup.
 */

/** What a field's control and its label and messages need. */
export interface FieldMeta {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  /** The messages (translation keys) that show, if any. */
  errors: readonly string[] | undefined;
  required: boolean;
  /** The value it starts with: the answer's (what was typed) or the page's default. */
  initialValue: string | string[] | undefined;
}

/** The attributes every control of a field has (conform's order, so the markup is as before). */
function controlProps(meta: FieldMeta, ariaDescribedBy?: string) {
  const invalid = meta.errors !== undefined;
  return {
    required: meta.required || undefined,
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${ariaDescribedBy ?? ""}`.trim() : ariaDescribedBy,
  };
}

/** An input's attributes: its ids, `required`, its messages' description, and the value it starts with. */
export function inputProps(meta: FieldMeta, { type, ariaDescribedBy }: { type: string; ariaDescribedBy?: string }) {
  const initial = meta.initialValue;
  if (type === "checkbox" || type === "radio") {
    return { ...controlProps(meta, ariaDescribedBy), type, value: "on", defaultChecked: initial === "on" };
  }
  return {
    ...controlProps(meta, ariaDescribedBy),
    type,
    defaultValue: typeof initial === "string" ? initial : undefined,
  };
}

/** A select's attributes, as {@link inputProps}. */
export function selectProps(meta: FieldMeta) {
  const initial = meta.initialValue;
  return { ...controlProps(meta), defaultValue: Array.isArray(initial) ? initial : initial?.toString() };
}
