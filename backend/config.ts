/**
 * Environment of the back-end process, parsed and checked with zod.
 *
 *   BACKEND_PORT               default 4000
 *   BACKEND_HOST               default 127.0.0.1
 *   DATA_DIR                   default ./data (the database is DATA_DIR/portal.sqlite; statement files in DATA_DIR/files)
 *   DATABASE_URL               unset: SQLite in DATA_DIR; postgres://user:password@host:port/database for
 *                              PostgreSQL (ADR 0031), e.g. when several back-end instances share one database
 *   JWT_SECRET                 at least 32 characters; unset: generated once into DATA_DIR/jwt-secret (0600)
 *   ACCESS_TOKEN_TTL_SECONDS   default 300
 *   REFRESH_TOKEN_TTL_SECONDS  default 2592000 (30 days)
 *   REFRESH_GRACE_SECONDS      default 30
 *   SEED_DEMO                  default true (true/false, 1/0, yes/no)
 *   DEMO_READINGS_UNITS        unset: readings for every demo unit; else unit numbers, e.g. "1,2,8,9"
 *                              (the end-to-end run seeds only the units its tests use, ADR 0023)
 *   PORTAL_URL                 default http://localhost:3000 (links in e-mails and impersonation links)
 *   SMTP_URL                   unset: e-mails are only recorded in the mail_outbox table
 *   MAIL_FROM                  default "Mit Forbrug <no-reply@localhost>"
 *   BRAND                      default dk: the brand variant whose app name the e-mails carry, dk, no
 *                              or global (@common/brands; set it as the portal's BRAND is set)
 *   GOOGLE_USERINFO_URL        default https://openidconnect.googleapis.com/v1/userinfo ("none" disables)
 *   FACEBOOK_USERINFO_URL      default https://graph.facebook.com/me?fields=id,name,email ("none" disables)
 *   APPLE_CLIENT_ID            unset: Sign in with Apple is off; else the portal's Apple Services ID (the
 *                              audience of Apple's ID tokens; several comma-separated, ADR 0056)
 *   APPLE_ISSUER               default https://appleid.apple.com (the ID tokens' iss)
 *   APPLE_JWKS_URL             default https://appleid.apple.com/auth/keys (Apple's signing keys)
 *                              (APPLE_USERINFO_URL is no longer read: set, it stops the start)
 *   IMPERSONATION_SESSION_SECONDS  default 3600 (spec: 60 minutes); shorter only for testing the limit
 *   LOG_FORMAT                 text (default): readable console lines; json: one JSON object per line
 *                              (read by main.ts before the rest; checked here)
 *   NODE_ENV                   development (default), production or test, as the portal's; production:
 *                              no introspection and no GraphiQL (ADR 0060)
 *
 * Empty values count as unset.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type BrandId, brandIds, defaultBrandId } from "@common/brands";
import { z } from "zod";
import { demoUnitCount, demoUnitIdOf } from "./db/seed/demo-accounts";
import { defaultMailFrom } from "./mail/mailer";
import { type AccountFlowOptions, defaultPortalUrl, normalizePortalUrl } from "./services/account-context";
import { defaultAppleIssuer, defaultAppleJwksUrl, defaultUserinfoUrls } from "./services/social";

const unsetIfEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const integer = (min: number, max: number, fallback: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).default(fallback));

const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .enum(["true", "false", "1", "0", "yes", "no", "TRUE", "FALSE", "True", "False"])
      .transform((value) => ["true", "1", "yes"].includes(value.toLowerCase()))
      .default(fallback),
  );

const isLoopback = (hostname: string) => ["localhost", "127.0.0.1", "[::1]"].includes(hostname);

/** An http(s) URL; plain http only for loopback hosts when `httpsUnlessLoopback`. */
const webUrl = (httpsUnlessLoopback: boolean) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        if (url.protocol === "https:") return true;
        return url.protocol === "http:" && (!httpsUnlessLoopback || isLoopback(url.hostname));
      } catch {
        return false;
      }
    },
    { message: httpsUnlessLoopback ? "must be an https URL (http only for localhost)" : "must be an http(s) URL" },
  );

/** A provider's user-info URL; "none" disables the provider. */
const userinfoUrl = (fallback: string | null) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .union([z.literal("none"), webUrl(true)])
      .optional()
      .transform((value) => (value === undefined ? fallback : value === "none" ? null : value)),
  );

