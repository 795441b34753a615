import { describe, expect, it } from "vitest";
import { consentCookie, readConsent } from "./cookie-consent.server";

describe("cookie consent", () => {
  it("reads the stored choice, or null before one is made", () => {
    expect(readConsent(null)).toBeNull();
    expect(readConsent("lng=x; other=1")).toBeNull();
    expect(readConsent("a=1; cookieAccepted=true")).toBe(true);
    expect(readConsent("cookieAccepted=false; a=1")).toBe(false);
    expect(readConsent("cookieAccepted=maybe")).toBeNull();
  });

  it("keeps the choice for one year (31536000 s)", () => {
    expect(consentCookie(true, false)).toBe("cookieAccepted=true; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(consentCookie(false, true)).toBe("cookieAccepted=false; Max-Age=31536000; Path=/; SameSite=Lax; Secure");
  });
});
