/**
 * Access tokens (ADR 0003): JWT HS256 with compact claims only (sub = user id, aud = 'account' |
 * 'users', sid = the refresh-token family, iat, exp, and imp = 1 in an impersonation session). The
 * account service accepts only aud 'account'; the users and tenant services only aud 'users'. Every
 * authenticated call checks that the family named by sid is not revoked (ADR 0020), so logout and
 * a password reset end the session's access tokens at once. In an impersonation session (ADR 0009)
 * none outlives the session's absolute end.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import type { RefreshTokenService } from "../db/types";

export type Audience = RefreshTokenService;

export interface TokenSettings {
  /** HMAC key bytes for HS256. */
  key: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshGraceSeconds: number;
}

/** Turns the configured secret string into an HS256 key (its UTF-8 bytes). */
export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * The WebCrypto key of the HMAC bytes, imported once per key: jose would otherwise import the raw
 * bytes again for every token it signs or checks, a good part of each request's cost.
 */
const cryptoKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(key: Uint8Array): Promise<CryptoKey> {
  let imported = cryptoKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey(
      "raw",
      key as Uint8Array<ArrayBuffer>,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    cryptoKeys.set(key, imported);
  }
  return imported;
}

export const toEpochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export interface SignedAccessToken {
  token: string;
  /** Seconds since the epoch. */
  iat: number;
  /** Seconds since the epoch. */
  exp: number;
}

/** An impersonation session: it ends at `endsAt` whatever happens. */
export interface ImpersonationSession {
  endsAt: Date;
}

export async function signAccessToken(
  settings: TokenSettings,
  claims: {
    userId: number;
    audience: Audience;
    /** The refresh-token family the token belongs to (claim sid, ADR 0020). */
    sessionId: string;
    now: Date;
    impersonation?: ImpersonationSession | null;
  },
): Promise<SignedAccessToken> {
  const iat = toEpochSeconds(claims.now);
  const ttlEnd = iat + settings.accessTokenTtlSeconds;
  const impersonation = claims.impersonation ?? null;
  // An impersonation session's access tokens never outlive the session.
  const exp = impersonation === null ? ttlEnd : Math.min(ttlEnd, toEpochSeconds(impersonation.endsAt));
  const token = await new SignJWT(
    impersonation === null ? { sid: claims.sessionId } : { sid: claims.sessionId, imp: 1 },
  )
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setAudience(claims.audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await hmacKey(settings.key));
  return { token, iat, exp };
}

export interface VerifiedAccessToken {
  userId: number;
  iat: number;
  exp: number;
  /** The token belongs to an impersonation session (claim imp). */
  impersonated: boolean;
  /** The refresh-token family (claim sid): the session to check for revocation. */
  sessionId: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Null when the token is malformed, badly signed, not HS256, for another audience, not yet valid,
 * or expired at `now` (exp at or before now, as jose counts it).
 *
 * Checked here with node:crypto's synchronous HMAC rather than jose's WebCrypto verification:
 * every call to every service checks a token, and WebCrypto hands each check to the thread pool
 * and back, which cost the back-end about a tenth of a dashboard request (measured with npm run
 * bench). The checks are jose's for HS256 (tokens.test.ts verifies tokens jose signs, and refuses
 * what jose refuses); signing stays with jose.
 */
export function verifyAccessToken(
  settings: TokenSettings,
  token: string,
  audience: Audience,
  now: Date,
): VerifiedAccessToken | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerSegment, payloadSegment, signature] = parts as [string, string, string];
  // The signature must be exactly the base64url of the HMAC (no other spelling of the same bytes).
  const expected = Buffer.from(
    createHmac("sha256", settings.key).update(`${headerSegment}.${payloadSegment}`).digest("base64url"),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const header = decodeSegment(headerSegment);
  const payload = decodeSegment(payloadSegment);
  if (header === null || payload === null || header.alg !== "HS256" || "crit" in header || "b64" in header) return null;
  const { aud, sub, iat, exp, nbf, sid } = payload;
  if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) return null;
  if (typeof sub !== "string" || typeof iat !== "number" || typeof exp !== "number") return null;
  // Without a session there is nothing to check for revocation: not one of our tokens.
  if (typeof sid !== "string" || sid.length === 0 || sid.length > 64) return null;
  const nowS = toEpochSeconds(now);
  if (exp <= nowS) return null;
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > nowS)) return null;
  const userId = Number(sub);
  if (!Number.isSafeInteger(userId) || userId <= 0 || String(userId) !== sub) return null;
  return { userId, iat, exp, impersonated: payload.imp === 1, sessionId: sid };
}

/** Reads `Authorization: Bearer <token>`; null when absent or not a bearer token. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
