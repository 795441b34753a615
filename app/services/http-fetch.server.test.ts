// @vitest-environment node
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFetch } from "./http-fetch.server";

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
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
