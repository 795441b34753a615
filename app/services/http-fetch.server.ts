import http from "node:http";

/**
 * A small `fetch` for the portal's calls to its back-end services over plain HTTP: node:http on
 * keep-alive connections, the answer read whole into a Response. Node's built-in fetch (undici)
 * wraps every request and answer in web streams, which cost the portal about as much CPU per page
 * as rendering it; the services' answers are small JSON documents, read whole anyway.
 *
 * It keeps fetch's contract where the GraphQL client relies on it: a refused or reset connection
 * rejects with a TypeError ("fetch failed", the cause attached), an aborted signal rejects with
 * the signal's reason (a TimeoutError for AbortSignal.timeout). Anything but http: URLs (https to
 * a remote back-end) goes to the built-in fetch.
 *
 * Every answer is read up to a cap (API_MAX_ANSWER_BYTES, ADR 0059): past it, or when its
 * Content-Length says it will pass it, the connection is closed at once and the call rejects with
 * an {@link AnswerTooLargeError}, so an answer that is far too large never sits in memory whole.
 */
// Idle connections are closed after 4 s, before a Node server's default 5 s keep-alive timeout.
const agent = new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32, timeout: 4_000 });

/** Answer statuses that may not carry a body in a Response. */
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * The default cap on one answer of a service (API_MAX_ANSWER_BYTES): 8 MiB, about nine times the
 * largest answer the portal asks for, a year of one meter's hourly values (ADR 0059).
 */
export const defaultMaxAnswerBytes = 8 * 1024 * 1024;

/** A service's answer passed the cap; the rest of it was not read. */
export class AnswerTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = "AnswerTooLargeError";
  }
}

export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const fetches = new Map<number, FetchFunction>();

/** The fetch for answers of at most `maxBytes` (one function per cap, made once). */
export function httpFetchWithCap(maxBytes: number): FetchFunction {
  let capped = fetches.get(maxBytes);
  if (capped === undefined) {
    capped = (input, init = {}) => send(input, init, maxBytes, true);
    fetches.set(maxBytes, capped);
  }
  return capped;
}

/** The fetch with the default cap. */
export const httpFetch: FetchFunction = httpFetchWithCap(defaultMaxAnswerBytes);

/** A Content-Length that says the answer will pass the cap. */
function declaredTooLarge(contentLength: string | null | undefined, maxBytes: number): boolean {
  if (contentLength === null || contentLength === undefined) return false;
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > maxBytes;
}

/**
 * The built-in fetch, its answer read into memory up to the cap: the body stream is cancelled (its
 * connection closed) as soon as the cap is passed, or at once when Content-Length passes it.
 */
async function cappedFetch(input: URL | Request, init: RequestInit, maxBytes: number): Promise<Response> {
  const response = await fetch(input, init);
  if (declaredTooLarge(response.headers.get("content-length"), maxBytes)) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLargeError(maxBytes);
  }
  if (response.body === null) return response;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return new Response(nullBodyStatuses.has(response.status) ? null : Buffer.concat(chunks), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function send(
  input: string | URL | Request,
  init: RequestInit,
  maxBytes: number,
  mayRetry: boolean,
): Promise<Response> {
  if (input instanceof Request) return cappedFetch(input, init, maxBytes);
  const url = new URL(input);
  if (url.protocol !== "http:") return cappedFetch(url, init, maxBytes);
  const body = init.body;
  if (body !== undefined && body !== null && typeof body !== "string") return cappedFetch(url, init, maxBytes);

  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);

  return new Promise<Response>((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (body !== undefined && body !== null) headers["content-length"] = String(Buffer.byteLength(body));

    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      action();
    };
    const request = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? "GET",
        headers,
      },
      (response) => {
        /** Stops reading: the connection is closed, so the rest of the answer is never received. */
        const tooLarge = () => {
          settle(() => reject(new AnswerTooLargeError(maxBytes)));
          request.destroy();
        };
        if (declaredTooLarge(response.headers["content-length"], maxBytes)) return tooLarge();
        const chunks: Buffer[] = [];
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) tooLarge();
          else chunks.push(chunk);
        });
        response.on("error", (error) => settle(() => reject(new TypeError("fetch failed", { cause: error }))));
        response.on("end", () =>
          settle(() => {
            const status = response.statusCode ?? 502;
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (Array.isArray(value)) for (const item of value) answerHeaders.append(name, item);
              else if (value !== undefined) answerHeaders.set(name, value);
            }
            resolve(
              new Response(nullBodyStatuses.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: response.statusMessage,
                headers: answerHeaders,
              }),
            );
          }),
        );
      },
    );
    function onAbort() {
      settle(() => reject(signal!.reason));
      request.destroy();
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    request.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed just as we reused it: nothing was handled, so
      // the request goes once more on a fresh connection (the pattern Node's documentation gives).
      if (mayRetry && request.reusedSocket && error.code === "ECONNRESET" && !signal?.aborted) {
        settle(() => resolve(send(input, init, maxBytes, false)));
        return;
      }
      settle(() => reject(new TypeError("fetch failed", { cause: error })));
    });
    request.end(body ?? undefined);
  });
}
