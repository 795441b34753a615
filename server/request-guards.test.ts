import { describe, expect, it } from "vitest";
import {
  carriesSecretInUrl,
  decodes,
  formPostCallbackPaths,
  isOneClickUnsubscribePost,
  isProviderFormPost,
  isSameOriginRequest,
} from "./request-guards";

const host = "portal.example.dk";

describe("isSameOriginRequest", () => {
  it("lets safe methods through whatever their origin", () => {
    expect(isSameOriginRequest({ method: "GET", origin: "https://evil.example", referer: undefined, host })).toBe(true);
    expect(isSameOriginRequest({ method: "HEAD", origin: "null", referer: undefined, host })).toBe(true);
  });

  it("accepts a post from our own origin, by Origin or by Referer", () => {
    expect(isSameOriginRequest({ method: "POST", origin: `https://${host}`, referer: undefined, host })).toBe(true);
    expect(
      isSameOriginRequest({ method: "POST", origin: undefined, referer: `https://${host}/login/email?x=1`, host }),
    ).toBe(true);
    expect(
      isSameOriginRequest({
        method: "POST",
        origin: "http://127.0.0.1:3000",
        referer: undefined,
        host: "127.0.0.1:3000",
      }),
    ).toBe(true);
  });

  it("rejects a post from another origin, another port, or Origin null", () => {
    expect(isSameOriginRequest({ method: "POST", origin: "https://evil.example", referer: undefined, host })).toBe(
      false,
    );
    expect(
      isSameOriginRequest({ method: "POST", origin: `https://${host}.evil.example`, referer: undefined, host }),
    ).toBe(false);
    expect(
      isSameOriginRequest({
        method: "POST",
        origin: "http://127.0.0.1:4000",
        referer: undefined,
        host: "127.0.0.1:3000",
      }),
    ).toBe(false);
    expect(isSameOriginRequest({ method: "POST", origin: "null", referer: undefined, host })).toBe(false);
    expect(isSameOriginRequest({ method: "POST", origin: undefined, referer: "https://evil.example/page", host })).toBe(
      false,
    );
    expect(isSameOriginRequest({ method: "DELETE", origin: "https://evil.example", referer: undefined, host })).toBe(
      false,
    );
  });

  it("prefers Origin over Referer", () => {
    expect(
      isSameOriginRequest({ method: "POST", origin: "https://evil.example", referer: `https://${host}/`, host }),
    ).toBe(false);
  });

  it("rejects an unparseable Referer or Origin", () => {
    expect(isSameOriginRequest({ method: "POST", origin: undefined, referer: "not a url", host })).toBe(false);
    expect(isSameOriginRequest({ method: "POST", origin: "garbage", referer: undefined, host })).toBe(false);
  });

  it("accepts origins configured as allowed", () => {
    expect(
      isSameOriginRequest({
        method: "POST",
        origin: "https://mit.example.dk",
        referer: undefined,
        host: "internal:3000",
        allowedOrigins: ["https://mit.example.dk"],
      }),
    ).toBe(true);
  });

  it("trusts the browser's Sec-Fetch-Site first: same-origin passes even with Origin null (no-referrer pages)", () => {
    expect(
      isSameOriginRequest({ method: "POST", secFetchSite: "same-origin", origin: "null", referer: undefined, host }),
    ).toBe(true);
    expect(
      isSameOriginRequest({
        method: "POST",
        secFetchSite: "cross-site",
        origin: `https://${host}`,
        referer: undefined,
        host,
      }),
    ).toBe(false);
    expect(
      isSameOriginRequest({
        method: "POST",
        secFetchSite: "same-site",
        origin: `https://app.${host}`,
        referer: undefined,
        host,
      }),
    ).toBe(false);
    expect(
      isSameOriginRequest({ method: "POST", secFetchSite: "none", origin: undefined, referer: undefined, host }),
    ).toBe(false);
  });

  it("lets a configured origin post even cross-site", () => {
    expect(
      isSameOriginRequest({
        method: "POST",
        secFetchSite: "cross-site",
        origin: "https://mit.example.dk",
        referer: undefined,
        host,
        allowedOrigins: ["https://mit.example.dk"],
      }),
    ).toBe(true);
  });

  it("lets a request without Origin and Referer through (not a browser acting for a resident)", () => {
    expect(isSameOriginRequest({ method: "POST", origin: undefined, referer: undefined, host })).toBe(true);
  });
});

