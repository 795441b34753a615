import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoAccounts } from "./db/seed/demo-accounts";
import { silentLogger } from "./logger";
import { maxRequestBodyBytes, startBackend } from "./server";
import { tokenAuthMutation } from "./testing/graphql";

describe("startBackend", () => {
  it("serves the services and /health over HTTP and stops on close()", async () => {
    const server = await startBackend({
      databasePath: ":memory:",
      seedDemo: true,
      port: 0,
      host: "127.0.0.1",
      logger: silentLogger,
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });

      const response = await fetch(`${server.url}/account/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          query: tokenAuthMutation,
          variables: { email: demoAccounts.anna.email, password: DEMO_PASSWORD },
        }),
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
});
