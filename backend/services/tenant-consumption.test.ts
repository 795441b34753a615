/**
 * The consumption queries against the demo data, with numbers recomputed independently from the
 * raw readings in the database (plain SQL over meter_readings, not the rollups).
 */

import { startOfDay } from "@common/calendar";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TenantGraphQuery } from "../../app/services/tenant/documents";
import type { TenantGraphQuery as TenantGraphResult } from "../../app/services/tenant/graphql.generated";
import type { Backend } from "../app";
import { refreshPropertyRollups } from "../consumption/property-rollups";
import { ratingLetterOf } from "../consumption/rating";
import { demoTenancyIds } from "../db/seed/demo-accounts";
import { topUpDemoReadings } from "../db/seed/readings";
import { firstErrorCode, graphql, graphqlData } from "../testing/graphql";
import { createDemoBackend, meterIdsOf, usersTokensOf } from "../testing/setup";

/** The clock of this test: readings run up to 2025-11-20 11:00 (UTC 10:00). */
const NOW = new Date("2025-11-20T10:30:00.000Z");
const ANNA_UNIT = 109;
const NORA_TENANCY = 7014; // unit 114, started 2025-06-01; Nora is added to it below
const seededUnits = [101, 102, 103, 104, 108, 109, 114, 119, 122];

let backend: Backend;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
  await topUpDemoReadings(backend.db, NOW, { unitIds: seededUnits, fromDay: "2024-10-01" });
  await backend.db
    .insertInto("tenancy_members")
    .values({ tenancy_id: NORA_TENANCY, user_id: 3, is_admin: 1, invitation_pending: 0, created_at: NOW.toISOString() })
    .execute();
  tokens = await usersTokensOf(backend, ["anna", "jens", "nora", "emma"]);
}, 120_000);
afterAll(() => backend?.close());

// ---------------------------------------------------------------------------------------------
// Helpers

// The portal's own document and answer type: what a consumption page asks is what is tested.
const graphQuery = TenantGraphQuery;
type GraphData = TenantGraphResult;

/** A call to the tenant service in Anna's session, and its data (failing on an error). */
const asAnna = <T = Record<string, unknown>>(query: string) =>
  graphql<T>(backend, "tenant", query, { token: tokens.anna });
const annasData = <T = Record<string, unknown>>(query: string) =>
  graphqlData<T>(backend, "tenant", query, { token: tokens.anna });

async function graph(user: string, input: Record<string, unknown>) {
  const data = await graphqlData<GraphData>(backend, "tenant", graphQuery, {
    token: tokens[user],
    variables: { graph: input },
  });
  return data.tenantGraph;
}

async function graphError(user: string | undefined, input: Record<string, unknown>) {
  const result = await graphql(backend, "tenant", graphQuery, {
    token: user === undefined ? undefined : tokens[user],
    variables: { graph: input },
  });
  return { code: firstErrorCode(result), message: result.body.errors?.[0]?.message ?? "" };
}

/** What a graph request asks besides the tenancy; `more` adds the comparisons, the mode and the like. */
type GraphArgs = [
  quantities: string[],
  resolution: string,
  periodBegin: string,
  periodEnd: string,
  more?: Record<string, unknown>,
];
/** A graph request of a tenancy. */
const graphInput = (tenancyId: number, ...[quantities, resolution, periodBegin, periodEnd, more = {}]: GraphArgs) => ({
  tenancyId,
  quantities,
  resolution,
  periodBegin,
  periodEnd,
  ...more,
});
/** A graph request of Anna's tenancy. */
const annaGraphInput = (...args: GraphArgs) => graphInput(demoTenancyIds.anna, ...args);
/** A graph request of Jens's first tenancy. */
const jensGraphInput = (...args: GraphArgs) => graphInput(demoTenancyIds.jensFirst, ...args);

/** Anna's graph of these quantities, as she sees it. */
const annasGraph = (...args: Parameters<typeof annaGraphInput>) => graph("anna", annaGraphInput(...args));

const meterIds = (unitId: number, quantity: string) => meterIdsOf(backend.db, unitId, quantity);

/** Register consumption from raw readings: reading(to) − reading(from), summed over the meters. */
async function rawRegisterDelta(ids: number[], fromS: number, toS: number): Promise<number> {
  let total = 0;
  for (const id of ids) {
    const rows = await sql<{ ts: number; value: number }>`
      select ts, value from meter_readings where meter_id = ${id} and ts in (${fromS}, ${toS}) order by ts
    `.execute(backend.db);
    expect(rows.rows, `readings of meter ${id} at ${fromS} and ${toS}`).toHaveLength(2);
    total += rows.rows[1]!.value - rows.rows[0]!.value;
  }
  return total;
}

const day = (key: string) => startOfDay(key) / 1000;

// ---------------------------------------------------------------------------------------------

describe("access", () => {
  it("needs a token", async () => {
    expect(
      (
        await graphError(
          undefined,
          annaGraphInput(["heat-energy"], "DAILY", "2025-10-01T00:00:00", "2025-10-02T00:00:00"),
        )
      ).code,
    ).toBe("UNAUTHENTICATED");
  });

  it("refuses another resident's tenancy and another unit's meter", async () => {
    const input = jensGraphInput(["heat-energy"], "DAILY", "2025-10-01T00:00:00", "2025-10-02T00:00:00");
    expect((await graphError("anna", input)).code).toBe("FORBIDDEN");
    const [foreignMeter] = await backend.db.selectFrom("meters").select("number").where("unit_id", "=", 119).execute();
    expect(
      (await graphError("anna", { ...input, tenancyId: demoTenancyIds.anna, meterNumber: foreignMeter!.number })).code,
    ).toBe("FORBIDDEN");
    const readout = await asAnna(
      `{ readoutMinMax(tenancyId: ${demoTenancyIds.anna}, meterNumber: "${foreignMeter!.number}", quantity: "heat-energy", fromDate: "2025-01-01T00:00:00", toDate: "2025-02-01T00:00:00") { meterNumber } }`,
    );
    expect(firstErrorCode(readout)).toBe("FORBIDDEN");
    const kpis = await asAnna(
      `{ unitQuantityKpis(input: { tenancyId: ${demoTenancyIds.jensSecond}, quantity: "heat-energy", periodBegin: "2025-01-01T00:00:00", periodEnd: "2025-02-01T00:00:00" }) { total } }`,
    );
    expect(firstErrorCode(kpis)).toBe("FORBIDDEN");
    const rating = await graphql(
      backend,
      "tenant",
      `{ consumptionRating(tenancyId: ${demoTenancyIds.jensFirst}, quantity: "heat-energy") { letter } }`,
      { token: tokens.emma },
    );
    expect(firstErrorCode(rating)).toBe("FORBIDDEN");
  });
});

