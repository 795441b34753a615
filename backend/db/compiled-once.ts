/**
 * Statements Kysely builds and compiles once per shape (ADR 0050). Building a query is a chain of
 * frozen, cloned nodes and compiling it a walk over them: on a dashboard that was about a sixth of
 * the back-end's CPU, more than SQLite spent running the same statements, and most of it went to a
 * handful of statements whose text never changes (a unit's scope, a rollup's rows over a range). A
 * statement made with `compiledOnce` is still written with Kysely's query builder; it is built
 * once per database dialect and shape (the length of each list of values), with stand-ins for its
 * values, and each later run only binds the values where the stand-ins were.
 */

import { RecentlyUsed } from "@common/recently-used";
import { type Compilable, CompiledQuery, type Kysely } from "kysely";

/**
 * Stands for one value while a statement is built. Kysely only carries it into the statement's
 * parameters; anything else (arithmetic, a comparison, text) throws, so a builder cannot decide
 * the statement's text by a value that will differ on the next run.
 */
class StandIn {
  constructor(
    readonly argument: number,
    readonly element: number | null,
  ) {}
  [Symbol.toPrimitive](): never {
    throw new TypeError(
      "compiledOnce: a value was used while building the statement; a builder may only hand its values to Kysely",
    );
  }
}

/** A value bound at run time, or one of a list of them. */
type Argument = unknown;

/** Where each parameter's value comes from: the same on every run, or an argument (an element of one). */
type Binding = { constant: unknown } | { argument: number; element: number | null };

interface Compiled {
  sql: string;
  bindings: Binding[];
}

/** Shapes kept per statement and dialect: IN lists come in many lengths; beyond this the rarest go. */
export const shapesPerStatement = 256;

/** The shape of a run's arguments: each list's length; the values themselves never change the text. */
function shapeOf(args: readonly Argument[]): string {
  let shape = "";
  for (const arg of args) shape += Array.isArray(arg) ? `[${arg.length}]` : ".";
  return shape;
}

function standInsFor(args: readonly Argument[]): Argument[] {
  return args.map((arg, argument) =>
    Array.isArray(arg) ? arg.map((_, element) => new StandIn(argument, element)) : new StandIn(argument, null),
  );
}

function compile(query: CompiledQuery, args: readonly Argument[]): Compiled {
  const unused = new Set<string>();
  args.forEach((arg, argument) => {
    if (!Array.isArray(arg)) unused.add(`${argument}:`);
    else for (let element = 0; element < arg.length; element++) unused.add(`${argument}:${element}`);
  });
  const bindings = query.parameters.map((parameter): Binding => {
    if (!(parameter instanceof StandIn)) return { constant: parameter };
    unused.delete(`${parameter.argument}:${parameter.element ?? ""}`);
    return { argument: parameter.argument, element: parameter.element };
  });
  if (unused.size > 0)
    throw new TypeError(
      `compiledOnce: arguments ${[...unused].join(", ")} never reached the statement's parameters: ${query.sql}`,
    );
  return { sql: query.sql, bindings };
}

function bind(bindings: readonly Binding[], args: readonly Argument[]): unknown[] {
  return bindings.map((binding) => {
    if ("constant" in binding) return binding.constant;
    const arg = args[binding.argument];
    return binding.element === null ? arg : (arg as readonly unknown[])[binding.element];
  });
}

/**
 * A statement built by `build` once per dialect and shape; the function returned runs it with the
 * values given and resolves with its rows. `build` must hand every argument (each element of a list)
 * to Kysely as a value, and decide nothing by them: it runs with stand-ins, which throw when used as
 * anything but a value. Decisions by value (an empty list, an empty range) belong to the caller.
 *
 * A database with plugins (a test watching the statements, say) gets each statement built afresh,
 * so that its plugins see every one, as they would without `compiledOnce`.
 */
export function compiledOnce<Args extends readonly Argument[], Row>(
  // biome-ignore lint/suspicious/noExplicitAny: runs on any database's Kysely; the builder types its own tables
  build: (db: Kysely<any>, ...args: Args) => Compilable<Row>,
  // biome-ignore lint/suspicious/noExplicitAny: as above
): (db: Kysely<any>, ...args: Args) => Promise<Row[]> {
  // One set of shapes per dialect (its adapter), shared by the database's transactions.
  const byAdapter = new WeakMap<object, RecentlyUsed<string, Compiled>>();
  return async (db, ...args) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return (await db.executeQuery(build(db, ...args).compile())).rows;
    const adapter = executor.adapter;
    let shapes = byAdapter.get(adapter);
    if (shapes === undefined) {
      shapes = new RecentlyUsed(shapesPerStatement);
      byAdapter.set(adapter, shapes);
    }
    const compiled = shapes.remember(shapeOf(args), () =>
      compile(build(db, ...(standInsFor(args) as unknown as Args)).compile(), args),
    );
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, bind(compiled.bindings, args)));
    return result.rows;
  };
}
