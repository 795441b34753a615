import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "../app";
import { connectionOptions, createDatabase } from "./database";

describe("connectionOptions", () => {
  it("turns JIT compilation off, after the options the URL gives", () => {
    expect(connectionOptions("postgres://portal@localhost:5432/portal")).toEqual({
      connectionString: "postgres://portal@localhost:5432/portal",
      options: "-c jit=off",
    });
    expect(
      connectionOptions(
        "postgres://portal@localhost:5432/portal?options=-c%20statement_timeout%3D5000&sslmode=disable",
      ),
    ).toEqual({
      connectionString: "postgres://portal@localhost:5432/portal?sslmode=disable",
      options: "-c statement_timeout=5000 -c jit=off",
    });
  });
});

// ADR 0041: every pooled connection starts with JIT off, and keeps what the URL sets.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL connection", () => {
  it("has JIT off and the URL's own options", async () => {
    const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const url = new URL(database.url);
    url.searchParams.set("options", "-c statement_timeout=4321");
    const db = createDatabase(url.toString());
    try {
      const settings = await Promise.all(
        [0, 1, 2].map(() =>
          sql<{
            jit: string;
            timeout: string;
          }>`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout`
            .execute(db)
            .then((result) => result.rows[0]),
        ),
      );
      expect(settings).toEqual([0, 1, 2].map(() => ({ jit: "off", timeout: "4321ms" })));
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
