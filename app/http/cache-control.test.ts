import { describe, expect, it } from "vitest";
import { forbidStoring, privateNoStore, withoutStoring } from "./cache-control";

describe("Cache-Control of pages and data answers (ADR 0020)", () => {
  it("is private, no-store: no shared cache, and not even the browser keeps a copy", () => {
    expect(
      privateNoStore
        .split(",")
        .map((part) => part.trim())
        .sort(),
    ).toEqual(["no-store", "private"]);
  });

  it("replaces what a route may have set", () => {
    const headers = new Headers({ "Cache-Control": "public, max-age=600", "Set-Cookie": "a=1" });
    forbidStoring(headers);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Set-Cookie")).toBe("a=1");
  });

  it("is added to a data answer, keeping its status, body and other headers", async () => {
    const response = withoutStoring(
      new Response("figures", { status: 202, headers: { "Content-Type": "text/x-script" } }),
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.status).toBe(202);
    expect(response.headers.get("Content-Type")).toBe("text/x-script");
    expect(await response.text()).toBe("figures");
  });

  it("is added to a response whose headers cannot change, by copying it", () => {
    const original = Response.redirect("http://portal.test/login", 302);
    const response = withoutStoring(original);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://portal.test/login");
  });
});
