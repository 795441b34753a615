/**
 * Efficient neighbours (issue 46 item 4, ADR 0073) on the demo's own readings of Anna's 32-home
 * property, recomputed here from the raw register readings alone: each home's heat between the
 * period's Copenhagen midnights, per m2 of its floor area; a home counts when each of its heat
 * meters has a register at every midnight of the period; the ceil(n/5) lowest; their mean times
 * Anna's floor area. Nothing of the back-end's calendar, rollups or efficient-neighbours code is
 * used. With the readings of only nine other homes there is no figure (at least ten), while the
 * property average (three) still has one. Runs on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsumptionRatingQuery, UnitQuantityKpisQuery } from "../../../app/services/tenant/documents";
import type {
  UnitQuantityKpisQuery as KpisResult,
  ConsumptionRatingQuery as RatingResult,
} from "../../../app/services/tenant/graphql.generated";
import type { Backend } from "../../app";
import { demoAccounts, demoTenancyIds } from "../../db/seed/demo-accounts";
import { firstErrorCode, graphql, signInToUsers } from "../../testing/graphql";
import { datesThrough, midnightOf, nextDate } from "../../testing/oracle-calendar";
import { createDemoBackend, meterIdsOf, rawRegistersOf } from "../../testing/setup";

const NOW = new Date("2025-11-20T10:30:00.000Z");
const QUANTITY = "heat-energy";

interface Home {
  unitId: number;
  area: number;
  meterIds: number[];
}
interface Demo {
  backend: Backend;
  token: string;
  anna: Home;
  others: Home[];
  registers: Map<number, Map<number, number>>;
}

/** A home's heat between two instants from its raw registers, or null where one is missing. */
function heatBetween(demo: Demo, home: Home, s: number, e: number): number | null {
  let sum = 0;
  for (const id of home.meterIds) {
    const a = demo.registers.get(id)?.get(s / 1000);
    const b = demo.registers.get(id)?.get(e / 1000);
    if (a === undefined || b === undefined) return null;
    sum += b - a;
  }
  return home.meterIds.length === 0 ? null : sum;
}

/** The homes with a register at every midnight of [from, endExcluded], each with its heat per m2 over it. */
function perM2Over(demo: Demo, from: string, endExcluded: string) {
  const midnights = datesThrough(from, endExcluded).map(midnightOf);
  return demo.others.flatMap((home) => {
    if (!home.meterIds.every((id) => midnights.every((t) => demo.registers.get(id)?.has(t / 1000)))) return [];
    const heat = heatBetween(demo, home, midnights[0]!, midnights[midnights.length - 1]!);
    return heat === null ? [] : [{ home, perM2: heat / home.area }];
  });
}

/** The efficient fifth by the ADR's text: the ceil(n/5) lowest per m2, at least ten homes. */
function fifthOf(values: { home: Home; perM2: number }[]) {
  if (values.length < 10) return null;
  const sorted = [...values].sort((a, b) => a.perM2 - b.perM2 || a.home.unitId - b.home.unitId);
  const fifth = sorted.slice(0, Math.ceil(values.length / 5));
  return { homes: fifth.map((entry) => entry.home), mean: fifth.reduce((s, e) => s + e.perM2, 0) / fifth.length };
}

async function demoWith(unitsWithReadings: (property: Home[], anna: Home) => number[]): Promise<Demo> {
  let backend = await createDemoBackend({ now: () => NOW });
  const annaUnit = await backend.db
    .selectFrom("tenancies")
    .innerJoin("units", "units.id", "tenancies.unit_id")
    .select(["units.id", "units.property_id"])
    .where("tenancies.id", "=", demoTenancyIds.anna)
    .executeTakeFirstOrThrow();
  const units = await backend.db
    .selectFrom("units")
    .select(["id", "floor_area"])
    .where("property_id", "=", annaUnit.property_id)
    .orderBy("id")
    .execute();
  const homes: Home[] = [];
  for (const unit of units) {
    homes.push({ unitId: unit.id, area: unit.floor_area, meterIds: await meterIdsOf(backend.db, unit.id, QUANTITY) });
  }
  const anna = homes.find((home) => home.unitId === annaUnit.id)!;
  await backend.close();
  backend = await createDemoBackend({
    now: () => NOW,
    demoReadings: true,
    demoReadingsUnitIds: unitsWithReadings(homes, anna),
  });
  const registers = await rawRegistersOf(
    backend.db,
    homes.flatMap((home) => home.meterIds),
  );
  const token = (await signInToUsers(backend, demoAccounts.anna.email)).token;
  return { backend, token, anna, others: homes.filter((home) => home !== anna), registers };
}

async function kpis(demo: Demo, input: Record<string, unknown>) {
  const result = await graphql<KpisResult>(demo.backend, "tenant", UnitQuantityKpisQuery, {
    token: demo.token,
    variables: { input: { tenancyId: demoTenancyIds.anna, quantity: QUANTITY, ...input } },
  });
  expect(firstErrorCode(result)).toBeUndefined();
  return result.body.data!.unitQuantityKpis;
}

