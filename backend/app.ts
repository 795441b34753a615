/**
 * The back-end as a fetch handler: one graphql-yoga instance per service, each with its own schema
 * from backend/schema, plus GET /health.
 *
 *   POST|GET /account/graphql   account service (tokens with aud 'account')
 *   POST|GET /users/graphql     users service   (tokens with aud 'users')
 *   POST|GET /tenant/graphql    tenant data     (tokens with aud 'users')
 *   GET      /health            200 {"status":"ok","dialect":"sqlite"|"postgres"}, 503 {"status":"unavailable",…}
 *                               when the database cannot be queried
 *
 * Every request runs with its id (X-Request-Id from the portal when valid, else a new one;
 * server/request-id.ts) in the log context, so every line logged for it carries the id; the JSON
 * logger also writes one access line per request (successful health checks excepted).
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type BrandId, defaultBrandId } from "@common/brands";
import { runWithRequestId } from "@common/node/logging";
import { requestIdFrom, requestIdHeader } from "@common/node/request-id";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { createSchema, createYoga, maskError, type YogaServerInstance } from "graphql-yoga";
import type { Kysely } from "kysely";
import { rebuildPropertyRollupsIfMissing } from "./consumption/property-rollups";
import { createDatabase, isDatabaseReachable, isPostgresUrl, migrateToLatest } from "./db/database";
import { readOlderDemoNotifications, seedDemoData } from "./db/seed/demo";
import { type DemoReadingsHandle, startDemoReadings } from "./db/seed/readings";
import type { Database } from "./db/types";
import { graphqlArmor } from "./graphql-limits";
import { withJobLock } from "./jobs/job-lock";
import { startSchedule } from "./jobs/schedule";
import { consoleLogger, type Logger } from "./logger";
import { createMailer, defaultMailFrom, type Mailer } from "./mail/mailer";
import { createSmtpTransport } from "./mail/smtp";
import { type ServiceName, typeDefsByService } from "./schema";
import type { Resolvers as AccountResolvers } from "./schema/account.generated";
import type { Resolvers as TenantResolvers } from "./schema/tenant.generated";
import type { Resolvers as UsersResolvers } from "./schema/users.generated";
import { accountResolvers } from "./services/account";
import {
  type AccountFlowDependencies,
  type AccountFlowOptions,
  type BackendContext,
  defaultPortalUrl,
  normalizePortalUrl,
} from "./services/account-context";
import { createServiceContext, type ServiceDependencies } from "./services/context";
import { impersonationSessionSeconds } from "./services/impersonation";
import { createAppleIdTokenVerifier, defaultUserinfoUrls } from "./services/social";
import { tenantResolvers } from "./services/tenant";
import { type Audience, secretKey, type TokenSettings } from "./services/tokens";
import { usersResolvers } from "./services/users";
import { statementFileResponse, statementPathPattern } from "./statements/files";

export interface BackendOptions {
  /** A file path, or ':memory:' for a throw-away database. */
  databasePath: string;
  /** HS256 secret (at least 32 characters). Omitted: a random one for this instance only. */
  jwtSecret?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  refreshGraceSeconds?: number;
  /** Seed the demo data (only into an empty database, once). Default false. */
  seedDemo?: boolean;
  /**
   * With seedDemo: also write the demo readings and market prices up to the current hour (about
   * 25 months on a fresh database, 20–40 s) and keep topping them up while running. Default
   * false, so tests stay fast; backend/main.ts turns it on with SEED_DEMO.
   */
  demoReadings?: boolean;
  /** With demoReadings: only these units (ids) get readings. Default: every unit of the demo property. */
  demoReadingsUnitIds?: readonly number[];
  /** The clock; tests move it to expire tokens. Default: the system clock. */
  now?: () => Date;
  /** Default: console. */
  logger?: Logger;
  /** Mailer, portal URL and social providers of the account flows (ADR 0009). */
  accountFlows?: AccountFlowOptions;
  /** The brand variant whose app name the e-mails carry (BRAND). Default: dk. */
  brand?: BrandId;
  /**
   * Run the back-end's own jobs (alarm evaluation, pruning spent sessions) at start-up and hourly
   * (backend/jobs/schedule.ts). Default false, so tests decide when jobs run; main.ts turns it on.
   */
  scheduledJobs?: boolean;
  /**
   * Where files the back-end serves live (allocation statements). Default: `files` beside
   * the database file; for an in-memory database a fresh temporary directory.
   */
  filesDir?: string;
  /**
   * NODE_ENV=production (config.ts): no introspection, no GraphiQL and no "Did you mean …?" in
   * refusals. The limits on what one document may ask (graphql-limits.ts) hold in every mode.
   * Default false.
   */
  production?: boolean;
}

