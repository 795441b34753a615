import { describe, expect, it } from "vitest";
import { handleDataRequest } from "./entry.server";

describe("entry.server's handleDataRequest", () => {
  it("marks every single-fetch data answer private, no-store (ADR 0020)", async () => {
    const args = { request: new Request("http://portal.test/t/7009.data"), params: {}, context: {} } as Parameters<
      typeof handleDataRequest
    >[1];
    const response = await handleDataRequest(
      new Response("data", { headers: { "Content-Type": "text/x-script" } }),
      args,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
