import { z } from "zod";

/** Parts of the answers' checks that mean the same in more than one service's answers. */

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An instant with the Copenhagen offset, e.g. 2025-10-26T02:00:00+01:00. */
export const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/);

/** A figure: null where there is no data (never 0 for "no data"). */
export const nullableValue = z.number().nullable();

/** What a mutation answers that says no more than that it was done. */
export const okAnswer = z.object({ ok: z.boolean() });

/** The tokens a sign-in or a refresh gives (both services that sign in): neither is empty. */
export const tokenPair = z.looseObject({ token: z.string().min(1), refreshToken: z.string().min(1) });

/** What revoking a refresh token answers (both services that sign in). */
export const revokedAnswer = z.object({ revoked: z.boolean() });

/** A property's settings: which features it has switched on. */
export const propertySettings = z.array(z.object({ kind: z.string() }));

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A type's fields, all the way down, without their types. */
type Fields<T> = T extends readonly (infer E)[]
  ? Fields<E>[]
  : T extends object
    ? { [K in keyof T]-?: Fields<T[K]> }
    : 0;
type Reads<Input, Wire> = [Input] extends [Wire] ? Same<Fields<Input>, Fields<Wire>> : false;
/** What a schema whose input is `Input` must also be: nothing more when it reads `Wire`, else an error naming it. */
type Reading<Input, Wire> = Reads<Input, Wire> extends true ? unknown : { "differs from the generated type": Wire };

/**
 * Checks at compile time that a schema reads exactly the fields of an operation's generated answer
 * type, each with a type that fits it: `satisfies z.ZodType<Wire>` let a field the schema asks for
 * but the operation does not select (or that the contract dropped) pass, as an object with more
 * fields is still assignable. The schema's input side is compared, so a schema may turn a wire
 * value into the domain's (the enums), and may be stricter than the contract (a rating letter).
 */
export function answerSchema<Wire>() {
  return <S extends z.ZodType>(schema: S & Reading<z.input<S>, Wire>): S => schema;
}

/**
 * One GraphQL enum against the domain's values, both ways: the wire's upper-case names are met here
 * and nowhere else. `schema` reads an answer's value into the domain's; `toWire` writes a variable.
 */
export function enumMapping<Domain extends string, WireValue extends string>(toWire: Record<Domain, WireValue>) {
  const fromWire = new Map(Object.entries(toWire).map(([domain, wire]) => [wire as WireValue, domain as Domain]));
  const wireValues = Object.values(toWire) as [WireValue, ...WireValue[]];
  return {
    schema: z.enum(wireValues).transform((wire) => fromWire.get(wire) as Domain),
    toWire: (value: Domain): WireValue => toWire[value],
  };
}

/**
 * What an operation's answer must be beyond its generated type `Wire` (ADR 0064): the answer has
 * already been checked against that type (answer-shapes.ts), so `schema` states only formats,
 * ranges and cross-field rules, on loose objects that keep every other field as it came. The
 * answer comes out as `Wire`, or as `Output` where the rules narrow it (a rating letter's A+..G).
 */
export function answerRules<Wire, Output = Wire>() {
  return (schema: z.ZodType): z.ZodType<Output> => schema.transform((answer) => answer as Output);
}

/**
 * The answer of an operation that selects one field, `{ [field]: schema }`, checked as
 * {@link answerSchema} checks it (what every operation but the dashboard's is).
 */
export function fieldAnswer<Wire>() {
  return <K extends keyof Wire & string, S extends z.ZodType>(
    field: K,
    schema: S & Reading<{ [P in K]: z.input<S> }, Wire>,
  ) => z.object({ [field]: schema as S } as { [P in K]: S });
}
