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
 */
// Idle connections are closed after 4 s, before a Node server's default 5 s keep-alive timeout.
const agent = new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32, timeout: 4_000 });

/** Answer statuses that may not carry a body in a Response. */
const nullBodyStatuses = new Set([101, 204, 205, 304]);

export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  return send(input, init, true);
}

function send(input: string | URL | Request, init: RequestInit, mayRetry: boolean): Promise<Response> {
  if (input instanceof Request) return fetch(input, init);
  const url = new URL(input);
  if (url.protocol !== "http:") return fetch(url, init);
  const body = init.body;
  if (body !== undefined && body !== null && typeof body !== "string") return fetch(url, init);

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
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
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
        settle(() => resolve(send(input, init, false)));
        return;
      }
      settle(() => reject(new TypeError("fetch failed", { cause: error })));
    });
    request.end(body ?? undefined);
  });
}
