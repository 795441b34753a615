import { isErrorCode } from "@common/error-codes";

/**
 * Whose fault a GraphQL error is (ADR 0055). The services document their refusals by code
 * (common/error-codes.ts): the portal maps each to a text. A GraphQL server adds a few codes of its
 * own for a request it cannot take, which is the caller's (the portal's) fault, and so is an error
 * without a code that names no field: a request error, raised before execution (graphql-js says
 * 'Variable "$x" of required type "Int!" was not provided.' without a code). Anything else, an
 * INTERNAL_SERVER_ERROR (what graphql-yoga makes of an unexpected exception), a code nobody
 * documents, or a field's error without a code (graphql-js's own execution errors, such as a null
 * for a non-null field), is the service saying that it broke: for the resident the same as a
 * service that answers 5xx, "cannot reach our service, try again", never the portal's own 500 page.
 */

/**
 * Codes a GraphQL server gives for a request it will not run, as sent: the portal asked wrongly (a
 * document or variables its service does not take), so the portal's own fault page is the honest
 * answer unless the caller maps the code (BAD_USER_INPUT on forms).
 */
export const callerFaultCodes: ReadonlySet<string> = new Set([
  // graphql-yoga: variables that do not fit their types (and the services' own badUserInput).
  "BAD_USER_INPUT",
  // graphql-yoga: a request that is not GraphQL over HTTP, or too large.
  "BAD_REQUEST",
  "REQUEST_ENTITY_TOO_LARGE",
  // graphql-yoga: a document that does not parse, or does not validate against the schema.
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  // graphql-yoga: no operation of that name in the document.
  "OPERATION_RESOLUTION_FAILURE",
  // Apollo Server's: a persisted query the server does not have (the caller sends the document).
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
]);

export interface GraphQLErrorLike {
  message: string;
  extensions?: Record<string, unknown> | undefined;
  /** The field the error is about; none for a request error (raised before execution). */
  path?: readonly (string | number)[] | undefined;
}

/** The error's `extensions.code`, or null when it has none (or one that is not a string). */
export function codeOf(error: GraphQLErrorLike): string | null {
  const code = error.extensions?.code;
  return typeof code === "string" ? code : null;
}

/** True when the error is the service reporting its own fault (see the module's comment). */
export function isServiceFault(error: GraphQLErrorLike): boolean {
  const code = codeOf(error);
  if (code === null) return (error.path?.length ?? 0) > 0;
  return !(isErrorCode(code) || callerFaultCodes.has(code));
}
