import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { buildSchema, execute, parse, print, validate } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type Api, createApi } from "./api.server";
import {
  ApiError,
  createGraphQLService,
  type GraphQLServiceOptions,
  isServiceFailure,
  type ServiceName,
  SharedAnswers,
  serviceFailure,
} from "./graphql.server";
import { AnswerTooLargeError } from "./http-fetch.server";

/**
 * The one GraphQL client of the portal (DESIGN.md section 1, spec sections 7 and 8), driven
 * through an injected `fetch`: what it sends, how it validates answers and how it maps failures.
 */

/** A document as codegen gives them (typed; the tests' variables are free). */
const documentOf = (text: string) =>
  parse(text, { noLocation: true }) as TypedDocumentNode<unknown, Record<string, unknown>>;

const UserQuery = documentOf(/* GraphQL */ `
  query CurrentUser($id: ID) {
    currentUser(id: $id) { id email }
  }
`);
const RevokeMutation = documentOf(/* GraphQL */ `
  mutation RevokeToken($refreshToken: String!) {
    revokeToken(refreshToken: $refreshToken) { revoked }
  }
`);
const userSchema = z.object({ currentUser: z.object({ id: z.string(), email: z.string() }) });
const revokeSchema = z.object({ revokeToken: z.object({ revoked: z.boolean() }) });

interface SentRequest {
  url: string;
  headers: Headers;
  body: { query: string; variables?: Record<string, unknown>; operationName?: string };
  signal: AbortSignal | null | undefined;
}

type Answer = (sent: SentRequest) => Response | Promise<Response>;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A fetch that records every request and answers with `answer`. */
function fakeFetch(answer: Answer) {
  const sent: SentRequest[] = [];
  const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const request = {
      url: String(input instanceof Request ? input.url : input),
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)) as SentRequest["body"],
      signal: init?.signal,
    };
    sent.push(request);
    return answer(request);
  });
  return { fetch: fetchImpl as unknown as typeof fetch, sent, calls: () => fetchImpl.mock.calls.length };
}

function service(fetchImpl: typeof fetch, options: Partial<GraphQLServiceOptions> = {}) {
  return createGraphQLService({
    service: "account",
    url: "http://backend.test/account/graphql",
    timeoutMs: 2000,
    fetch: fetchImpl,
    log: () => undefined,
    ...options,
  });
}

const user = { currentUser: { id: "1", email: "anna@demo.test" } };

