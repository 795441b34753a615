import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createBackend } from "./app";
import { demoAccounts } from "./db/seed/demo-accounts";
import type { Logger } from "./logger";
import { silentLogger } from "./logger";
import { graphql, signInToAccount } from "./testing/graphql";
import { listTables } from "./testing/dump";
import { migrations as allMigrations } from "./db/migrations";

describe("createBackend", () => {
  it("runs the migrations on an empty file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "backend-app-"));
    try {
      const backend = await createBackend({ databasePath: join(dir, "new.sqlite"), logger: silentLogger });
      try {
        const tables = await listTables(backend.db);
        for (const table of ["users", "units", "meters", "tenancies", "tenancy_members", "refresh_tokens", "allocation_statements", "activation_codes"]) {
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
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a short JWT secret", async () => {
    await expect(createBackend({ databasePath: ":memory:", jwtSecret: "short", logger: silentLogger })).rejects.toThrow(/32/);
  });
});

describe("GET /health", () => {
  it("is ok while the database answers and 503 when it does not", async () => {
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    const ok = await backend.fetch(new Request("http://backend.test/health"));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok" });
    await backend.db.destroy();
    const down = await backend.fetch(new Request("http://backend.test/health"));
    expect(down.status).toBe(503);
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
        new Request("http://backend.test/tenant/graphql?query=%7B__typename%7D", { headers: { accept: "application/json" } }),
      );
      expect(get.status).toBe(200);
      expect(await get.json()).toEqual({ data: { __typename: "Query" } });
      const bad = await backend.fetch(
        new Request("http://backend.test/account/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }),
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
      expect(logged.some((args) => args.some((arg) => arg instanceof Error && /allocation_statements/.test(arg.message)))).toBe(true);
    } finally {
      await backend.close();
    }
  });
});
