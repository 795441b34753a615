import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "../app";
import { createDatabase } from "./database";
import { prepareStatementsOf } from "./prepared-statements";

// ADR 0049: statements with parameters are parsed and planned once per connection.
describe.skipIf(!process.env.TEST_DATABASE_URL)("statements prepared per connection", () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  beforeAll(async () => {
    database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
  });
  afterAll(async () => {
    await database.drop();
  });

  async function withClient(limit: number | undefined, use: (client: pg.Client) => Promise<void>): Promise<void> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    prepareStatementsOf(client, limit);
    try {
      await use(client);
    } finally {
      await client.end();
    }
  }

  const prepared = async (client: pg.Client) =>
    (await client.query("select statement from pg_prepared_statements order by prepare_time")).rows.map(
      (row: { statement: string }) => row.statement,
    );

  it("prepares a query with parameters once and answers as before", async () => {
    await withClient(undefined, async (client) => {
      const answers = [];
      for (const value of [1, 2, 2]) answers.push((await client.query("select $1::int + 1 as next", [value])).rows);
      expect(answers).toEqual([[{ next: 2 }], [{ next: 3 }], [{ next: 3 }]]);
      expect(await prepared(client)).toEqual(["select $1::int + 1 as next"]);
      // Without parameters (transaction control, DDL) a query goes unprepared, as before.
      await client.query("select 1 as one");
      await client.query("select 1 as one", []);
      expect(await prepared(client)).toEqual(["select $1::int + 1 as next"]);
    });
  });

  it("names the first texts up to its limit, and sends the others unnamed", async () => {
    await withClient(2, async (client) => {
      await client.query("select $1::int as a", [1]);
      await client.query("select $1::int as b", [1]);
      await client.query("select $1::int as a", [2]);
      expect((await client.query("select $1::int as c", [3])).rows).toEqual([{ c: 3 }]);
      expect((await client.query("select $1::int as c", [4])).rows).toEqual([{ c: 4 }]);
      expect(await prepared(client)).toEqual(["select $1::int as a", "select $1::int as b"]);
    });
  });

  it("answers after a schema change alters a prepared statement's columns", async () => {
    await withClient(undefined, async (client) => {
      await client.query("create table changing (id int primary key, name text)");
      await client.query("insert into changing values (1, 'a')");
      const row = async () => (await client.query("select * from changing where id = $1", [1])).rows;
      expect(await row()).toEqual([{ id: 1, name: "a" }]);
      await client.query("alter table changing add column extra text");
      // Outside a transaction: sent again unprepared, as before this change.
      expect(await row()).toEqual([{ id: 1, name: "a", extra: null }]);
      expect(await row()).toEqual([{ id: 1, name: "a", extra: null }]); // prepared again
      await client.query("alter table changing add column more text");
      // In a transaction the refusal fails it; the statement is prepared afresh the next time.
      await client.query("begin");
      await expect(row()).rejects.toThrow(/cached plan must not change result type/);
      await client.query("rollback");
      expect(await row()).toEqual([{ id: 1, name: "a", extra: null, more: null }]);
      // With a callback (pg-pool's pool.query) the refusal is passed on once, then prepared afresh.
      await client.query("alter table changing add column last text");
      const called = () =>
        new Promise((resolve, reject) =>
          client.query("select * from changing where id = $1", [1], (error, result) =>
            error ? reject(error) : resolve(result.rows),
          ),
        );
      await expect(called()).rejects.toThrow(/cached plan must not change result type/);
      expect(await called()).toEqual([{ id: 1, name: "a", extra: null, more: null, last: null }]);
    });
  });

  it("is how the back-end's pool sends its queries", async () => {
    const db = createDatabase(database.url);
    try {
      const statements = await db.connection().execute(async (connection) => {
        for (const id of [1, 2]) await sql`select ${id}::int as id`.execute(connection);
        return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection))
          .rows;
      });
      expect(statements).toEqual([{ statement: "select $1::int as id" }]);
    } finally {
      await db.destroy();
    }
  });
});
