import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, type Database, migrateToLatest } from "../database";
import { migrations } from "./index";

/**
 * Migrations are history: once released, the schema each one makes must never change, on either
 * database, even when their code is tidied (a helper shared by two of them). These tests keep what
 * they make byte for byte in __snapshots__/: the statements every migration sends up and down,
 * as each dialect compiles them, and the schema a fresh SQLite database ends with.
 */

/** A driver that runs nothing: it keeps each statement, with its parameters, and answers no rows. */
class RecordingDriver implements Driver {
  constructor(readonly statements: string[]) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async (query: CompiledQuery) => {
        const parameters = query.parameters.length > 0 ? ` -- ${JSON.stringify(query.parameters)}` : "";
        this.statements.push(`${query.sql};${parameters}`);
        return { rows: [] };
      },
      streamQuery: () => {
        throw new Error("no streaming in a migration");
      },
    };
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: "begin", parameters: [] } as unknown as CompiledQuery);
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: "commit", parameters: [] } as unknown as CompiledQuery);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: "rollback", parameters: [] } as unknown as CompiledQuery);
  }
  async releaseConnection() {}
  async destroy() {}
}

const dialects = {
  sqlite: {
    adapter: () => new SqliteAdapter(),
    compiler: () => new SqliteQueryCompiler(),
    introspector: SqliteIntrospector,
  },
  postgres: {
    adapter: () => new PostgresAdapter(),
    compiler: () => new PostgresQueryCompiler(),
    introspector: PostgresIntrospector,
  },
};

/** Every statement of every migration up, then down again in reverse, as `dialect` compiles them. */
async function migrationStatements(name: keyof typeof dialects): Promise<string> {
  const statements: string[] = [];
  const { adapter, compiler, introspector } = dialects[name];
  const dialect: Dialect = {
    createAdapter: adapter,
    createDriver: () => new RecordingDriver(statements),
    createQueryCompiler: compiler,
    // biome-ignore lint/suspicious/noExplicitAny: migrations see no row types
    createIntrospector: (db: Kysely<any>) => new introspector(db),
  };
  // biome-ignore lint/suspicious/noExplicitAny: migrations see no row types
  const db = new Kysely<any>({ dialect });
  for (const [migration, { up }] of Object.entries(migrations)) {
    statements.push(`-- ${migration} up`);
    await up(db);
  }
  for (const [migration, { down }] of Object.entries(migrations).reverse()) {
    statements.push(`-- ${migration} down`);
    await down?.(db);
  }
  await db.destroy();
  return `${statements.join("\n")}\n`;
}

describe("the migrations", () => {
  it.each(Object.keys(dialects) as (keyof typeof dialects)[])(
    "send %s the statements kept in __snapshots__",
    async (name) => {
      await expect(await migrationStatements(name)).toMatchFileSnapshot(`__snapshots__/migrations.${name}.txt`);
    },
  );

  let db: Kysely<Database> | undefined;
  afterEach(async () => db?.destroy());

  it("leave a fresh SQLite database with the schema kept in __snapshots__", async () => {
    db = createDatabase(":memory:");
    await migrateToLatest(db);
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where tbl_name not like 'kysely_%' order by type, name`.execute(db);
    const schema = rows.map((row) => `-- ${row.type} ${row.name}\n${row.sql ?? "(automatic)"};`).join("\n");
    await expect(`${schema}\n`).toMatchFileSnapshot("__snapshots__/schema.sqlite.txt");
  });
});
