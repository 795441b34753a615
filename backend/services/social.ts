/**
 * Social sign-in (ADR 0009, 0011, 0056): the portal runs the OAuth2 authorization-code flow with
 * the provider and hands the result to `socialAuth`. The back-end never trusts what the portal
 * says about the user:
 *
 * - Google and Facebook: it calls the provider's user-info endpoint with the access token and
 *   takes the e-mail from the answer, which must be a verified address. Each user-info URL is
 *   configured (GOOGLE_USERINFO_URL, FACEBOOK_USERINFO_URL); a provider without one is disabled.
 * - Apple has no user-info endpoint: it puts the e-mail in the ID token only. The back-end verifies
 *   that token itself against Apple's published keys (APPLE_JWKS_URL), with its issuer
 *   (APPLE_ISSUER), audience (APPLE_CLIENT_ID), expiry and the nonce of this sign-in. Apple is
 *   disabled until APPLE_CLIENT_ID is set.
 */
import { SocialProvider } from "@common/graphql-enums.generated";
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";
import { z } from "zod";
import type { Logger } from "../logger";
import { serviceError } from "./errors";
import { normalizeEmail } from "./sign-in";

/** The schema's enum SocialProvider (account.graphql), generated. */
export const socialProviders = SocialProvider;
export type { SocialProvider };

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (socialProviders as readonly string[]).includes(value);
}

/** The providers whose access token the back-end checks at their user-info endpoint. */
export type UserinfoProvider = Exclude<SocialProvider, "APPLE">;

/** Each such provider's user-info endpoint; null disables the provider. */
export type UserinfoUrls = Readonly<Record<UserinfoProvider, string | null>>;

/** The real endpoints. */
export const defaultUserinfoUrls: UserinfoUrls = {
  GOOGLE: "https://openidconnect.googleapis.com/v1/userinfo",
  FACEBOOK: "https://graph.facebook.com/me?fields=id,name,email",
};

/**
 * Providers whose user-info answer has no `email_verified` claim but contains `email` only for a
 * confirmed address (Facebook's Graph API). For every other provider `email_verified` must be true.
 */
const emailImpliesVerified: Readonly<Record<UserinfoProvider, boolean>> = {
  GOOGLE: false,
  FACEBOOK: true,
};

export const userinfoTimeoutMs = 5000;
const maxAccessTokenLength = 4096;

/** A yes/no claim: OpenID says boolean, Apple sends "true"/"false" strings as often as not. */
const booleanClaim = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((value) => value === true || value === "true");

const userinfoSchema = z.object({
  sub: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  email: z.string().optional(),
  // OpenID says boolean; some providers send "true"/"false" strings.
  email_verified: booleanClaim.optional(),
  name: z.string().optional(),
  locale: z.string().optional(),
});

const emailSchema = z.email().max(254);

export interface SocialIdentity {
  provider: SocialProvider;
  /** Trimmed and lower-cased. */
  email: string;
  name: string;
  /** en, da or nb when the provider's locale says so. */
  language: string | null;
}

/** Maps an OpenID locale (da-DK, nb, no, en_GB …) to one of our languages. */
export function languageOfLocale(locale: string | undefined): string | null {
  const primary = locale?.toLowerCase().split(/[-_]/)[0];
  if (primary === "da" || primary === "en" || primary === "nb") return primary;
  if (primary === "no" || primary === "nn") return "nb";
  return null;
}

/**
 * Asks the provider who the access token belongs to. Throws SOCIAL_PROVIDER_DISABLED,
 * SOCIAL_AUTH_FAILED (token refused, provider unreachable or answering nonsense) or
 * SOCIAL_EMAIL_NOT_VERIFIED (no e-mail, or not a verified one).
 */
export async function verifySocialAccessToken(input: {
  provider: UserinfoProvider;
  accessToken: string;
  userinfoUrls: UserinfoUrls;
  fetch: typeof fetch;
  logger: Logger;
  timeoutMs?: number;
}): Promise<SocialIdentity> {
  const { provider, logger } = input;
  const url = input.userinfoUrls[provider];
  if (url === null || url === undefined || url === "") throw serviceError("SOCIAL_PROVIDER_DISABLED");
  const accessToken = input.accessToken.trim();
  if (accessToken.length === 0 || accessToken.length > maxAccessTokenLength || /\s/.test(accessToken)) {
    throw serviceError("SOCIAL_AUTH_FAILED");
  }

  let body: unknown;
  try {
    const response = await input.fetch(url, {
      method: "GET",
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(input.timeoutMs ?? userinfoTimeoutMs),
    });
    if (!response.ok) {
      logger.warn(`socialAuth: ${provider} user-info answered ${response.status}`);
      throw serviceError("SOCIAL_AUTH_FAILED");
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof Error && "extensions" in error) throw error;
    logger.warn(`socialAuth: ${provider} user-info failed:`, error instanceof Error ? error.message : error);
    throw serviceError("SOCIAL_AUTH_FAILED");
  }

  const parsed = userinfoSchema.safeParse(body);
  if (!parsed.success) {
    logger.warn(`socialAuth: ${provider} user-info answer has an unexpected shape`);
    throw serviceError("SOCIAL_AUTH_FAILED");
  }
  const info = parsed.data;
  const email = info.email === undefined ? undefined : normalizeEmail(info.email);
  if (email === undefined || !emailSchema.safeParse(email).success) throw serviceError("SOCIAL_EMAIL_NOT_VERIFIED");
  const verified = info.email_verified === undefined ? emailImpliesVerified[provider] : info.email_verified;
  if (!verified) throw serviceError("SOCIAL_EMAIL_NOT_VERIFIED");
  return { provider, email, name: info.name?.trim().slice(0, 200) ?? "", language: languageOfLocale(info.locale) };
}

