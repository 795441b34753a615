/**
 * What the generated types say about an answer, checked at run time (ADR 0064): codegen writes the
 * shape of each operation's answer from the service's schema and the document
 * (answer-shapes.codegen.ts, into app/services/<service>/graphql.generated.ts), and the GraphQL
 * client checks every answer against it before the hand-written rules (formats, ranges,
 * cross-field rules) look at it. An answer of another shape rejects the call as the spec asks
 * ('Invalid <operation> response', spec section 8), so the rules no longer restate the types.
 */

/** A built-in scalar, or "Any" for one the portal does not check (a custom scalar). */
export type ScalarShape = "String" | "ID" | "Int" | "Float" | "Boolean" | "Any";

export type AnswerShape =
  | ScalarShape
  /** A value that may be null. */
  | { readonly nullable: AnswerShape }
  | { readonly list: AnswerShape }
  | { readonly enum: readonly string[] }
  /** An object of the selected fields; `optional`: fields under @include/@skip. */
  | { readonly fields: { readonly [key: string]: AnswerShape }; readonly optional?: readonly string[] };

const scalarChecks: Record<ScalarShape, (value: unknown) => boolean> = {
  String: (value) => typeof value === "string",
  ID: (value) => typeof value === "string",
  Int: (value) => Number.isInteger(value),
  Float: (value) => typeof value === "number" && Number.isFinite(value),
  Boolean: (value) => typeof value === "boolean",
  Any: (value) => value !== undefined,
};

const describe = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/**
 * The first place where `value` does not have the shape ("tenantUnits.0.rooms: expected array,
 * got string"), or null when it has it.
 */
export function shapeProblem(shape: AnswerShape, value: unknown, path = ""): string | null {
  const at = (problem: string) => `${path || "(answer)"}: ${problem}`;
  if (typeof shape === "string")
    return scalarChecks[shape](value) ? null : at(`expected ${shape}, got ${describe(value)}`);
  if ("nullable" in shape) return value === null ? null : shapeProblem(shape.nullable, value, path);
  if ("list" in shape) {
    if (!Array.isArray(value)) return at(`expected array, got ${describe(value)}`);
    for (let i = 0; i < value.length; i++) {
      const problem = shapeProblem(shape.list, value[i], path ? `${path}.${i}` : String(i));
      if (problem !== null) return problem;
    }
    return null;
  }
  if ("enum" in shape)
    return typeof value === "string" && shape.enum.includes(value)
      ? null
      : at(`expected one of ${shape.enum.join(", ")}, got ${typeof value === "string" ? value : describe(value)}`);
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return at(`expected object, got ${describe(value)}`);
  const object = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(shape.fields)) {
    const child = path ? `${path}.${key}` : key;
    if (!(key in object)) {
      if (shape.optional?.includes(key)) continue;
      return `${child}: missing`;
    }
    const problem = shapeProblem(field, object[key], child);
    if (problem !== null) return problem;
  }
  return null;
}
