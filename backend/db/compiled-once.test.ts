/**
 * compiledOnce on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL): the same rows as
 * the statement built afresh, for any values and list lengths; built once per shape, also across
 * transactions; and a builder that decides by a value, or leaves one out, is refused.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../app";
import { silentLogger } from "../logger";
import { compiledOnce, shapesPerStatement } from "./compiled-once";

interface Things {
  compiled_once_things: { id: number; name: string; size: number };
}

let backend: Backend;
let db: Kysely<Things>;

beforeAll(async () => {
  backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
  db = backend.db as unknown as Kysely<Things>;
  await sql`create table compiled_once_things (id integer primary key, name text not null, size integer not null)`.execute(
    db,
  );
  await db
    .insertInto("compiled_once_things")
    .values(Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `thing ${i + 1}`, size: (i * 7) % 11 })))
    .execute();
});
afterAll(async () => {
  await sql`drop table compiled_once_things`.execute(db);
  await backend.close();
});

function thingsQuery(db: Kysely<Things>, ids: readonly number[], atLeast: number, name: string) {
  return db
    .selectFrom("compiled_once_things")
    .select(["id", "name", "size"])
    .where("id", "in", ids)
    .where((eb) => eb.or([eb("size", ">=", atLeast), eb("name", "=", name)]))
    .where("size", "<", 100) // a value of the builder's own: the same on every run
    .orderBy("id");
}

describe("compiledOnce", () => {
  it("gives the rows the statement built afresh gives, for any values and list lengths", async () => {
    let builds = 0;
    const things = compiledOnce((db: Kysely<Things>, ids: readonly number[], atLeast: number, name: string) => {
      builds++;
      return thingsQuery(db, ids, atLeast, name);
    });
    const cases: [number[], number, string][] = [
      [[1, 2, 3], 5, "thing 1"],
      [[4, 5, 6], 0, "none"],
      [[7, 8, 9], 9, "thing 8"],
      [[10], 3, "thing 10"],
      [[11, 12, 13, 14, 15, 16, 17, 18], 6, "thing 12"],
      [[2, 1, 3], 10, "thing 3"],
    ];
    for (const [ids, atLeast, name] of cases) {
      const expected = await thingsQuery(db, ids, atLeast, name).execute();
      expect(await things(db, ids, atLeast, name)).toEqual(expected);
    }
    // Shapes: three ids, one, eight.
    expect(builds).toBe(3);
    // Some cases must select rows for the comparison to mean anything, and some must leave rows out.
    expect((await things(db, [1, 2, 3], 0, "")).length).toBe(3);
    expect((await things(db, [1, 2, 3], 11, "")).length).toBe(0);
  });

  it("builds once per shape for the database and all its transactions", async () => {
    let builds = 0;
    const sizeOf = compiledOnce((db: Kysely<Things>, id: number) => {
      builds++;
      return db.selectFrom("compiled_once_things").select("size").where("id", "=", id);
    });
    expect(await sizeOf(db, 2)).toEqual([{ size: 7 }]);
    const inTransaction = await db.transaction().execute((trx) => sizeOf(trx, 3));
    expect(inTransaction).toEqual([{ size: 3 }]);
    expect(builds).toBe(1);
  });

  it("builds afresh for a database with plugins, so they see every statement", async () => {
    let builds = 0;
    const sizeOf = compiledOnce((db: Kysely<Things>, id: number) => {
      builds++;
      return db.selectFrom("compiled_once_things").select("size").where("id", "=", id);
    });
    let seen = 0;
    const watched = db.withPlugin({
      transformQuery: (args) => {
        seen++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    expect(await sizeOf(watched, 2)).toEqual([{ size: 7 }]);
    expect(await sizeOf(watched, 3)).toEqual([{ size: 3 }]);
    expect([builds, seen]).toEqual([2, 2]);
  });

  it("refuses a builder that decides the statement by a value", async () => {
    const upTo = compiledOnce((db: Kysely<Things>, from: number, end: number) =>
      from >= end
        ? db.selectFrom("compiled_once_things").select("id").where("id", "<", 0)
        : db.selectFrom("compiled_once_things").select("id").where("id", ">=", from).where("id", "<", end),
    );
    await expect(upTo(db, 1, 3)).rejects.toThrow(/a value was used while building/);
    const shifted = compiledOnce((db: Kysely<Things>, id: number) =>
      db
        .selectFrom("compiled_once_things")
        .select("id")
        .where("id", "=", id + 1),
    );
    await expect(shifted(db, 1)).rejects.toThrow(/a value was used while building/);
  });

  it("refuses a builder that leaves a value out of the statement", async () => {
    const first = compiledOnce((db: Kysely<Things>, ids: readonly number[]) =>
      db.selectFrom("compiled_once_things").select("id").where("id", "=", ids[0]!),
    );
    await expect(first(db, [1, 2])).rejects.toThrow(/never reached the statement's parameters/);
  });

  it("keeps a bounded number of shapes", async () => {
    let builds = 0;
    const some = compiledOnce((db: Kysely<Things>, ids: readonly number[]) => {
      builds++;
      return db.selectFrom("compiled_once_things").select("id").where("id", "in", ids);
    });
    const lengths = Array.from({ length: shapesPerStatement + 1 }, (_, i) => i + 1);
    for (const length of lengths)
      await some(
        db,
        Array.from({ length }, (_, i) => i + 1),
      );
    expect(builds).toBe(shapesPerStatement + 1);
    // The newest shapes stay; the oldest (one id) went, so it is built again.
    await some(db, [1, 2]);
    expect(builds).toBe(shapesPerStatement + 1);
    await some(db, [1]);
    expect(builds).toBe(shapesPerStatement + 2);
  });
});
