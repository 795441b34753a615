import { data } from "@remix-run/node";
import type { GraphQLError } from "graphql";
import { ClientError, GraphQLClient } from "graphql-request";
import type { z } from "zod";
import { AnswerTooLargeError, httpFetch } from "./http-fetch.server";
import { isMergeable, mergeQueries, splitAnswer } from "./merged-queries.server";
import { codeOf, isServiceFault } from "./service-faults";

/**
 * The one place where the portal talks GraphQL (DESIGN.md section 1): every call ends by the
 * request's deadline (ADR 0021: one API_TIMEOUT_MS for the whole page, not one per call), queries
 * are memoized for the request, every answer is validated with a zod schema, and errors are mapped
 * once:
 *
 * - the service is down, slow or answers garbage (or more than API_MAX_ANSWER_BYTES, ADR 0059) →
 *   a thrown 503/502 route error response, which
 *   the nearest ErrorBoundary shows in the resident's language;
 * - login required or access not allowed (spec section 8) → `onAuthRequired` (sign-out + /login);
 * - a GraphQL error by which the service reports its own fault (INTERNAL_SERVER_ERROR, a code it
 *   does not document, none at all; ADR 0055) → the same thrown 503 as a service that is down;
 * - any other GraphQL error → an {@link ApiError} with the back-end's code, for the caller to map.
 */

export type ServiceName = "account" | "users" | "tenant";

export class ApiError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly code: string,
    message: string,
    /** The error's extensions (for example passwordProblems, field). */
    readonly extensions: Record<string, unknown> = {},
    /** The service said "sign in again" (spec section 8). */
    readonly authRequired = false,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type ServiceFailureCode = "service_unavailable" | "invalid_response";
export interface ServiceFailureBody {
  error: ServiceFailureCode;
  service: ServiceName;
}

/** A thrown route error response for a back-end that cannot be used right now. */
export function serviceFailure(service: ServiceName, error: ServiceFailureCode) {
  return data<ServiceFailureBody>({ error, service }, { status: error === "service_unavailable" ? 503 : 502 });
}

/** True for what {@link serviceFailure} throws. */
export function isServiceFailure(thrown: unknown): thrown is ReturnType<typeof serviceFailure> {
  if (typeof thrown !== "object" || thrown === null) return false;
  const candidate = thrown as { type?: unknown; data?: { error?: unknown } };
  return (
    candidate.type === "DataWithResponseInit" &&
    (candidate.data?.error === "service_unavailable" || candidate.data?.error === "invalid_response")
  );
}

/**
 * For `.catch()`: null for what {@link serviceFailure} throws, so a form can answer a back-end that
 * cannot be used with its own message (keeping what was typed); anything else is thrown again.
 */
export function nullOnServiceFailure(thrown: unknown): null {
  if (isServiceFailure(thrown)) return null;
  throw thrown;
}

/** Messages and codes by which the services say "sign in again" (spec section 8). */
const authRequiredCodes = new Set(["UNAUTHENTICATED", "FORBIDDEN"]);
const authRequiredMessages = new Set(["Login required", "Adgang ikke tilladt"]);

/**
 * Answers shared between the requests of one portal instance for a few seconds, by bearer token
 * (ADR 0015): every page's guard asks the account service who the resident is and which tenancies
 * they have, and a resident moving through pages asks the same question with the same token many
 * times a minute. Only queries that ask for it are shared; any mutation sent with a session's
 * tokens forgets that session's answers, so a resident always sees their own changes at once.
 * Other instances see a change (made elsewhere) within `ttlMs`; access to data is still checked by
 * the services on every call, since only the account service's answer about the resident is kept.
 *
 * A session that ends must not be answered from here (ADR 0020): logout forgets the session's
 * token, and a password reset forgets every token whose answers belong to that account (`ownerOf`
 * names the account an answer is about).
 */
