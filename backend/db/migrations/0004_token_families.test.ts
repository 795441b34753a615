import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, migrateToLatest } from "../database";
import { databaseAt, migrateTo } from "./migrate-to";

let db: Kysely<Database>;

beforeEach(async () => {
  db = await databaseAt("0003_accounts");
});
afterEach(() => db.destroy());

/** Rows as an older back-end wrote them: no token_families table yet. */
async function insertOldRows() {
  await sql`insert into users (id, email, created_at) values (1, 'a@example.test', '2026-01-01T00:00:00.000Z'), (2, 'b@example.test', '2026-01-01T00:00:00.000Z')`.execute(
    db,
  );
  const token = (id: number, user: number, service: string, family: string, created: string, revoked: string | null) =>
    sql`insert into refresh_tokens (id, user_id, service, family_id, token_hash, created_at, expires_at, revoked_at)
        values (${id}, ${user}, ${service}, ${family}, ${`hash-${id}`}, ${created}, '2026-12-31T00:00:00.000Z', ${revoked})`.execute(
      db,
    );
  // A live family rotated once (its first token replaced, not revoked).
  await token(1, 1, "account", "live", "2026-06-01T10:00:00.000Z", null);
  await token(2, 1, "account", "live", "2026-06-01T10:05:00.000Z", null);
  // A family logged out: every token revoked.
  await token(3, 1, "users", "logged-out", "2026-06-01T11:00:00.000Z", "2026-06-01T11:30:00.000Z");
  await token(4, 1, "users", "logged-out", "2026-06-01T11:04:00.000Z", "2026-06-01T11:30:01.000Z");
  // Another user's family.
  await token(5, 2, "users", "other", "2026-06-02T08:00:00.000Z", null);
}

describe("migration 0004_token_families", () => {
  it("gives every existing refresh-token family a row: its user, service, start and whether it is revoked", async () => {
    await insertOldRows();
    expect(await migrateToLatest(db)).toContain("0004_token_families");
    const families = await db.selectFrom("token_families").selectAll().orderBy("id").execute();
    expect(families).toEqual([
      { id: "live", user_id: 1, service: "account", created_at: "2026-06-01T10:00:00.000Z", revoked_at: null },
      {
        id: "logged-out",
        user_id: 1,
        service: "users",
        created_at: "2026-06-01T11:00:00.000Z",
        revoked_at: "2026-06-01T11:30:01.000Z",
      },
      { id: "other", user_id: 2, service: "users", created_at: "2026-06-02T08:00:00.000Z", revoked_at: null },
    ]);
  });

  it("refuses a second row for a family, a family without a user, and an unknown service", async () => {
    await insertOldRows();
    await migrateToLatest(db);
    const row = { id: "new", user_id: 1, service: "account" as const, created_at: "2026-06-03T00:00:00.000Z" };
    await db.insertInto("token_families").values(row).execute();
    await expect(db.insertInto("token_families").values(row).execute()).rejects.toThrow(/UNIQUE|PRIMARY/);
    await expect(
      db
        .insertInto("token_families")
        .values({ ...row, id: "orphan", user_id: 99 })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    await expect(
      db
        .insertInto("token_families")
        .values({ ...row, id: "odd", service: "tenant" as never })
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });

  it("goes when its user goes, and can be rolled back", async () => {
    await insertOldRows();
    await migrateToLatest(db);
    await db.deleteFrom("refresh_tokens").where("user_id", "=", 2).execute();
    await db.deleteFrom("users").where("id", "=", 2).execute();
    expect((await db.selectFrom("token_families").select("id").execute()).map((r) => r.id)).toEqual([
      "live",
      "logged-out",
    ]);

    const { error } = await migrateTo(db, "0003_accounts");
    expect(error).toBeUndefined();
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name = 'token_families'`.execute(db);
    expect(tables.rows).toEqual([]);
  });
});
