import { RecentlyUsed } from "@common/recently-used";
import {
  type FieldNode,
  type GraphQLFormattedError,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  parse,
  print,
  type SelectionSetNode,
  type VariableDefinitionNode,
  type VariableNode,
  visit,
} from "graphql";

/**
 * Queries to one service that a page starts together (ADR 0046), sent as one standard GraphQL
 * operation: each query's root fields under an alias `q<i>_<key>` and its variables renamed
 * `q<i>_<name>`, so that a page's units, chart and key figures cost the service one HTTP call, one
 * session check and one read of the unit (it keeps that per operation), not three.
 *
 * Only a query of one operation whose selections at the root are all fields can be merged (no
 * fragments, no directives on the operation); a document that cannot be is sent alone.
 */

export interface QueryCall {
  document: string;
  variables: Record<string, unknown>;
}

export interface MergedQuery {
  document: string;
  variables: Record<string, unknown>;
  /** Per call, in order: the response keys of its root fields (as the call asked for them). */
  keys: readonly (readonly string[])[];
}

const prefixOf = (index: number) => `q${index}_`;

const operations = new RecentlyUsed<string, OperationDefinitionNode | null>(1000);

/** The document's one query operation when it can be merged, else null. Parsed once per document. */
function mergeableQuery(document: string): OperationDefinitionNode | null {
  return operations.remember(document, () => {
    let definitions: readonly unknown[];
    try {
      definitions = parse(document, { noLocation: true }).definitions;
    } catch {
      return null;
    }
    const [operation, ...others] = definitions as OperationDefinitionNode[];
    if (operation === undefined || others.length > 0) return null;
    if (operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== OperationTypeNode.QUERY) return null;
    if ((operation.directives?.length ?? 0) > 0) return null;
    if (!operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD)) return null;
    return operation;
  });
}

/** Whether the document can be merged with others. */
export function isMergeable(document: string): boolean {
  return mergeableQuery(document) !== null;
}

const name = (value: string) => ({ kind: Kind.NAME, value }) as const;

function renamedVariables<T extends SelectionSetNode | VariableDefinitionNode>(node: T, prefix: string): T {
  return visit(node, {
    [Kind.VARIABLE]: (variable: VariableNode) => ({ ...variable, name: name(prefix + variable.name.value) }),
  });
}

interface MergedText {
  document: string;
  keys: string[][];
}
const mergedTexts = new RecentlyUsed<string, MergedText>(500);

/**
 * One operation asking what every call asks, or null when a call cannot be merged. The text is made
 * once per sequence of documents; the variables are the calls' own, renamed.
 */
export function mergeQueries(calls: readonly QueryCall[]): MergedQuery | null {
  const parsed = calls.map((call) => mergeableQuery(call.document));
  if (parsed.some((operation) => operation === null)) return null;
  const text = mergedTexts.remember(calls.map((call) => call.document).join("\u0000"), () => {
    const operations = parsed as OperationDefinitionNode[];
    const keys = operations.map((operation) =>
      (operation.selectionSet.selections as FieldNode[]).map((field) => (field.alias ?? field.name).value),
    );
    const merged: OperationDefinitionNode = {
      kind: Kind.OPERATION_DEFINITION,
      operation: OperationTypeNode.QUERY,
      name: name(operations.map((operation, i) => operation.name?.value ?? `Query${i}`).join("_")),
      variableDefinitions: operations.flatMap((operation, i) =>
        (operation.variableDefinitions ?? []).map((definition) => renamedVariables(definition, prefixOf(i))),
      ),
      directives: [],
      selectionSet: {
        kind: Kind.SELECTION_SET,
        selections: operations.flatMap((operation, i) =>
          (renamedVariables(operation.selectionSet, prefixOf(i)).selections as FieldNode[]).map((field) => ({
            ...field,
            alias: name(prefixOf(i) + (field.alias ?? field.name).value),
          })),
        ),
      },
    };
    return { document: print(merged), keys };
  });
  const variables: Record<string, unknown> = {};
  calls.forEach((call, i) => {
    for (const [key, value] of Object.entries(call.variables)) variables[prefixOf(i) + key] = value;
  });
  return { document: text.document, variables, keys: text.keys };
}

/** What one call of a merged operation was answered. */
export type PartAnswer =
  | { kind: "data"; data: Record<string, unknown> }
  /** The service's errors about this call's fields (paths as the call asked), and what data came. */
  | { kind: "errors"; errors: GraphQLFormattedError[]; data: Record<string, unknown> | null }
  /**
   * Nothing to go by: another call's error nulled the whole answer (its fields are non-null), or an
   * error names no field. The call is to be sent alone.
   */
  | { kind: "unanswered" };

/** The call an error is about, and its path as that call asked; null when it names no call's field. */
function ownerOf(
  keys: MergedQuery["keys"],
  error: GraphQLFormattedError,
): { index: number; error: GraphQLFormattedError } | null {
  const [first, ...rest] = error.path ?? [];
  const match = typeof first === "string" ? /^q(\d+)_(.+)$/.exec(first) : null;
  if (!match) return null;
  const index = Number(match[1]);
  const key = match[2] ?? "";
  return keys[index]?.includes(key) ? { index, error: { ...error, path: [key, ...rest] } } : null;
}

/** Splits a merged operation's answer into each call's answer, as if each had been sent alone. */
export function splitAnswer(
  merged: Pick<MergedQuery, "keys">,
  answer: { data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] },
): PartAnswer[] {
  const owned = (answer.errors ?? []).map((error) => ownerOf(merged.keys, error));
  // An error the answer does not tie to one call's field (a document the service refused, say).
  if (owned.some((owner) => owner === null)) return merged.keys.map(() => ({ kind: "unanswered" }));
  const data = answer.data ?? null;
  return merged.keys.map((keys, index): PartAnswer => {
    const prefix = prefixOf(index);
    const own =
      data !== null && keys.every((key) => prefix + key in data)
        ? Object.fromEntries(keys.map((key) => [key, data[prefix + key]]))
        : null;
    const errors = owned.flatMap((owner) => (owner?.index === index ? [owner.error] : []));
    if (errors.length > 0) return { kind: "errors", errors, data: own };
    return own === null ? { kind: "unanswered" } : { kind: "data", data: own };
  });
}