/** What a call rejected with (fails the test when it did not reject). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to reject");
}

function expectServiceFailure(thrown: unknown, status: number, error: "service_unavailable" | "invalid_response") {
  expect(isServiceFailure(thrown)).toBe(true);
  const failure = thrown as { init: { status?: number } | null; data: { error: string; service: string } };
  expect(failure.init?.status).toBe(status);
  expect(failure.data.error).toBe(error);
  expect(failure.data.service).toBe("account");
}

describe("createGraphQLService", () => {
  it("POSTs the document and variables to the service URL and returns the validated data", async () => {
    const backend = fakeFetch(() => jsonResponse({ data: user }));
    const result = await service(backend.fetch).request(UserQuery, { id: "1" }, userSchema, "Invalid getUser response");
    expect(result).toEqual(user);
    expect(backend.sent).toHaveLength(1);
    expect(backend.sent[0]?.url).toBe("http://backend.test/account/graphql");
    expect(backend.sent[0]?.body.query).toContain("currentUser(id: $id)");
    expect(backend.sent[0]?.body.variables).toEqual({ id: "1" });
    // The document is printed once and sent without an operationName (it holds one operation).
    expect(backend.sent[0]?.body).not.toHaveProperty("operationName");
    expect(backend.fetch).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: "POST" }));
  });

  it("returns what the schema outputs, dropping fields it does not know", async () => {
    const backend = fakeFetch(() => jsonResponse({ data: { currentUser: { ...user.currentUser, extra: true } } }));
    const result = await service(backend.fetch).request(UserQuery, {}, userSchema, "Invalid getUser response");
    expect(result).toEqual(user);
  });

  describe("answers that do not match the schema", () => {
    it("reject with a 502 service failure and log the spec's message", async () => {
      const log = vi.fn();
      const backend = fakeFetch(() => jsonResponse({ data: { currentUser: { id: 1 } } }));
      const thrown = await rejectionOf(
        service(backend.fetch, { log }).request(UserQuery, {}, userSchema, "Invalid getUser response"),
      );
      expectServiceFailure(thrown, 502, "invalid_response");
      expect(log).toHaveBeenCalledWith(expect.stringContaining("Invalid getUser response"));
    });

    it("reject a null data field the same way", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: null }));
      expectServiceFailure(
        await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x")),
        502,
        "invalid_response",
      );
    });
  });

  describe("a service that cannot be used", () => {
    it("is a 503 service failure when the network fails", async () => {
      const backend = fakeFetch(() => {
        throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:4000") });
      });
      const thrown = await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x"));
      expectServiceFailure(thrown, 503, "service_unavailable");
    });

    it("is a 503 service failure when it answers slower than the timeout, and the request is aborted", async () => {
      let aborted = false;
      const backend = fakeFetch(
        ({ signal }) =>
          new Promise<Response>((resolve, reject) => {
            const late = setTimeout(() => resolve(jsonResponse({ data: user })), 5000);
            signal?.addEventListener("abort", () => {
              aborted = true;
              clearTimeout(late);
              reject(signal.reason);
            });
          }),
      );
      const started = Date.now();
      const thrown = await rejectionOf(
        service(backend.fetch, { timeoutMs: 100 }).request(UserQuery, {}, userSchema, "x"),
      );
      expectServiceFailure(thrown, 503, "service_unavailable");
      expect(aborted).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    const plain = "text/plain";
    it.each([
      [
        "a 503 service failure for an HTTP 5xx without GraphQL errors",
        "Bad gateway",
        502,
        plain,
        503,
        "service_unavailable",
      ],
      [
        "a 502 service failure for an HTTP 4xx without GraphQL errors",
        "Not found",
        404,
        plain,
        502,
        "invalid_response",
      ],
      [
        "a service failure, not a crash, when the answer is not JSON",
        "<html>",
        200,
        "application/json",
        502,
        "invalid_response",
      ],
    ] as const)("is %s", async (_, body, status, contentType, failureStatus, code) => {
      const backend = fakeFetch(() => new Response(body, { status, headers: { "content-type": contentType } }));
      expectServiceFailure(
        await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x")),
        failureStatus,
        code,
      );
    });
  });

  it("is a 502 service failure, logged with its cap, when the answer passes the cap (ADR 0059)", async () => {
    const log = vi.fn();
    const backend = fakeFetch(() => {
      throw new AnswerTooLargeError(1024);
    });
    expectServiceFailure(
      await rejectionOf(service(backend.fetch, { log }).request(UserQuery, {}, userSchema, "x")),
      502,
      "invalid_response",
    );
    expect(log).toHaveBeenCalledWith(expect.stringContaining("more than 1024 bytes"));
  });

  describe("GraphQL errors", () => {
    const graphQLError = (...errors: { message: string; extensions?: Record<string, unknown>; path?: string[] }[]) =>
      fakeFetch(() => jsonResponse({ data: null, errors }));

    it("become an ApiError with the first error's code and message", async () => {
      const backend = graphQLError({
        message: "Please enter valid credentials",
        extensions: { code: "INVALID_CREDENTIALS" },
      });
      const onAuthRequired = vi.fn(async (): Promise<never> => {
        throw new Error("must not be called");
      });
      const thrown = await rejectionOf(
        service(backend.fetch, { onAuthRequired }).request(RevokeMutation, { refreshToken: "r" }, revokeSchema, "x"),
      );
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe("INVALID_CREDENTIALS");
      expect((thrown as ApiError).message).toBe("Please enter valid credentials");
      expect((thrown as ApiError).service).toBe("account");
      expect(isServiceFailure(thrown)).toBe(false);
      expect(onAuthRequired).not.toHaveBeenCalled();
    });

    it("about a field that the service gives no code for are its own fault: a 503 service failure (ADR 0055)", async () => {
      const log = vi.fn();
      const error = { message: "Cannot return null for non-nullable field", path: ["currentUser"] };
      const thrown = await rejectionOf(
        service(graphQLError(error).fetch, { log }).request(UserQuery, {}, userSchema, "x"),
      );
      expectServiceFailure(thrown, 503, "service_unavailable");
      expect(log).toHaveBeenCalledWith(expect.stringContaining("Cannot return null for non-nullable field"));
    });

    it.each([
      ["INTERNAL_SERVER_ERROR", "Unexpected error."],
      ["A_CODE_NOBODY_DOCUMENTS", "Something broke"],
    ])(
      "with the code %s are the service's own fault: a 503 service failure, never an ApiError",
      async (code, message) => {
        const log = vi.fn();
        const onAuthRequired = vi.fn(async (): Promise<never> => {
          throw new Error("must not be called");
        });
        const thrown = await rejectionOf(
          service(graphQLError({ message, extensions: { code } }).fetch, { log, onAuthRequired }).request(
            RevokeMutation,
            { refreshToken: "r" },
            revokeSchema,
            "x",
          ),
        );
        expect(thrown).not.toBeInstanceOf(ApiError);
        expectServiceFailure(thrown, 503, "service_unavailable");
        expect(log).toHaveBeenCalledWith(expect.stringContaining(code));
        expect(onAuthRequired).not.toHaveBeenCalled();
      },
    );

    it("with a fault after a documented refusal are still the service's fault", async () => {
      const backend = graphQLError(
        { message: "No such alarm.", extensions: { code: "ALARM_NOT_FOUND" } },
        { message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } },
      );
      expectServiceFailure(
        await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x")),
        503,
        "service_unavailable",
      );
    });

    it("that name no field and have no code (a request error: the portal's document or variables) stay an ApiError", async () => {
      const backend = graphQLError({ message: 'Variable "$id" of required type "ID!" was not provided.' });
      const thrown = await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x"));
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe("UNKNOWN");
    });

    it.each([
      "BAD_USER_INPUT",
      "GRAPHQL_VALIDATION_FAILED",
      "GRAPHQL_PARSE_FAILED",
      "BAD_REQUEST",
      "RATE_LIMITED",
      "ALARM_INVALID",
    ])(
      "with the code %s (the caller's or a documented refusal) stay an ApiError for the caller to map",
      async (code) => {
        const backend = graphQLError({ message: "refused", extensions: { code, retryAfterSeconds: 30 } });
        const thrown = await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x"));
        expect(thrown).toBeInstanceOf(ApiError);
        expect((thrown as ApiError).code).toBe(code);
        expect((thrown as ApiError).extensions.retryAfterSeconds).toBe(30);
        expect(isServiceFailure(thrown)).toBe(false);
      },
    );

    it("that say 'sign in again' beside a fault sign the resident out", async () => {
      const sentinel = new Response(null, { status: 302, headers: { location: "/login" } });
      const onAuthRequired = vi.fn(async (): Promise<never> => {
        throw sentinel;
      });
      const backend = graphQLError(
        { message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } },
        { message: "Login required", extensions: { code: "UNAUTHENTICATED" } },
      );
      const thrown = await rejectionOf(
        service(backend.fetch, { onAuthRequired }).request(UserQuery, {}, userSchema, "x"),
      );
      expect(thrown).toBe(sentinel);
    });

    it("are GraphQL errors even when the HTTP status is not 200", async () => {
      const backend = fakeFetch(() =>
        jsonResponse({ errors: [{ message: "Invalid input", extensions: { code: "BAD_USER_INPUT" } }] }, 400),
      );
      const thrown = await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x"));
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe("BAD_USER_INPUT");
    });

    const authRequiredCases: [string, { message: string; extensions?: Record<string, unknown> }[]][] = [
      ["code UNAUTHENTICATED", [{ message: "Login required", extensions: { code: "UNAUTHENTICATED" } }]],
      [
        "code UNAUTHENTICATED with another message",
        [{ message: "Token expired", extensions: { code: "UNAUTHENTICATED" } }],
      ],
      ["the Danish 'access not allowed' message without a code", [{ message: "Adgang ikke tilladt" }]],
      ["code FORBIDDEN", [{ message: "Forbidden", extensions: { code: "FORBIDDEN" } }]],
      [
        "a login-required error that is not the first one",
        [{ message: "Something else", extensions: { code: "BAD_USER_INPUT" } }, { message: "Login required" }],
      ],
    ];

    it.each(authRequiredCases)("call onAuthRequired for %s, whose redirect propagates", async (_label, errors) => {
      const sentinel = new Response(null, { status: 302, headers: { location: "/login" } });
      const onAuthRequired = vi.fn(async (): Promise<never> => {
        throw sentinel;
      });
      const thrown = await rejectionOf(
        service(graphQLError(...errors).fetch, { onAuthRequired }).request(UserQuery, {}, userSchema, "x"),
      );
      expect(thrown).toBe(sentinel);
      expect(onAuthRequired).toHaveBeenCalledTimes(1);
    });

    it("without onAuthRequired, a login-required error is an ApiError", async () => {
      const backend = graphQLError({ message: "Login required", extensions: { code: "UNAUTHENTICATED" } });
      const thrown = await rejectionOf(service(backend.fetch).request(UserQuery, {}, userSchema, "x"));
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe("UNAUTHENTICATED");
    });
  });

  describe("memoization", () => {
    it("sends two identical queries once, in parallel and one after the other", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: user }));
      const api = service(backend.fetch);
      const [a, b] = await Promise.all([
        api.request(UserQuery, { id: "1" }, userSchema, "x"),
        api.request(UserQuery, { id: "1" }, userSchema, "x"),
      ]);
      await api.request(UserQuery, { id: "1" }, userSchema, "x");
      expect(a).toEqual(user);
      expect(b).toEqual(user);
      expect(backend.calls()).toBe(1);
    });

    it("sends queries with different variables separately", async () => {
      const backend = fakeFetch(({ body }) =>
        jsonResponse({ data: { currentUser: { id: String(body.variables?.id), email: "x@demo.test" } } }),
      );
      const api = service(backend.fetch);
      const [one, two] = await Promise.all([
        api.request(UserQuery, { id: "1" }, userSchema, "x"),
        api.request(UserQuery, { id: "2" }, userSchema, "x"),
      ]);
      expect(backend.calls()).toBe(2);
      expect(one.currentUser.id).toBe("1");
      expect(two.currentUser.id).toBe("2");
    });

    it("is per service instance (per request)", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: user }));
      await service(backend.fetch).request(UserQuery, {}, userSchema, "x");
      await service(backend.fetch).request(UserQuery, {}, userSchema, "x");
      expect(backend.calls()).toBe(2);
    });

    it("never applies to mutations", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: { revokeToken: { revoked: true } } }));
      const api = service(backend.fetch);
      await Promise.all([
        api.request(RevokeMutation, { refreshToken: "r" }, revokeSchema, "x"),
        api.request(RevokeMutation, { refreshToken: "r" }, revokeSchema, "x"),
      ]);
      await api.request(RevokeMutation, { refreshToken: "r" }, revokeSchema, "x");
      expect(backend.calls()).toBe(3);
    });

    it("forgets a query that failed, so it can be tried again", async () => {
      let attempt = 0;
      const backend = fakeFetch(() => {
        attempt += 1;
        if (attempt === 1) throw new TypeError("fetch failed");
        return jsonResponse({ data: user });
      });
      const api = service(backend.fetch);
      expect(isServiceFailure(await rejectionOf(api.request(UserQuery, {}, userSchema, "x")))).toBe(true);
      await expect(api.request(UserQuery, {}, userSchema, "x")).resolves.toEqual(user);
      expect(backend.calls()).toBe(2);
    });
  });

  describe("the authorization header", () => {
    it("is 'Bearer <token>' when getToken gives a token", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: user }));
      await service(backend.fetch, { getToken: async () => "access.token.value" }).request(
        UserQuery,
        {},
        userSchema,
        "x",
      );
      expect(backend.sent[0]?.headers.get("authorization")).toBe("Bearer access.token.value");
    });

    it("is absent when getToken gives null", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: user }));
      await service(backend.fetch, { getToken: async () => null }).request(UserQuery, {}, userSchema, "x");
      expect(backend.sent[0]?.headers.has("authorization")).toBe(false);
    });

    it("is absent when there is no getToken", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: user }));
      await service(backend.fetch).request(UserQuery, {}, userSchema, "x");
      expect(backend.sent[0]?.headers.has("authorization")).toBe(false);
    });
  });

  describe("the request id", () => {
    it("goes with every call, queries and mutations, as X-Request-Id beside the token", async () => {
      const backend = fakeFetch((sent) =>
        jsonResponse({ data: sent.body.query.includes("revokeToken") ? { revokeToken: { revoked: true } } : user }),
      );
      const calls = service(backend.fetch, { requestId: "req-1234abcd", getToken: async () => "access.token.value" });
      await calls.request(UserQuery, {}, userSchema, "x");
      await calls.request(RevokeMutation, { refreshToken: "r" }, revokeSchema, "x");
      expect(backend.sent.map((sent) => sent.headers.get("x-request-id"))).toEqual(["req-1234abcd", "req-1234abcd"]);
      expect(backend.sent[0]?.headers.get("authorization")).toBe("Bearer access.token.value");
    });

    it("is absent when the service was made without one", async () => {
      const backend = fakeFetch(() => jsonResponse({ data: user }));
      await service(backend.fetch).request(UserQuery, {}, userSchema, "x");
      expect(backend.sent[0]?.headers.has("x-request-id")).toBe(false);
    });
  });
});

describe("one deadline per request (ADR 0021)", () => {
  /** A back-end that answers each call after `ms`, or rejects when its signal aborts first. */
  const slowBackend = (ms: number) =>
    fakeFetch(
      ({ signal }) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => resolve(jsonResponse({ data: user })), ms);
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        }),
    );

  it("gives a call made late in the request only what is left of the deadline", async () => {
    const backend = slowBackend(150);
    const api = service(backend.fetch, { timeoutMs: 250, deadline: AbortSignal.timeout(250) });
    await expect(api.request(UserQuery, { id: "1" }, userSchema, "x")).resolves.toEqual(user);
    // 150 ms are gone: a second call of 150 ms no longer fits, though it would within its own 250 ms.
    expectServiceFailure(
      await rejectionOf(api.request(UserQuery, { id: "2" }, userSchema, "x")),
      503,
      "service_unavailable",
    );
  });

  it("is shared by the request's calls to every service", async () => {
    const backend = slowBackend(10);
    const deadline = new AbortController();
    const account = service(backend.fetch, { deadline: deadline.signal });
    const tenant = service(backend.fetch, { service: "tenant", deadline: deadline.signal });
    await Promise.all([
      account.request(UserQuery, {}, userSchema, "x"),
      tenant.request(UserQuery, {}, userSchema, "x"),
    ]);
    expect(backend.sent.map((sent) => sent.signal)).toEqual([deadline.signal, deadline.signal]);
  });
});