const GraphQuery = /* GraphQL */ `
  query Graph($graph: TenantGraphInput!) {
    tenantGraph(graph: $graph) {
      buckets { firstDay lastDay }
      graphs { consumption { total relatedValues { type values total firstDay lastDay } } }
    }
  }
`;
interface GraphResult {
  tenantGraph: {
    buckets: { firstDay: string; lastDay: string }[];
    graphs: {
      consumption: {
        total: number | null;
        relatedValues: { type: string; values: (number | null)[]; total: number | null }[];
      };
    }[];
  };
}
const TableQuery = /* GraphQL */ `
  query Table($table: TenantTableInput!) {
    tenantTable(table: $table) { rows { comparisonValues } }
  }
`;

const october = { periodBegin: "2025-10-01T00:00:00", periodEnd: "2025-10-31T23:59:00" };

/** Anna's October heat table compared with the efficient neighbours, grouped as `input` says. */
function efficientTable(demo: Demo, input: Record<string, unknown>) {
  return graphql<{ tenantTable: { rows: { comparisonValues: (number | null)[] }[] } }>(
    demo.backend,
    "tenant",
    TableQuery,
    {
      token: demo.token,
      variables: {
        table: {
          tenancyId: demoTenancyIds.anna,
          quantities: [QUANTITY],
          ...october,
          compareWith: "EFFICIENT_NEIGHBOURS",
          ...input,
        },
      },
    },
  );
}

describe("efficient neighbours at Anna's 32-home property", () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await demoWith((property) => property.map((home) => home.unitId));
  }, 600_000);
  afterAll(() => demo?.backend.close());

  it("gives the key figure, the graph's total and buckets and the table as recomputed from the registers", async () => {
    const values = perM2Over(demo, "2025-10-01", "2025-11-01");
    expect(values.length).toBeGreaterThanOrEqual(10);
    const fifth = fifthOf(values)!;
    expect(fifth.homes.length).toBe(Math.ceil(values.length / 5));

    const plain = await kpis(demo, { ...october, efficientNeighbours: true });
    expect(plain.efficientNeighbours).toBeCloseTo(fifth.mean * demo.anna.area, 4);
    const normalized = await kpis(demo, { ...october, normalized: true, efficientNeighbours: true });
    expect(normalized.efficientNeighbours).toBeCloseTo(fifth.mean, 6);
    // Only when asked.
    expect((await kpis(demo, october)).efficientNeighbours).toBeNull();

    const graph = await graphql<GraphResult>(demo.backend, "tenant", GraphQuery, {
      token: demo.token,
      variables: {
        graph: {
          tenancyId: demoTenancyIds.anna,
          quantities: [QUANTITY],
          resolution: "DAILY",
          ...october,
          compareWith: ["PROPERTY_AVERAGE", "EFFICIENT_NEIGHBOURS"],
        },
      },
    });
    expect(firstErrorCode(graph)).toBeUndefined();
    const result = graph.body.data!.tenantGraph;
    const related = result.graphs[0]!.consumption.relatedValues.find((entry) => entry.type === "EFFICIENT_NEIGHBOURS")!;
    expect(related.total).toBeCloseTo(fifth.mean * demo.anna.area, 4);
    // The same fifth in every bucket: each day the mean of its homes' heat per m2 that day.
    result.buckets.forEach((bucket, index) => {
      const perDay = fifth.homes.map(
        (home) =>
          heatBetween(demo, home, midnightOf(bucket.firstDay), midnightOf(nextDate(bucket.firstDay)))! / home.area,
      );
      const expected = (perDay.reduce((s, v) => s + v, 0) / perDay.length) * demo.anna.area;
      expect(related.values[index]).toBeCloseTo(expected, 4);
    });

    const table = await efficientTable(demo, { groupBy: "UNIT" });
    expect(firstErrorCode(table)).toBeUndefined();
    expect(table.body.data!.tenantTable.rows[0]!.comparisonValues[0]).toBeCloseTo(fifth.mean * demo.anna.area, 4);

    // Not per room or meter, like the property average.
    expect(firstErrorCode(await efficientTable(demo, {}))).toBe("BAD_USER_INPUT");
  });

  it("gives the rating the fifth's per m2 over its 365 days when asked", async () => {
    const ask = async (efficientNeighbours: boolean) => {
      const result = await graphql<RatingResult>(demo.backend, "tenant", ConsumptionRatingQuery, {
        token: demo.token,
        variables: { tenancyId: demoTenancyIds.anna, quantity: QUANTITY, efficientNeighbours },
      });
      expect(firstErrorCode(result)).toBeUndefined();
      return result.body.data!.consumptionRating;
    };
    const rating = await ask(true);
    const end = nextDate(rating.periodEnd);
    const fifth = fifthOf(perM2Over(demo, rating.periodBegin, end))!;
    expect(rating.efficientNeighbours).toBeCloseTo(fifth.mean, 6);
    expect(rating.propertyAverage).not.toBeNull();
    expect((await ask(false)).efficientNeighbours).toBeNull();
  });
});

describe("efficient neighbours with nine other homes' readings", () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await demoWith((property, anna) => [
      anna.unitId,
      ...property
        .filter((home) => home !== anna && home.meterIds.length > 0)
        .slice(0, 9)
        .map((home) => home.unitId),
    ]);
  }, 600_000);
  afterAll(() => demo?.backend.close());

  it("has no figure below ten homes with data, while the property average has one", async () => {
    expect(perM2Over(demo, "2025-10-01", "2025-11-01").length).toBe(9);
    const figures = await kpis(demo, { ...october, efficientNeighbours: true });
    expect(figures.propertyComparison).not.toBeNull();
    expect(figures.efficientNeighbours).toBeNull();
  });
});
