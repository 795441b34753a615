import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { configErrorOf } from "../testing/config";
import { tempDirFor } from "../testing/temp-dir";
import { languageOfLocale } from "./social";

const temp = tempDirFor("each", "backend-flows-config-");

describe("account-flow configuration (PORTAL_URL, SMTP_URL, MAIL_FROM, *_USERINFO_URL)", () => {
  it("has real defaults: Google and Facebook enabled, Apple disabled, outbox only", () => {
    expect(loadConfig({ DATA_DIR: temp.path }, temp.path).accountFlows).toEqual({
      portalUrl: "http://localhost:3000",
      smtpUrl: null,
      mailFrom: "Mit Forbrug <no-reply@localhost>",
      userinfoUrls: {
        GOOGLE: "https://openidconnect.googleapis.com/v1/userinfo",
        FACEBOOK: "https://graph.facebook.com/me?fields=id,name,email",
        APPLE: null,
      },
      impersonationSessionSeconds: 3600,
    });
  });

  it("reads every variable; 'none' disables a provider; loopback may use http", () => {
    const config = loadConfig(
      {
        DATA_DIR: temp.path,
        PORTAL_URL: "https://portal.example/tenant/",
        SMTP_URL: "smtps://user:pass@mail.example:465",
        MAIL_FROM: "Portal <portal@example.test>",
        GOOGLE_USERINFO_URL: "none",
        FACEBOOK_USERINFO_URL: "http://127.0.0.1:5555/me",
        APPLE_USERINFO_URL: "https://apple-bridge.example/userinfo",
        IMPERSONATION_SESSION_SECONDS: "120",
      },
      temp.path,
    );
    expect(config.accountFlows).toEqual({
      portalUrl: "https://portal.example/tenant",
      smtpUrl: "smtps://user:pass@mail.example:465",
      mailFrom: "Portal <portal@example.test>",
      userinfoUrls: {
        GOOGLE: null,
        FACEBOOK: "http://127.0.0.1:5555/me",
        APPLE: "https://apple-bridge.example/userinfo",
      },
      impersonationSessionSeconds: 120,
    });
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
