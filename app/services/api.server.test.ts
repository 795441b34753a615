import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { type ApiOptions, createApi } from "./api.server";
import { isServiceFailure, SharedAnswers } from "./graphql.server";

/** The API of a request against three fake services at a.test, u.test and t.test, answered by `fetch`. */
function testApi(fetch: typeof globalThis.fetch, options: Pick<ApiOptions, "tenantSharedAnswers" | "requestId"> = {}) {
  return createApi({
    config: {
      accountApiUrl: "http://a.test",
      usersApiUrl: "http://u.test",
      tenantDataApiUrl: "http://t.test",
      apiTimeoutMs: 1000,
    },
    tokens: { account: async () => "account-token", users: async () => "users-token" },
    fetch,
    sharedAnswers: new SharedAnswers({ ttlMs: 5000, maxTokens: 10 }),
    tenantSharedAnswers: new SharedAnswers({ ttlMs: 5000, maxTokens: 10 }),
    ...options,
  });
}

/**
 * The side menu's tenant query is shared between a session's requests for a few seconds, and any
 * mutation of the session forgets it (ADR 0026), so a notification just read is never counted.
 */
describe("the tenant service's shared answers", () => {
  function setUp() {
    const sent: string[] = [];
    let unread = 2;
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { query: string };
      const operation = /(query|mutation)\s+(\w+)/.exec(body.query)?.[2] ?? "?";
      sent.push(operation);
      if (operation !== "TenancyMenu") unread = 0;
      const data =
        operation === "TenancyMenu"
          ? { unreadNotificationCount: unread, propertySettings: [{ kind: "HOURLY_VALUES" }] }
          : { markAllNotificationsRead: 2 };
      return new Response(JSON.stringify({ data }), { headers: { "content-type": "application/json" } });
    }) as typeof globalThis.fetch;
    const tenantSharedAnswers = new SharedAnswers({ ttlMs: 5000, maxTokens: 10 });
    const request = () => testApi(fetch, { tenantSharedAnswers });
    return { sent, request };
  }

  it("asks once for the requests of a few seconds, and again after the session changed something", async () => {
    const { sent, request } = setUp();
    expect((await request().tenant.tenancyMenu(7009)).unreadNotificationCount).toBe(2);
    expect((await request().tenant.tenancyMenu(7009)).unreadNotificationCount).toBe(2);
    expect(sent).toEqual(["TenancyMenu"]);
    await request().tenant.markAllNotificationsRead(7009);
    expect((await request().tenant.tenancyMenu(7009)).unreadNotificationCount).toBe(0);
    expect(sent).toEqual(["TenancyMenu", "MarkAllNotificationsRead", "TenancyMenu"]);
  });

  it("keeps each tenancy's answer apart", async () => {
    const { sent, request } = setUp();
    await request().tenant.tenancyMenu(7009);
    await request().tenant.tenancyMenu(7022);
    expect(sent).toEqual(["TenancyMenu", "TenancyMenu"]);
  });
});

describe("the request id", () => {
  it("goes as X-Request-Id with the calls to every service", async () => {
    const sent: { url: string; requestId: string | null }[] = [];
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const { origin } = new URL(String(url));
      sent.push({ url: origin, requestId: new Headers(init?.headers).get("x-request-id") });
      const data =
        origin === "http://t.test"
          ? { unreadNotificationCount: 0, propertySettings: [] }
          : { revokeToken: { revoked: true } };
      return new Response(JSON.stringify({ data }), { headers: { "content-type": "application/json" } });
    }) as typeof globalThis.fetch;
    const api = testApi(fetch, { requestId: "proxy-id-1" });
    await api.account.revokeToken("r");
    await api.users.revokeToken("r");
    await api.tenant.tenancyMenu(7009);
    expect(sent).toEqual([
      { url: "http://a.test", requestId: "proxy-id-1" },
      { url: "http://u.test", requestId: "proxy-id-1" },
      { url: "http://t.test", requestId: "proxy-id-1" },
    ]);
  });
});

describe("the cap on a service's answer (ADR 0059)", () => {
  it("is the configured API_MAX_ANSWER_BYTES: an answer past it is the service's 502", async () => {
    const server = http.createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ data: { tenantUnits: [], filler: "x".repeat(200 * 1024) } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tenant/graphql`;
    try {
      const api = (apiMaxAnswerBytes?: number) =>
        createApi({
          config: {
            accountApiUrl: url,
            usersApiUrl: url,
            tenantDataApiUrl: url,
            apiTimeoutMs: 5000,
            apiMaxAnswerBytes,
          },
          tokens: { account: async () => "a", users: async () => "u" },
          sharedAnswers: new SharedAnswers({ ttlMs: 5000, maxTokens: 10 }),
          tenantSharedAnswers: new SharedAnswers({ ttlMs: 5000, maxTokens: 10 }),
        });
      const thrown = await api(100 * 1024)
        .tenant.tenantUnits()
        .catch((error: unknown) => error);
      expect(isServiceFailure(thrown)).toBe(true);
      expect(thrown).toMatchObject({ data: { error: "invalid_response", service: "tenant" }, init: { status: 502 } });
      // The default (8 MiB) takes the same answer.
      await expect(api().tenant.tenantUnits()).resolves.toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