export class SharedAnswers {
  private readonly byToken = new Map<string, Map<string, { expires: number; answer: Promise<unknown> }>>();
  /** The account each token's answers are about, once an answer has named it. */
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly options: {
      ttlMs: number;
      maxTokens: number;
      now?: () => number;
      /** The account an answer is about (for example its e-mail), or null when it names none. */
      ownerOf?: (answer: unknown) => string | null;
    },
  ) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  get(token: string, key: string): Promise<unknown> | undefined {
    const entry = this.byToken.get(token)?.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires > this.now()) return entry.answer;
    this.byToken.get(token)?.delete(key);
    return undefined;
  }

  set(token: string, key: string, answer: Promise<unknown>): void {
    let answers = this.byToken.get(token);
    if (answers === undefined) {
      // Bounded: the oldest tokens go first (a Map iterates in insertion order).
      for (const oldest of this.byToken.keys()) {
        if (this.byToken.size < this.options.maxTokens) break;
        this.forget(oldest);
      }
      answers = new Map();
      this.byToken.set(token, answers);
    }
    answers.set(key, { expires: this.now() + this.options.ttlMs, answer });
    answer.then(
      (value) => {
        const owner = this.options.ownerOf?.(value) ?? null;
        if (owner !== null && this.byToken.get(token)?.get(key)?.answer === answer) this.owners.set(token, owner);
      },
      // A failed call is never shared.
      () => {
        if (this.byToken.get(token)?.get(key)?.answer === answer) this.byToken.get(token)?.delete(key);
      },
    );
  }

  /** Forgets what was kept for this token (its session has changed something, or has ended). */
  forget(token: string): void {
    this.byToken.delete(token);
    this.owners.delete(token);
  }

  /**
   * Forgets the answers of every token whose answers are about `owner` (every session of an
   * account whose sessions the services have just ended). Runs through the kept tokens: a rare
   * event against a bounded map.
   */
  forgetOwner(owner: string): void {
    for (const [token, tokenOwner] of this.owners) {
      if (tokenOwner === owner) this.forget(token);
    }
  }

  get size(): number {
    return this.byToken.size;
  }
}

export interface GraphQLServiceOptions {
  service: ServiceName;
  url: string;
  timeoutMs: number;
  /**
   * The request's deadline (ADR 0021), shared by every call of one incoming request: a call made
   * late in the request has only what is left of it. Without one, each call gets `timeoutMs`.
   */
  deadline?: AbortSignal;
  /** The bearer token to send, or null for calls that need none. */
  getToken?: () => Promise<string | null>;
  /**
   * The incoming request's id (server/request-id.ts), sent as X-Request-Id with every call, so the
   * back-end's log lines for it carry the same id as the proxy's and the portal's.
   */
  requestId?: string;
  /** Called (and awaited; it should throw a redirect) when the service says the login is gone. */
  onAuthRequired?: () => Promise<never>;
  fetch?: typeof fetch;
  log?: (message: string) => void;
  /** Where queries sent with `{ shared: true }` keep their answers for other requests. */
  sharedAnswers?: SharedAnswers;
  /** Called after every mutation (whatever its outcome): the session's shared answers are stale. */
  afterMutation?: () => Promise<void>;
  /**
   * Queries started in the same turn of the event loop go as one operation (ADR 0046): a page's
   * units, chart and key figures cost the service one call instead of three.
   */
  mergeQueries?: boolean;
}

/** At most this many queries in one merged operation. */
const maxMergedQueries = 8;

export interface GraphQLService {
  readonly service: ServiceName;
  /**
   * Runs one operation and returns its validated data. `invalidMessage` is the text logged when the
   * answer does not match `schema` (spec section 8, e.g. 'Invalid getUser response').
   */
  request<S extends z.ZodType>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
    invalidMessage: string,
    /** Share the answer with this token's other requests for a few seconds (queries only). */
    options?: { shared?: boolean },
  ): Promise<z.output<S>>;
  /**
   * The same service for calls started before the page knows it needs them (ADR 0021): a query
   * whose variables come from the URL alone, started while the guard still asks who the resident
   * is. Its answer is memoized like any other, so the loader's own identical call later takes it;
   * a refusal ("sign in again", no access) is acted on only by a caller that really needs the
   * answer, so a guessed call for someone else's tenancy never signs the resident out. Never sent
   * without a token, never a mutation.
   */
  readonly speculative: GraphQLService;
}

/**
 * Nearly every operation answers one field, named like the operation (`{ alarms: [...] }`). For
 * those: a function that runs one with `gql`, checks the answer with `schema` (an object of that one
 * field; "Invalid <field> response" is logged for an answer of another shape) and returns the field.
 */
export function oneFieldRequests(gql: GraphQLService) {
  return async function field<S extends z.ZodObject>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
    options?: { shared?: boolean },
  ): Promise<z.output<S>[keyof z.output<S>]> {
    const [name, ...others] = Object.keys(schema.shape);
    if (name === undefined || others.length > 0) throw new Error("An answer of one field was expected");
    const answer: z.output<S> = await gql.request(document, variables, schema, `Invalid ${name} response`, options);
    return answer[name as keyof z.output<S>];
  };
}

