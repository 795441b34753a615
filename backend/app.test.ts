import { join } from "node:path";
import { getIntrospectionQuery } from "graphql";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type Backend, createBackend } from "./app";
import { migrations as allMigrations } from "./db/migrations";
import { demoAccounts } from "./db/seed/demo-accounts";
import type { Logger } from "./logger";
import { jsonLogger, silentLogger } from "./logger";
import { latestMessages } from "./mail/outbox";
import { listTables } from "./testing/dump";
import { firstErrorCode, graphql, signInToAccount } from "./testing/graphql";
import { createDemoBackend } from "./testing/setup";
import { withTempDir } from "./testing/temp-dir";

describe("createBackend", () => {
  it("runs the migrations on an empty file", async () => {
    await withTempDir("backend-app-", async (dir) => {
      const backend = await createBackend({ databasePath: join(dir, "new.sqlite"), logger: silentLogger });
      try {
        const tables = await listTables(backend.db);
        for (const table of [
          "users",
          "units",
          "meters",
          "tenancies",
          "tenancy_members",
          "refresh_tokens",
          "allocation_statements",
          "activation_codes",
        ]) {
          expect(tables).toContain(table);
        }
        const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(backend.db);
        // Every migration of the static list, in order (the list grows; the order is by name).
        expect(migrations.rows.map((row) => row.name)).toEqual(Object.keys(allMigrations).sort());
        expect(await backend.db.selectFrom("users").select("id").execute()).toEqual([]);
        const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(backend.db);
        expect(journal.rows[0]?.journal_mode).toBe("wal");
        const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(backend.db);
        expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
      } finally {
        await backend.close();
      }
    });
  });

  it("refuses a short JWT secret", async () => {
    await expect(createBackend({ databasePath: ":memory:", jwtSecret: "short", logger: silentLogger })).rejects.toThrow(
      /32/,
    );
  });
});

describe("GET /health", () => {
  it("is ok while the database answers and 503 when it does not, naming the database", async () => {
    // TEST_DATABASE_URL runs these tests on PostgreSQL (ADR 0031).
    const dialect = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    const ok = await backend.fetch(new Request("http://backend.test/health"));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok", dialect });
    await backend.db.destroy();
    const down = await backend.fetch(new Request("http://backend.test/health"));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", dialect });
    await backend.close();
  });
});

describe("routing", () => {
  it("answers 404 for unknown paths and serves GET queries", async () => {
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    try {
      expect((await backend.fetch(new Request("http://backend.test/nope"))).status).toBe(404);
      expect((await backend.fetch(new Request("http://backend.test/billing/graphql"))).status).toBe(404);
      const get = await backend.fetch(
        new Request("http://backend.test/tenant/graphql?query=%7B__typename%7D", {
          headers: { accept: "application/json" },
        }),
      );
      expect(get.status).toBe(200);
      expect(await get.json()).toEqual({ data: { __typename: "Query" } });
      const bad = await backend.fetch(
        new Request("http://backend.test/account/graphql", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{",
        }),
      );
      expect(bad.status).toBe(400);
    } finally {
      await backend.close();
    }
  });

  it("serves each service's own schema", async () => {
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    try {
      const result = await graphql(backend, "tenant", `{ currentUser { id } }`);
      expect(result.body.errors?.[0]?.message).toContain("currentUser");
    } finally {
      await backend.close();
    }
  });
});

