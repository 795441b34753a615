import http from "node:http";
import type { AddressInfo } from "node:net";
import { closeHttpServer } from "@common/node/shutdown";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";

/** An Express server (as server.ts) with a route that answers when the test says so. */
async function startServer() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started: () => void = () => undefined;
  const slowStarted = new Promise<void>((resolve) => (started = resolve));
  const app = express();
  app.get("/slow", async (_req, res) => {
    started();
    await released;
    res.send("finished");
  });
  app.get("/fast", (_req, res) => res.send("fast"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  // As in server.ts: kept-alive connections would otherwise hold the server open for 65 s.
  server.keepAliveTimeout = 65_000;
  return { server, port: (server.address() as AddressInfo).port, release, slowStarted };
}

const agents: http.Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
        );
      })
      .on("error", reject);
  });
}

describe("closeHttpServer", () => {
  it("lets a request in flight on a kept-alive connection finish, then closes at once", async () => {
    const { server, port, release, slowStarted } = await startServer();
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    // A kept-alive connection that is idle when the shutdown begins…
    expect((await get(port, "/fast", agent)).body).toBe("fast");
    const inFlight = get(port, "/slow", new http.Agent({ keepAlive: true }));
    await slowStarted;

    const startedAt = Date.now();
    const closing = closeHttpServer(server, { deadlineMs: 10_000 });
    // …is closed, and no new connection is taken.
    await expect(get(port, "/fast", new http.Agent())).rejects.toThrow(/ECONNREFUSED/);

    release();
    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, body: "finished" });
    expect(await closing).toEqual({ forced: false });
    // Not the 65 s keep-alive timeout of the connection that carried the slow request.
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });

  it("cuts off what still runs at the deadline", async () => {
    const { server, port, slowStarted } = await startServer();
    const inFlight = get(port, "/slow", new http.Agent({ keepAlive: true }));
    await slowStarted;
    expect(await closeHttpServer(server, { deadlineMs: 200 })).toEqual({ forced: true });
    await expect(inFlight).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