describe("bad arguments", () => {
  const base = annaGraphInput(["heat-energy"], "DAILY", "2025-10-01T00:00:00", "2025-10-08T00:00:00");
  it.each([
    ["end before begin", { periodEnd: "2025-09-01T00:00:00" }, /periodEnd must be after periodBegin/],
    ["an unknown quantity", { quantities: ["beer-volume"] }, /Unknown quantity 'beer-volume'/],
    [
      "an hourly span over 370 days",
      { resolution: "HOURLY", periodEnd: "2026-10-07T00:00:00" },
      /HOURLY period may span at most 370 days; this one spans 371/,
    ],
    [
      "a daily span over 1100 days",
      { periodBegin: "2020-01-01T00:00:00", periodEnd: "2025-10-08T00:00:00" },
      /DAILY period may span at most 1100 days/,
    ],
    ["a malformed datetime", { periodBegin: "01-10-2025" }, /periodBegin must be a local datetime/],
    ["an impossible date", { periodBegin: "2025-02-30T00:00:00" }, /periodBegin must be a local datetime/],
    [
      "cost of a temperature",
      { quantities: ["indoor-temperature"], mode: "COST" },
      /COST exists only for quantities that add up/,
    ],
    ["CO2 without a factor", { quantities: ["hca"], mode: "CO2" }, /no CO2 factor for hca/],
    [
      "property average for a room",
      { quantities: ["hca"], roomName: "Stue", compareWith: ["PROPERTY_AVERAGE"] },
      /not possible for a room/,
    ],
    ["an unknown room", { quantities: ["hca"], roomName: "Loft" }, /no room 'Loft'/],
    [
      "an hourly property average over 93 days",
      { resolution: "HOURLY", periodEnd: "2026-01-03T00:00:00", compareWith: ["PROPERTY_AVERAGE"] },
      /property average at HOURLY may span at most 93 days; this one spans 94/,
    ],
  ])("reject %s with BAD_USER_INPUT", async (_, change, message) => {
    const error = await graphError("anna", { ...base, ...change });
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.message).toMatch(message);
  });
});

