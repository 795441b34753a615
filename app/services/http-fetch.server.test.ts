// @vitest-environment node
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerTooLargeError, httpFetch, httpFetchWithCap } from "./http-fetch.server";

let server: http.Server;
let base: string;

/** What the server saw of one streamed answer: how much it wrote, and whether the client hung up first. */
interface Streamed {
  written: number;
  closedEarly: Promise<boolean>;
}
const streamed = new Map<string, Streamed>();

/**
 * GET /stream/<id>?bytes=N[&length=1]: N bytes of JSON-ish filler in 64 KiB chunks, as fast as the
 * client reads them (with Content-Length when asked, else chunked).
 */
function stream(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://x");
  const total = Number(url.searchParams.get("bytes"));
  const record: Streamed = { written: 0, closedEarly: Promise.resolve(false) };
  record.closedEarly = new Promise((resolve) => response.on("close", () => resolve(record.written < total)));
  streamed.set(url.pathname, record);
  response.setHeader("content-type", "application/json");
  if (url.searchParams.has("length")) response.setHeader("content-length", String(total));
  // hold=1: the headers alone, the body never sent (a client that waits for it hangs).
  if (url.searchParams.has("hold")) return void response.flushHeaders();
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const writeMore = () => {
    while (record.written < total && !response.destroyed) {
      const part = chunk.subarray(0, Math.min(chunk.length, total - record.written));
      record.written += part.length;
      if (!response.write(part)) return void response.once("drain", writeMore);
    }
    if (!response.destroyed) response.end();
  };
  writeMore();
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url?.startsWith("/stream/")) return stream(request, response);
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/slow") return void setTimeout(() => response.end("late"), 500);
      if (request.url === "/empty") return void response.writeHead(204).end();
      response.setHeader("content-type", "application/json");
      response.setHeader("set-cookie", ["a=1", "b=2"]);
      response.statusCode = request.url === "/fail" ? 500 : 200;
      response.end(
        JSON.stringify({
          method: request.method,
          auth: request.headers.authorization ?? null,
          body,
          length: request.headers["content-length"],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("httpFetch", () => {
  it("posts a body with headers and reads the answer like fetch", async () => {
    const response = await httpFetch(`${base}/graphql`, {
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "application/json" },
      body: JSON.stringify({ query: "{ æ }" }),
    });
    expect(response.ok).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({
      method: "POST",
      auth: "Bearer t",
      body: '{"query":"{ æ }"}',
      length: "18",
    });
  });

  it("passes error statuses through as answers", async () => {
    const response = await httpFetch(`${base}/fail`);
    expect(response.status).toBe(500);
    expect(response.ok).toBe(false);
  });

  it("gives an answer without a body where the status has none", async () => {
    const response = await httpFetch(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("rejects with a TypeError when nothing listens, as fetch does", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(httpFetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(TypeError);
  });

  it("rejects with the signal's reason when it times out", async () => {
    const error = await httpFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("TimeoutError");
  });

  it("reuses its connections", async () => {
    const sockets = new Set<unknown>();
    const onConnection = (socket: unknown) => sockets.add(socket);
    server.on("connection", onConnection);
    for (let i = 0; i < 5; i++) await (await httpFetch(`${base}/graphql`)).text();
    server.off("connection", onConnection);
    expect(sockets.size).toBeLessThanOrEqual(1);
  });
});

describe("the cap on an answer (ADR 0059)", () => {
  const mib = 1024 * 1024;
  const huge = 64 * mib;
  const capped = httpFetchWithCap(mib);

  it.each([
    ["with a Content-Length over the cap", "length=1"],
    ["sent chunked, without a length", ""],
  ])("rejects a 64 MiB answer %s and closes the connection long before its end", async (_label, query) => {
    const id = `/stream/${query || "chunked"}`;
    const error = await capped(`${base}${id}?bytes=${huge}&${query}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect((error as AnswerTooLargeError).maxBytes).toBe(mib);
    const seen = streamed.get(id)!;
    expect(await seen.closedEarly).toBe(true);
    // Not read to the end: at most what the socket buffers held when it was closed.
    expect(seen.written).toBeLessThan(huge / 4);
  });

  it.each([
    ["httpFetch's own path", (url: string) => capped(url)],
    ["the built-in fetch's path", (url: string) => capped(new Request(url))],
  ])("rejects an answer whose Content-Length passes the cap without waiting for its body (%s)", async (_label, get) => {
    const id = `/stream/declared-${_label.length}`;
    const error = await get(`${base}${id}?bytes=${mib + 1}&length=1&hold=1`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect(await streamed.get(id)!.closedEarly).toBe(true);
  });

  it("reads an answer of exactly the cap whole, with or without a length", async () => {
    for (const query of ["length=1", ""]) {
      const response = await capped(`${base}/stream/exact?bytes=${mib}&${query}`);
      expect((await response.arrayBuffer()).byteLength).toBe(mib);
    }
  });

  it("keeps using its connections after refusing one answer", async () => {
    await capped(`${base}/stream/before?bytes=${2 * mib}`).catch(() => undefined);
    const response = await capped(`${base}/graphql`, { method: "POST", body: "{}" });
    expect(response.ok).toBe(true);
  });

  it.each([
    ["with a Content-Length over the cap", "length=1"],
    ["sent chunked, without a length", ""],
  ])("caps the built-in fetch's path too (a Request, or https): %s", async (_label, query) => {
    const id = `/stream/web-${query || "chunked"}`;
    const error = await capped(new Request(`${base}${id}?bytes=${huge}&${query}`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    const seen = streamed.get(id)!;
    expect(await seen.closedEarly).toBe(true);
    expect(seen.written).toBeLessThan(huge / 4);
    const small = await capped(new Request(`${base}/stream/web-small?bytes=1000`));
    expect((await small.arrayBuffer()).byteLength).toBe(1000);
  });

  it("is 8 MiB unless configured", async () => {
    const error = await httpFetch(`${base}/stream/default?bytes=${9 * mib}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect((error as AnswerTooLargeError).maxBytes).toBe(8 * mib);
  });
});
