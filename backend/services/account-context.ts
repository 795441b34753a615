/**
 * What the account flows (ADR 0009) need beyond the ServiceContext: the mailer, the portal's
 * public URL for links in e-mails, the brand whose app name they carry, the social providers'
 * user-info endpoints and what Apple's ID tokens are checked against. app.ts adds them to every request's context as `flows`.
 */
import type { BrandId } from "@common/brands";
import type { Mailer } from "../mail/mailer";
import type { ServiceContext } from "./context";
import type { AppleIdTokenVerifier, AppleSignInSettings, UserinfoUrls } from "./social";

export interface AccountFlowDependencies {
  mailer: Mailer;
  /** The portal's public origin (and base path), no trailing slash, e.g. http://localhost:3000. */
  portalUrl: string;
  userinfoUrls: UserinfoUrls;
  /** Used to call the user-info endpoints. */
  fetch: typeof fetch;
  /** Apple's ID tokens are verified with it; null: Sign in with Apple is off. */
  apple: AppleIdTokenVerifier | null;
  /** How long an impersonation session lasts (spec: 60 minutes). */
  impersonationSessionSeconds: number;
  /** The brand variant whose app name the e-mails carry (BRAND). */
  brand: BrandId;
}

/** The context of every resolver: ServiceContext plus the account-flow dependencies. */
export type BackendContext = ServiceContext & { flows: AccountFlowDependencies };

export const defaultPortalUrl = "http://localhost:3000";

/** The portal URL without trailing slashes, so `${portalUrl}/set-password` is always right. */
export function normalizePortalUrl(url: string): string {
  return url.replace(/\/+$/, "");
}

/** createBackend's options for the account flows (config.ts fills them from the environment). */
export interface AccountFlowOptions {
  /** PORTAL_URL; default http://localhost:3000. */
  portalUrl?: string;
  /** SMTP_URL; unset: e-mails are only recorded in mail_outbox. */
  smtpUrl?: string | null;
  /** MAIL_FROM. */
  mailFrom?: string;
  /** Per provider; a missing key takes the default, null disables the provider. */
  userinfoUrls?: Partial<Record<keyof UserinfoUrls, string | null>>;
  /** APPLE_CLIENT_ID, APPLE_ISSUER, APPLE_JWKS_URL; unset or null: Sign in with Apple is off. */
  apple?: AppleSignInSettings | null;
  /** Replaces the outbox/SMTP mailer (tests). */
  mailer?: Mailer;
  /** Replaces global fetch for the user-info calls (tests). */
  fetch?: typeof fetch;
  /** IMPERSONATION_SESSION_SECONDS; default 3600 (spec section 9). Shorter only to test the limit end to end. */
  impersonationSessionSeconds?: number;
}
