import type { AddressInfo } from "node:net";
import { currentRequestId } from "@common/node/logging";
import { isValidRequestId, newRequestId, requestIdFrom } from "@common/node/request-id";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonLogger } from "../backend/logger";
import { type StartedBackend, startBackend } from "../backend/server";
import { assignRequestId } from "./request-id";

describe("requestIdFrom", () => {
  it("keeps a short id of safe characters, as proxies make them", () => {
    for (const id of ["3f2c9a7e5b1d4c6f8a0b2c4d6e8f0a1b", "0b7d1c52-8f1e-4d0a-9f5e-1c2b3a4d5e6f", "web-1:42.7", "a"]) {
      expect(requestIdFrom(id)).toBe(id);
    }
    expect(requestIdFrom(["first-id", "second-id"])).toBe("first-id");
  });

  it("replaces anything else with a new UUID", () => {
    const refused = ["", "x".repeat(65), "has space", 'quote"', "new\nline", "<script>", "ünïcode", "a,b"];
    for (const value of [...refused, null, undefined]) {
      const id = requestIdFrom(value);
      expect(id).not.toBe(value);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(isValidRequestId("x".repeat(64))).toBe(true);
    expect(isValidRequestId("x".repeat(65))).toBe(false);
  });

  it("makes a different id every time", () => {
    expect(new Set(Array.from({ length: 100 }, () => newRequestId())).size).toBe(100);
  });
});

/**
 * The whole way: the proxy's X-Request-Id reaches the portal (assignRequestId, as
 * server.ts uses it), is answered back, goes with the portal's GraphQL call (the load context, the
 * one client over httpFetch) and is on the back-end's JSON log line for that call.
 */
describe("a request id from the proxy to the back-end's log", () => {
  const lines: string[] = [];
  let backend: StartedBackend;
  let portalUrl: string;
  let closePortal: () => Promise<void>;
  const seenInHandler: (string | undefined)[] = [];

  beforeAll(async () => {
    backend = await startBackend({
      databasePath: ":memory:",
      port: 0,
      host: "127.0.0.1",
      logger: jsonLogger({ write: (line) => lines.push(line) }),
    });
    // The portal's configuration is read once per process (this test file has its own).
    process.env.ACCOUNT_API_URL = `${backend.url}/account/graphql`;
    process.env.USERS_API_URL = `${backend.url}/users/graphql`;
    process.env.TENANT_DATA_API_URL = `${backend.url}/tenant/graphql`;
    const { createAppLoadContext } = await import("~/context.server");

    const app = express();
    app.use(assignRequestId);
    app.get("/page", async (_req, res) => {
      seenInHandler.push(currentRequestId());
      const context = createAppLoadContext({
        cookieHeader: null,
        https: false,
        cspNonce: "nonce",
        clientAddress: "127.0.0.1",
        requestId: res.locals.requestId as string,
        appendSetCookie: () => undefined,
      });
      // A call the account service answers without a token.
      const revoked = await context.publicApi.account.revokeToken("not-a-refresh-token");
      res.json({ revoked, requestId: context.requestId });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    portalUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closePortal = () => new Promise((resolve) => server.close(() => resolve()));
  });

  afterAll(async () => {
    await closePortal?.();
    await backend?.close();
  });

  const backendLinesWith = (requestId: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((record) => record.requestId === requestId);

  it("carries the proxy's id through the portal to the back-end's access line", async () => {
    const response = await fetch(`${portalUrl}/page`, { headers: { "X-Request-Id": "proxy-0123456789abcdef" } });
    expect(response.headers.get("x-request-id")).toBe("proxy-0123456789abcdef");
    expect(await response.json()).toEqual({ revoked: false, requestId: "proxy-0123456789abcdef" });
    expect(seenInHandler.at(-1)).toBe("proxy-0123456789abcdef");
    expect(backendLinesWith("proxy-0123456789abcdef")).toEqual([
      expect.objectContaining({
        level: "info",
        service: "backend",
        msg: "request",
        method: "POST",
        path: "/account/graphql",
        status: 200,
        durationMs: expect.any(Number),
      }),
    ]);
  });

  it("makes an id for a request without a usable one and sends that one on", async () => {
    const response = await fetch(`${portalUrl}/page`, { headers: { "X-Request-Id": "bad id\twith tab" } });
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await response.json()) as unknown).toMatchObject({ requestId });
    expect(backendLinesWith(requestId)).toHaveLength(1);
    expect(lines.join("\n")).not.toContain("with tab");
  });
});
