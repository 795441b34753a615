/**
 * The back-end as a fetch handler: one graphql-yoga instance per service, each with its own schema
 * from backend/schema, plus GET /health.
 *
 *   POST|GET /account/graphql   account service (tokens with aud 'account')
 *   POST|GET /users/graphql     users service   (tokens with aud 'users')
 *   POST|GET /tenant/graphql    tenant data     (tokens with aud 'users')
 *   GET      /health            200 {"status":"ok"}, 503 when the database cannot be queried
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { createSchema, createYoga, maskError, type YogaServerInstance } from "graphql-yoga";
import { createDatabase, isDatabaseReachable, migrateToLatest } from "./db/database";
import { seedDemoData } from "./db/seed/demo";
import type { Database } from "./db/types";
import { consoleLogger, type Logger } from "./logger";
import { typeDefsByService, type ServiceName } from "./schema";
import { accountResolvers } from "./services/account";
import { createServiceContext, type ServiceContext, type ServiceDependencies } from "./services/context";
import { tenantResolvers } from "./services/tenant";
import { secretKey, type Audience, type TokenSettings } from "./services/tokens";
import { usersResolvers } from "./services/users";

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
  /** The clock; tests move it to expire tokens. Default: the system clock. */
  now?: () => Date;
  /** Default: console. */
  logger?: Logger;
}

export interface Backend {
  fetch(request: Request): Promise<Response>;
  db: Kysely<Database>;
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

const resolversOfService = {
  account: accountResolvers,
  users: usersResolvers,
  tenant: tenantResolvers,
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
): YogaServerInstance<object, ServiceContext> {
  const { logger } = deps;
  return createYoga<object, ServiceContext>({
    schema: createSchema<ServiceContext>({
      typeDefs: typeDefsByService[service],
      resolvers: resolversOfService[service],
    }),
    graphqlEndpoint: `/${service}/graphql`,
    context: ({ request }) => createServiceContext(deps, audienceOfService[service], request),
    maskedErrors: {
      // Errors thrown on purpose are GraphQLErrors with a code (services/errors.ts) and pass
      // through; anything else is logged here and reaches the client only as 'Unexpected error.'
      maskError(error, message) {
        const masked = maskError(error, message, false);
        if (masked !== error) {
          const original = error instanceof Error && "originalError" in error ? error.originalError ?? error : error;
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
    // The portal calls these services server-side; browsers never do.
    cors: false,
    landingPage: false,
    graphiql: { title: `Tenant portal: ${service} service` },
  });
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const logger = options.logger ?? consoleLogger;
  const db = createDatabase(options.databasePath);
  try {
    await migrateToLatest(db);
    if (options.seedDemo === true) {
      const result = await seedDemoData(db);
      if (result.applied.length > 0) logger.info(`demo data seeded: ${result.applied.join(", ")}`);
      if (result.skipped !== undefined) logger.warn(`demo data not seeded: ${result.skipped}`);
    }
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
  const deps: ServiceDependencies = { db, tokens, logger, now: options.now ?? (() => new Date()) };
  const yogas = {
    account: createServiceYoga("account", deps),
    users: createServiceYoga("users", deps),
    tenant: createServiceYoga("tenant", deps),
  } satisfies Record<ServiceName, unknown>;

  let closing: Promise<void> | undefined;

  async function handle(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/health") {
      if (request.method !== "GET" && request.method !== "HEAD") return json({ error: "Method not allowed" }, 405);
      return (await isDatabaseReachable(db)) ? json({ status: "ok" }, 200) : json({ status: "unavailable" }, 503);
    }
    const service = servicePath.exec(pathname)?.[1] as ServiceName | undefined;
    if (service === undefined) return json({ error: "Not found" }, 404);
    return yogas[service].fetch(request);
  }

  return {
    db,
    async fetch(request) {
      try {
        return await handle(request);
      } catch (error) {
        logger.error("unhandled error in back-end request:", error);
        return json({ error: "Internal server error" }, 500);
      }
    },
    close() {
      closing ??= (async () => {
        await Promise.all(Object.values(yogas).map((yoga) => yoga.dispose()));
        await db.destroy();
      })();
      return closing;
    },
  };
}
