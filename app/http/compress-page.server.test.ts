import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressPage, pageGzipThreshold } from "./compress-page.server";

describe("acceptsGzip", () => {
  it.each([
    ["gzip", true],
    ["gzip, deflate, br", true],
    ["deflate, GZIP;q=0.5", true],
    ["x-gzip", true],
    ["*", true],
    ["br, *;q=0.1", true],
    ["gzip;q=0", false],
    ["gzip;q=0.000, *", false],
    ["*;q=0", false],
    ["br", false],
    ["identity", false],
    ["", false],
  ])("%j → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it("is false without the header", () => {
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("compressPage", () => {
  const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Forbrug</p>".repeat(200)}</body></html>`);

  it("gzips a page for a client that accepts gzip and says so in the headers", () => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const sent = compressPage(page, "gzip, deflate, br", headers);
    expect(headers.get("Content-Encoding")).toBe("gzip");
    expect(headers.get("Vary")).toBe("Accept-Encoding");
    expect(sent.length).toBeLessThan(page.length / 5);
    expect(gunzipSync(sent).equals(page)).toBe(true);
  });

  it("sends the page as it is to a client that does not accept gzip, still varying on Accept-Encoding", () => {
    const headers = new Headers();
    expect(compressPage(page, "br", headers)).toBe(page);
    expect(compressPage(page, null, headers)).toBe(page);
    expect(headers.has("Content-Encoding")).toBe(false);
    expect(headers.get("Vary")).toBe("Accept-Encoding");
  });

  it("leaves small pages and pages already encoded alone", () => {
    const small = Buffer.from("x".repeat(pageGzipThreshold - 1));
    const headers = new Headers();
    expect(compressPage(small, "gzip", headers)).toBe(small);
    expect(headers.has("Content-Encoding")).toBe(false);
    const encoded = new Headers({ "Content-Encoding": "br" });
    expect(compressPage(page, "gzip", encoded)).toBe(page);
    expect(encoded.get("Content-Encoding")).toBe("br");
  });

  it("adds Accept-Encoding to an existing Vary once", () => {
    const headers = new Headers({ Vary: "Cookie" });
    compressPage(page, "gzip", headers);
    compressPage(page, "gzip", headers);
    expect(headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    const star = new Headers({ Vary: "*" });
    compressPage(page, "gzip", star);
    expect(star.get("Vary")).toBe("*");
  });
});
