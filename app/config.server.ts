import { type BrandId, brandIds, defaultBrandId } from "@common/brands";
import { z } from "zod";
import { defaultMaxAnswerBytes } from "./services/http-fetch.server";

/**
 * The portal's configuration, read once from the environment. Every variable is documented in the
 * README. Invalid values stop the server at start-up with a message naming the variable.
 */
const backendPort = process.env.BACKEND_PORT ?? "4000";
const localBackend = `http://127.0.0.1:${backendPort}`;

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(1).optional(),
  ACCOUNT_API_URL: z.url().default(`${localBackend}/account/graphql`),
  USERS_API_URL: z.url().default(`${localBackend}/users/graphql`),
  TENANT_DATA_API_URL: z.url().default(`${localBackend}/tenant/graphql`),
  /** Where statement files are fetched (GET {url}/{id}); default: beside the tenant service. */
  STATEMENT_FILES_URL: z.url().optional(),
  /** The back-end's health check, asked by GET /healthz; "none": the portal answers for itself. */
  BACKEND_HEALTH_URL: z.union([z.literal("none"), z.url()]).optional(),
  /** "json": one JSON object per log line (common/node/logging.ts); "text": the console as it is. */
  LOG_FORMAT: z.enum(["text", "json"]).default("text"),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** The most of one service answer the portal reads (ADR 0059); past it the page answers 502. */
  API_MAX_ANSWER_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 * 1024 * 1024)
    .default(defaultMaxAnswerBytes),
  TOKEN_REFRESH_LEAD_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  LANGUAGES: z.string().default("da,en,nb"),
  BRAND: z.enum(brandIds).default(defaultBrandId),
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/)
    .optional(),
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_GOOGLE_AUTHORIZATION_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  OAUTH_GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  OAUTH_FACEBOOK_CLIENT_ID: z.string().optional(),
  OAUTH_FACEBOOK_CLIENT_SECRET: z.string().optional(),
  OAUTH_FACEBOOK_AUTHORIZATION_URL: z.url().default("https://www.facebook.com/v19.0/dialog/oauth"),
  OAUTH_FACEBOOK_TOKEN_URL: z.url().default("https://graph.facebook.com/v19.0/oauth/access_token"),
  /** The Services ID of Sign in with Apple (the back-end's APPLE_CLIENT_ID is the same). */
  OAUTH_APPLE_CLIENT_ID: z.string().optional(),
  /** Apple's client secret is a JWT the deployer signs with their Apple key (at most 6 months valid, ADR 0056). */
  OAUTH_APPLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_APPLE_AUTHORIZATION_URL: z.url().default("https://appleid.apple.com/auth/authorize"),
  OAUTH_APPLE_TOKEN_URL: z.url().default("https://appleid.apple.com/auth/token"),
});

export type PortalConfig = {
  env: "development" | "production" | "test";
  sessionSecrets: string[];
  accountApiUrl: string;
  usersApiUrl: string;
  tenantDataApiUrl: string;
  /** GET {statementFilesUrl}/{id} streams an allocation statement. */
  statementFilesUrl: string;
  /** What GET /healthz asks; null: nothing, the portal answers for itself alone. */
  backendHealthUrl: string | null;
  logFormat: "text" | "json";
  apiTimeoutMs: number;
  /** The most of one service answer the portal reads (API_MAX_ANSWER_BYTES, ADR 0059). */
  apiMaxAnswerBytes: number;
  tokenRefreshLeadSeconds: number;
  cookieSecure: "auto" | "always" | "never";
  languages: string[];
  brand: BrandId;
  /** Google Tag Manager container id; consent events are pushed only when it is set. */
  tagManagerId: string | null;
  /** Social sign-in providers with a client id (spec section 9: identifiers come from configuration). */
  socialProviders: Partial<Record<SocialProviderId, OAuthProviderConfig>>;
};

export type SocialProviderId = "google" | "facebook" | "apple";
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  scope: string;
  /**
   * "access-token": the back-end asks the provider's user-info endpoint with the access token.
   * "id-token" (Apple, ADR 0056): the back-end verifies the ID token of the token answer, which
   * must carry the nonce the authorization request sent; the provider answers the authorization
   * by a form post (response_mode=form_post, which Apple requires when it is asked for the e-mail).
   */
  verifiedBy: "access-token" | "id-token";
}

const developmentSecret = "development-only-session-secret-change-me";

export function readConfig(env: Record<string, string | undefined> = process.env): PortalConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid portal configuration: ${problems.join("; ")}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.SESSION_SECRET) {
    throw new Error("SESSION_SECRET must be set in production (comma-separated, newest first).");
  }
  const languages = c.LANGUAGES.split(",")
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    env: c.NODE_ENV,
    sessionSecrets: (c.SESSION_SECRET ?? developmentSecret)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    accountApiUrl: c.ACCOUNT_API_URL,
    usersApiUrl: c.USERS_API_URL,
    tenantDataApiUrl: c.TENANT_DATA_API_URL,
    statementFilesUrl: (
      c.STATEMENT_FILES_URL ?? c.TENANT_DATA_API_URL.replace(/\/tenant\/graphql\/?$/, "/files/statements")
    ).replace(/\/+$/, ""),
    backendHealthUrl:
      c.BACKEND_HEALTH_URL === "none"
        ? null
        : (c.BACKEND_HEALTH_URL ?? new URL("/health", c.ACCOUNT_API_URL).toString()),
    logFormat: c.LOG_FORMAT,
    apiTimeoutMs: c.API_TIMEOUT_MS,
    apiMaxAnswerBytes: c.API_MAX_ANSWER_BYTES,
    tokenRefreshLeadSeconds: c.TOKEN_REFRESH_LEAD_SECONDS,
    cookieSecure: c.COOKIE_SECURE,
    languages,
    brand: c.BRAND,
    tagManagerId: c.TAG_MANAGER_ID ?? null,
    socialProviders: Object.fromEntries(
      (
        [
          [
            "google",
            c.OAUTH_GOOGLE_CLIENT_ID,
            c.OAUTH_GOOGLE_CLIENT_SECRET,
            c.OAUTH_GOOGLE_AUTHORIZATION_URL,
            c.OAUTH_GOOGLE_TOKEN_URL,
            "openid email",
          ],
          [
            "facebook",
            c.OAUTH_FACEBOOK_CLIENT_ID,
            c.OAUTH_FACEBOOK_CLIENT_SECRET,
            c.OAUTH_FACEBOOK_AUTHORIZATION_URL,
            c.OAUTH_FACEBOOK_TOKEN_URL,
            "email",
          ],
          [
            "apple",
            c.OAUTH_APPLE_CLIENT_ID,
            c.OAUTH_APPLE_CLIENT_SECRET,
            c.OAUTH_APPLE_AUTHORIZATION_URL,
            c.OAUTH_APPLE_TOKEN_URL,
            // Apple's scopes; it sends the name once, in the form post, and the e-mail in the ID token.
            "name email",
          ],
        ] as const
      )
        .filter(([, clientId]) => Boolean(clientId))
        .map(([id, clientId, clientSecret, authorizationUrl, tokenUrl, scope]) => [
          id,
          {
            clientId: clientId!,
            clientSecret: clientSecret ?? "",
            authorizationUrl,
            tokenUrl,
            scope,
            verifiedBy: id === "apple" ? "id-token" : "access-token",
          },
        ]),
    ),
  };
}

let cached: PortalConfig | undefined;
/** The configuration of this process. */
export function config(): PortalConfig {
  cached ??= readConfig();
  return cached;
}