describe("tenantGraph against the raw readings", () => {
  it("daily heat across the autumn change equals the register differences, the 25-hour day included", async () => {
    const result = await annasGraph(["heat-energy"], "DAILY", "2025-10-25T00:00:00", "2025-10-28T00:00:00");
    expect(result.timestamps).toEqual([
      "2025-10-25T00:00:00+02:00",
      "2025-10-26T00:00:00+02:00",
      "2025-10-27T00:00:00+01:00",
    ]);
    const ids = await meterIds(ANNA_UNIT, "heat-energy");
    const expected = [
      await rawRegisterDelta(ids, day("2025-10-25"), day("2025-10-26")),
      await rawRegisterDelta(ids, day("2025-10-26"), day("2025-10-27")),
      await rawRegisterDelta(ids, day("2025-10-27"), day("2025-10-28")),
    ];
    result.graphs[0]!.consumption.values.forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index]!, 6);
    });
    expect(day("2025-10-27") - day("2025-10-26")).toBe(25 * 3600);
  });

  it("hourly values on 23- and 25-hour days add up to the day, hca summed over radiators", async () => {
    for (const [date, next, hours] of [
      ["2025-03-30", "2025-03-31", 23],
      ["2025-10-26", "2025-10-27", 25],
    ] as const) {
      const hourly = await annasGraph(["hca", "heat-energy"], "HOURLY", `${date}T00:00:00`, `${next}T00:00:00`);
      expect(hourly.timestamps).toHaveLength(hours);
      for (const [index, quantity] of (["hca", "heat-energy"] as const).entries()) {
        const values = hourly.graphs[index]!.consumption.values;
        expect(values.every((value) => value !== null)).toBe(true);
        const sum = values.reduce<number>((total, value) => total + value!, 0);
        expect(sum).toBeCloseTo(await rawRegisterDelta(await meterIds(ANNA_UNIT, quantity), day(date), day(next)), 6);
      }
    }
  });

  it("gives a whole year of hourly values whose sum is the year's register difference", async () => {
    const year = await annasGraph(["heat-energy"], "HOURLY", "2024-11-20T00:00:00", "2025-11-20T00:00:00");
    // 365 days; the spring and autumn changes cancel out.
    expect(year.timestamps).toHaveLength(365 * 24);
    const values = year.graphs[0]!.consumption.values;
    expect(values.every((value) => value !== null)).toBe(true);
    const sum = values.reduce<number>((total, value) => total + value!, 0);
    expect(sum).toBeCloseTo(
      await rawRegisterDelta(await meterIds(ANNA_UNIT, "heat-energy"), day("2024-11-20"), day("2025-11-20")),
      4,
    );
  });

  it("averages indoor temperature over every sample of the day, across rooms", async () => {
    const result = await annasGraph(["indoor-temperature"], "DAILY", "2025-10-26T00:00:00", "2025-10-27T00:00:00");
    const ids = await meterIds(ANNA_UNIT, "indoor-temperature");
    const raw = await sql<{ mean: number; n: number }>`
      select avg(value) as mean, count(*) as n from meter_readings
      where meter_id in (${sql.join(ids)}) and ts >= ${day("2025-10-26")} and ts < ${day("2025-10-27")}
    `.execute(backend.db);
    expect(raw.rows[0]!.n).toBe(25 * ids.length);
    expect(result.graphs[0]!.consumption.values[0]).toBeCloseTo(raw.rows[0]!.mean, 6);
  });

  it("distinguishes zero consumption from no data", async () => {
    const summer = await annasGraph(["heat-energy"], "HOURLY", "2025-07-15T00:00:00", "2025-07-16T00:00:00");
    expect(summer.graphs[0]!.consumption.values).toContain(0);
    expect(summer.graphs[0]!.consumption.values).not.toContain(null);
    // The future has no data: null, not zero.
    const future = await annasGraph(["heat-energy"], "DAILY", "2025-11-19T00:00:00", "2025-11-23T00:00:00");
    const values = future.graphs[0]!.consumption.values;
    expect(values[0]).toBeGreaterThan(0);
    expect(values.slice(2)).toEqual([null, null]);
  });

  it("gives a tenancy that began mid-period values only from its start, and none before", async () => {
    const result = await graph("nora", {
      tenancyId: NORA_TENANCY,
      quantities: ["heat-energy"],
      resolution: "MONTHLY",
      periodBegin: "2025-01-01T00:00:00",
      periodEnd: "2025-09-01T00:00:00",
      compareWith: ["PREVIOUS_YEAR", "PREVIOUS_PERIOD"],
    });
    const values = result.graphs[0]!.consumption.values;
    expect(values.slice(0, 5)).toEqual([null, null, null, null, null]);
    const ids = await meterIds(114, "heat-energy");
    expect(values[5]).toBeCloseTo(await rawRegisterDelta(ids, day("2025-06-01"), day("2025-07-01")), 6);
    for (const related of result.graphs[0]!.consumption.relatedValues) {
      expect(related.values, related.type).toEqual(Array.from({ length: 8 }, () => null));
    }
    // The previous occupant's readings exist in the database, but are never shown.
    expect(await rawRegisterDelta(ids, day("2025-03-01"), day("2025-04-01"))).toBeGreaterThan(0);
    const kpis = await graphqlData<{ unitQuantityKpis: { total: number | null; previousYear: number | null } }>(
      backend,
      "tenant",
      `{ unitQuantityKpis(input: { tenancyId: ${NORA_TENANCY}, quantity: "heat-energy", periodBegin: "2025-05-01T00:00:00", periodEnd: "2025-06-01T00:00:00" }) { total previousYear } }`,
      { token: tokens.nora },
    );
    expect(kpis.unitQuantityKpis).toEqual({ total: null, previousYear: null });
  });

  it("compares with the previous period and the previous year as those periods queried alone", async () => {
    const input = annaGraphInput(["electricity-energy"], "DAILY", "2025-10-20T00:00:00", "2025-10-27T00:00:00", {
      compareWith: ["PREVIOUS_PERIOD", "PREVIOUS_YEAR"],
    });
    const result = await graph("anna", input);
    const previous = await graph("anna", {
      ...input,
      compareWith: [],
      periodBegin: "2025-10-13T00:00:00",
      periodEnd: "2025-10-20T00:00:00",
    });
    const lastYear = await graph("anna", {
      ...input,
      compareWith: [],
      periodBegin: "2024-10-20T00:00:00",
      periodEnd: "2024-10-27T00:00:00",
    });
    const related = Object.fromEntries(
      result.graphs[0]!.consumption.relatedValues.map((entry) => [entry.type, entry.values]),
    );
    expect(related.PREVIOUS_PERIOD).toEqual(previous.graphs[0]!.consumption.values);
    expect(related.PREVIOUS_YEAR).toEqual(lastYear.graphs[0]!.consumption.values);
    expect(related.PREVIOUS_YEAR!.every((value) => value !== null)).toBe(true);
  });

  it("weekly buckets start on Monday and monthly ones on the 1st, clipped to the period (ADR 0018)", async () => {
    const weeks = await annasGraph(["cold-water-volume"], "WEEKLY", "2025-03-26T00:00:00", "2025-04-09T00:00:00");
    expect(weeks.timestamps).toEqual([
      "2025-03-26T00:00:00+01:00",
      "2025-03-31T00:00:00+02:00",
      "2025-04-07T00:00:00+02:00",
    ]);
    expect(weeks.buckets).toEqual([
      { firstDay: "2025-03-26", lastDay: "2025-03-30", partial: true },
      { firstDay: "2025-03-31", lastDay: "2025-04-06", partial: false },
      { firstDay: "2025-04-07", lastDay: "2025-04-08", partial: true },
    ]);
    const ids = await meterIds(ANNA_UNIT, "cold-water-volume");
    expect(weeks.graphs[0]!.consumption.values[0]).toBeCloseTo(
      await rawRegisterDelta(ids, day("2025-03-26"), day("2025-03-31")),
      6,
    );
    expect(weeks.graphs[0]!.consumption.total).toBeCloseTo(
      await rawRegisterDelta(ids, day("2025-03-26"), day("2025-04-09")),
      6,
    );
    const year = await annasGraph(["cold-water-volume"], "YEARLY", "2025-01-01T00:00:00", "2026-01-01T00:00:00");
    expect(year.buckets).toEqual([{ firstDay: "2025-01-01", lastDay: "2025-12-31", partial: false }]);
    expect(year.graphs[0]!.consumption.values[0]).toBeCloseTo(
      await rawRegisterDelta(ids, day("2025-01-01"), Math.floor(NOW.getTime() / 3_600_000) * 3600),
      6,
    );
  });

  it("normalizes per m2 and turns consumption into CO2 and cost", async () => {
    const input = annaGraphInput(["heat-energy"], "DAILY", "2025-02-10T00:00:00", "2025-02-11T00:00:00");
    const plain = (await graph("anna", input)).graphs[0]!.consumption.values[0]!;
    const unit = await backend.db
      .selectFrom("units")
      .select("floor_area")
      .where("id", "=", ANNA_UNIT)
      .executeTakeFirstOrThrow();
    const perM2 = (await graph("anna", { ...input, normalized: true })).graphs[0]!.consumption;
    expect(perM2.quantityDescriptor).toEqual({ quantity: "heat-energy", normalized: true, expressedAs: "kWh/m2" });
    expect(perM2.values[0]).toBeCloseTo(plain / unit.floor_area, 6);
    const co2 = (await graph("anna", { ...input, mode: "CO2" })).graphs[0]!;
    expect(co2.type).toBe("CO2");
    expect(co2.consumption.values[0]).toBeCloseTo(plain * 62, 4);

    const cost = (await graph("anna", { ...input, mode: "COST" })).graphs[0]!.consumption;
    expect(cost.quantityDescriptor.expressedAs).toBe("DKK");
    const [meterId] = await meterIds(ANNA_UNIT, "heat-energy");
    const raw = await sql<{ cost: number }>`
      select sum((next.value - r.value) * p.price) as cost
      from meter_readings r
      join meter_readings next on next.meter_id = r.meter_id and next.ts = r.ts + 3600
      join market_prices p on p.hour = r.ts and p.area = 'DK2'
      where r.meter_id = ${meterId} and r.ts >= ${day("2025-02-10")} and r.ts < ${day("2025-02-11")}
    `.execute(backend.db);
    expect(cost.values[0]).toBeCloseTo(raw.rows[0]!.cost, 6);
  });

  it("prices total water as its hot water at the hot-water price plus its cold water at the cold-water price", async () => {
    const input = {
      tenancyId: demoTenancyIds.anna,
      resolution: "DAILY",
      mode: "COST",
      periodBegin: "2025-03-10T00:00:00",
      periodEnd: "2025-03-11T00:00:00",
    };
    const cost = (await graph("anna", { ...input, quantities: ["total-water-volume"] })).graphs[0]!.consumption;
    expect(cost.quantityDescriptor.expressedAs).toBe("DKK");
    const hot = await rawRegisterDelta(
      await meterIds(ANNA_UNIT, "hot-water-volume"),
      day("2025-03-10"),
      day("2025-03-11"),
    );
    const cold = await rawRegisterDelta(
      await meterIds(ANNA_UNIT, "cold-water-volume"),
      day("2025-03-10"),
      day("2025-03-11"),
    );
    expect(hot).toBeGreaterThan(0);
    expect(cold).toBeGreaterThan(0);
    // The 2025 tariffs of the demo data: hot water 102.75 DKK/m3, cold water 67.10 DKK/m3.
    expect(cost.values[0]).toBeCloseTo(hot * 102.75 + cold * 67.1, 6);
  });

  it("weighs total water's CO2 as its hot water at the hot-water factor plus its cold water at the cold-water factor", async () => {
    const hotIds = await meterIds(ANNA_UNIT, "hot-water-volume");
    const coldIds = await meterIds(ANNA_UNIT, "cold-water-volume");
    // The demo property's factors (seed/demo.ts demoCo2Factors): hot water 3400 g/m3, cold water 290 g/m3.
    const rawCo2 = async (from: string, to: string) => {
      const hot = await rawRegisterDelta(hotIds, day(from), day(to));
      const cold = await rawRegisterDelta(coldIds, day(from), day(to));
      expect(hot).toBeGreaterThan(0);
      expect(cold).toBeGreaterThan(0);
      return hot * 3400 + cold * 290;
    };
    const co2Graph = (resolution: string, begin: string, end: string, more: Record<string, unknown> = {}) =>
      annasGraph(["total-water-volume"], resolution, begin, end, { mode: "CO2", ...more });

    const daily = (await co2Graph("DAILY", "2025-03-10T00:00:00", "2025-03-12T00:00:00")).graphs[0]!;
    expect(daily.type).toBe("CO2");
    expect(daily.consumption.quantityDescriptor.expressedAs).toBe("g CO2");
    expect(daily.consumption.values).toHaveLength(2);
    expect(daily.consumption.values[0]).toBeCloseTo(await rawCo2("2025-03-10", "2025-03-11"), 4);
    expect(daily.consumption.values[1]).toBeCloseTo(await rawCo2("2025-03-11", "2025-03-12"), 4);

    // A year comes from the monthly rollups: each month still weighs hot and cold water apart.
    const year = (await co2Graph("MONTHLY", "2024-11-01T00:00:00", "2025-10-31T23:59:00")).graphs[0]!;
    expect(year.consumption.values).toHaveLength(12);
    expect(year.consumption.values[3]).toBeCloseTo(await rawCo2("2025-02-01", "2025-03-01"), 4);

    // Totals (KPIs) and the per-m2 view weigh the same way.
    const kpis = await annasData<{ unitQuantityKpis: { total: number } }>(
      `{ unitQuantityKpis(input: { tenancyId: ${demoTenancyIds.anna}, quantity: "total-water-volume", mode: CO2, periodBegin: "2025-02-01T00:00:00", periodEnd: "2025-02-28T23:59:00" }) { total } }`,
    );
    expect(kpis.unitQuantityKpis.total).toBeCloseTo(await rawCo2("2025-02-01", "2025-03-01"), 4);
    const unit = await backend.db
      .selectFrom("units")
      .select("floor_area")
      .where("id", "=", ANNA_UNIT)
      .executeTakeFirstOrThrow();
    const perM2 = (await co2Graph("DAILY", "2025-03-10T00:00:00", "2025-03-11T00:00:00", { normalized: true }))
      .graphs[0]!;
    expect(perM2.consumption.quantityDescriptor.expressedAs).toBe("g CO2/m2");
    expect(perM2.consumption.values[0]).toBeCloseTo((await rawCo2("2025-03-10", "2025-03-11")) / unit.floor_area, 4);
  });

  it("may estimate a negative cost when market prices are negative", async () => {
    const negative = await sql<{
      hour: number;
    }>`select hour from market_prices where price < -0.2 and hour >= ${day("2025-01-05")} and hour < ${day("2025-03-01")} order by hour limit 1`.execute(
      backend.db,
    );
    const hour = negative.rows[0]!.hour;
    const date = new Date(hour * 1000 + 3600_000).toISOString().slice(0, 10);
    const cost = await annasGraph(["electricity-energy"], "HOURLY", `${date}T00:00:00`, `${date}T23:59:00`, {
      mode: "COST",
    });
    expect(cost.graphs[0]!.consumption.values.some((value) => value !== null && value < 0)).toBe(true);
  });
});