export const envSchema = z.object({
  BACKEND_PORT: integer(0, 65_535, 4000),
  BACKEND_HOST: z.preprocess(unsetIfEmpty, z.string().default("127.0.0.1")),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/[^\s]+$/, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  JWT_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, "must be at least 32 characters").optional()),
  ACCESS_TOKEN_TTL_SECONDS: integer(10, 86_400, 300),
  REFRESH_TOKEN_TTL_SECONDS: integer(60, 31_536_000, 2_592_000),
  REFRESH_GRACE_SECONDS: integer(0, 600, 30),
  SEED_DEMO: booleanFlag(true),
  DEMO_READINGS_UNITS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, "must be unit numbers separated by commas, e.g. 1,2,8")
      .transform((value) => [...new Set(value.split(",").map(Number))].sort((a, b) => a - b))
      .refine((numbers) => numbers.every((n) => n >= 1 && n <= demoUnitCount), `unit numbers are 1–${demoUnitCount}`)
      .optional(),
  ),
  PORTAL_URL: z.preprocess(unsetIfEmpty, webUrl(false).default(defaultPortalUrl)),
  SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().max(200).default(defaultMailFrom)),
  BRAND: z.preprocess(unsetIfEmpty, z.enum(brandIds).default(defaultBrandId)),
  GOOGLE_USERINFO_URL: userinfoUrl(defaultUserinfoUrls.GOOGLE),
  FACEBOOK_USERINFO_URL: userinfoUrl(defaultUserinfoUrls.FACEBOOK),
  APPLE_CLIENT_ID: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\s*[\w.-]+\s*(,\s*[\w.-]+\s*)*$/, "must be Apple client ids (Services IDs), separated by commas")
      .transform((value) => value.split(",").map((id) => id.trim()))
      .optional(),
  ),
  APPLE_ISSUER: z.preprocess(unsetIfEmpty, webUrl(true).default(defaultAppleIssuer)),
  APPLE_JWKS_URL: z.preprocess(unsetIfEmpty, webUrl(true).default(defaultAppleJwksUrl)),
  // Before ADR 0056 Apple needed a user-info service of its own; a deployment that set one expects
  // Apple on and must now name its client id instead.
  APPLE_USERINFO_URL: z.preprocess(
    unsetIfEmpty,
    z
      .undefined({
        error: "is no longer read: the back-end verifies Apple's ID token itself; set APPLE_CLIENT_ID (ADR 0056)",
      })
      .optional(),
  ),
  IMPERSONATION_SESSION_SECONDS: integer(10, 86_400, 3600),
  LOG_FORMAT: z.preprocess(unsetIfEmpty, z.enum(["text", "json"]).default("text")),
  NODE_ENV: z.preprocess(unsetIfEmpty, z.enum(["development", "production", "test"]).default("development")),
});

export interface BackendConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** The SQLite file in DATA_DIR, or DATABASE_URL (PostgreSQL). */
  databasePath: string;
  /** Where statement files are kept: DATA_DIR/files (shared storage when instances run on several machines). */
  filesDir: string;
  jwtSecret: string;
  /** Where the secret came from (never log the secret itself). */
  jwtSecretSource: "env" | "file" | "generated";
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshGraceSeconds: number;
  seedDemo: boolean;
  /** The demo units (ids, 100 + number) that get readings; null: all of them. */
  demoReadingsUnitIds: number[] | null;
  /** BRAND: whose app name the e-mails carry. */
  brand: BrandId;
  /** NODE_ENV=production: the services tell nothing of their schema (no introspection, no GraphiQL). */
  production: boolean;
  /** PORTAL_URL, SMTP_URL, MAIL_FROM, the user-info URLs (ADR 0009) and Apple's settings (ADR 0056). */
  accountFlows: Required<
    Pick<
      AccountFlowOptions,
      "portalUrl" | "smtpUrl" | "mailFrom" | "userinfoUrls" | "apple" | "impersonationSessionSeconds"
    >
  >;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export const jwtSecretFileName = "jwt-secret";
export const databaseFileName = "portal.sqlite";

/**
 * Reads DATA_DIR/jwt-secret, creating it (mode 0600, 32 random bytes as base64url) when missing.
 * The data directory must exist.
 */
export function loadOrCreateJwtSecret(dataDir: string): { secret: string; created: boolean } {
  const path = join(dataDir, jwtSecretFileName);
  try {
    writeFileSync(path, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(path, 0o600); // in case the umask stripped bits we asked for
    return { secret: readSecret(path), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) {
    throw new ConfigError(`${path} is readable by other users; run chmod 600 on it`);
  }
  return { secret: readSecret(path), created: false };
}

function readSecret(path: string): string {
  const secret = readFileSync(path, "utf8").trim();
  if (secret.length < 32) throw new ConfigError(`${path} must hold at least 32 characters`);
  return secret;
}

/**
 * Parses the environment. Creates DATA_DIR (0700) when missing, and the JWT secret file when
 * JWT_SECRET is unset. Throws ConfigError naming every invalid variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): BackendConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid back-end environment:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  const dataDir = resolve(cwd, values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  let jwtSecret: string;
  let jwtSecretSource: BackendConfig["jwtSecretSource"];
  if (values.JWT_SECRET !== undefined) {
    jwtSecret = values.JWT_SECRET;
    jwtSecretSource = "env";
  } else {
    const loaded = loadOrCreateJwtSecret(dataDir);
    jwtSecret = loaded.secret;
    jwtSecretSource = loaded.created ? "generated" : "file";
  }

  return {
    port: values.BACKEND_PORT,
    host: values.BACKEND_HOST,
    dataDir,
    databasePath: values.DATABASE_URL ?? join(dataDir, databaseFileName),
    filesDir: join(dataDir, "files"),
    jwtSecret,
    jwtSecretSource,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: values.REFRESH_TOKEN_TTL_SECONDS,
    refreshGraceSeconds: values.REFRESH_GRACE_SECONDS,
    seedDemo: values.SEED_DEMO,
    demoReadingsUnitIds: values.DEMO_READINGS_UNITS?.map((number) => demoUnitIdOf(number)) ?? null,
    brand: values.BRAND,
    production: values.NODE_ENV === "production",
    accountFlows: {
      portalUrl: normalizePortalUrl(values.PORTAL_URL),
      smtpUrl: values.SMTP_URL ?? null,
      mailFrom: values.MAIL_FROM,
      userinfoUrls: {
        GOOGLE: values.GOOGLE_USERINFO_URL,
        FACEBOOK: values.FACEBOOK_USERINFO_URL,
      },
      apple:
        values.APPLE_CLIENT_ID === undefined
          ? null
          : { clientIds: values.APPLE_CLIENT_ID, issuer: values.APPLE_ISSUER, jwksUrl: values.APPLE_JWKS_URL },
      impersonationSessionSeconds: values.IMPERSONATION_SESSION_SECONDS,
    },
  };
}
