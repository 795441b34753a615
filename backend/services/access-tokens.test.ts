import { createHmac } from "node:crypto";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { secretKey, signAccessToken, type TokenSettings, verifyAccessToken } from "./tokens";

const settings: TokenSettings = {
  key: secretKey("access-token-test-secret-0123456789"),
  accessTokenTtlSeconds: 300,
  refreshTokenTtlSeconds: 3600,
  refreshGraceSeconds: 30,
};
const now = new Date("2026-06-01T10:00:00.000Z");
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const at = (offsetSeconds: number) => new Date(now.getTime() + offsetSeconds * 1000);

/** A token signed by jose with chosen header and claims (for the cases our signer never makes). */
function joseToken(claims: Record<string, unknown>, header: Record<string, unknown> = {}, key = settings.key) {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", ...header }).sign(key);
}
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
function handSigned(header: unknown, payload: unknown) {
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  return `${signingInput}.${createHmac("sha256", settings.key).update(signingInput).digest("base64url")}`;
}
const claims = { sub: "42", aud: "account", sid: "family-1", iat: seconds(now), exp: seconds(now) + 300 };

describe("access tokens", () => {
  it("are accepted for their audience until they expire, with user, times and impersonation", async () => {
    const signed = await signAccessToken(settings, { userId: 42, audience: "users", sessionId: "family-1", now });
    expect(verifyAccessToken(settings, signed.token, "users", at(299))).toEqual({
      userId: 42,
      iat: signed.iat,
      exp: signed.exp,
      impersonated: false,
      sessionId: "family-1",
    });
    expect(verifyAccessToken(settings, signed.token, "users", at(300))).toBeNull();
    expect(verifyAccessToken(settings, signed.token, "account", now)).toBeNull();

    const impersonation = await signAccessToken(settings, {
      userId: 7,
      audience: "account",
      sessionId: "family-2",
      now,
      impersonation: { endsAt: at(60) },
    });
    expect(verifyAccessToken(settings, impersonation.token, "account", now)).toMatchObject({
      userId: 7,
      impersonated: true,
      exp: seconds(at(60)),
    });
  });

  it("accept what jose signs, with the audience in a list", async () => {
    expect(
      verifyAccessToken(settings, await joseToken({ ...claims, aud: ["users", "account"] }), "account", now),
    ).toMatchObject({ userId: 42 });
  });

  it("are refused when signed with another key, changed, or re-spelled", async () => {
    const token = await joseToken(claims);
    expect(
      verifyAccessToken(
        settings,
        await joseToken(claims, {}, secretKey("another-secret-0123456789abcdef")),
        "account",
        now,
      ),
    ).toBeNull();
    const [header, , signature] = token.split(".");
    expect(
      verifyAccessToken(settings, `${header}.${base64url({ ...claims, sub: "43" })}.${signature}`, "account", now),
    ).toBeNull();
    // The same signature bytes spelled another way (padding) are not the token that was signed.
    expect(verifyAccessToken(settings, `${token}=`, "account", now)).toBeNull();
    expect(
      verifyAccessToken(settings, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "account", now),
    ).toBeNull();
  });

  it("are refused unless HS256 without critical extensions", async () => {
    expect(verifyAccessToken(settings, new UnsecuredJWT(claims).encode(), "account", now)).toBeNull();
    expect(verifyAccessToken(settings, handSigned({ alg: "none" }, claims), "account", now)).toBeNull();
    expect(verifyAccessToken(settings, handSigned({ alg: "HS512" }, claims), "account", now)).toBeNull();
    expect(verifyAccessToken(settings, handSigned({ alg: "HS256", crit: ["exp"] }, claims), "account", now)).toBeNull();
    expect(verifyAccessToken(settings, handSigned({ alg: "HS256" }, claims), "account", now)).toMatchObject({
      userId: 42,
    });
  });

  it("are refused without subject, issue time or expiry, before nbf, or with a subject that is not a user id", () => {
    for (const missing of ["sub", "iat", "exp", "aud", "sid"] as const) {
      const { [missing]: _, ...rest } = claims;
      expect(verifyAccessToken(settings, handSigned({ alg: "HS256" }, rest), "account", now)).toBeNull();
    }
    expect(
      verifyAccessToken(settings, handSigned({ alg: "HS256" }, { ...claims, nbf: seconds(now) + 10 }), "account", now),
    ).toBeNull();
    expect(
      verifyAccessToken(settings, handSigned({ alg: "HS256" }, { ...claims, nbf: seconds(now) }), "account", now),
    ).not.toBeNull();
    for (const sub of ["0", "-1", "4.2", " 42", "abc", "9007199254740993"]) {
      expect(verifyAccessToken(settings, handSigned({ alg: "HS256" }, { ...claims, sub }), "account", now)).toBeNull();
    }
    expect(
      verifyAccessToken(settings, handSigned({ alg: "HS256" }, { ...claims, exp: String(claims.exp) }), "account", now),
    ).toBeNull();
  });

  it("are refused without a session id that can be looked up (sid: a non-empty string)", () => {
    for (const sid of ["", 7, null, "x".repeat(65)]) {
      expect(verifyAccessToken(settings, handSigned({ alg: "HS256" }, { ...claims, sid }), "account", now)).toBeNull();
    }
    expect(
      verifyAccessToken(settings, handSigned({ alg: "HS256" }, { ...claims, sid: "x".repeat(64) }), "account", now),
    ).toMatchObject({ sessionId: "x".repeat(64) });
  });

  it("are refused when malformed", () => {
    for (const token of [
      "",
      "abc",
      "a.b",
      "a.b.c.d",
      "..",
      `${base64url({ alg: "HS256" })}.not-json.x`,
      handSigned({ alg: "HS256" }, [1, 2]),
    ]) {
      expect(verifyAccessToken(settings, token, "account", now)).toBeNull();
    }
  });
});