describe("carriesSecretInUrl", () => {
  it.each(["/set-password", "/set-password.data", "/impersonate/abc", "/login/email/forgot-password"])("%s", (path) => {
    expect(carriesSecretInUrl(path)).toBe(true);
  });
  it.each(["/login", "/login/email", "/impersonate", "/t/1", "/set-passwordx"])("not %s", (path) => {
    expect(carriesSecretInUrl(path)).toBe(false);
  });
});

describe("a provider's form post to its callback (Sign in with Apple, ADR 0056)", () => {
  const provider = (verifiedBy: "access-token" | "id-token") => ({
    clientId: "id",
    clientSecret: "secret",
    authorizationUrl: "https://provider.example/auth",
    tokenUrl: "https://provider.example/token",
    scope: "email",
    verifiedBy,
  });
  const paths = formPostCallbackPaths({ google: provider("access-token"), apple: provider("id-token") });

  it("names only the callbacks of providers that answer by form post", () => {
    expect(paths).toEqual(["/auth/apple/callback"]);
    expect(formPostCallbackPaths({ google: provider("access-token") })).toEqual([]);
  });

  it("lets Apple's cross-site post to its callback through, and no other cross-site post", () => {
    const fromApple = { secFetchSite: "cross-site", origin: "https://appleid.apple.com", referer: undefined, host };
    expect(isSameOriginRequest({ method: "POST", ...fromApple })).toBe(false);
    expect(isProviderFormPost("POST", "/auth/apple/callback", paths)).toBe(true);
    for (const path of ["/auth/apple", "/auth/google/callback", "/auth/apple/callback/x", "/login/email", "/"]) {
      expect(isProviderFormPost("POST", path, paths)).toBe(false);
    }
    expect(isProviderFormPost("DELETE", "/auth/apple/callback", paths)).toBe(false);
    expect(isProviderFormPost("POST", "/auth/apple/callback", [])).toBe(false);
  });
});

describe("isOneClickUnsubscribePost", () => {
  it("lets a mail client's POST to the weekly update's unsubscribe address through, and only that", () => {
    const token = "wu.1.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    expect(isOneClickUnsubscribePost("POST", `/unsubscribe/weekly-update/${token}`)).toBe(true);
    expect(isOneClickUnsubscribePost("post", `/unsubscribe/weekly-update/${token}`)).toBe(true);
    // Not the other pages, not below the token, not without one.
    expect(isOneClickUnsubscribePost("POST", "/unsubscribe/weekly-update/")).toBe(false);
    expect(isOneClickUnsubscribePost("POST", `/unsubscribe/weekly-update/${token}/x`)).toBe(false);
    expect(isOneClickUnsubscribePost("POST", "/t/7009/profile")).toBe(false);
    expect(isOneClickUnsubscribePost("POST", "/unsubscribe")).toBe(false);
    expect(isOneClickUnsubscribePost("PUT", `/unsubscribe/weekly-update/${token}`)).toBe(false);
  });

  it("is the only cross-site post the guard would refuse that passes", () => {
    const crossSite = {
      method: "POST",
      secFetchSite: "cross-site",
      origin: "https://mail.example",
      referer: undefined,
      host: "portal.example",
    };
    expect(isSameOriginRequest(crossSite)).toBe(false);
    expect(isOneClickUnsubscribePost(crossSite.method, "/t/7009/profile")).toBe(false);
    expect(isOneClickUnsubscribePost(crossSite.method, "/unsubscribe/weekly-update/wu.1.x")).toBe(true);
  });

  it("keeps the unsubscribe address out of Referer headers (it carries the token)", () => {
    expect(carriesSecretInUrl("/unsubscribe/weekly-update/wu.1.x")).toBe(true);
  });
});

describe("decodes", () => {
  it("takes a path whose percent-encoding decodes, and refuses one that does not", () => {
    expect(decodes("/assets/entry.client-BAlSfpjY.js")).toBe(true);
    expect(decodes("/assets/%C3%B8.js")).toBe(true);
    expect(decodes("/assets/%E0%A4%A.js")).toBe(false);
    expect(decodes("/assets/%zz")).toBe(false);
  });
});
