import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHealthCheck } from "./healthz";

/** A stand-in for the back-end's GET /health, answering as `answer` says. */
async function fakeBackend(answer: (response: http.ServerResponse) => void) {
  const server = http.createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
}
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const json = (status: number, body: unknown) => (response: http.ServerResponse) => {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
};

describe("GET /healthz (createHealthCheck)", () => {
  it("is 200 ok while the back-end's /health is", async () => {
    const url = await fakeBackend(json(200, { status: "ok", dialect: "postgres" }));
    expect(await createHealthCheck({ backendHealthUrl: url })()).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("is 503 when the back-end says its database does not answer", async () => {
    const url = await fakeBackend(json(503, { status: "unavailable", dialect: "postgres" }));
    expect(await createHealthCheck({ backendHealthUrl: url })()).toEqual({
      status: 503,
      body: { status: "unavailable", backend: "HTTP 503" },
    });
  });

  it("is 503 when the back-end is not there", async () => {
    const url = await fakeBackend(json(200, { status: "ok" }));
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await createHealthCheck({ backendHealthUrl: url })()).toEqual({
      status: 503,
      body: { status: "unavailable", backend: "unreachable" },
    });
  });

  it("is 503 when the back-end does not answer in time", async () => {
    const url = await fakeBackend(() => undefined);
    const startedAt = Date.now();
    expect(await createHealthCheck({ backendHealthUrl: url, timeoutMs: 200 })()).toEqual({
      status: 503,
      body: { status: "unavailable", backend: "timeout" },
    });
    expect(Date.now() - startedAt).toBeLessThan(1500);
  });

  it("is 503 for an answer that is not the back-end's", async () => {
    const url = await fakeBackend((response) =>
      response.writeHead(200, { "content-type": "text/html" }).end("<h1>proxy</h1>"),
    );
    expect((await createHealthCheck({ backendHealthUrl: url })()).body).toEqual({
      status: "unavailable",
      backend: "invalid answer",
    });
  });

  it("asks once for checks that come together", async () => {
    let asked = 0;
    const url = await fakeBackend((response) => {
      asked++;
      setTimeout(() => json(200, { status: "ok" })(response), 50);
    });
    const check = createHealthCheck({ backendHealthUrl: url });
    const answers = await Promise.all([check(), check(), check()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(asked).toBe(1);
    await check();
    expect(asked).toBe(2);
  });

  it("answers for the portal alone without a back-end URL, and 503 once stopping", async () => {
    let stopping = false;
    const check = createHealthCheck({ backendHealthUrl: null, stopping: () => stopping });
    expect(await check()).toEqual({ status: 200, body: { status: "ok" } });
    stopping = true;
    expect(await check()).toEqual({ status: 503, body: { status: "stopping" } });
  });
});
