import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyDecision, limitRequestBody, tooLargePath } from "./body-limit";

describe("bodyDecision", () => {
  it("decides from Content-Length alone when there is one", () => {
    expect(bodyDecision({ "content-length": "16384" }, 16384)).toBe("within");
    expect(bodyDecision({ "content-length": "16385" }, 16384)).toBe("too-large");
    expect(bodyDecision({ "content-length": String(10 * 1024 * 1024) }, 16384)).toBe("too-large");
  });

  it("counts a chunked body, and lets a request without a body through", () => {
    expect(bodyDecision({ "transfer-encoding": "chunked" }, 16384)).toBe("count");
    expect(bodyDecision({}, 16384)).toBe("within");
  });
});

describe("limitRequestBody", () => {
  const limit = 1024;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.all("/read", limitRequestBody(limit), (req, res) => {
      // Like readForm: read up to the limit, answer 413 past it without reading further.
      let size = 0;
      let done = false;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit && !done) {
          done = true;
          res.status(413).send("read too much");
        }
      });
      req.on("end", () => {
        if (!done) res.send(`read ${size}`);
      });
    });
    // Like /logout: answers without reading the body at all. Like the Remix handler, it serves
    // req.originalUrl, which the limit rewrites for a declared body over the limit.
    app.all("/ignore", limitRequestBody(limit), (req, res) => {
      // Remix's body stream reads a first chunk and waits for the action to ask for more.
      req.once("data", () => req.pause());
      if (req.originalUrl === tooLargePath) res.status(413).send(`too large (${req.method})`);
      else res.send("ignored");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends `parts` (chunked when no length is given) and collects the answer. */
  function send(path: string, parts: Buffer[], contentLength?: number) {
    return new Promise<{ status: number; body: string; connection: string | undefined; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers: contentLength === undefined ? {} : { "Content-Length": contentLength } });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection, ms: Date.now() - started }));
      });
      req.on("error", reject);
      // The server may cut the connection while the rest is still being written.
      req.on("socket", (socket) => socket.on("error", () => undefined));
      for (const part of parts) req.write(part);
      req.end();
    });
  }

  it("answers a declared body over the limit with the 413 page at once, and closes the connection", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 97);
    const answer = await send("/ignore", [big], big.length);
    expect(answer).toMatchObject({ status: 413, body: "too large (GET)", connection: "close" });
    expect(answer.ms).toBeLessThan(2000);
  });

  it("lets a body within the limit through, declared or chunked", async () => {
    expect(await send("/read", [Buffer.alloc(1024, 97)], 1024)).toMatchObject({ status: 200, body: "read 1024" });
    expect(await send("/read", [Buffer.alloc(500, 97), Buffer.alloc(500, 97)])).toMatchObject({ status: 200, body: "read 1000" });
  });

  it("closes the connection after a chunked body went past the limit", async () => {
    const parts = Array.from({ length: 64 }, () => Buffer.alloc(1024, 97));
    const answer = await send("/read", parts);
    expect(answer).toMatchObject({ status: 413, body: "read too much", connection: "close" });
  });

  it("reads away the rest of a small body a route did not read, so the connection can be kept", async () => {
    const answer = await send("/ignore", [Buffer.alloc(600, 97), Buffer.alloc(300, 97)]);
    expect(answer).toMatchObject({ status: 200, body: "ignored" });
    expect(answer.connection).not.toBe("close");
  });

  it("does not leave a client that sends a large chunked body to a route that ignores it waiting", async () => {
    // A client that sends its whole body before it reads the answer (the one that waited 60 s).
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write("POST /ignore HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    const chunk = Buffer.alloc(64 * 1024, 97);
    for (let i = 0; i < 160; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
    const started = Date.now();
    const outcome = await new Promise<string>((resolve) => {
      socket.end("0\r\n\r\n", () => resolve("sent"));
      socket.once("close", () => resolve("cut"));
      setTimeout(() => resolve("waiting"), 5000);
    });
    socket.destroy();
    // Either the rest was read away, or the connection was cut past the limit: never waiting.
    expect(["sent", "cut"]).toContain(outcome);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