describe("calls started on a guess (ADR 0021)", () => {
  const refused = () =>
    fakeFetch(() =>
      jsonResponse({ data: null, errors: [{ message: "Adgang ikke tilladt", extensions: { code: "FORBIDDEN" } }] }),
    );
  const signOut = () =>
    vi.fn(async (): Promise<never> => {
      throw new Response(null, { status: 302, headers: { location: "/login" } });
    });

  it("share their answer with the same call made later, so it is sent once", async () => {
    const backend = fakeFetch(() => jsonResponse({ data: user }));
    const api = service(backend.fetch, { getToken: async () => "token" });
    void api.speculative.request(UserQuery, { id: "1" }, userSchema, "x");
    await expect(api.request(UserQuery, { id: "1" }, userSchema, "x")).resolves.toEqual(user);
    expect(backend.calls()).toBe(1);
  });

  it("never sign the resident out when the service refuses them", async () => {
    const onAuthRequired = signOut();
    const api = service(refused().fetch, { getToken: async () => "token", onAuthRequired });
    const thrown = await rejectionOf(api.speculative.request(UserQuery, { id: "7019" }, userSchema, "x"));
    expect(thrown).toBeInstanceOf(ApiError);
    expect(onAuthRequired).not.toHaveBeenCalled();
  });

  it("leave the refusal to a caller that needs the answer, which signs out as before", async () => {
    const onAuthRequired = signOut();
    const backend = refused();
    const api = service(backend.fetch, { getToken: async () => "token", onAuthRequired });
    const guessed = api.speculative.request(UserQuery, { id: "7009" }, userSchema, "x");
    const needed = api.request(UserQuery, { id: "7009" }, userSchema, "x");
    await rejectionOf(guessed);
    expect(await rejectionOf(needed)).toMatchObject({ status: 302 });
    expect(onAuthRequired).toHaveBeenCalledTimes(1);
    expect(backend.calls()).toBe(1);
  });

  it("are not sent without a token, nor as mutations", async () => {
    const backend = fakeFetch(() => jsonResponse({ data: user }));
    await rejectionOf(
      service(backend.fetch, { getToken: async () => null }).speculative.request(UserQuery, {}, userSchema, "x"),
    );
    await rejectionOf(
      service(backend.fetch, { getToken: async () => "token" }).speculative.request(
        RevokeMutation,
        { refreshToken: "r" },
        revokeSchema,
        "x",
      ),
    );
    expect(backend.calls()).toBe(0);
  });
});

