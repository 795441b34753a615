import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyDecision, type DrainLimits, limitRequestBody, tooLargePath } from "./body-limit";

describe("bodyDecision", () => {
  it("refuses a declared Content-Length over the limit", () => {
    expect(bodyDecision({ "content-length": "16384" }, 16384)).toBe("within");
    expect(bodyDecision({ "content-length": "16385" }, 16384)).toBe("too-large");
    expect(bodyDecision({ "content-length": String(10 * 1024 * 1024) }, 16384)).toBe("too-large");
  });

  it("leaves a chunked body to be counted while it is read", () => {
    expect(bodyDecision({}, 16384)).toBe("within");
  });
});

const limit = 1024;

/** An Express app with the limit before two handlers shaped like the Remix handler's actions. */
async function listen(drain?: DrainLimits) {
  const app = express();
  // Like readForm: reads up to the limit, answers 413 past it without reading further.
  app.all("/read", limitRequestBody(limit, drain), (req, res) => {
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit && !res.headersSent) {
        req.pause();
        res.status(413).send("read too much");
      }
    });
    req.on("end", () => {
      if (!res.headersSent) res.send(`read ${size}`);
    });
  });
  // Like /logout before readForm: answers without reading the body. Like the Remix handler, it
  // serves req.originalUrl, which the limit rewrites for a declared body over the limit.
  app.all("/ignore", limitRequestBody(limit, drain), (req, res) => {
    // Remix's body stream reads a first chunk and waits for the action to ask for more.
    req.once("data", () => req.pause());
    if (req.originalUrl === tooLargePath) res.status(413).send(`too large (${req.method})`);
    else res.send("ignored");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Sends `parts` with Node's client (chunked when no length is given) and collects the answer. */
function send(port: number, path: string, parts: Buffer[], contentLength?: number) {
  return new Promise<{ status: number; body: string; connection: string | undefined; ms: number }>(
    (resolve, reject) => {
      const started = Date.now();
      const headers = contentLength === undefined ? {} : { "Content-Length": contentLength };
      const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers, agent: false });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, body, connection: res.headers.connection, ms: Date.now() - started }),
        );
      });
      // An EPIPE or a reset while the body is still being written fails the test.
      req.on("error", reject);
      for (const part of parts) req.write(part);
      req.end();
    },
  );
}

/**
 * A client that sends its whole chunked body before it reads anything (the one that waited 60 s):
 * "answered" when its body went out and the answer came, "cut" when the server closed the
 * connection, "waiting" after `waitMs`.
 */
function sendAllThenRead(port: number, path: string, megabytes: number, waitMs = 15_000) {
  return new Promise<"answered" | "cut" | "waiting">((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 97);
    for (let i = 0; i < megabytes * 16; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
    let sent = false;
    let answer = "";
    socket.end("0\r\n\r\n", (error?: Error | null) => (sent = !error));
    socket.on("data", (data) => {
      answer += data.toString();
      if (sent && answer.includes("\r\n\r\n")) resolve("answered");
    });
    socket.once("close", () => resolve(sent && answer.startsWith("HTTP/1.1") ? "answered" : "cut"));
    setTimeout(() => {
      socket.destroy();
      resolve("waiting");
    }, waitMs);
  });
}

describe("limitRequestBody", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => ({ server, port } = await listen()));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a declared body over the limit with the 413 page at once, and reads the body away", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 97);
    const answer = await send(port, "/ignore", [big], big.length);
    expect(answer).toMatchObject({ status: 413, body: "too large (GET)" });
    expect(answer.ms).toBeLessThan(2000);
  }, 20_000);

  it("lets a body within the limit through, declared or chunked", async () => {
    expect(await send(port, "/read", [Buffer.alloc(1024, 97)], 1024)).toMatchObject({ status: 200, body: "read 1024" });
    expect(await send(port, "/read", [Buffer.alloc(500, 97), Buffer.alloc(500, 97)])).toMatchObject({
      status: 200,
      body: "read 1000",
    });
  });

  it("delivers the 413 of a route that stopped reading a chunked body at the limit", async () => {
    const parts = Array.from({ length: 160 }, () => Buffer.alloc(64 * 1024, 97));
    expect(await send(port, "/read", parts)).toMatchObject({ status: 413, body: "read too much" });
  }, 20_000);

  it("answers a small body a route did not read", async () => {
    expect(await send(port, "/ignore", [Buffer.alloc(600, 97), Buffer.alloc(300, 97)])).toMatchObject({
      status: 200,
      body: "ignored",
    });
  });

  it("answers a client that sends its whole 10 MB body before reading", async () => {
    expect(await sendAllThenRead(port, "/ignore", 10)).toBe("answered");
    expect(await sendAllThenRead(port, "/read", 10)).toBe("answered");
  }, 40_000);
});

describe("limitRequestBody's drain limits", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => ({ server, port } = await listen({ maxBytes: 256 * 1024, maxMs: 60_000 })));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("cuts a client that keeps sending past them", async () => {
    expect(await sendAllThenRead(port, "/ignore", 10)).toBe("cut");
  }, 20_000);
});
