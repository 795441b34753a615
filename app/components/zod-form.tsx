import { type DefaultValue, type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FormErrors } from "./field";

type Timing = "onSubmit" | "onBlur" | "onInput";

/**
 * A conform form checked in the browser by the zod schema the action parses with, so both sides
 * say the same. By default a field is checked when it is left, and then on every key.
 */
export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  {
    id,
    lastResult,
    defaultValue,
    shouldValidate = "onBlur",
    shouldRevalidate = "onInput",
  }: {
    id?: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<z.input<Schema>>;
    shouldValidate?: Timing;
    shouldRevalidate?: Timing;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate,
    shouldRevalidate,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The post form of a {@link useZodForm}: its ids, described by its form-level errors, which are
 * announced at its top (after the lead, a sentence that introduces the form).
 */
export function ZodForm<Schema extends Record<string, unknown>>({
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