export interface Backend {
  /** Does not limit the size of a request's body: server.ts does (maxRequestBodyBytes). */
  fetch(request: Request): Promise<Response>;
  /** The services' own fetch Request (yoga's): server.ts makes the requests it passes to fetch with it. */
  Request: typeof Request;
  db: Kysely<Database>;
  /** The files directory in use (see BackendOptions.filesDir). */
  filesDir: string;
  /** The mailer in use (every message is also in the mail_outbox table). */
  mailer: Mailer;
  close(): Promise<void>;
}

export const backendDefaults = {
  accessTokenTtlSeconds: 300,
  refreshTokenTtlSeconds: 2_592_000,
  refreshGraceSeconds: 30,
} as const;

/** Which access-token audience each service accepts: the tenant service trusts users-service tokens. */
export const audienceOfService: Readonly<Record<ServiceName, Audience>> = {
  account: "account",
  users: "users",
  tenant: "users",
};

// Checked against the resolver types generated from the schema, so a resolver cannot answer a
// shape the contract does not describe.
const resolversOfService = {
  account: accountResolvers satisfies AccountResolvers,
  users: usersResolvers satisfies UsersResolvers,
  tenant: tenantResolvers satisfies TenantResolvers,
} as const;

const servicePath = /^\/(account|users|tenant)\/graphql$/;

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

function createServiceYoga(
  service: ServiceName,
  deps: ServiceDependencies,
  flows: AccountFlowDependencies,
  production: boolean,
): YogaServerInstance<object, BackendContext> {
  const { logger } = deps;
  return createYoga<object, BackendContext>({
    schema: createSchema<BackendContext>({
      typeDefs: typeDefsByService[service],
      resolvers: resolversOfService[service],
    }),
    graphqlEndpoint: `/${service}/graphql`,
    context: ({ request }): BackendContext =>
      Object.assign(createServiceContext(deps, audienceOfService[service], request), { flows }),
    maskedErrors: {
      // Errors thrown on purpose are GraphQLErrors with a code (services/errors.ts) and pass
      // through; anything else is logged here and reaches the client only as 'Unexpected error.'
      maskError(error, message) {
        const masked = maskError(error, message, false);
        if (masked !== error) {
          const original = error instanceof Error && "originalError" in error ? (error.originalError ?? error) : error;
          logger.error(`[${service}] unexpected error:`, original);
        }
        return masked;
      },
    },
    logging: {
      debug: (...args) => logger.debug(...args),
      info: (...args) => logger.info(...args),
      warn: (...args) => logger.warn(...args),
      error: (...args) => logger.error(...args),
    },
    // Depth, alias, cost, token and directive limits, in every mode (ADR 0060); in production the
    // schema is not told: the portal's documents are written against backend/schema, not discovered.
    plugins: [graphqlArmor({ production }), ...(production ? [useDisableIntrospection()] : [])],
    // server.ts refuses a body over maxRequestBodyBytes (1 MiB) with 413 before it reaches a service,
    // and hands over the body already read: yoga's own limit (25 MB) would pipe every body through
    // a web stream and read it back, about a tenth of a new page's back-end CPU (performance.md).
    maxRequestBodySize: false,
    // The portal calls these services server-side; browsers never do.
    cors: false,
    landingPage: false,
    graphiql: production ? false : { title: `Tenant portal: ${service} service` },
  });
}