describe("what a figure covers (ADR 0018)", () => {
  const kpisQuery = (quantity: string, from: string, end: string) =>
    `{ unitQuantityKpis(input: { tenancyId: ${demoTenancyIds.anna}, quantity: "${quantity}", periodBegin: "${from}T00:00:00", periodEnd: "${end}T00:00:00" }) { total previousPeriod previousYear propertyComparison } }`;
  async function kpis(quantity: string, from: string, end: string) {
    const data = await annasData<{
      unitQuantityKpis: {
        total: number | null;
        previousPeriod: number | null;
        previousYear: number | null;
        propertyComparison: number | null;
      };
    }>(kpisQuery(quantity, from, end));
    return data.unitQuantityKpis;
  }
  /** Anna's graph of one quantity compared with one thing: the graph, her meters of the quantity and the comparison. */
  async function annasComparison(
    quantity: string,
    resolution: string,
    begin: string,
    end: string,
    compareWith: "PREVIOUS_PERIOD" | "PREVIOUS_YEAR",
  ) {
    const result = await annasGraph([quantity], resolution, begin, end, { compareWith: [compareWith] });
    const ids = await meterIds(ANNA_UNIT, quantity);
    return { result, ids, related: result.graphs[0]!.consumption.relatedValues[0]! };
  }
  /** Anna's day hour by hour compared with the previous period. */
  const hourlyComparison = (quantity: string, dayKey: string) =>
    annasComparison(quantity, "HOURLY", `${dayKey}T00:00:00`, `${dayKey}T23:59:00`, "PREVIOUS_PERIOD");
  /** `value` is what the meters' registers counted between two local times (to 6 decimals). */
  const expectCounted = async (value: number | null | undefined, ids: number[], from: string, to: string) =>
    expect(value).toBeCloseTo(await rawRegisterDelta(ids, Date.parse(from) / 1000, Date.parse(to) / 1000), 6);

  it("spring day, previous period: 01:00–03:00 against the day before's 01:00 and 02:00, 03:00 against 03:00; totals = card", async () => {
    // The issue's /t/7009/consumption/electricity-energy?from=2026-03-29&to=2026-03-29&compare=previous-period, a year
    // earlier.
    const { result, ids, related } = await hourlyComparison("electricity-energy", "2025-03-30");
    expect(result.timestamps).toHaveLength(23);
    expect(result.timestamps.slice(1, 3)).toEqual(["2025-03-30T01:00:00+01:00", "2025-03-30T03:00:00+02:00"]);
    await expectCounted(related.values[1], ids, "2025-03-29T01:00:00+01:00", "2025-03-29T03:00:00+01:00");
    await expectCounted(related.values[2], ids, "2025-03-29T03:00:00+01:00", "2025-03-29T04:00:00+01:00");
    // The day before's 24 hours are all in the comparison's total, which the key-figure card shows.
    const previousDay = await rawRegisterDelta(ids, day("2025-03-29"), day("2025-03-30"));
    expect(related.total).toBeCloseTo(previousDay, 6);
    expect(related).toMatchObject({ firstDay: "2025-03-29", lastDay: "2025-03-29" });
    const card = await kpis("electricity-energy", "2025-03-30", "2025-03-31");
    expect(related.total).toBeCloseTo(card.previousPeriod!, 6);
    expect(result.graphs[0]!.consumption.total).toBeCloseTo(card.total!, 6);
    expect(result.graphs[0]!.consumption.total).toBeCloseTo(
      await rawRegisterDelta(ids, day("2025-03-30"), day("2025-03-31")),
      6,
    );
  });

  it("autumn day, previous period: the summer-time 02:00 against 02:00, the winter-time 02:00 against nothing; totals = card", async () => {
    const { result, ids, related } = await hourlyComparison("heat-energy", "2025-10-26");
    expect(result.timestamps).toHaveLength(25);
    expect(result.timestamps.slice(2, 4)).toEqual(["2025-10-26T02:00:00+02:00", "2025-10-26T02:00:00+01:00"]);
    await expectCounted(related.values[2], ids, "2025-10-25T02:00:00+02:00", "2025-10-25T03:00:00+02:00");
    expect(related.values[3]).toBeNull();
    await expectCounted(related.values[4], ids, "2025-10-25T03:00:00+02:00", "2025-10-25T04:00:00+02:00");
    const card = await kpis("heat-energy", "2025-10-26", "2025-10-27");
    expect(related.total).toBeCloseTo(await rawRegisterDelta(ids, day("2025-10-25"), day("2025-10-26")), 6);
    expect(related.total).toBeCloseTo(card.previousPeriod!, 6);
  });

  it("weekly, previous year: a week's row compares with the same dates a year earlier, clipped the same way", async () => {
    // The heat 2026-06-10..2026-08-20 previous-year, moved to dates with demo data.
    const { result, ids, related } = await annasComparison(
      "heat-energy",
      "WEEKLY",
      "2025-10-08T00:00:00",
      "2025-11-06T00:00:00",
      "PREVIOUS_YEAR",
    );
    expect(result.buckets[0]).toEqual({ firstDay: "2025-10-08", lastDay: "2025-10-12", partial: true });
    // Week 41 2025 from Wednesday 8 October: 8–12 October 2024, not the whole week of 30 September 2024.
    expect(related.values[0]).toBeCloseTo(await rawRegisterDelta(ids, day("2024-10-08"), day("2024-10-13")), 6);
    expect(related.values[1]).toBeCloseTo(await rawRegisterDelta(ids, day("2024-10-13"), day("2024-10-20")), 6);
    expect(related).toMatchObject({ firstDay: "2024-10-08", lastDay: "2024-11-05" });
    const card = await kpis("heat-energy", "2025-10-08", "2025-11-06");
    expect(related.total).toBeCloseTo(await rawRegisterDelta(ids, day("2024-10-08"), day("2024-11-06")), 6);
    expect(related.total).toBeCloseTo(card.previousYear!, 6);
    expect(result.graphs[0]!.consumption.total).toBeCloseTo(card.total!, 6);
  });

  it("weekly, previous period: the period of the same number of days just before; legend = card", async () => {
    const { ids, related } = await annasComparison(
      "heat-energy",
      "WEEKLY",
      "2025-10-08T00:00:00",
      "2025-11-06T00:00:00",
      "PREVIOUS_PERIOD",
    );
    // 29 days: 8 October − 29 days = 9 September; the first row (8–12 October) against 9–13 September.
    expect(related).toMatchObject({ firstDay: "2025-09-09", lastDay: "2025-10-07" });
    expect(related.values[0]).toBeCloseTo(await rawRegisterDelta(ids, day("2025-09-09"), day("2025-09-14")), 6);
    const card = await kpis("heat-energy", "2025-10-08", "2025-11-06");
    expect(related.total).toBeCloseTo(await rawRegisterDelta(ids, day("2025-09-09"), day("2025-10-08")), 6);
    expect(related.total).toBeCloseTo(card.previousPeriod!, 6);
    const sum = related.values.reduce<number>((a, b) => a + (b ?? 0), 0);
    expect(sum).toBeCloseTo(related.total!, 6);
  });

  it("last 365 days by month: the legend total is the total of the named dates, the card's figure", async () => {
    const input = annaGraphInput(["heat-energy"], "MONTHLY", "2024-11-21T00:00:00", "2025-11-20T23:59:00", {
      compareWith: ["PROPERTY_AVERAGE"],
    });
    const result = await graph("anna", input);
    const ids = await meterIds(ANNA_UNIT, "heat-energy");
    expect(result.buckets[0]).toEqual({ firstDay: "2024-11-21", lastDay: "2024-11-30", partial: true });
    expect(result.buckets.at(-1)).toEqual({ firstDay: "2025-11-01", lastDay: "2025-11-20", partial: true });
    expect(result.graphs[0]!.consumption.values[0]).toBeCloseTo(
      await rawRegisterDelta(ids, day("2024-11-21"), day("2024-12-01")),
      6,
    );
    const card = await kpis("heat-energy", "2024-11-21", "2025-11-21");
    expect(result.graphs[0]!.consumption.total).toBeCloseTo(card.total!, 6);
    expect(result.graphs[0]!.consumption.relatedValues[0]!.total).toBeCloseTo(card.propertyComparison!, 6);
  });

  it("averages: the total is the mean over every sample of the period, as the card", async () => {
    const input = annaGraphInput(["indoor-temperature"], "WEEKLY", "2025-10-08T00:00:00", "2025-11-06T00:00:00", {
      compareWith: ["PREVIOUS_PERIOD"],
    });
    const result = await graph("anna", input);
    const card = await kpis("indoor-temperature", "2025-10-08", "2025-11-06");
    expect(result.graphs[0]!.consumption.total).toBeCloseTo(card.total!, 6);
    expect(result.graphs[0]!.consumption.relatedValues[0]!.total).toBeCloseTo(card.previousPeriod!, 6);
  });
});