// Sign in with Apple (ADR 0056)

export const defaultAppleIssuer = "https://appleid.apple.com";
export const defaultAppleJwksUrl = "https://appleid.apple.com/auth/keys";
/** The domain of Apple's private e-mail relay ("Hide My Email"): Apple made the address, it is verified. */
export const applePrivateRelayDomain = "privaterelay.appleid.com";

/** What an Apple ID token must match (config.ts reads APPLE_CLIENT_ID, APPLE_ISSUER, APPLE_JWKS_URL). */
export interface AppleSignInSettings {
  /** The audience: the portal's Services ID (APPLE_CLIENT_ID; several, comma-separated, e.g. with an app's bundle id). */
  clientIds: readonly string[];
  /** The `iss` of Apple's ID tokens. */
  issuer: string;
  /** Where Apple publishes its signing keys (a JWKS). */
  jwksUrl: string;
}

/** The settings with Apple's keys, fetched when first needed and cached (createAppleIdTokenVerifier). */
export interface AppleIdTokenVerifier {
  settings: AppleSignInSettings;
  keys: JWTVerifyGetKey;
}

export const appleKeysTimeoutMs = 5000;
/** Apple's ID tokens are RS256 (its documentation and its JWKS); nothing else is taken. */
const appleAlgorithms = ["RS256"];
/** Clocks differ a little. */
const appleClockToleranceSeconds = 30;
/**
 * The portal exchanges the code within seconds of Apple issuing it; `exp` decides, and this bounds
 * `iat` too (not in the future, not older than Apple's longest token lifetime, a day).
 */
const appleMaxTokenAge = "1 day";
const maxIdTokenLength = 8192;
const maxNonceLength = 256;

/**
 * One per back-end: jose's remote key set keeps Apple's keys for 10 minutes, fetches them again
 * when a token names a key it does not know (at most every 30 s), and gives up after 5 s.
 */
export function createAppleIdTokenVerifier(
  settings: AppleSignInSettings,
  options: { timeoutMs?: number } = {},
): AppleIdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(settings.jwksUrl), {
    timeoutDuration: options.timeoutMs ?? appleKeysTimeoutMs,
    cooldownDuration: 30_000,
    cacheMaxAge: 600_000,
  });
  return { settings, keys };
}

const appleClaimsSchema = z.object({
  sub: z.string().min(1),
  nonce: z.string().optional(),
  email: z.string().optional(),
  email_verified: booleanClaim.optional(),
  is_private_email: booleanClaim.optional(),
});

/**
 * Verifies an Apple ID token: signed by one of Apple's published keys, issued by Apple for our
 * client id, not expired, and carrying the nonce this sign-in sent. Returns the e-mail it carries,
 * which must be verified; an address of Apple's private relay is verified by construction. Throws
 * SOCIAL_PROVIDER_DISABLED (no verifier: APPLE_CLIENT_ID unset), SOCIAL_AUTH_FAILED (a token or
 * nonce missing or wrong, keys unreachable) or SOCIAL_EMAIL_NOT_VERIFIED.
 */
export async function verifyAppleIdToken(input: {
  idToken: string | null | undefined;
  nonce: string | null | undefined;
  verifier: AppleIdTokenVerifier | null;
  now: Date;
  logger: Logger;
}): Promise<SocialIdentity> {
  const { verifier, logger } = input;
  if (verifier === null) throw serviceError("SOCIAL_PROVIDER_DISABLED");
  const idToken = input.idToken?.trim() ?? "";
  const nonce = input.nonce ?? "";
  if (idToken.length === 0 || idToken.length > maxIdTokenLength || /\s/.test(idToken)) {
    throw serviceError("SOCIAL_AUTH_FAILED");
  }
  // The nonce ties the token to the sign-in the portal started: without one, a token taken from
  // elsewhere would do.
  if (nonce.length === 0 || nonce.length > maxNonceLength) throw serviceError("SOCIAL_AUTH_FAILED");

  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(idToken, verifier.keys, {
      issuer: verifier.settings.issuer,
      audience: [...verifier.settings.clientIds],
      algorithms: appleAlgorithms,
      requiredClaims: ["exp", "iat", "sub"],
      currentDate: input.now,
      clockTolerance: appleClockToleranceSeconds,
      maxTokenAge: appleMaxTokenAge,
    }));
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : undefined;
    logger.warn(
      `socialAuth: APPLE ID token refused (${code ?? "error"}):`,
      error instanceof Error ? error.message : error,
    );
    throw serviceError("SOCIAL_AUTH_FAILED");
  }

  const parsed = appleClaimsSchema.safeParse(payload);
  if (!parsed.success) {
    logger.warn("socialAuth: APPLE ID token has unexpected claims");
    throw serviceError("SOCIAL_AUTH_FAILED");
  }
  const claims = parsed.data;
  if (claims.nonce !== nonce) {
    logger.warn("socialAuth: APPLE ID token carries another nonce than this sign-in's");
    throw serviceError("SOCIAL_AUTH_FAILED");
  }
  const email = claims.email === undefined ? undefined : normalizeEmail(claims.email);
  if (email === undefined || !emailSchema.safeParse(email).success) throw serviceError("SOCIAL_EMAIL_NOT_VERIFIED");
  // A relay address (is_private_email) is one Apple made and forwards to the verified address it
  // hides: in a token Apple signed, its domain is proof enough.
  const privateRelay = email.endsWith(`@${applePrivateRelayDomain}`);
  if (claims.email_verified !== true && !privateRelay) throw serviceError("SOCIAL_EMAIL_NOT_VERIFIED");
  // Apple gives the name only once, outside the token (the form post's `user`): not verified, not kept.
  return { provider: "APPLE", email, name: "", language: null };
}
