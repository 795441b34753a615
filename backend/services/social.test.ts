/**
 * Sign in with Apple's ID token check (ADR 0056) against keys made here and published by a local
 * JWKS server, as Apple publishes its own at https://appleid.apple.com/auth/keys.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoAccounts } from "../db/seed/demo-accounts";
import { silentLogger } from "../logger";
import { testClock } from "../testing/clock";
import { firstErrorCode, graphql } from "../testing/graphql";
import { createDemoBackendOn } from "../testing/setup";
import { errorCodeOf } from "./errors";
import {
  type AppleIdTokenVerifier,
  type AppleSignInSettings,
  createAppleIdTokenVerifier,
  type SocialIdentity,
  verifyAppleIdToken,
} from "./social";

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

const clientId = "dk.example.portal.web";
const issuer = "https://appleid.apple.com";
const nonce = "n-0S6_WzA2Mj";
const now = new Date("2026-06-01T10:00:00.000Z");
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

let published: KeyPair;
/** Signs like Apple, but its key is not in the published set. */
let unpublished: KeyPair;
let server: Server;
let jwksRequests = 0;
let settings: AppleSignInSettings;
let verifier: AppleIdTokenVerifier;

beforeAll(async () => {
  published = await generateKeyPair("RS256");
  unpublished = await generateKeyPair("RS256");
  const jwks = { keys: [{ ...(await exportJWK(published.publicKey)), kid: "apple-1", alg: "RS256", use: "sig" }] };
  server = createServer((request, response) => {
    if (request.url !== "/auth/keys") {
      response.writeHead(404).end();
      return;
    }
    jwksRequests += 1;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  settings = { clientIds: [clientId], issuer, jwksUrl: `http://127.0.0.1:${port}/auth/keys` };
  verifier = createAppleIdTokenVerifier(settings);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An ID token as Apple issues one (claims from Apple's documentation), with changes. */
function appleIdToken(
  claims: JWTPayload = {},
  options: { key?: KeyPair; kid?: string; issuedAt?: Date; lifetimeSeconds?: number } = {},
): Promise<string> {
  const issuedAt = options.issuedAt ?? new Date(now.getTime() - 60_000);
  return new SignJWT({
    iss: issuer,
    aud: clientId,
    sub: "001234.abcdef0123456789.1010",
    iat: epoch(issuedAt),
    exp: epoch(issuedAt) + (options.lifetimeSeconds ?? 600),
    email: "resident@example.test",
    email_verified: "true",
    is_private_email: "false",
    nonce,
    nonce_supported: true,
    auth_time: epoch(issuedAt),
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "apple-1" })
    .sign((options.key ?? published).privateKey);
}

const verify = (idToken: string, input: { nonce?: string | null; verifier?: AppleIdTokenVerifier | null } = {}) =>
  verifyAppleIdToken({
    idToken,
    nonce: input.nonce === undefined ? nonce : input.nonce,
    verifier: input.verifier === undefined ? verifier : input.verifier,
    now,
    logger: silentLogger,
  });

/** The error code verify fails with, or "accepted". */
async function refusal(promise: Promise<SocialIdentity>): Promise<string> {
  try {
    await promise;
    return "accepted";
  } catch (error) {
    return errorCodeOf(error) ?? `unexpected: ${String(error)}`;
  }
}

describe("verifyAppleIdToken", () => {
  it("accepts Apple's token for our client id with this sign-in's nonce: the e-mail, lower-cased", async () => {
    const identity = await verify(await appleIdToken({ email: "Resident@Example.TEST" }));
    expect(identity).toEqual({ provider: "APPLE", email: "resident@example.test", name: "", language: null });
  });

  it("takes email_verified as a boolean or as Apple's string", async () => {
    expect((await verify(await appleIdToken({ email_verified: true }))).email).toBe("resident@example.test");
    expect(await refusal(verify(await appleIdToken({ email_verified: "false" })))).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    expect(await refusal(verify(await appleIdToken({ email_verified: false })))).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    expect(await refusal(verify(await appleIdToken({ email_verified: undefined })))).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    expect(await refusal(verify(await appleIdToken({ email: undefined })))).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    expect(await refusal(verify(await appleIdToken({ email: "not an address" })))).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
  });

  it("accepts an address of Apple's private relay as verified ('Hide My Email')", async () => {
    const relay = "q7x9k2m4pt@privaterelay.appleid.com";
    for (const claims of [
      { email: relay, is_private_email: "true" },
      { email: relay, is_private_email: true, email_verified: undefined },
      { email: relay.toUpperCase(), is_private_email: "true", email_verified: "false" },
    ]) {
      expect((await verify(await appleIdToken(claims))).email).toBe(relay);
    }
    // The flag alone proves nothing: the domain is Apple's relay or the address must be verified.
    expect(
      await refusal(
        verify(
          await appleIdToken({ email: "someone@example.test", is_private_email: "true", email_verified: "false" }),
        ),
      ),
    ).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
    expect(
      await refusal(
        verify(await appleIdToken({ email: "someone@privaterelay.appleid.com.evil.test", email_verified: "false" })),
      ),
    ).toBe("SOCIAL_EMAIL_NOT_VERIFIED");
  });

  it("refuses another issuer, another audience, an expired token and one not yet valid", async () => {
    expect(await refusal(verify(await appleIdToken({ iss: "https://accounts.google.com" })))).toBe(
      "SOCIAL_AUTH_FAILED",
    );
    expect(await refusal(verify(await appleIdToken({ aud: "dk.someone-else.web" })))).toBe("SOCIAL_AUTH_FAILED");
    const expired = await appleIdToken({}, { issuedAt: new Date(now.getTime() - 11 * 60_000) });
    expect(await refusal(verify(expired))).toBe("SOCIAL_AUTH_FAILED");
    const future = await appleIdToken({}, { issuedAt: new Date(now.getTime() + 5 * 60_000) });
    expect(await refusal(verify(future))).toBe("SOCIAL_AUTH_FAILED");
  });

  it("refuses a token without this sign-in's nonce, and a sign-in without a nonce", async () => {
    expect(await refusal(verify(await appleIdToken({ nonce: "another-sign-in" })))).toBe("SOCIAL_AUTH_FAILED");
    expect(await refusal(verify(await appleIdToken({ nonce: undefined })))).toBe("SOCIAL_AUTH_FAILED");
    const token = await appleIdToken();
    expect(await refusal(verify(token, { nonce: null }))).toBe("SOCIAL_AUTH_FAILED");
    expect(await refusal(verify(token, { nonce: "" }))).toBe("SOCIAL_AUTH_FAILED");
  });

  it("refuses a token signed by a key Apple has not published, or under a published key's id", async () => {
    expect(await refusal(verify(await appleIdToken({}, { key: unpublished, kid: "apple-2" })))).toBe(
      "SOCIAL_AUTH_FAILED",
    );
    expect(await refusal(verify(await appleIdToken({}, { key: unpublished, kid: "apple-1" })))).toBe(
      "SOCIAL_AUTH_FAILED",
    );
  });

  it("refuses a token whose content was changed after signing, and unsigned or HMAC tokens", async () => {
    const [header, , signature] = (await appleIdToken()).split(".");
    const forgedClaims = Buffer.from(
      JSON.stringify({
        iss: issuer,
        aud: clientId,
        sub: "x",
        nonce,
        email: "victim@example.test",
        email_verified: true,
        iat: epoch(now),
        exp: epoch(now) + 600,
      }),
    ).toString("base64url");
    expect(await refusal(verify(`${header}.${forgedClaims}.${signature}`))).toBe("SOCIAL_AUTH_FAILED");
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${forgedClaims}.`;
    expect(await refusal(verify(unsigned))).toBe("SOCIAL_AUTH_FAILED");
    const hmac = await new SignJWT({ nonce, email: "victim@example.test", email_verified: true })
      .setProtectedHeader({ alg: "HS256", kid: "apple-1" })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject("x")
      .setIssuedAt(epoch(now))
      .setExpirationTime(epoch(now) + 600)
      .sign(new TextEncoder().encode("a secret anyone could choose, 32+"));
    expect(await refusal(verify(hmac))).toBe("SOCIAL_AUTH_FAILED");
    expect(await refusal(verify("not-a-jwt"))).toBe("SOCIAL_AUTH_FAILED");
    expect(await refusal(verify(""))).toBe("SOCIAL_AUTH_FAILED");
  });

  it("is off without a client id, and fails (not throws unexpectedly) when Apple's keys cannot be fetched", async () => {
    const token = await appleIdToken();
    expect(await refusal(verify(token, { verifier: null }))).toBe("SOCIAL_PROVIDER_DISABLED");
    const unreachable = createAppleIdTokenVerifier({ ...settings, jwksUrl: "http://127.0.0.1:9/auth/keys" });
    expect(await refusal(verify(token, { verifier: unreachable }))).toBe("SOCIAL_AUTH_FAILED");
    const notKeys = createAppleIdTokenVerifier({
      ...settings,
      jwksUrl: settings.jwksUrl.replace("/auth/keys", "/nothing"),
    });
    expect(await refusal(verify(token, { verifier: notKeys }))).toBe("SOCIAL_AUTH_FAILED");
  });

  it("fetches Apple's keys once and keeps them for the next sign-ins", async () => {
    const fresh = createAppleIdTokenVerifier(settings);
    const before = jwksRequests;
    for (let i = 0; i < 3; i += 1) await verify(await appleIdToken(), { verifier: fresh });
    expect(jwksRequests - before).toBe(1);
  });

  it("accepts every configured client id as audience (a Services ID and an app's bundle id)", async () => {
    const both = createAppleIdTokenVerifier({ ...settings, clientIds: ["dk.example.portal", clientId] });
    expect((await verify(await appleIdToken(), { verifier: both })).email).toBe("resident@example.test");
  });
});

describe("socialAuth with APPLE (through GraphQL)", () => {
  const clock = testClock(now.toISOString());
  let backend: Backend;
  beforeAll(async () => {
    backend = await createDemoBackendOn(clock, { accountFlows: { apple: settings } });
  });
  afterAll(() => backend.close());

  const mutation = /* GraphQL */ `
    mutation Apple($idToken: String, $nonce: String, $dataPolicyAcknowledged: Boolean) {
      socialAuth(accessToken: "", provider: APPLE, idToken: $idToken, nonce: $nonce, dataPolicyAcknowledged: $dataPolicyAcknowledged) {
        socialProvider email created slt user { id }
      }
    }
  `;
  interface AppleData {
    socialAuth: { socialProvider: string; email: string; created: boolean; slt: string };
  }
  const socialAuth = (variables: { idToken?: string; nonce?: string; dataPolicyAcknowledged?: boolean }) =>
    graphql<AppleData>(backend, "account", mutation, { variables });

  it("signs up a private-relay address with the confirmation, then signs the same account in", async () => {
    const relay = "h7d2xk9q4v@privaterelay.appleid.com";
    const idToken = await appleIdToken({ email: relay, is_private_email: "true" });
    expect(firstErrorCode(await socialAuth({ idToken, nonce }))).toBe("DATA_POLICY_NOT_ACKNOWLEDGED");
    const created = await socialAuth({ idToken, nonce, dataPolicyAcknowledged: true });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data?.socialAuth).toMatchObject({ socialProvider: "APPLE", email: relay, created: true });
    const user = await backend.db.selectFrom("users").select("user_type").where("email", "=", relay).executeTakeFirst();
    expect(user?.user_type).toBe("APPLE");
    const again = await socialAuth({ idToken, nonce });
    expect(again.body.data?.socialAuth).toMatchObject({ email: relay, created: false });
  });

  it("signs an existing resident in by the e-mail of the token", async () => {
    const idToken = await appleIdToken({ email: demoAccounts.anna.email });
    const result = await socialAuth({ idToken, nonce });
    expect(result.body.data?.socialAuth).toMatchObject({ email: demoAccounts.anna.email, created: false });
  });

  it("refuses a token without the nonce or with another, and a call without a token", async () => {
    const idToken = await appleIdToken();
    expect(firstErrorCode(await socialAuth({ idToken }))).toBe("SOCIAL_AUTH_FAILED");
    expect(firstErrorCode(await socialAuth({ idToken, nonce: "another" }))).toBe("SOCIAL_AUTH_FAILED");
    expect(firstErrorCode(await socialAuth({ nonce }))).toBe("SOCIAL_AUTH_FAILED");
  });
});