describe("unexpected errors", () => {
  it("are masked for the client and logged on the server", async () => {
    const logged: unknown[][] = [];
    const logger: Logger = { ...silentLogger, error: (...args) => logged.push(args) };
    const backend = await createBackend({ databasePath: ":memory:", seedDemo: true, logger });
    try {
      const { token } = await signInToAccount(backend, demoAccounts.jens.email);
      await sql`alter table allocation_statements rename to allocation_statements_gone`.execute(backend.db);
      const result = await graphql(backend, "account", `{ currentUser { accountHasStatements } }`, { token });
      expect(result.body.errors).toHaveLength(1);
      expect(result.body.errors?.[0]?.message).toBe("Unexpected error.");
      expect(result.body.errors?.[0]?.extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      expect(result.text).not.toMatch(/allocation_statements|SqliteError|stack|\.ts:/);
      expect(
        logged.some((args) => args.some((arg) => arg instanceof Error && /allocation_statements/.test(arg.message))),
      ).toBe(true);
    } finally {
      await backend.close();
    }
  });
});

/** LOG_FORMAT=json: what the back-end's log says about each request, by the portal's id. */
describe("JSON log lines", () => {
  function recordingBackend(seedDemo = false) {
    const lines: string[] = [];
    const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const backend = createBackend({
      databasePath: ":memory:",
      seedDemo,
      logger: jsonLogger({ write: (line) => lines.push(line) }),
    });
    return { backend, lines, records };
  }

  it("have one access line per request with the portal's X-Request-Id, or a new id for an unusable one", async () => {
    const { backend: started, records } = recordingBackend();
    const backend = await started;
    try {
      await backend.fetch(
        new Request("http://backend.test/tenant/graphql?query=%7B__typename%7D", {
          headers: { accept: "application/json", "x-request-id": "portal-req-0001" },
        }),
      );
      await backend.fetch(new Request("http://backend.test/nope", { headers: { "x-request-id": '{"forged":true}' } }));
      // Successful health checks (every few seconds from every portal) are not logged.
      await backend.fetch(new Request("http://backend.test/health"));
      const [query, notFound, ...rest] = records();
      expect(query).toEqual({
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: "info",
        service: "backend",
        msg: "request",
        requestId: "portal-req-0001",
        method: "GET",
        path: "/tenant/graphql",
        status: 200,
        durationMs: expect.any(Number),
      });
      expect(notFound).toMatchObject({
        msg: "request",
        path: "/nope",
        status: 404,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(rest).toEqual([]);
    } finally {
      await backend.close();
    }
  });

  it("carry the request's id on the unexpected error, with its stack in a field and not in the answer", async () => {
    const { backend: started, records } = recordingBackend(true);
    const backend = await started;
    try {
      const { token } = await signInToAccount(backend, demoAccounts.jens.email);
      await sql`alter table allocation_statements rename to allocation_statements_gone`.execute(backend.db);
      const response = await backend.fetch(
        new Request("http://backend.test/account/graphql", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            "x-request-id": "portal-req-0002",
          },
          body: JSON.stringify({ query: "{ currentUser { accountHasStatements } }" }),
        }),
      );
      expect(await response.text()).not.toMatch(/allocation_statements|stack|portal-req-0002/);
      const lines = records().filter((record) => record.requestId === "portal-req-0002");
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: "error",
          msg: "[account] unexpected error:",
          error: expect.objectContaining({
            message: expect.stringContaining("allocation_statements"),
            stack: expect.stringContaining("\n    at "),
          }),
        }),
      );
      expect(lines.at(-1)).toMatchObject({
        level: "info",
        msg: "request",
        method: "POST",
        path: "/account/graphql",
        status: 200,
      });
      // Every line about the failure is about this request (graphql-yoga logs it once more itself).
      expect(
        records()
          .filter((record) => record.level === "error")
          .every((record) => record.requestId === "portal-req-0002"),
      ).toBe(true);
    } finally {
      await backend.close();
    }
  });
});

describe("the brand", () => {
  it("names the app in the e-mails as configured (BRAND), like the portal's pages", async () => {
    const backend = await createDemoBackend({ brand: "global" });
    try {
      const mutation = `mutation ($email: String!) { requestPasswordReset(email: $email) { ok } }`;
      await graphql(backend, "account", mutation, { variables: { email: demoAccounts.emma.email } });
      const [message] = await latestMessages(backend.db, { to: demoAccounts.emma.email, limit: 1 });
      expect(message?.subject).toMatch(/^(Consumption Portal|Forbrugsportal|Forbruksportal): /);
    } finally {
      await backend.close();
    }
  });
});

