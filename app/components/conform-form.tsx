import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { $ZodType, input, output } from "zod/v4/core";
import { FormErrors } from "./field";

/** What a page says of its form beyond its schema: conform's `useForm` options of that name. */
type SchemaFormOptions<Schema extends $ZodType> = Pick<
  Parameters<typeof useForm<input<Schema> & Record<string, unknown>, output<Schema>>>[0],
  "id" | "lastResult" | "defaultValue" | "shouldValidate" | "shouldRevalidate"
>;

/** Each schema's constraints (`required`, `minLength`…), worked out once rather than on every render. */
const constraints = new WeakMap<$ZodType, ReturnType<typeof getZodConstraint>>();

/**
 * conform's `useForm` for a form whose rules are the zod schema its action parses with (ADR 0065):
 * the schema's constraints on the fields, `parseWithZod` in the browser, and the forms' usual timing
 * (checked when a field is left, again on each input once it showed a message) unless the page says
 * otherwise. Every form of the portal states the same five options this way.
 */
export function useSchemaForm<Schema extends $ZodType<Record<string, unknown>>>(
  schema: Schema,
  options: SchemaFormOptions<Schema>,
) {
  let constraint = constraints.get(schema);
  if (constraint === undefined) {
    constraint = getZodConstraint(schema);
    constraints.set(schema, constraint);
  }
  return useForm<input<Schema> & Record<string, unknown>, output<Schema>>({
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...options,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The post form of a conform `useForm` (its id, `noValidate` and the browser's check on sending,
 * from `getFormProps`), described by its form-level errors, which are announced at its top (after
 * the lead, a sentence that introduces the form). The page checks its fields with the zod schema
 * its action parses with (ADR 0065); without JavaScript the action's answer renders the same way.
 */
export function ConformForm<Schema extends Record<string, unknown>>({
  form,
  className,
  reloadDocument,
  lead,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  className?: string;
  reloadDocument?: boolean;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      reloadDocument={reloadDocument}
      {...getFormProps(form)}
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
export function useFormAnswer(intent?: string): SubmissionResult<string[]> | undefined {
  const answer: unknown = useActionData();
  if (typeof answer !== "object" || answer === null || !("status" in answer)) return undefined;
  const result = answer as SubmissionResult<string[]>;
  return intent === undefined || result.initialValue?.intent === intent ? result : undefined;
}
