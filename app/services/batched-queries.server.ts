import { createBatchingExecutor } from "@graphql-tools/batch-execute";
import {
  type DocumentNode,
  type FieldNode,
  type GraphQLFormattedError,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  print,
} from "graphql";
import { ClientError } from "graphql-request";
import { isServiceFault } from "./service-faults";

/**
 * Queries to one service that a page starts together (ADR 0046, ADR 0064), sent as one standard
 * GraphQL operation by `@graphql-tools/batch-execute`: each query's root fields under an alias
 * `_v<i>_<key>` and its variables renamed `_v<i>_<name>`, so that a page's units, chart and key
 * figures cost the service one HTTP call, one session check and one read of the unit, not three.
 * batch-execute writes the operation and splits its answer; this module decides what goes
 * together (queries of one operation whose root selections are fields, started in one turn of the
 * event loop, at most `maxQueries`) and what a query left without an answer by its neighbours does
 * (it is sent alone, once).
 */

/** Sends one document; resolves with its data or rejects as graphql-request's `request` does. */
export type SendDocument = (
  document: string,
  variables: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<Record<string, unknown>>;

export interface QueryCall {
  document: DocumentNode;
  variables: Record<string, unknown>;
  signal: AbortSignal;
}

type BatchingExecutor = ReturnType<typeof createBatchingExecutor>;
type ExecutionRequest = Parameters<BatchingExecutor>[0];
interface ExecutionResult {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
}

const printed = new WeakMap<DocumentNode, string>();

/** The document's text, printed once per document (the generated documents are module constants). */
export function textOf(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

const mergeable = new WeakMap<DocumentNode, OperationDefinitionNode | null>();

/** The document's one query operation when it can go with others, else null. */
function mergeableQuery(document: DocumentNode): OperationDefinitionNode | null {
  let operation = mergeable.get(document);
  if (operation === undefined) {
    const [only, ...others] = document.definitions;
    operation =
      only !== undefined &&
      others.length === 0 &&
      only.kind === Kind.OPERATION_DEFINITION &&
      only.operation === OperationTypeNode.QUERY &&
      (only.directives?.length ?? 0) === 0 &&
      only.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD)
        ? only
        : null;
    mergeable.set(document, operation);
  }
  return operation;
}

/**
 * Whether the document can go with others: one query operation, no directive on it (batch-execute
 * would drop it), only fields at its root. A mutation, a document with fragments or with several
 * operations goes alone.
 */
export function isMergeable(document: DocumentNode): boolean {
  return mergeableQuery(document) !== null;
}

/** The response keys of a mergeable query's root fields. */
const keysOf = (document: DocumentNode) =>
  ((mergeableQuery(document)?.selectionSet.selections ?? []) as FieldNode[]).map(
    (field) => (field.alias ?? field.name).value,
  );

/** Carried through batch-execute's merge in the request's extensions: each query's operation name. */
const namesKey = "portalOperationNames";

const prefixed = /^_v(\d+)_./;

/**
 * One batching executor per group of queries that may share an operation (one per request, service
 * and headers): `send` is called with the merged operation, or with a query that went alone.
 */
export function queryBatcher(options: { send: SendDocument; maxQueries: number }) {
  const { send } = options;
  /** Answers of operations that held one query, with what graphql-request threw for them. */
  const alone = new WeakMap<object, unknown>();

  async function execute(request: ExecutionRequest): Promise<ExecutionResult> {
    const names = (request.extensions?.[namesKey] as string[] | undefined) ?? [];
    const merged = names.length > 1;
    const operation = request.document.definitions[0] as OperationDefinitionNode;
    // The merged operation is named after all of its queries (`TenantUnits_TenantGraph`), as the
    // back-end's logs and the e2e proxies that fail one operation by name read it.
    const document = merged
      ? print({
          ...request.document,
          definitions: [{ ...operation, name: { kind: Kind.NAME, value: names.join("_") } }],
        })
      : textOf(request.document);
    const variables = (request.variables ?? {}) as Record<string, unknown>;
    const signal = request.signal ?? AbortSignal.timeout(60_000);
    if (!merged) {
      const result: ExecutionResult = {};
      let thrown: unknown = null;
      try {
        result.data = await send(document, variables, signal);
      } catch (error) {
        thrown = error;
      }
      alone.set(result, thrown);
      return result;
    }
    try {
      return { data: await send(document, variables, signal) };
    } catch (error) {
      // Unreachable, too slow or not GraphQL: the same for every query (batch-execute rejects each).
      if (!(error instanceof ClientError && error.response.errors?.length)) throw error;
      const errors = error.response.errors.map((graphQLError) => {
        // An error that names no query's field (nor one of this operation) names none: it goes to
        // every query, which then decides as if the whole operation had been refused.
        const match = prefixed.exec(String(graphQLError.path?.[0] ?? ""));
        return match && Number(match[1]) < names.length ? graphQLError : { ...graphQLError, path: undefined };
      });
      return { data: (error.response.data ?? null) as Record<string, unknown> | null, errors };
    }
  }

  const batching = createBatchingExecutor(
    execute as never,
    {
      // A query's answer is never kept here: the service's memo decides what is asked again.
      cache: false,
      maxBatchSize: options.maxQueries,
      // The queries a request starts in one turn of the event loop, as loaders and guesses start them.
      batchScheduleFn: (callback) => setImmediate(callback),
    },
    (extensions, request) => ({
      ...extensions,
      [namesKey]: [
        ...((extensions[namesKey] as string[] | undefined) ?? []),
        mergeableQuery(request.document)?.name?.value ?? "Query",
      ],
    }),
  );

  const sendAlone = (call: QueryCall) => send(textOf(call.document), call.variables, call.signal);

  /** One query's data, as if it had been sent alone; rejects as graphql-request's `request` does. */
  async function query(call: QueryCall): Promise<Record<string, unknown>> {
    if (!isMergeable(call.document)) return sendAlone(call);
    const result = (await batching({
      document: call.document,
      variables: call.variables,
      signal: call.signal,
      operationType: OperationTypeNode.QUERY,
    })) as ExecutionResult;
    if (alone.has(result)) {
      const thrown = alone.get(result);
      if (thrown !== null) throw thrown;
      return result.data ?? {};
    }
    const errors = result.errors ?? [];
    if (errors.length > 0) {
      const refusedAsAWhole = errors.some((error) => !error.path?.length);
      // The service reports its own fault for the whole operation (ADR 0055): each query alone
      // would get the same, so none is sent again to a service that is failing; any other refusal
      // of the whole operation (a document it refused) leaves each query to be asked alone, once.
      if (!refusedAsAWhole || errors.some(isServiceFault))
        throw new ClientError(
          { status: 200, headers: new Headers(), data: result.data ?? undefined, errors } as ConstructorParameters<
            typeof ClientError
          >[0],
          { query: textOf(call.document), variables: call.variables },
        );
      return sendAlone(call);
    }
    const data = result.data ?? null;
    // Another query's error nulled the whole answer (the schemas' root fields are non-null): this
    // one has nothing to go by and is asked alone, once (spec section 7: that is not a retry).
    if (data === null || !keysOf(call.document).every((key) => key in data)) return sendAlone(call);
    return data;
  }

  return { query };
}

/**
 * The operation the portal sends for these queries started together, as batch-execute writes it
 * (for tests that validate and measure it against the services' schemas).
 */
export async function mergedOperation(
  calls: readonly { document: DocumentNode; variables: Record<string, unknown> }[],
): Promise<{ document: string; variables: Record<string, unknown> }> {
  const sent: { document: string; variables: Record<string, unknown> }[] = [];
  const { query } = queryBatcher({
    send: async (document, variables) => {
      sent.push({ document, variables });
      return {};
    },
    maxQueries: calls.length,
  });
  const signal = new AbortController().signal;
  await Promise.allSettled(calls.map((call) => query({ ...call, signal })));
  const [first] = sent;
  if (first === undefined) throw new Error("nothing was sent");
  return first;
}