export function createGraphQLService(options: GraphQLServiceOptions): GraphQLService {
  const client = new GraphQLClient(options.url, {
    fetch: options.fetch ?? httpFetch,
    method: "POST",
    // Every document holds one operation, so the services need no operationName; without this
    // option graphql-request parses each document on every call only to find that name.
    excludeOperationName: true,
  });
  const memo = new Map<string, Promise<unknown>>();
  const log = options.log ?? ((message: string) => console.error(message));

  interface Exchange {
    document: string;
    variables: Record<string, unknown>;
    requestHeaders: Record<string, string>;
    signal: AbortSignal;
  }
  type Waiting = Exchange & { resolve: (data: unknown) => void; reject: (error: unknown) => void };
  /** Queries waiting for the end of this turn, to be sent together (ADR 0046). */
  let waiting: Waiting[] = [];

  /** What the GraphQL client answers (or throws) for one query: sent alone or merged with others. */
  function exchange(call: Exchange): Promise<unknown> {
    if (!options.mergeQueries || !isMergeable(call.document)) return client.request(call);
    return new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(sendWaiting);
      waiting.push({ ...call, resolve, reject });
    });
  }

  function sendWaiting() {
    const calls = waiting;
    waiting = [];
    // Queries sent with different tokens (one refreshed in between) never share an operation.
    const groups = new Map<string, Waiting[]>();
    for (const call of calls) {
      const key = JSON.stringify(call.requestHeaders);
      const group = groups.get(key);
      if (group) group.push(call);
      else groups.set(key, [call]);
    }
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += maxMergedQueries) {
        const together = group.slice(i, i + maxMergedQueries);
        // Whatever goes wrong on the way, no query is left waiting (a settled one stays as it is).
        sendTogether(together).catch((error: unknown) => {
          for (const call of together) call.reject(error);
        });
      }
    }
  }

  function sendAlone({ document, variables, requestHeaders, signal, resolve, reject }: Waiting): void {
    client.request({ document, variables, requestHeaders, signal }).then(resolve, reject);
  }

  async function sendTogether(calls: Waiting[]): Promise<void> {
    const merged = calls.length > 1 ? mergeQueries(calls) : null;
    if (merged === null) {
      for (const call of calls) sendAlone(call);
      return;
    }
    const [first] = calls as [Waiting, ...Waiting[]];
    let answer: { data?: Record<string, unknown> | null; errors?: GraphQLError[] };
    let response: ClientError["response"] | undefined;
    try {
      const data = await client.request<Record<string, unknown>>({
        document: merged.document,
        variables: merged.variables,
        requestHeaders: first.requestHeaders,
        signal: first.signal,
      });
      answer = { data };
    } catch (error) {
      // Unreachable, too slow or not GraphQL: the same for every query of the operation.
      if (!(error instanceof ClientError && error.response.errors?.length)) {
        for (const call of calls) call.reject(error);
        return;
      }
      response = error.response;
      answer = { data: (response.data ?? null) as Record<string, unknown> | null, errors: response.errors };
    }
    // The service reports its own fault for the whole operation (no field named): each query alone
    // would get the same, so none is sent again to a service that is failing (ADR 0055).
    if (response?.errors?.some((error) => !error.path?.length && isServiceFault(error))) {
      const error = new ClientError(response, { query: merged.document, variables: merged.variables });
      for (const call of calls) call.reject(error);
      return;
    }
    splitAnswer(merged, answer).forEach((part, i) => {
      const call = calls[i]!;
      if (part.kind === "data") call.resolve(part.data);
      else if (part.kind === "unanswered") sendAlone(call);
      else
        call.reject(
          new ClientError(
            { ...response!, data: part.data ?? undefined, errors: part.errors as GraphQLError[] },
            { query: call.document, variables: call.variables },
          ),
        );
    });
  }

  async function run<S extends z.ZodType>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
    invalidMessage: string,
  ): Promise<z.output<S>> {
    const token = options.getToken ? await options.getToken() : null;
    let raw: unknown;
    try {
      raw = await exchange({
        document,
        variables,
        requestHeaders: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.requestId ? { "x-request-id": options.requestId } : {}),
        },
        signal: options.deadline ?? AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof ClientError && error.response.errors?.length) {
        const errors = error.response.errors;
        const first = errors[0]!;
        const code = codeOf(first) ?? "UNKNOWN";
        const authRequired = errors.some(
          (e) => authRequiredMessages.has(e.message) || authRequiredCodes.has(codeOf(e) ?? ""),
        );
        // The service says it broke (ADR 0055): for the resident, the same as a service that is down.
        // "Sign in again" goes first: that is what the resident has to do whatever else went wrong.
        const fault = authRequired ? undefined : errors.find(isServiceFault);
        if (fault !== undefined) {
          log(`${options.service} service reported its own fault: ${codeOf(fault) ?? "no code"}: ${fault.message}`);
          throw serviceFailure(options.service, "service_unavailable");
        }
        // Acted on by the caller (see `needed`), not here: the answer may be shared with a guess.
        throw new ApiError(
          options.service,
          code,
          first.message,
          (first.extensions ?? {}) as Record<string, unknown>,
          authRequired,
        );
      }
      if (error instanceof ClientError) {
        // An HTTP error without GraphQL errors: the service is there but not answering properly.
        log(`${options.service} service answered HTTP ${error.response.status}`);
        throw serviceFailure(
          options.service,
          error.response.status >= 500 ? "service_unavailable" : "invalid_response",
        );
      }
      if (error instanceof AnswerTooLargeError) {
        // Far more than any answer the portal asks for (ADR 0059): the rest was never read.
        log(`${options.service} service answered more than ${error.maxBytes} bytes; the connection was closed`);
        throw serviceFailure(options.service, "invalid_response");
      }
      if (isUnreachable(error)) {
        log(`${options.service} service unreachable: ${describe(error)}`);
        throw serviceFailure(options.service, "service_unavailable");
      }
      // It answered, but not with GraphQL (for example an HTML error page with status 200).
      log(`${options.service} service answered something that is not GraphQL: ${describe(error)}`);
      throw serviceFailure(options.service, "invalid_response");
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      log(
        `${invalidMessage} (${options.service}): ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
      );
      throw serviceFailure(options.service, "invalid_response");
    }
    return parsed.data;
  }

  /** Shares the answer with the token's other requests when asked to and a token is sent. */
  async function runShared<S extends z.ZodType>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
    invalidMessage: string,
    key: string,
  ) {
    const shared = options.sharedAnswers;
    const token = shared && options.getToken ? await options.getToken() : null;
    if (!shared || token === null) return run(document, variables, schema, invalidMessage);
    const known = shared.get(token, key);
    if (known) return known as Promise<z.output<S>>;
    const answer = run(document, variables, schema, invalidMessage);
    shared.set(token, key, answer);
    return answer;
  }

  /** The request's one call for a query: parallel loaders and guessed calls share it. */
  function memoized<S extends z.ZodType>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
    invalidMessage: string,
    shared: boolean,
  ) {
    const key = `${document}\u0000${JSON.stringify(variables)}`;
    let pending = memo.get(key);
    if (!pending) {
      pending = shared
        ? runShared(document, variables, schema, invalidMessage, key)
        : run(document, variables, schema, invalidMessage);
      memo.set(key, pending);
      pending.catch(() => memo.delete(key));
    }
    return pending as Promise<z.output<S>>;
  }

  /** An answer the caller needs: "sign in again" signs the resident out (spec section 8). */
  async function needed<T>(answer: Promise<T>): Promise<T> {
    try {
      return await answer;
    } catch (error) {
      if (error instanceof ApiError && error.authRequired && options.onAuthRequired) await options.onAuthRequired();
      throw error;
    }
  }

  const isMutation = (document: string) => /^\s*(#[^\n]*\n\s*)*mutation\b/.test(document);

  const speculative: GraphQLService = {
    service: options.service,
    async request(document, variables, schema, invalidMessage, requestOptions) {
      if (isMutation(document)) throw new Error("A mutation is never sent on a guess");
      // Nobody signed in: the guard sends the resident to sign in; there is nothing to guess.
      if (options.getToken && (await options.getToken()) === null) throw new Error("No token for a guessed call");
      return memoized(document, variables, schema, invalidMessage, requestOptions?.shared ?? false);
    },
    get speculative() {
      return speculative;
    },
  };

  return {
    service: options.service,
    request(document, variables, schema, invalidMessage, requestOptions) {
      // Queries are memoized for the request, so parallel loaders share one call; mutations never are.
      if (!isMutation(document))
        return needed(memoized(document, variables, schema, invalidMessage, requestOptions?.shared ?? false));
      // What the request has read may have changed.
      memo.clear();
      return needed(run(document, variables, schema, invalidMessage)).finally(() => options.afterMutation?.());
    },
    speculative,
  };
}

/** A connection that failed or timed out, as opposed to an answer we could not read. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (error.name === "TimeoutError" || error.name === "AbortError") return true;
  // undici reports refused, reset and DNS failures as "TypeError: fetch failed".
  return error instanceof TypeError;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error
      ? `${error.name}: ${error.message} (${cause.message})`
      : `${error.name}: ${error.message}`;
  }
  return String(error);
}
