import { join } from "node:path";
import { type Kysely, Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, createBackend, freshPostgresDatabase } from "../app";
import { createDatabase } from "../db/database";
import { staticMigrationProvider } from "../db/migrations";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import type { Database } from "../db/types";
import { silentLogger } from "../logger";
import { dumpTables, listTables } from "../testing/dump";
import { accountRefreshMutation, graphqlData, signInToAccount, signInToUsers } from "../testing/graphql";
import { tempDirFor } from "../testing/temp-dir";
import type { CliIo } from "./cli-database";
import { runDbCopy } from "./db-copy";

const NOW = new Date("2025-06-15T10:00:00.000Z");
const jwtSecret = "db-copy-test-secret-0123456789abcdef";
/** Put into every target URL: it must never be printed (the test server trusts local sockets). */
const password = "pw-Never-Printed-7";

const temp = tempDirFor("all", "db-copy-");

function recordingIo(): CliIo & { stdout: string[]; stderr: string[]; all: () => string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    all: () => [...stdout, ...stderr].join("\n"),
  };
}

function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
}

describe("npm run db:copy: arguments and source", () => {
  it.each([
    ["no arguments", []],
    ["--to without a value", ["--to"]],
    ["a target that is not PostgreSQL", ["--to", "/tmp/other.sqlite"]],
    ["an unknown option", ["--to", `postgres://portal:${password}@db.example/portal`, "--fast"]],
    ["a URL without --to", [`postgres://portal:${password}@db.example/portal`]],
    ["--to= without a value", ["--to="]],
    [
      "--from a URL",
      ["--from", `postgres://portal:${password}@db.example/a`, "--to", `postgres://portal:${password}@db.example/b`],
    ],
  ])("prints the usage and exits 1 for %s, without the password", async (_, args) => {
    const io = recordingIo();
    expect(await runDbCopy(args, { env: { DATA_DIR: temp.path }, io })).toBe(1);
    expect(io.stderr.join("\n")).toContain("Usage: npm run db:copy -- --to postgres://");
    expect(io.all()).not.toContain(password);
  });

  it("refuses a missing source and one not at the latest migration, before connecting to the target", async () => {
    // Nothing listens on port 1: reaching the target would fail differently.
    const to = `postgres://portal:${password}@127.0.0.1:1/portal`;
    const missing = recordingIo();
    expect(await runDbCopy(["--to", to], { env: { DATA_DIR: join(temp.path, "none") }, io: missing })).toBe(1);
    expect(missing.stderr.join("\n")).toContain(`No database at ${join(temp.path, "none", "portal.sqlite")}`);

    const oldPath = join(temp.path, "old.sqlite");
    const old = createDatabase(oldPath);
    await new Migrator({ db: old, provider: staticMigrationProvider }).migrateTo("0003_accounts");
    await old.destroy();
    const io = recordingIo();
    expect(await runDbCopy(["--from", oldPath, "--to", to], { io })).toBe(1);
    expect(io.stderr.join("\n")).toMatch(
      /is not at the latest migration \(missing 0004_token_families, .*\)\. Start the back-end once on it/,
    );
    expect(io.all()).not.toContain(password);
  });
});

