/**
 * Serves the back-end (app.ts) over node:http: a small adapter from IncomingMessage to the
 * fetch Request that Backend.fetch takes, and from its Response back.
 */

import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closeHttpServer } from "@common/node/shutdown";
import { type BackendOptions, createBackend } from "./app";
import { consoleLogger } from "./logger";

/** Larger request bodies are refused with 413; GraphQL documents of the portal are a few KB. */
export const maxRequestBodyBytes = 1024 * 1024;

export interface StartedBackend {
  /** e.g. http://127.0.0.1:4000 */
  url: string;
  /**
   * Stops accepting connections, lets running requests finish (at most 10 s; kept-alive
   * connections are closed as soon as their request is answered), then stops the jobs and closes
   * the database.
   */
  close(): Promise<void>;
}

class BodyTooLargeError extends Error {}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > maxRequestBodyBytes) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxRequestBodyBytes) throw new BodyTooLargeError();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The fetch Request of a node request, made with `RequestClass`: the services' own fetch
 * implementation (yoga's, Backend.Request), whose body is the buffer as read. Node's Request
 * (undici) cost a tenth of a call's CPU on new pages: its constructor and its body read back
 * through a web stream.
 */
async function toFetchRequest(
  request: IncomingMessage,
  origin: string,
  RequestClass: typeof Request,
): Promise<Request> {
  const headers: [string, string][] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index];
    const value = request.rawHeaders[index + 1];
    if (name !== undefined && value !== undefined) headers.push([name, value]);
  }
  const method = request.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new RequestClass(new URL(request.url ?? "/", origin), {
    method,
    headers,
    // A Buffer is a Uint8Array; only its type allows a SharedArrayBuffer, which readBody never makes.
    body: hasBody ? ((await readBody(request)) as Uint8Array<ArrayBuffer>) : undefined,
  });
}

/** Answers the services give whole (GraphQL, JSON): written at once rather than read back as a stream. */
const wholeAnswer = /^application\/(?:graphql-response\+)?json\b/;

async function sendFetchResponse(response: Response, target: ServerResponse, method: string): Promise<void> {
  target.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") target.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) target.setHeader("set-cookie", cookies);
  if (method === "HEAD" || response.body === null) {
    target.end();
    return;
  }
  if (wholeAnswer.test(response.headers.get("content-type") ?? "")) {
    target.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  // Streamed (a statement file can be large), whatever ReadableStream the body is (yoga answers
  // with its own fetch implementation's); a client that goes away stops the reading.
  const reader = response.body.getReader();
  const gone = () => void reader.cancel().catch(() => undefined);
  target.once("close", gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!target.write(value)) await Promise.race([once(target, "drain"), once(target, "close")]);
      if (target.destroyed) break;
    }
    target.end();
  } catch {
    target.destroy();
  } finally {
    target.off("close", gone);
  }
}

export async function startBackend(options: BackendOptions & { port: number; host: string }): Promise<StartedBackend> {
  const logger = options.logger ?? consoleLogger;
  const backend = await createBackend(options);

  const server = createServer((request, response) => {
    const origin = `http://${request.headers.host ?? `${options.host}:${options.port}`}`;
    void (async () => {
      try {
        const fetchRequest = await toFetchRequest(request, origin, backend.Request);
        await sendFetchResponse(await backend.fetch(fetchRequest), response, fetchRequest.method);
      } catch (error) {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        const tooLarge = error instanceof BodyTooLargeError;
        if (!tooLarge) logger.error("back-end request failed:", error);
        response.statusCode = tooLarge ? 413 : 400;
        response.setHeader("content-type", "application/json; charset=utf-8");
        response.setHeader("connection", "close");
        response.end(JSON.stringify({ error: tooLarge ? "Request body too large" : "Bad request" }));
      }
    })();
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await backend.close();
    throw error;
  }

  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  logger.info(`tenant portal back-end listening on ${url} (account, users, tenant services; GET /health)`);

  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= (async () => {
        const { forced } = await closeHttpServer(server, { deadlineMs: 10_000 });
        if (forced) logger.warn("requests still running after 10 s were cut off");
        await backend.close();
      })();
      return closing;
    },
  };
}