describe("answers shared between requests (ADR 0015)", () => {
  function setUp() {
    let now = 1_000_000;
    const shared = new SharedAnswers({ ttlMs: 5000, maxTokens: 2, now: () => now });
    const backend = fakeFetch(() => jsonResponse({ data: user }));
    const forgotten: string[] = [];
    // One service per request, as createApi builds them; each with its session's token.
    const requestWith = (token: string) =>
      service(backend.fetch, {
        sharedAnswers: shared,
        getToken: async () => token,
        afterMutation: async () => {
          forgotten.push(token);
          shared.forget(token);
        },
      });
    return { shared, backend, requestWith, forgotten, advance: (ms: number) => (now += ms) };
  }
  const ask = (gql: ReturnType<typeof service>, shared = true) =>
    gql.request(UserQuery, {}, userSchema, "x", { shared });

  it("are shared by the requests of one token for a few seconds, then asked again", async () => {
    const { backend, requestWith, advance } = setUp();
    expect(await ask(requestWith("token-a"))).toEqual(user);
    expect(await ask(requestWith("token-a"))).toEqual(user);
    expect(backend.calls()).toBe(1);
    advance(4999);
    await ask(requestWith("token-a"));
    expect(backend.calls()).toBe(1);
    advance(1);
    await ask(requestWith("token-a"));
    expect(backend.calls()).toBe(2);
  });

  it("never cross from one token to another, and only for queries that ask", async () => {
    const { backend, requestWith } = setUp();
    await ask(requestWith("token-a"));
    await ask(requestWith("token-b"));
    expect(backend.calls()).toBe(2);
    expect(backend.sent.map((s) => s.headers.get("authorization"))).toEqual(["Bearer token-a", "Bearer token-b"]);
    await ask(requestWith("token-a"), false);
    expect(backend.calls()).toBe(3);
  });

  it("are forgotten after any mutation of the session, even one that failed", async () => {
    const { backend, requestWith, forgotten } = setUp();
    await ask(requestWith("token-a"));
    const gql = requestWith("token-a");
    await gql.request(RevokeMutation, { refreshToken: "r" }, revokeSchema, "x").catch(() => undefined);
    expect(forgotten).toEqual(["token-a"]);
    // The same request asks again too: what it had read may have changed.
    await ask(gql);
    await ask(requestWith("token-a"));
    expect(backend.calls()).toBe(3);
  });

  it("keep no failure", async () => {
    let fail = true;
    const backend = fakeFetch(() => (fail ? jsonResponse({ data: null }) : jsonResponse({ data: user })));
    const shared = new SharedAnswers({ ttlMs: 5000, maxTokens: 10 });
    const gql = () => service(backend.fetch, { sharedAnswers: shared, getToken: async () => "token-a" });
    await rejectionOf(ask(gql()));
    fail = false;
    expect(await ask(gql())).toEqual(user);
    expect(backend.calls()).toBe(2);
  });

  it("hold a bounded number of tokens, dropping the oldest", async () => {
    const { shared, backend, requestWith } = setUp();
    for (const token of ["token-a", "token-b", "token-c"]) await ask(requestWith(token));
    expect(shared.size).toBe(2);
    await ask(requestWith("token-c"));
    expect(backend.calls()).toBe(3);
    await ask(requestWith("token-a"));
    expect(backend.calls()).toBe(4);
  });

  it("of every session of an account are forgotten at once when that account's sessions end (ADR 0020)", async () => {
    let now = 1_000_000;
    const shared = new SharedAnswers({
      ttlMs: 5000,
      maxTokens: 10,
      now: () => now,
      ownerOf: (answer) => (answer as typeof user).currentUser.email,
    });
    const emails: Record<string, string> = {
      phone: "anna@demo.test",
      laptop: "anna@demo.test",
      other: "jens@demo.test",
    };
    const backend = fakeFetch((sent) => {
      const token = sent.headers.get("authorization")!.replace("Bearer ", "");
      return jsonResponse({ data: { currentUser: { id: token, email: emails[token] } } });
    });
    const requestWith = (token: string) =>
      service(backend.fetch, { sharedAnswers: shared, getToken: async () => token });
    for (const token of ["phone", "laptop", "other"]) await ask(requestWith(token));
    expect(backend.calls()).toBe(3);

    shared.forgetOwner("anna@demo.test");
    for (const token of ["phone", "laptop", "other"]) await ask(requestWith(token));
    // Both of Anna's sessions ask the service again (which now refuses them); Jens's is still kept.
    expect(backend.sent.slice(3).map((s) => s.headers.get("authorization"))).toEqual(["Bearer phone", "Bearer laptop"]);
    now += 1;
    shared.forget("other");
    await ask(requestWith("other"));
    expect(backend.calls()).toBe(6);
  });

  it("are not kept for calls without a token", async () => {
    const shared = new SharedAnswers({ ttlMs: 5000, maxTokens: 10 });
    const backend = fakeFetch(() => jsonResponse({ data: user }));
    await ask(service(backend.fetch, { sharedAnswers: shared, getToken: async () => null }));
    expect(shared.size).toBe(0);
  });
});