describe("what one document may ask, and what production tells of the schema (ADR 0060)", () => {
  const post = (backend: Backend, service: string, query: string) =>
    backend.fetch(
      new Request(`http://backend.test/${service}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ query }),
      }),
    );
  const graphiql = (backend: Backend) =>
    backend.fetch(new Request("http://backend.test/account/graphql", { headers: { accept: "text/html" } }));
  /** n aliases of a field that reads the database: each one would run it again. */
  const aliases = (count: number) =>
    `query { ${Array.from({ length: count }, (_, i) => `a${i}: currentUser { id email }`).join(" ")} }`;

  it("in production, refuses a 1,000-alias document at once, a too deep one, introspection and GraphiQL", async () => {
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger, production: true });
    try {
      // The first request builds yoga's pipeline; time the refusal, not that.
      expect((await post(backend, "account", "{ __typename }")).status).toBe(200);

      const startedAt = performance.now();
      const thousand = await post(backend, "account", aliases(1_000));
      const body = (await thousand.json()) as { data?: unknown; errors?: { message: string }[] };
      expect(performance.now() - startedAt).toBeLessThan(500);
      expect(body.data).toBeUndefined();
      expect(body.errors?.[0]?.message).toMatch(/Token limit of \d+ exceeded/);

      // Fewer tokens, still too many aliases: refused by the alias limit itself.
      const fifty = await graphql(backend, "account", aliases(50));
      expect(fifty.body.data ?? null).toBeNull();
      expect(fifty.body.errors?.[0]?.message).toMatch(/Aliases limit of \d+ exceeded, found 50/);
      expect(firstErrorCode(fifty)).toBe("GRAPHQL_VALIDATION_FAILED");

      // The tenant schema's deepest path is 6 fields, but Armor counts fragments as levels too
      // (found 12 here), so nesting them is how a schema without cycles is asked too deep.
      const deep = await graphql(
        backend,
        "tenant",
        `query ($table: TenantTableInput!) { tenantTable(table: $table) { ...Rows } }
         fragment Rows on TenantTable { rows { objectDetails { group { meter { ...Meter } } } } }
         fragment Meter on GroupMeter { id ... on GroupMeter { ... on GroupMeter { __typename } } }`,
      );
      expect(deep.body.errors?.map((error) => error.message)).toEqual([
        expect.stringMatching(/Query depth limit of \d+ exceeded, found 12/),
      ]);

      const introspection = await graphql(backend, "tenant", getIntrospectionQuery());
      expect(introspection.body.data ?? null).toBeNull();
      expect(introspection.body.errors?.[0]?.message).toMatch(/introspection has been disabled/);
      const type = await graphql(backend, "account", `{ __type(name: "Query") { fields { name } } }`);
      expect(type.body.errors?.[0]?.message).toMatch(/introspection has been disabled/);
      // Nor does a misspelt field name the right one.
      const misspelt = await graphql(backend, "account", "{ currentUsr { id } }");
      expect(misspelt.body.errors?.[0]?.message).not.toContain("currentUser");

      const page = await graphiql(backend);
      expect(page.headers.get("content-type") ?? "").not.toContain("text/html");
      expect(await page.text()).not.toMatch(/graphiql/i);
      // What the portal sends still runs.
      expect((await graphql(backend, "account", "{ __typename }")).body).toEqual({ data: { __typename: "Query" } });
    } finally {
      await backend.close();
    }
  });

  it("in development, keeps the limits and serves introspection and GraphiQL", async () => {
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    try {
      const fifty = await graphql(backend, "account", aliases(50));
      expect(fifty.body.errors?.[0]?.message).toMatch(/Aliases limit of \d+ exceeded/);

      const introspection = await graphql<{ __schema: { queryType: { name: string }; types: unknown[] } }>(
        backend,
        "tenant",
        getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
      );
      expect(introspection.body.errors).toBeUndefined();
      expect(introspection.body.data?.__schema.queryType.name).toBe("Query");
      expect(introspection.body.data?.__schema.types.length).toBeGreaterThan(20);
      const misspelt = await graphql(backend, "account", "{ currentUsr { id } }");
      expect(misspelt.body.errors?.[0]?.message).toContain('Did you mean "currentUser"?');

      const page = await graphiql(backend);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).toContain("Tenant portal: account service");
    } finally {
      await backend.close();
    }
  });
});
