import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { configErrorOf } from "../testing/config";
import { tempDirFor } from "../testing/temp-dir";
import { languageOfLocale } from "./social";

const temp = tempDirFor("each", "backend-flows-config-");

describe("account-flow configuration (PORTAL_URL, SMTP_URL, MAIL_FROM, *_USERINFO_URL, APPLE_*)", () => {
  it.each<[string, Record<string, string>, ReturnType<typeof loadConfig>["accountFlows"]]>([
    [
      "has real defaults: Google and Facebook enabled, Apple disabled, outbox only",
      {},
      {
        portalUrl: "http://localhost:3000",
        smtpUrl: null,
        mailFrom: "Mit Forbrug <no-reply@localhost>",
        userinfoUrls: {
          GOOGLE: "https://openidconnect.googleapis.com/v1/userinfo",
          FACEBOOK: "https://graph.facebook.com/me?fields=id,name,email",
        },
        apple: null,
        impersonationSessionSeconds: 3600,
      },
    ],
    [
      "reads every variable; 'none' disables a provider; loopback may use http",
      {
        PORTAL_URL: "https://portal.example/tenant/",
        SMTP_URL: "smtps://user:pass@mail.example:465",
        MAIL_FROM: "Portal <portal@example.test>",
        GOOGLE_USERINFO_URL: "none",
        FACEBOOK_USERINFO_URL: "http://127.0.0.1:5555/me",
        APPLE_CLIENT_ID: "dk.example.portal.web, dk.example.portal",
        APPLE_ISSUER: "http://localhost:4151",
        APPLE_JWKS_URL: "http://localhost:4151/jwks",
        IMPERSONATION_SESSION_SECONDS: "120",
      },
      {
        portalUrl: "https://portal.example/tenant",
        smtpUrl: "smtps://user:pass@mail.example:465",
        mailFrom: "Portal <portal@example.test>",
        userinfoUrls: {
          GOOGLE: null,
          FACEBOOK: "http://127.0.0.1:5555/me",
        },
        apple: {
          clientIds: ["dk.example.portal.web", "dk.example.portal"],
          issuer: "http://localhost:4151",
          jwksUrl: "http://localhost:4151/jwks",
        },
        impersonationSessionSeconds: 120,
      },
    ],
  ])("%s", (_, variables, accountFlows) => {
    expect(loadConfig({ DATA_DIR: temp.path, ...variables }, temp.path).accountFlows).toEqual(accountFlows);
  });

  it("refuses plain http user-info URLs off loopback, non-SMTP mail URLs and a bad portal URL, naming each", () => {
    const message = configErrorOf(
      {
        DATA_DIR: temp.path,
        GOOGLE_USERINFO_URL: "http://userinfo.example/me",
        SMTP_URL: "mail.example",
        PORTAL_URL: "portal",
      },
      temp.path,
    );
    expect(message).toContain("GOOGLE_USERINFO_URL");
    expect(message).toContain("SMTP_URL");
    expect(message).toContain("PORTAL_URL");
    expect(message).not.toContain("userinfo.example");
  });

  it("Apple: its keys and issuer default to Apple's own; the retired APPLE_USERINFO_URL stops the start", () => {
    expect(
      loadConfig({ DATA_DIR: temp.path, APPLE_CLIENT_ID: "dk.example.portal.web" }, temp.path).accountFlows.apple,
    ).toEqual({
      clientIds: ["dk.example.portal.web"],
      issuer: "https://appleid.apple.com",
      jwksUrl: "https://appleid.apple.com/auth/keys",
    });
    const retired = configErrorOf(
      { DATA_DIR: temp.path, APPLE_USERINFO_URL: "https://apple-bridge.example/userinfo" },
      temp.path,
    );
    expect(retired).toContain("APPLE_USERINFO_URL");
    expect(retired).toContain("APPLE_CLIENT_ID");
    const bad = configErrorOf(
      { DATA_DIR: temp.path, APPLE_CLIENT_ID: "a b", APPLE_JWKS_URL: "http://keys.example/jwks" },
      temp.path,
    );
    expect(bad).toContain("APPLE_CLIENT_ID");
    expect(bad).toContain("APPLE_JWKS_URL");
  });
});

describe("languageOfLocale", () => {
  it.each([
    ["da-DK", "da"],
    ["en_GB", "en"],
    ["nb", "nb"],
    ["no-NO", "nb"],
    ["nn", "nb"],
    ["sv-SE", null],
    [undefined, null],
  ])("%s → %s", (locale, language) => {
    expect(languageOfLocale(locale)).toBe(language);
  });
});