describe("serviceFailure and isServiceFailure", () => {
  it("recognize each other and nothing else", () => {
    const unavailable = serviceFailure("tenant", "service_unavailable");
    const invalid = serviceFailure("users", "invalid_response");
    expect(isServiceFailure(unavailable)).toBe(true);
    expect(isServiceFailure(invalid)).toBe(true);
    expect(unavailable.init?.status).toBe(503);
    expect(invalid.init?.status).toBe(502);
    expect(unavailable.data).toEqual({ error: "service_unavailable", service: "tenant" });

    for (const other of [
      null,
      undefined,
      "service_unavailable",
      new Error("x"),
      new ApiError("account", "X", "x"),
      { data: { error: "service_unavailable" } },
    ]) {
      expect(isServiceFailure(other)).toBe(false);
    }
  });
});

describe("queries started together (ADR 0046)", () => {
  const schema = buildSchema(/* GraphQL */ `
    type Query { currentUser(id: ID): User! }
    type Mutation { revokeToken(refreshToken: String!): Revoked! }
    type User { id: String! email: String! }
    type Revoked { revoked: Boolean! }
  `);
  const rootValue = {
    currentUser: ({ id }: { id?: string }) => {
      if (id === "9") throw Object.assign(new Error("Adgang ikke tilladt"), { extensions: { code: "FORBIDDEN" } });
      return { id: id ?? "0", email: `user${id ?? 0}@demo.test` };
    },
    revokeToken: () => ({ revoked: true }),
  };
  /** A service that executes what it is sent against the schema above, as the back-end does. */
  const graphQLService = () =>
    fakeFetch(async ({ body }) => {
      const document = parse(body.query);
      const errors = validate(schema, document);
      if (errors.length > 0) return jsonResponse({ errors }, 400);
      return jsonResponse(await execute({ schema, document, rootValue, variableValues: body.variables }));
    });
  const merging = (fetchImpl: typeof fetch, options: Partial<GraphQLServiceOptions> = {}) =>
    service(fetchImpl, { mergeQueries: true, ...options });
  const userOf = (id: string) => ({ currentUser: { id, email: `user${id}@demo.test` } });

  it("go as one operation, and each gets its own answer", async () => {
    const backend = graphQLService();
    const api = merging(backend.fetch);
    const answers = await Promise.all(["1", "2", "3"].map((id) => api.request(UserQuery, { id }, userSchema, "x")));
    expect(answers).toEqual([userOf("1"), userOf("2"), userOf("3")]);
    expect(backend.calls()).toBe(1);
    expect(backend.sent[0]?.body.variables).toEqual({ _v0_id: "1", _v1_id: "2", _v2_id: "3" });
    expect(backend.sent[0]?.body.query).toMatch(/^query CurrentUser_CurrentUser_CurrentUser\(/);
    // Identical queries are still one call (memoized), and a later turn has its own operation.
    await Promise.all([
      api.request(UserQuery, { id: "4" }, userSchema, "x"),
      api.request(UserQuery, { id: "4" }, userSchema, "x"),
    ]);
    expect(backend.calls()).toBe(2);
    expect(backend.sent[1]?.body.query).toBe(print(UserQuery));
  });

  it("only when asked for: without the option each query is its own call", async () => {
    const backend = graphQLService();
    const api = service(backend.fetch);
    await Promise.all(["1", "2"].map((id) => api.request(UserQuery, { id }, userSchema, "x")));
    expect(backend.calls()).toBe(2);
  });

  it("give an error only to the query it is about; the others, left without an answer, are sent alone once", async () => {
    const backend = graphQLService();
    const onAuthRequired = vi.fn(async (): Promise<never> => {
      throw new Error("signed out");
    });
    const api = merging(backend.fetch, { onAuthRequired });
    const [guess, needed] = await Promise.allSettled([
      api.speculative.request(UserQuery, { id: "9" }, userSchema, "x"),
      api.request(UserQuery, { id: "1" }, userSchema, "x"),
    ]);
    expect(guess.status).toBe("rejected");
    const refusal = (guess as PromiseRejectedResult).reason as ApiError;
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal.code).toBe("FORBIDDEN");
    expect(refusal.authRequired).toBe(true);
    // A refused guess signs nobody out, as when it is sent alone (ADR 0021).
    expect(onAuthRequired).not.toHaveBeenCalled();
    expect(needed).toEqual({ status: "fulfilled", value: userOf("1") });
    expect(backend.calls()).toBe(2);
    expect(backend.sent[1]?.body).toEqual({ query: print(UserQuery), variables: { id: "1" } });
  });

  it("give a fault the service reports about one query's field to that query alone, as a 503 (ADR 0055)", async () => {
    const backend = fakeFetch(() =>
      jsonResponse({
        data: { _v0_currentUser: userOf("1").currentUser, _v1_currentUser: null },
        errors: [
          { message: "Unexpected error.", path: ["_v1_currentUser"], extensions: { code: "INTERNAL_SERVER_ERROR" } },
        ],
      }),
    );
    const api = merging(backend.fetch);
    const [first, second] = await Promise.allSettled(
      ["1", "2"].map((id) => api.request(UserQuery, { id }, userSchema, "x")),
    );
    expect(first).toEqual({ status: "fulfilled", value: userOf("1") });
    expect(second?.status).toBe("rejected");
    expectServiceFailure((second as PromiseRejectedResult).reason, 503, "service_unavailable");
    expect(backend.calls()).toBe(1);
  });

  it.each<[string, Answer]>([
    [
      "reports its own fault for as a whole all fail with a 503, and are not sent again one by one",
      () =>
        jsonResponse({
          data: null,
          errors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
        }),
    ],
    [
      "cannot answer all fail as one query would",
      () => {
        throw new TypeError("fetch failed");
      },
    ],
  ])("that the service %s", async (_, answer) => {
    const backend = fakeFetch(answer);
    const api = merging(backend.fetch);
    const failures = await Promise.allSettled(["1", "2"].map((id) => api.request(UserQuery, { id }, userSchema, "x")));
    for (const failure of failures) {
      expect(failure.status).toBe("rejected");
      expectServiceFailure((failure as PromiseRejectedResult).reason, 503, "service_unavailable");
    }
    expect(backend.calls()).toBe(1);
  });

  it("that the service refuses as a whole for the caller's fault are sent again one by one, as before", async () => {
    let call = 0;
    const backend = fakeFetch(({ body }) => {
      call += 1;
      if (call === 1)
        return jsonResponse(
          { errors: [{ message: "invalid", extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }] },
          400,
        );
      return jsonResponse({ data: userOf(String(body.variables?.id)) });
    });
    const api = merging(backend.fetch);
    const answers = await Promise.all(["1", "2"].map((id) => api.request(UserQuery, { id }, userSchema, "x")));
    expect(answers).toEqual([userOf("1"), userOf("2")]);
    expect(backend.calls()).toBe(3);
  });

  it("are never left waiting when the answer cannot be split (a key no query asked for)", async () => {
    const backend = fakeFetch(() => jsonResponse({ data: { unasked: 1 } }));
    const api = merging(backend.fetch);
    const answers = await Promise.allSettled(["1", "2"].map((id) => api.request(UserQuery, { id }, userSchema, "x")));
    for (const answer of answers) {
      expect(answer.status).toBe("rejected");
      expect(isServiceFailure((answer as PromiseRejectedResult).reason)).toBe(true);
    }
    expect(backend.calls()).toBe(1);
  });

  it("go at most eight to an operation", async () => {
    const backend = graphQLService();
    const api = merging(backend.fetch);
    const ids = Array.from({ length: 11 }, (_, i) => String(i + 10));
    const answers = await Promise.all(ids.map((id) => api.request(UserQuery, { id }, userSchema, "x")));
    expect(answers).toEqual(ids.map(userOf));
    expect(backend.sent.map((sent) => Object.keys(sent.body.variables ?? {}).length)).toEqual([8, 3]);
  });

  it("with different headers (a token refreshed in between) never share an operation", async () => {
    const backend = graphQLService();
    let token = "a";
    const api = merging(backend.fetch, { getToken: async () => token });
    const first = api.request(UserQuery, { id: "1" }, userSchema, "x");
    token = "b";
    const second = api.request(UserQuery, { id: "2" }, userSchema, "x");
    expect(await Promise.all([first, second])).toEqual([userOf("1"), userOf("2")]);
    expect(backend.sent.map((sent) => sent.headers.get("authorization"))).toEqual(["Bearer a", "Bearer b"]);
  });

  it("never include a mutation, nor a document that cannot be merged", async () => {
    const backend = graphQLService();
    const api = merging(backend.fetch);
    const withFragment = documentOf(/* GraphQL */ `
      query WithFragment { currentUser(id: "5") { ...Fields } }
      fragment Fields on User { id email }
    `);
    await Promise.all([
      api.request(UserQuery, { id: "1" }, userSchema, "x"),
      api.request(RevokeMutation, { refreshToken: "r" }, revokeSchema, "x"),
      api.request(withFragment, {}, userSchema, "x"),
    ]);
    expect(backend.sent.map((sent) => sent.body.query)).toEqual([RevokeMutation, withFragment, UserQuery].map(print));
  });
});

