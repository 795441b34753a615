import http from "node:http";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoAccounts } from "./db/seed/demo-accounts";
import { silentLogger } from "./logger";
import { maxRequestBodyBytes, startBackend } from "./server";
import { tokenAuthMutation } from "./testing/graphql";

/** The back-end with the demo data on a free local port. */
const startDemoServer = () =>
  startBackend({ databasePath: ":memory:", seedDemo: true, port: 0, host: "127.0.0.1", logger: silentLogger });

/** Anna's sign-in to the account service, as a request body. */
const annaSignInBody = JSON.stringify({
  query: tokenAuthMutation,
  variables: { email: demoAccounts.anna.email, password: DEMO_PASSWORD },
});

describe("startBackend", () => {
  it("serves the services and /health over HTTP and stops on close()", async () => {
    const server = await startDemoServer();
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: "ok",
        dialect: process.env.TEST_DATABASE_URL ? "postgres" : "sqlite",
      });

      const response = await fetch(`${server.url}/account/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: annaSignInBody,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { tokenAuth: { payload: { email: string } } } };
      expect(body.data.tokenAuth.payload.email).toBe(demoAccounts.anna.email);

      const tooLarge = await fetch(`${server.url}/account/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "x".repeat(maxRequestBodyBytes + 1),
      });
      expect(tooLarge.status).toBe(413);
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });

  it("answers a request in flight before it stops, database included (SIGTERM in main.ts)", async () => {
    const server = await startDemoServer();
    const body = annaSignInBody;
    const cut = 20;
    // The headers and the start of the body are sent: the request is running when close() is called.
    const request = http.request(`${server.url}/account/graphql`, {
      method: "POST",
      agent: new http.Agent({ keepAlive: true }),
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on("error", reject);
    });
    request.write(body.slice(0, cut));
    await new Promise((resolve) => setTimeout(resolve, 200));

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();

    request.end(body.slice(cut));
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(
      (JSON.parse(text) as { data: { tokenAuth: { payload: { email: string } } } }).data.tokenAuth.payload.email,
    ).toBe(demoAccounts.anna.email);
    // Then at once, not after the connection's keep-alive timeout.
    const answeredAt = Date.now();
    await closing;
    expect(Date.now() - answeredAt).toBeLessThan(2000);
  });
});
