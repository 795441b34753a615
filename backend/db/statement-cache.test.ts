import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./database";

describe("withStatementCache", () => {
  it("prepares a query once and reuses the statement", () => {
    const sqlite = new SQLite(":memory:");
    let prepared = 0;
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      prepared++;
      return prepare(source);
    }) as typeof sqlite.prepare;
    const cached = withStatementCache(sqlite);
    const first = cached.prepare("SELECT 1 AS one");
    expect(cached.prepare("SELECT 1 AS one")).toBe(first);
    expect(prepared).toBe(1);
    cached.prepare("SELECT 2 AS two");
    expect(prepared).toBe(2);
    cached.close();
    expect(sqlite.open).toBe(false);
  });

  it("gives Kysely the same answers, also after the schema changes", async () => {
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(new SQLite(":memory:")) }),
    });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)`.execute(db);
    await db.insertInto("t").values({ id: 1, name: "a" }).execute();
    await db.insertInto("t").values({ id: 2, name: "b" }).execute();
    const names = () => db.selectFrom("t").selectAll().orderBy("id").execute();
    expect(await names()).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "b" },
    ]);
    await sql`ALTER TABLE t ADD COLUMN extra TEXT`.execute(db);
    expect(await names()).toEqual([
      { id: 1, name: "a", extra: null },
      { id: 2, name: "b", extra: null },
    ]);
    await db.destroy();
  });
});