/**
 * Each service's operations, as the routes call them (api.server.ts): a GraphQL error by which the
 * service reports its own fault is that service's 503, whichever service it is (ADR 0055).
 */
describe("a service's own fault, for each service", () => {
  function apiAnswering(faulty: "account" | "users" | "tenant") {
    const urls = { account: "http://a.test/", users: "http://u.test/", tenant: "http://t.test/" };
    const fetchImpl = (async (input: string | URL | Request) => {
      const url = String(input instanceof Request ? input.url : input);
      const body =
        url === urls[faulty]
          ? { data: null, errors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }] }
          : {
              data: null,
              errors: [{ message: "Please enter valid credentials", extensions: { code: "INVALID_CREDENTIALS" } }],
            };
      return jsonResponse(body);
    }) as typeof fetch;
    return createApi({
      config: {
        accountApiUrl: urls.account,
        usersApiUrl: urls.users,
        tenantDataApiUrl: urls.tenant,
        apiTimeoutMs: 1000,
      },
      tokens: { account: async () => "a", users: async () => "u" },
      fetch: fetchImpl,
      sharedAnswers: new SharedAnswers({ ttlMs: 1000, maxTokens: 10 }),
      tenantSharedAnswers: new SharedAnswers({ ttlMs: 1000, maxTokens: 10 }),
    });
  }

  const calls: Record<ServiceName, [string, (api: Api) => Promise<unknown>][]> = {
    account: [
      ["tokenAuth (sign-in)", (api: Api) => api.account.tokenAuth("anna@demo.test", "secret")],
      ["currentUser (every page's guard)", (api: Api) => api.account.currentUser()],
      ["changePassword (a form)", (api: Api) => api.account.changePassword("old", "new-password-1")],
    ],
    users: [
      ["loginWithEmailAndPassword (sign-in)", (api: Api) => api.users.loginWithEmailAndPassword("a@demo.test", "x")],
      ["me", (api: Api) => api.users.me()],
    ],
    tenant: [
      ["alarms (a page)", (api: Api) => api.tenant.alarms(1)],
      ["deleteAlarm (a form)", (api: Api) => api.tenant.deleteAlarm(1, 2)],
    ],
  };

  for (const [name, serviceCalls] of Object.entries(calls) as [ServiceName, (typeof calls)[ServiceName]][]) {
    it.each(serviceCalls)(`the ${name} service's INTERNAL_SERVER_ERROR to %s is its 503`, async (_label, call) => {
      const thrown = await rejectionOf(call(apiAnswering(name)));
      expect(isServiceFailure(thrown)).toBe(true);
      const failure = thrown as { init: { status?: number } | null; data: { error: string; service: string } };
      expect(failure.init?.status).toBe(503);
      expect(failure.data).toEqual({ error: "service_unavailable", service: name });
    });
    it.each(serviceCalls)(`the other services' refusals to %s stay ApiErrors`, async (_label, call) => {
      const other = name === "account" ? "tenant" : "account";
      const thrown = await rejectionOf(call(apiAnswering(other)));
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe("INVALID_CREDENTIALS");
    });
  }
});
