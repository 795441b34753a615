import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors } from "./field";

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
