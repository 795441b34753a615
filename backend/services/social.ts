/**
 * Social sign-in (ADR 0009): the portal runs the OAuth2 authorization-code flow with the provider
 * and hands the resulting access token to `socialAuth`. The back-end never trusts what the portal
 * says about the user: it calls the provider's user-info endpoint with the token and takes the
 * e-mail from the answer, which must be a verified address.
 *
 * Each provider's user-info URL is configured (GOOGLE_USERINFO_URL, FACEBOOK_USERINFO_URL,
 * APPLE_USERINFO_URL); a provider without one is disabled.
 */
import { z } from "zod";
import type { Logger } from "../logger";
import { serviceError } from "./errors";
import { normalizeEmail } from "./sign-in";

export const socialProviders = ["GOOGLE", "FACEBOOK", "APPLE"] as const;
export type SocialProvider = (typeof socialProviders)[number];

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (socialProviders as readonly string[]).includes(value);
}

/** Each provider's user-info endpoint; null disables the provider. */
export type UserinfoUrls = Readonly<Record<SocialProvider, string | null>>;

/**
 * The real endpoints. Apple has no user-info endpoint (it puts the e-mail only in the ID token), so
 * APPLE is disabled until APPLE_USERINFO_URL points at one (for example a small service that
 * verifies Apple's ID token and answers in OpenID user-info form).
 */
export const defaultUserinfoUrls: UserinfoUrls = {
  GOOGLE: "https://openidconnect.googleapis.com/v1/userinfo",
  FACEBOOK: "https://graph.facebook.com/me?fields=id,name,email",
  APPLE: null,
};

/**
 * Providers whose user-info answer has no `email_verified` claim but contains `email` only for a
 * confirmed address (Facebook's Graph API). For every other provider `email_verified` must be true.
 */
const emailImpliesVerified: Readonly<Record<SocialProvider, boolean>> = {
  GOOGLE: false,
  FACEBOOK: true,
  APPLE: false,
};

export const userinfoTimeoutMs = 5000;
const maxAccessTokenLength = 4096;

const userinfoSchema = z.object({
  sub: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  email: z.string().optional(),
  // OpenID says boolean; Apple sends "true"/"false" strings.
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
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
  provider: SocialProvider;
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
  const verified =
    info.email_verified === undefined
      ? emailImpliesVerified[provider]
      : info.email_verified === true || info.email_verified === "true";
  if (!verified) throw serviceError("SOCIAL_EMAIL_NOT_VERIFIED");
  return { provider, email, name: info.name?.trim().slice(0, 200) ?? "", language: languageOfLocale(info.locale) };
}