/** BackendOptions.filesDir, or its default. */
export function filesDirOf(options: Pick<BackendOptions, "databasePath" | "filesDir">): string {
  if (options.filesDir !== undefined) return options.filesDir;
  if (options.databasePath === ":memory:" || isPostgresUrl(options.databasePath))
    return mkdtempSync(join(tmpdir(), "portal-files-"));
  return join(dirname(options.databasePath), "files");
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  // TEST_DATABASE_URL (a PostgreSQL server's URL) runs the tests' throw-away databases on
  // PostgreSQL instead of in-memory SQLite: one fresh database each, dropped on close (ADR 0031).
  let dropOnClose: (() => Promise<void>) | undefined;
  if (options.databasePath === ":memory:" && process.env.TEST_DATABASE_URL) {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    options = { ...options, databasePath: fresh.url };
    dropOnClose = fresh.drop;
  }
  const logger = options.logger ?? consoleLogger;
  const db = createDatabase(options.databasePath);
  const dialect = isPostgresUrl(options.databasePath) ? "postgres" : "sqlite";
  const filesDir = filesDirOf(options);
  let demoReadings: DemoReadingsHandle | undefined;
  try {
    await migrateToLatest(db);
    // Instances starting together on one PostgreSQL database seed one after the other: the
    // first seeds, the next finds every step applied (jobs/job-lock.ts).
    await withJobLock(
      db,
      "demo-seed",
      async () => {
        if (await rebuildPropertyRollupsIfMissing(db)) logger.info("property rollups made from the meters' rollups");
        if (options.seedDemo === true) {
          const result = await seedDemoData(db, undefined, { filesDir });
          if (result.applied.length > 0) logger.info(`demo data seeded: ${result.applied.join(", ")}`);
          if (result.skipped !== undefined) logger.warn(`demo data not seeded: ${result.skipped}`);
        }
        if (options.seedDemo === true && options.demoReadings === true) {
          demoReadings = await startDemoReadings(db, options.now ?? (() => new Date()), logger, {
            unitIds: options.demoReadingsUnitIds,
          });
        }
      },
      { wait: true },
    );
  } catch (error) {
    await db.destroy();
    throw error;
  }

  if (options.jwtSecret !== undefined && options.jwtSecret.length < 32) {
    await db.destroy();
    throw new Error("jwtSecret must be at least 32 characters");
  }
  const tokens: TokenSettings = {
    key: secretKey(options.jwtSecret ?? randomBytes(32).toString("base64url")),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? backendDefaults.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? backendDefaults.refreshTokenTtlSeconds,
    refreshGraceSeconds: options.refreshGraceSeconds ?? backendDefaults.refreshGraceSeconds,
  };
  const deps: ServiceDependencies = { db, tokens, logger, now: options.now ?? (() => new Date()), filesDir };
  const flowOptions = options.accountFlows ?? {};
  const mailer =
    flowOptions.mailer ??
    createMailer({
      db,
      now: deps.now,
      logger,
      from: flowOptions.mailFrom ?? defaultMailFrom,
      transport: flowOptions.smtpUrl ? createSmtpTransport(flowOptions.smtpUrl) : null,
    });
  const flows: AccountFlowDependencies = {
    mailer,
    portalUrl: normalizePortalUrl(flowOptions.portalUrl ?? defaultPortalUrl),
    userinfoUrls: { ...defaultUserinfoUrls, ...flowOptions.userinfoUrls },
    fetch: flowOptions.fetch ?? ((input, init) => fetch(input, init)),
    apple: flowOptions.apple ? createAppleIdTokenVerifier(flowOptions.apple) : null,
    impersonationSessionSeconds: flowOptions.impersonationSessionSeconds ?? impersonationSessionSeconds,
    brand: options.brand ?? defaultBrandId,
  };
  // After the seed and the readings, so a newcomer's demo alarms have fired by the first page.
  const schedule =
    options.scheduledJobs === true
      ? startSchedule(db, deps.now, logger, {
          mail: { mailer, portalUrl: flows.portalUrl, brand: flows.brand, key: tokens.key },
          afterFirstRun: options.seedDemo === true ? () => readOlderDemoNotifications(db, deps.now()) : undefined,
        })
      : undefined;
  const production = options.production === true;
  const yogas = {
    account: createServiceYoga("account", deps, flows, production),
    users: createServiceYoga("users", deps, flows, production),
    tenant: createServiceYoga("tenant", deps, flows, production),
  } satisfies Record<ServiceName, unknown>;

  let closing: Promise<void> | undefined;

  async function handle(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/health") {
      if (request.method !== "GET" && request.method !== "HEAD") return json({ error: "Method not allowed" }, 405);
      return (await isDatabaseReachable(db))
        ? json({ status: "ok", dialect }, 200)
        : json({ status: "unavailable", dialect }, 503);
    }
    const statement = statementPathPattern.exec(pathname)?.[1];
    if (statement !== undefined) return statementFileResponse(deps, filesDir, request, Number(statement));
    const service = servicePath.exec(pathname)?.[1] as ServiceName | undefined;
    if (service === undefined) return json({ error: "Not found" }, 404);
    return yogas[service].fetch(request);
  }

  return {
    db,
    mailer,
    filesDir,
    Request: yogas.tenant.fetchAPI.Request,
    fetch(request) {
      const requestId = requestIdFrom(request.headers.get(requestIdHeader));
      const startedAt = performance.now();
      return runWithRequestId(requestId, async () => {
        let response: Response;
        try {
          response = await handle(request);
        } catch (error) {
          logger.error("unhandled error in back-end request:", error);
          response = json({ error: "Internal server error" }, 500);
        }
        const path = new URL(request.url).pathname;
        if (path !== "/health" || response.status !== 200) {
          logger.request?.({
            method: request.method,
            path,
            status: response.status,
            durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
          });
        }
        return response;
      });
    },
    close() {
      closing ??= (async () => {
        await schedule?.stop();
        await demoReadings?.stop();
        await Promise.all(Object.values(yogas).map((yoga) => yoga.dispose()));
        await mailer.close();
        await db.destroy();
        await dropOnClose?.();
      })();
      return closing;
    },
  };
}

/** A new, empty PostgreSQL database on the server of `adminUrl`, and how to drop it. */
export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`).catch(() => undefined),
  };
}
