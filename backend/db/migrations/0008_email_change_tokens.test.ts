import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, migrateToLatest } from "../database";
import { databaseAt, migrateTo } from "./migrate-to";

let db: Kysely<Database>;

beforeEach(async () => {
  db = await databaseAt("0007_tenancy_users");
  await sql`insert into users (id, email, created_at) values (1, 'a@example.test', '2026-01-01T00:00:00.000Z')`.execute(
    db,
  );
  await sql`insert into single_use_tokens (id, purpose, token_hash, user_id, created_at, expires_at, used_at, impersonation, session_expires_at)
            values (1, 'password_reset', 'hash-1', 1, '2026-06-01T10:00:00.000Z', '2026-06-01T11:00:00.000Z', null, 0, null),
                   (2, 'slt', 'hash-2', 1, '2026-06-01T10:00:00.000Z', '2026-06-01T10:01:00.000Z', '2026-06-01T10:00:30.000Z', 1, '2026-06-01T11:00:00.000Z')`.execute(
    db,
  );
});
afterEach(() => db.destroy());

const token = (id: number, purpose: string, newEmail: string | null) => ({
  id,
  purpose: purpose as "email_change",
  token_hash: `hash-${id}`,
  user_id: 1,
  created_at: "2026-06-02T00:00:00.000Z",
  expires_at: "2026-06-03T00:00:00.000Z",
  new_email: newEmail,
});

describe("migration 0008_email_change_tokens", () => {
  it("keeps every single-use token as it was, and adds the purpose email_change with its new address", async () => {
    expect(await migrateToLatest(db)).toContain("0008_email_change_tokens");
    const rows = await db.selectFrom("single_use_tokens").selectAll().orderBy("id").execute();
    expect(rows).toEqual([
      {
        id: 1,
        purpose: "password_reset",
        token_hash: "hash-1",
        user_id: 1,
        created_at: "2026-06-01T10:00:00.000Z",
        expires_at: "2026-06-01T11:00:00.000Z",
        used_at: null,
        impersonation: 0,
        session_expires_at: null,
        new_email: null,
      },
      {
        id: 2,
        purpose: "slt",
        token_hash: "hash-2",
        user_id: 1,
        created_at: "2026-06-01T10:00:00.000Z",
        expires_at: "2026-06-01T10:01:00.000Z",
        used_at: "2026-06-01T10:00:30.000Z",
        impersonation: 1,
        session_expires_at: "2026-06-01T11:00:00.000Z",
        new_email: null,
      },
    ]);
    await db
      .insertInto("single_use_tokens")
      .values(token(3, "email_change", "b@example.test"))
      .execute();
    // email_change needs its address, and only it has one; unknown purposes, repeated hashes and unknown users stay
    // refused.
    const refused: [ReturnType<typeof token>, RegExp][] = [
      [token(4, "email_change", null), /CHECK/],
      [token(5, "password_reset", "c@example.test"), /CHECK/],
      [token(6, "other", null), /CHECK/],
      [{ ...token(7, "email_change", "d@example.test"), token_hash: "hash-3" }, /UNIQUE/],
      [{ ...token(8, "email_change", "e@example.test"), user_id: 99 }, /FOREIGN KEY/],
    ];
    for (const [row, refusal] of refused) {
      await expect(db.insertInto("single_use_tokens").values(row).execute(), row.token_hash).rejects.toThrow(refusal);
    }
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'single_use_tokens' and name not like 'sqlite_%'`.execute(
      db,
    );
    expect(indexes.rows).toEqual([{ name: "single_use_tokens_user_purpose_idx" }]);
    // The tokens still go with their user.
    await db.deleteFrom("users").where("id", "=", 1).execute();
    expect(await db.selectFrom("single_use_tokens").select("id").execute()).toEqual([]);
  });

  it("rolls back: the e-mail change tokens go, the others stay", async () => {
    await migrateToLatest(db);
    await db
      .insertInto("single_use_tokens")
      .values(token(3, "email_change", "b@example.test"))
      .execute();
    const { error } = await migrateTo(db, "0007_tenancy_users");
    expect(error).toBeUndefined();
    const rows = await sql<{ id: number; purpose: string }>`select * from single_use_tokens order by id`.execute(db);
    expect(rows.rows.map((row) => [row.id, row.purpose])).toEqual([
      [1, "password_reset"],
      [2, "slt"],
    ]);
    expect(Object.keys(rows.rows[0]!)).not.toContain("new_email");
    await expect(
      sql`insert into single_use_tokens (purpose, token_hash, user_id, created_at, expires_at) values ('email_change', 'x', 1, 'a', 'b')`.execute(
        db,
      ),
    ).rejects.toThrow(/CHECK/);
  });
});