/** Every row of every table of the source, from either database, in one comparable form. */
async function rowsOf(db: Kysely<Database>, tables: readonly string[]): Promise<Record<string, string[]>> {
  const present = await listTables(db);
  const dump = await dumpTables(
    db,
    present.filter((table) => !tables.includes(table)),
  );
  const normal: Record<string, string[]> = {};
  for (const table of tables) {
    // Column order differs where SQLite rebuilt a table; key order and row order do not matter.
    normal[table] = (dump[table] ?? [])
      .map((row) =>
        JSON.stringify(
          Object.entries(row as Record<string, unknown>)
            .map(([key, value]) => [key, typeof value === "bigint" ? Number(value) : value] as const)
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
      )
      .sort();
  }
  return normal;
}

const kpisQuery = `{ unitQuantityKpis(input: { tenancyId: ${demoTenancyIds.anna}, quantity: "heat-energy", periodBegin: "2025-05-01T00:00:00", periodEnd: "2025-06-01T00:00:00" }) { total previousPeriod propertyComparison } }`;

async function annaKpis(backend: Backend) {
  const { token } = await signInToUsers(backend, demoAccounts.anna.email);
  return (
    await graphqlData<{ unitQuantityKpis: Record<string, number | null> }>(backend, "tenant", kpisQuery, { token })
  ).unitQuantityKpis;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("npm run db:copy to PostgreSQL", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const sourcePath = () => join(temp.path, "portal.sqlite");
  const smallPath = () => join(temp.path, "small.sqlite");
  const drops: (() => Promise<void>)[] = [];
  let sourceTables: string[];
  let sourceRows: Record<string, string[]>;
  let sourceKpis: Record<string, number | null>;
  let lastRefreshToken: string;
  let target: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    // The demo data with a year of readings of two units (~850,000 rows, ~2 s), and a chain of
    // rotated refresh tokens (refresh_tokens.replaced_by_id references its own table).
    const source = await createBackend({
      databasePath: sourcePath(),
      seedDemo: true,
      demoReadings: true,
      demoReadingsUnitIds: [101, 109],
      now: () => NOW,
      jwtSecret,
      logger: silentLogger,
    });
    try {
      let refreshToken = (await signInToAccount(source, demoAccounts.anna.email)).refreshToken;
      for (let rotation = 0; rotation < 3; rotation += 1) {
        const data = await graphqlData<{ refreshToken: { refreshToken: string } }>(
          source,
          "account",
          accountRefreshMutation,
          { variables: { refreshToken } },
        );
        refreshToken = data.refreshToken.refreshToken;
      }
      lastRefreshToken = refreshToken;
      sourceKpis = await annaKpis(source);
      sourceTables = (await listTables(source.db)).filter((table) => !table.startsWith("kysely_"));
      sourceRows = await rowsOf(source.db, sourceTables);
    } finally {
      await source.close();
    }
    const small = await createBackend({
      databasePath: smallPath(),
      seedDemo: true,
      now: () => NOW,
      jwtSecret,
      logger: silentLogger,
    });
    await small.close();
    target = await freshPostgresDatabase(serverUrl);
    drops.push(target.drop);
  }, 60_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it("copies every row, in one consistent transaction, and the back-end on the copy answers the same", async () => {
    expect(sourceRows.meter_readings!.length).toBeGreaterThan(100_000);
    expect(sourceRows.refresh_tokens!.length).toBe(5); // the rotated chain of four, and the users service's sign-in
    expect(sourceKpis.total).toBeGreaterThan(0);

    const io = recordingIo();
    const code = await runDbCopy(["--from", sourcePath(), "--to", withPassword(target.url)], {
      io,
      progressSeconds: 0.5,
    });
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    const printed = io.stdout.join("\n");
    expect(printed).not.toContain(password);
    expect(printed).toContain(":***@");
    expect(printed).toMatch(/^meter_readings: [\d,]+ rows in [\d.]+ s, [\d,]+ rows\/s$/m);
    expect(printed).toMatch(/^table\s+SQLite\s+PostgreSQL$/m);
    expect(printed).toMatch(
      new RegExp(
        `^meter_readings\\s+${sourceRows.meter_readings!.length.toLocaleString("en-US")}\\s+${sourceRows.meter_readings!.length.toLocaleString("en-US")}$`,
        "m",
      ),
    );
    expect(printed).toContain("the row counts of every table are equal");
    // Parents before children.
    const copied = io.stdout.filter((line) => /^\w+: [\d,]+ rows?\b/.test(line)).map((line) => line.split(":")[0]);
    expect(copied.indexOf("users")).toBeLessThan(copied.indexOf("refresh_tokens"));
    expect(copied.indexOf("meters")).toBeLessThan(copied.indexOf("meter_readings"));
    expect(copied.indexOf("activation_codes")).toBeLessThan(copied.indexOf("tenancy_invitations"));

    const db = createDatabase(target.url);
    try {
      expect(await rowsOf(db, sourceTables)).toEqual(sourceRows);
    } finally {
      await db.destroy();
    }

    const copy = await createBackend({ databasePath: target.url, now: () => NOW, jwtSecret, logger: silentLogger });
    try {
      expect(await annaKpis(copy)).toEqual(sourceKpis);
      // A session from before the move goes on: its refresh token rotates, which inserts a
      // refresh_tokens row with the next identity.
      const rotated = await graphqlData<{ refreshToken: { refreshToken: string } }>(
        copy,
        "account",
        accountRefreshMutation,
        {
          variables: { refreshToken: lastRefreshToken },
        },
      );
      expect(rotated.refreshToken.refreshToken).not.toBe(lastRefreshToken);
      const maxUser = await copy.db
        .selectFrom("users")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirstOrThrow();
      const inserted = await copy.db
        .insertInto("users")
        .values({
          email: "after-copy@example.test",
          name: "After Copy",
          language: "da",
          user_type: "EMAIL_PASSWORD",
          created_at: NOW.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(inserted.id).toBe(Number(maxUser.id) + 1);
    } finally {
      await copy.close();
    }
  }, 90_000);

  it("refuses a target that already holds data, and with --replace empties it first", async () => {
    const refused = recordingIo();
    expect(await runDbCopy(["--from", smallPath(), "--to", withPassword(target.url)], { io: refused })).toBe(1);
    expect(refused.stderr.join("\n")).toContain("The target already holds data (rows in ");
    expect(refused.stderr.join("\n")).toContain("--replace");
    expect(refused.all()).not.toContain(password);

    const db = createDatabase(target.url);
    try {
      const readings = await sql<{ count: number }>`select count(*) as count from meter_readings`.execute(db);
      expect(Number(readings.rows[0]!.count)).toBe(sourceRows.meter_readings!.length);

      const replaced = recordingIo();
      expect(
        await runDbCopy(["--from", smallPath(), "--to", withPassword(target.url), "--replace"], { io: replaced }),
      ).toBe(0);
      expect(replaced.stdout.join("\n")).toContain("Emptied the target");
      const small = createDatabase(smallPath());
      try {
        expect(await rowsOf(db, sourceTables)).toEqual(await rowsOf(small, sourceTables));
      } finally {
        await small.destroy();
      }
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it("leaves the target empty when a row cannot be copied", async () => {
    // SQLite keeps text in an integer column; PostgreSQL refuses it half-way through the copy.
    const broken = createDatabase(smallPath());
    await sql`update units set rooms = 'many' where id = 132`.execute(broken);
    await broken.destroy();
    const fresh = await freshPostgresDatabase(serverUrl);
    drops.push(fresh.drop);

    const io = recordingIo();
    expect(await runDbCopy(["--from", smallPath(), "--to", withPassword(fresh.url)], { io })).toBe(1);
    expect(io.stderr.join("\n")).toContain("The copy failed and was rolled back");
    // The demo's two properties (the second has no hourly values) were copied before the units failed.
    expect(io.stdout).toContain("properties: 2 rows");
    expect(io.all()).not.toContain(password);

    const db = createDatabase(fresh.url);
    try {
      for (const table of sourceTables) {
        const count = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(db);
        expect(Number(count.rows[0]!.count), table).toBe(0);
      }
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
