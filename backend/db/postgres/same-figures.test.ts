/**
 * The first check of the second database: the same demo data on SQLite and on PostgreSQL gives a resident the same
 * figures — every quantity of Anna's home, by day with the previous year and the property average,
 * by hour, its key figures and its rating. PostgreSQL only (TEST_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, createBackend, freshPostgresDatabase } from "../../app";
import { silentLogger } from "../../logger";
import { graphqlData, signInToUsers } from "../../testing/graphql";
import { measuredQuantitiesOf } from "../../testing/setup";
import { isPostgres } from "../migrations/dialect";
import { demoAccounts, demoTenancyIds } from "../seed/demo-accounts";

const NOW = new Date("2025-06-15T10:00:00.000Z");
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("the same demo data on SQLite and PostgreSQL", () => {
  let dir: string;
  let sqlite: Backend;
  let postgres: Backend;
  let dropPostgres: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "same-figures-"));
    const database = await freshPostgresDatabase(serverUrl!);
    dropPostgres = database.drop;
    const options = {
      seedDemo: true,
      demoReadings: true,
      demoReadingsUnitIds: [101, 102, 109],
      now: () => NOW,
      logger: silentLogger,
    };
    sqlite = await createBackend({ ...options, databasePath: join(dir, "portal.sqlite") });
    postgres = await createBackend({ ...options, databasePath: database.url });
  }, 120_000);

  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
    await dropPostgres?.();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Everything Anna's consumption pages ask the tenant service, answered by one back-end. */
  async function annasFigures(backend: Backend) {
    const { token } = await signInToUsers(backend, demoAccounts.anna.email);
    const ask = (query: string, variables: Record<string, unknown> = {}) =>
      graphqlData(backend, "tenant", query, { token, variables });
    const figures: Record<string, unknown> = {};
    for (const quantity of await measuredQuantitiesOf(backend.db, demoTenancyIds.anna)) {
      const graph = (resolution: string, begin: string, end: string, compareWith: string[]) =>
        ask(
          `query($g: TenantGraphInput!) { tenantGraph(graph: $g) { timestamps graphs { consumption { values relatedValues { type values } } } } }`,
          {
            g: {
              tenancyId: demoTenancyIds.anna,
              quantities: [quantity],
              resolution,
              periodBegin: begin,
              periodEnd: end,
              compareWith,
            },
          },
        );
      figures[`${quantity} May by day`] = await graph("DAILY", "2025-05-01T00:00:00", "2025-06-01T00:00:00", [
        "PREVIOUS_YEAR",
        "PROPERTY_AVERAGE",
      ]);
      figures[`${quantity} a year by month`] = await graph("MONTHLY", "2024-06-01T00:00:00", "2025-06-01T00:00:00", [
        "PROPERTY_AVERAGE",
      ]);
      figures[`${quantity} a day by hour`] = await graph("HOURLY", "2025-03-30T00:00:00", "2025-03-31T00:00:00", []);
      figures[`${quantity} key figures`] = await ask(
        `query($i: UnitQuantityKpisInput!) { unitQuantityKpis(input: $i) { total previousPeriod previousYear propertyComparison rooms { label value } meters { value } } }`,
        {
          i: {
            tenancyId: demoTenancyIds.anna,
            quantity,
            periodBegin: "2025-05-01T00:00:00",
            periodEnd: "2025-06-01T00:00:00",
          },
        },
      );
    }
    figures.rating = await ask(
      `{ consumptionRating(tenancyId: ${demoTenancyIds.anna}, quantity: "heat-energy") { letter } }`,
    );
    return figures;
  }

  it("gives Anna the same figures for every quantity of her home", async () => {
    expect(isPostgres(postgres.db)).toBe(true);
    expect(isPostgres(sqlite.db)).toBe(false);
    const onSqlite = await annasFigures(sqlite);
    expect(Object.keys(onSqlite).length).toBeGreaterThan(8);
    expect(JSON.stringify(onSqlite)).toMatch(/\d\.\d/); // real figures, not empty answers
    expect(await annasFigures(postgres)).toEqual(onSqlite);
  }, 120_000);
});