describe("a period that runs past its values or the tenancy (ADR 0018 rules 7 and 8)", () => {
  // NOW is 20 November 2025 11:30 in Copenhagen; the registers' latest reading is at 11:00.
  const LATEST = "2025-11-20T11:00:00+01:00";
  const spansQuery = (tenancyId: number, quantity: string, from: string, end: string, compare: string) =>
    `{ unitQuantityKpis(input: { tenancyId: ${tenancyId}, quantity: "${quantity}", periodBegin: "${from}T00:00:00", periodEnd: "${end}T23:59:00" }) {
         total previousPeriod previousYear previousPeriodDays { firstDay lastDay until } previousYearDays { firstDay lastDay until } }
       tenantTable(table: { tenancyId: ${tenancyId}, quantities: ["${quantity}"], periodBegin: "${from}T00:00:00", periodEnd: "${end}T23:59:00", groupBy: UNIT, compareWith: ${compare} }) {
         rows { values comparisonValues } comparedDays { firstDay lastDay until } } }`;
  interface Spans {
    unitQuantityKpis: {
      total: number | null;
      previousPeriod: number | null;
      previousYear: number | null;
      previousPeriodDays: { firstDay: string | null; lastDay: string | null; until: string | null };
      previousYearDays: { firstDay: string | null; lastDay: string | null; until: string | null };
    };
    tenantTable: {
      rows: { values: (number | null)[]; comparisonValues: (number | null)[] }[];
      comparedDays: { firstDay: string | null; lastDay: string | null; until: string | null }[];
    };
  }
  const spans = (user: string, tenancyId: number, quantity: string, from: string, end: string, compare: string) =>
    graphqlData<Spans>(backend, "tenant", spansQuery(tenancyId, quantity, from, end, compare), { token: tokens[user] });

  it("this month against last year: 1 November to 20 November 11:00 2024, in legend, card and table", async () => {
    const ids = await meterIds(ANNA_UNIT, "heat-energy");
    const result = await annasGraph(["heat-energy"], "DAILY", "2025-11-01T00:00:00", "2025-11-30T23:59:00", {
      compareWith: ["PREVIOUS_YEAR"],
    });
    const related = result.graphs[0]!.consumption.relatedValues[0]!;
    const sameHoursLastYear = await rawRegisterDelta(
      ids,
      day("2024-11-01"),
      Date.parse("2024-11-20T11:00:00+01:00") / 1000,
    );
    expect(related.total).toBeCloseTo(sameHoursLastYear, 6);
    expect(related).toMatchObject({
      firstDay: "2024-11-01",
      lastDay: "2024-11-20",
      until: "2024-11-20T11:00:00+01:00",
    });
    // The row of today compares with last year's same day up to the same hour; later days with nothing.
    expect(related.values[19]).toBeCloseTo(
      await rawRegisterDelta(ids, day("2024-11-20"), Date.parse("2024-11-20T11:00:00+01:00") / 1000),
      6,
    );
    expect(related.values.slice(20)).toEqual(Array(10).fill(null));
    expect(result.graphs[0]!.consumption.total).toBeCloseTo(
      await rawRegisterDelta(ids, day("2025-11-01"), Date.parse(LATEST) / 1000),
      6,
    );
    const { unitQuantityKpis: card, tenantTable: table } = await spans(
      "anna",
      demoTenancyIds.anna,
      "heat-energy",
      "2025-11-01",
      "2025-11-30",
      "PREVIOUS_YEAR",
    );
    expect(card.previousYear).toBeCloseTo(related.total!, 6);
    expect(card.previousYearDays).toEqual({
      firstDay: "2024-11-01",
      lastDay: "2024-11-20",
      until: "2024-11-20T11:00:00+01:00",
    });
    expect(table.rows[0]!.comparisonValues[0]).toBeCloseTo(related.total!, 6);
    expect(table.comparedDays).toEqual([card.previousYearDays]);
    // Previous period: 30 days back, 2 October to 21 October 11:00.
    expect(card.previousPeriodDays).toEqual({
      firstDay: "2025-10-02",
      lastDay: "2025-10-21",
      until: "2025-10-21T11:00:00+02:00",
    });
    expect(card.previousPeriod).toBeCloseTo(
      await rawRegisterDelta(ids, day("2025-10-02"), Date.parse("2025-10-21T11:00:00+02:00") / 1000),
      6,
    );
  });

  it("a period that has elapsed is compared whole", async () => {
    const { unitQuantityKpis: card } = await spans(
      "anna",
      demoTenancyIds.anna,
      "heat-energy",
      "2025-10-01",
      "2025-10-31",
      "PREVIOUS_PERIOD",
    );
    expect(card.previousPeriodDays).toEqual({ firstDay: "2025-08-31", lastDay: "2025-09-30", until: null });
  });

  it("a tenancy that ended inside the period is compared over its own days moved back by their number", async () => {
    // A tenancy of Anna's unit that ended on 9 November: 1–19 November is 9 days of living there.
    const ended = await backend.db
      .insertInto("tenancies")
      .values({ unit_id: ANNA_UNIT, tenant_name: "Moved out", start_date: "2024-10-01", end_date: "2025-11-09" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await backend.db
      .insertInto("tenancy_members")
      .values({ tenancy_id: ended.id, user_id: 3, is_admin: 1, invitation_pending: 0, created_at: NOW.toISOString() })
      .execute();
    const ids = await meterIds(ANNA_UNIT, "heat-energy");
    const { unitQuantityKpis: card } = await spans(
      "nora",
      ended.id,
      "heat-energy",
      "2025-11-01",
      "2025-11-19",
      "PREVIOUS_PERIOD",
    );
    expect(card.total).toBeCloseTo(await rawRegisterDelta(ids, day("2025-11-01"), day("2025-11-10")), 6);
    expect(card.previousPeriodDays).toEqual({ firstDay: "2025-10-23", lastDay: "2025-10-31", until: null });
    expect(card.previousPeriod).toBeCloseTo(await rawRegisterDelta(ids, day("2025-10-23"), day("2025-11-01")), 6);
    const result = await graph("nora", {
      tenancyId: ended.id,
      quantities: ["heat-energy"],
      resolution: "DAILY",
      periodBegin: "2025-11-01T00:00:00",
      periodEnd: "2025-11-19T23:59:00",
      compareWith: ["PREVIOUS_PERIOD"],
    });
    const related = result.graphs[0]!.consumption.relatedValues[0]!;
    expect(related.total).toBeCloseTo(card.previousPeriod!, 6);
    expect(related.values.slice(9)).toEqual(Array(10).fill(null));
  });
});

describe("property average", () => {
  it("is the mean over the other units with data, never including the caller's unit", async () => {
    const period = { periodBegin: "2025-09-01T00:00:00", periodEnd: "2025-10-01T00:00:00" };
    const result = await graph("anna", {
      tenancyId: demoTenancyIds.anna,
      quantities: ["heat-energy"],
      resolution: "MONTHLY",
      normalized: true,
      compareWith: ["PROPERTY_AVERAGE"],
      ...period,
    });
    const average = result.graphs[0]!.consumption.relatedValues[0]!;
    expect(average.type).toBe("PROPERTY_AVERAGE");
    const perUnit: number[] = [];
    for (const unitId of seededUnits.filter((id) => id !== ANNA_UNIT)) {
      const unit = await backend.db
        .selectFrom("units")
        .select("floor_area")
        .where("id", "=", unitId)
        .executeTakeFirstOrThrow();
      perUnit.push(
        (await rawRegisterDelta(await meterIds(unitId, "heat-energy"), day("2025-09-01"), day("2025-10-01"))) /
          unit.floor_area,
      );
    }
    expect(average.values[0]).toBeCloseTo(perUnit.reduce((a, b) => a + b, 0) / perUnit.length, 6);
  });

  it("is not computed when fewer than three other units have data", async () => {
    // Gas exists in staircase B only: of the seeded units 103, 104, 108 and 119.
    const input = jensGraphInput(["gas-volume"], "DAILY", "2025-09-01T00:00:00", "2025-09-03T00:00:00", {
      compareWith: ["PROPERTY_AVERAGE"],
    });
    const withThree = await graph("jens", input);
    expect(withThree.graphs[0]!.consumption.relatedValues[0]!.values.every((value) => value !== null)).toBe(true);
    const [gasOf103] = await meterIds(103, "gas-volume");
    const saved = await backend.db
      .selectFrom("consumption_daily")
      .selectAll()
      .where("meter_id", "=", gasOf103!)
      .where("day", "in", ["2025-09-01", "2025-09-02"])
      .execute();
    await backend.db
      .deleteFrom("consumption_daily")
      .where("meter_id", "=", gasOf103!)
      .where("day", "in", ["2025-09-01", "2025-09-02"])
      .execute();
    // The property's figures are kept from the meters' rollups (ADR 0038): refreshed for those days
    // as the ingest refreshes them, as for a home whose meter sent nothing those days. (Not the
    // whole property rebuilt: two years of 32 homes, 10–20 s of a busy machine, twice.)
    const lost = {
      meterId: gasOf103!,
      fromDay: "2025-09-01",
      endDay: "2025-09-03",
      fromHour: day("2025-09-01"),
      endHour: day("2025-09-03"),
    };
    await refreshPropertyRollups(backend.db, [lost]);
    try {
      const withTwo = await graph("jens", input);
      expect(withTwo.graphs[0]!.consumption.relatedValues[0]!.values).toEqual([null, null]);
      expect(withTwo.graphs[0]!.consumption.values.every((value) => value !== null)).toBe(true);
    } finally {
      await backend.db.insertInto("consumption_daily").values(saved).execute();
      await refreshPropertyRollups(backend.db, [lost]);
    }
    const restored = await graph("jens", input);
    expect(restored.graphs[0]!.consumption.relatedValues[0]!.values).toEqual(
      withThree.graphs[0]!.consumption.relatedValues[0]!.values,
    );
  });
});

describe("tenantTable and unitQuantityKpis", () => {
  it("totals serve periods longer than the DAILY limit (since moving in, years ago)", async () => {
    // Anna's tenancy began 2023-08-01: since moving in is over 800 days; from 2021 over 1700.
    const long = await annasData<{
      unitQuantityKpis: { total: number | null };
      tenantTable: { rows: { values: (number | null)[] }[] };
    }>(
      `{ unitQuantityKpis(input: { tenancyId: ${demoTenancyIds.anna}, quantity: "heat-energy", periodBegin: "2021-01-01T00:00:00", periodEnd: "2025-11-20T00:00:00" }) { total }
         tenantTable(table: { tenancyId: ${demoTenancyIds.anna}, quantities: ["heat-energy"], periodBegin: "2021-01-01T00:00:00", periodEnd: "2025-11-20T00:00:00", groupBy: UNIT }) { rows { values } } }`,
    );
    expect(long.unitQuantityKpis.total).toBeGreaterThan(0);
    expect(long.tenantTable.rows[0]?.values[0]).toBeCloseTo(long.unitQuantityKpis.total!, 6);
    // Beyond about ten years the back-end still says no.
    const tooLong = await asAnna(
      `{ unitQuantityKpis(input: { tenancyId: ${demoTenancyIds.anna}, quantity: "heat-energy", periodBegin: "2010-01-01T00:00:00", periodEnd: "2025-11-20T00:00:00" }) { total } }`,
    );
    expect(firstErrorCode(tooLong)).toBe("BAD_USER_INPUT");
  });

  it("KPIs: total, rooms and meters agree with each other and with the raw readings", async () => {
    const data = await annasData<{
      unitQuantityKpis: {
        total: number;
        previousPeriod: number;
        previousYear: number;
        propertyComparison: number | null;
        rooms: { label: string; value: number }[];
        meters: { objectDetails: { measurementPoint: { legacyMeterId: string } }; value: number }[];
      };
    }>(`{ unitQuantityKpis(input: { tenancyId: ${demoTenancyIds.anna}, quantity: "hca", periodBegin: "2025-01-01T00:00:00", periodEnd: "2025-03-31T23:59:00" }) {
        total previousPeriod previousYear propertyComparison rooms { label value } meters { objectDetails { measurementPoint { legacyMeterId } } value } } }`);
    const kpis = data.unitQuantityKpis;
    const ids = await meterIds(ANNA_UNIT, "hca");
    expect(kpis.total).toBeCloseTo(await rawRegisterDelta(ids, day("2025-01-01"), day("2025-04-01")), 6);
    expect(kpis.rooms.reduce((sum, room) => sum + room.value, 0)).toBeCloseTo(kpis.total, 6);
    expect(kpis.meters).toHaveLength(ids.length);
    expect(kpis.meters.reduce((sum, meter) => sum + meter.value, 0)).toBeCloseTo(kpis.total, 6);
    // Previous period: the 90 days before; previous year: Jan–Mar 2024 is before the seeded data.
    expect(kpis.previousPeriod).toBeCloseTo(await rawRegisterDelta(ids, day("2024-10-03"), day("2025-01-01")), 6);
    expect(kpis.previousYear).toBeNull();
    expect(kpis.propertyComparison).toBeGreaterThan(0);
  });

  it("table rows per meter sum to the unit row; property average only for the unit", async () => {
    const query = (
      groupBy: string,
      compareWith: string,
    ) => `{ tenantTable(table: { tenancyId: ${demoTenancyIds.anna}, quantities: ["hca", "heat-energy"], periodBegin: "2025-02-01T00:00:00", periodEnd: "2025-03-01T00:00:00", groupBy: ${groupBy}, compareWith: ${compareWith} }) {
      quantityDescriptors { quantity normalized expressedAs } rows { objectDetails { kind measurementPoint { legacyMeterId room } } values comparisonValues } } }`;
    type Table = {
      tenantTable: {
        quantityDescriptors: { quantity: string; expressedAs: string }[];
        rows: { objectDetails: { kind: string }; values: (number | null)[]; comparisonValues: (number | null)[] }[];
      };
    };
    const byMeter = (await annasData<Table>(query("METER", "PREVIOUS_YEAR"))).tenantTable;
    const unit = (await annasData<Table>(query("UNIT", "PROPERTY_AVERAGE"))).tenantTable;
    expect(byMeter.quantityDescriptors.map((descriptor) => descriptor.expressedAs)).toEqual(["unit", "kWh"]);
    expect(unit.rows).toHaveLength(1);
    for (const column of [0, 1]) {
      const sum = byMeter.rows.reduce((total, row) => total + (row.values[column] ?? 0), 0);
      expect(sum).toBeCloseTo(unit.rows[0]!.values[column]!, 6);
      expect(unit.rows[0]!.comparisonValues[column]).toBeGreaterThan(0);
    }
    expect(byMeter.rows.every((row) => row.comparisonValues.length === 2)).toBe(true);
    const refused = await asAnna(query("ROOM", "PROPERTY_AVERAGE"));
    expect(firstErrorCode(refused)).toBe("BAD_USER_INPUT");
  });
});

describe("readoutMinMax, quantityPrices, consumptionRating", () => {
  it("gives the first and last raw readout inside the tenancy", async () => {
    const [meter] = await backend.db
      .selectFrom("meters")
      .select(["id", "number"])
      .where("unit_id", "=", 114)
      .where("quantity", "=", "heat-energy")
      .execute();
    const data = await graphqlData<{ readoutMinMax: Record<string, string | number | null> }>(
      backend,
      "tenant",
      `{ readoutMinMax(tenancyId: ${NORA_TENANCY}, meterNumber: "${meter!.number}", quantity: "heat-energy", fromDate: "2025-01-01T00:00:00", toDate: "2025-06-30T12:00:00") {
        meterNumber quantity firstReadoutTimestamp firstReadoutValue lastReadoutTimestamp lastReadoutValue } }`,
      { token: tokens.nora },
    );
    const raw = await sql<{
      ts: number;
      value: number;
    }>`select ts, value from meter_readings where meter_id = ${meter!.id} and ts in (${day("2025-06-01")}, ${day("2025-06-30") + 12 * 3600}) order by ts`.execute(
      backend.db,
    );
    expect(data.readoutMinMax).toEqual({
      meterNumber: meter!.number,
      quantity: "heat-energy",
      firstReadoutTimestamp: "2025-06-01T00:00:00+02:00",
      firstReadoutValue: raw.rows[0]!.value,
      lastReadoutTimestamp: "2025-06-30T12:00:00+02:00",
      lastReadoutValue: raw.rows[1]!.value,
    });
  });

  it("meterReadouts gives every meter of the unit the same readouts, and its latest one inside the tenancy", async () => {
    const meters = await backend.db
      .selectFrom("meters")
      .select(["id", "number", "quantity"])
      .where("unit_id", "=", 114)
      .orderBy("id")
      .execute();
    const data = await graphqlData<{ meterReadouts: Record<string, string | number | null>[] }>(
      backend,
      "tenant",
      `{ meterReadouts(tenancyId: ${NORA_TENANCY}, fromDate: "2025-01-01T00:00:00", toDate: "2025-06-30T12:00:00") {
        id meterNumber quantity roomName firstReadoutTimestamp firstReadoutValue lastReadoutTimestamp lastReadoutValue latestReadoutTimestamp latestReadoutValue } }`,
      { token: tokens.nora },
    );
    expect(data.meterReadouts.map((meter) => meter.meterNumber)).toEqual(meters.map((meter) => meter.number));
    const heat = meters.find((meter) => meter.quantity === "heat-energy")!;
    const listed = data.meterReadouts.find((meter) => meter.meterNumber === heat.number)!;
    const single = await graphqlData<{ readoutMinMax: Record<string, string | number | null> }>(
      backend,
      "tenant",
      `{ readoutMinMax(tenancyId: ${NORA_TENANCY}, meterNumber: "${heat.number}", quantity: "heat-energy", fromDate: "2025-01-01T00:00:00", toDate: "2025-06-30T12:00:00") {
        firstReadoutTimestamp firstReadoutValue lastReadoutTimestamp lastReadoutValue } }`,
      { token: tokens.nora },
    );
    expect(listed).toMatchObject({ id: String(heat.id), ...single.readoutMinMax });
    // The latest reading of the (current) tenancy: the meter's newest raw reading.
    const newest = await sql<{
      ts: number;
      value: number;
    }>`select ts, value from meter_readings where meter_id = ${heat.id} order by ts desc limit 1`.execute(backend.db);
    expect(listed.latestReadoutValue).toBe(newest.rows[0]!.value);
    expect(Date.parse(String(listed.latestReadoutTimestamp)) / 1000).toBe(newest.rows[0]!.ts);
    expect(
      firstErrorCode(
        await asAnna(
          `{ meterReadouts(tenancyId: ${NORA_TENANCY}, fromDate: "2025-01-01T00:00:00", toDate: "2025-06-30T12:00:00") { id } }`,
        ),
      ),
    ).toBe("FORBIDDEN");
  });

  it("lists the prices valid in a period", async () => {
    const data = await annasData<{
      quantityPrices: {
        quantity: string;
        price: number;
        currency: string;
        validFrom: string;
        validTo: string | null;
      }[];
    }>(
      `{ quantityPrices(input: { periodBegin: "2025-12-01", periodEnd: "2026-01-31" }) { quantity price currency validFrom validTo } }`,
    );
    const hot = data.quantityPrices.filter((price) => price.quantity === "hot-water-volume");
    expect(hot.map((price) => [price.validFrom, price.validTo])).toEqual([
      ["2025-01-01", "2025-12-31"],
      ["2026-01-01", null],
    ]);
    expect(data.quantityPrices.every((price) => price.currency === "DKK")).toBe(true);
    const bad = await asAnna(
      `{ quantityPrices(input: { periodBegin: "2026-01-31", periodEnd: "2025-12-01" }) { quantity } }`,
    );
    expect(firstErrorCode(bad)).toBe("BAD_USER_INPUT");
  });

  it("rates the last 365 days per m2 against the other units, with the ADR's bands", async () => {
    const letters = new Set<string>();
    for (const [user, tenancyId] of [
      ["anna", demoTenancyIds.anna],
      ["jens", demoTenancyIds.jensFirst],
      ["jens", demoTenancyIds.jensSecond],
      ["emma", demoTenancyIds.emma],
      ["nora", NORA_TENANCY],
    ] as const) {
      const data = await graphqlData<{
        consumptionRating: {
          letter: string | null;
          value: number;
          propertyAverage: number;
          ratio: number;
          unitsCompared: number;
          periodBegin: string;
          periodEnd: string;
          expressedAs: string;
        };
      }>(
        backend,
        "tenant",
        `{ consumptionRating(tenancyId: ${tenancyId}, quantity: "heat-energy") { letter value propertyAverage ratio unitsCompared periodBegin periodEnd expressedAs } }`,
        { token: tokens[user] },
      );
      const rating = data.consumptionRating;
      expect(rating.letter).not.toBeNull();
      expect(rating.ratio).toBeCloseTo(rating.value / rating.propertyAverage, 3);
      expect(rating.letter).toBe(ratingLetterOf(rating.value / rating.propertyAverage));
      expect(rating.unitsCompared).toBe(seededUnits.length - 1);
      expect(rating.periodEnd).toBe("2025-11-19");
      expect(rating.periodBegin).toBe(tenancyId === NORA_TENANCY ? "2025-06-01" : "2024-11-20");
      letters.add(rating.letter!);
    }
    expect(letters.size).toBeGreaterThanOrEqual(2);
    const average = await asAnna(
      `{ consumptionRating(tenancyId: ${demoTenancyIds.anna}, quantity: "indoor-temperature") { letter } }`,
    );
    expect(firstErrorCode(average)).toBe("BAD_USER_INPUT");
  });
});
