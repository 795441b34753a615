/**
 * The server's side of form-rules.ts: the zod schema an action parses a form with
 * (`parseWithZod(formData, { schema: formSchema(rules) })`), made from the same rules the browser
 * checks. Never imported by a component: zod stays on the server (ADR 0042).
 */

import { z } from "zod";
import { emailPattern, type FieldRules, type FormRules, type FormValue, type TextRules } from "./form-rules";

function textSchema(rules: TextRules): z.ZodType<string | undefined> {
  let text = z.string(rules.required ? { error: rules.required } : undefined);
  if (rules.trim) text = text.trim();
  if (rules.minLength) text = text.min(rules.minLength.length, { error: rules.minLength.message });
  if (rules.maxLength) text = text.max(rules.maxLength.length, { error: rules.maxLength.message });
  const { problems } = rules;
  const checked = problems
    ? text.superRefine((value, ctx) => {
        for (const message of problems(value)) ctx.addIssue({ code: "custom", message });
      })
    : text;
  const field = rules.email
    ? checked.pipe(z.email({ error: rules.email, pattern: emailPattern }))
    : (checked as z.ZodType<string>);
  return rules.required ? field : field.optional();
}

function fieldSchema(rules: FieldRules): z.ZodType<string | undefined> {
  switch (rules.kind) {
    case "choice":
      return z.enum(rules.values as [string, ...string[]], { error: rules.message });
    case "checkbox":
      return rules.required ? z.literal("on", { error: rules.required }) : z.literal("on").optional();
    default:
      return textSchema(rules);
  }
}

const made = new WeakMap<FormRules, z.ZodType>();

/** The zod schema of a form's rules (made once per form). */
export function formSchema<F extends FormRules>(rules: F): z.ZodType<FormValue<F>, Record<string, unknown>> {
  let schema = made.get(rules);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    if (rules.intent !== undefined) shape.intent = z.literal(rules.intent);
    for (const [name, field] of Object.entries(rules.fields)) shape[name] = fieldSchema(field);
    const repeats = rules.repeats ?? [];
    schema = repeats.length
      ? z.object(shape).superRefine((value: Record<string, unknown>, ctx) => {
          for (const { field, of, message } of repeats) {
            if (value[field] !== value[of]) ctx.addIssue({ code: "custom", path: [field], message });
          }
        })
      : z.object(shape);
    made.set(rules, schema);
  }
  return schema as z.ZodType<FormValue<F>, Record<string, unknown>>;
}
