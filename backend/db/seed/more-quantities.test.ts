/**
 * The demo meters of the remaining quantities (ADR 0022): plausible readings, and the back-end
 * shows each kind right — averages of every sample for temperatures, kelvin and cooling; sums of
 * register differences for heat volume, backflow and error counts; no cost or CO2 for any of them.
 * Expected figures come from the raw readings with plain SQL, not from the rollups.
 */

import { startOfDay } from "@common/calendar";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../../app";
import { firstErrorCode, graphql, graphqlData, signInToUsers } from "../../testing/graphql";
import { createDemoBackendWithReadings } from "../../testing/setup";
import { demoAccounts, demoTenancyIds } from "./demo-accounts";
import { coolingUnitId, districtHeatingUnitId, inBackflowEpisode, moreDemoMeters } from "./more-quantities";

/** Readings up to 2025-08-05: July 2025 has warm days, 8–9 June 2025 a backflow episode. */
const NOW = new Date("2025-08-05T10:30:00.000Z");
let backend: Backend;
let token = "";

beforeAll(async () => {
  backend = await createDemoBackendWithReadings(NOW, {
    unitIds: [districtHeatingUnitId, coolingUnitId],
    fromDay: "2025-06-01",
  });
  token = (await signInToUsers(backend, demoAccounts.jens.email)).token;
}, 60_000);
afterAll(() => backend?.close());

const s = (day: string) => startOfDay(day) / 1000;
const meterId = (quantity: string) => moreDemoMeters.find((meter) => meter.quantity === quantity)!.id;

async function samples(quantity: string, from: string, end: string): Promise<{ ts: number; value: number }[]> {
  const rows = await sql<{ ts: number; value: number }>`
    select ts, value from meter_readings where meter_id = ${meterId(quantity)} and ts >= ${s(from)} and ts < ${s(end)} order by ts
  `.execute(backend.db);
  return rows.rows;
}
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function registerDelta(quantity: string, from: string, end: string): Promise<number> {
  const rows = await sql<{ ts: number; value: number }>`
    select ts, value from meter_readings where meter_id = ${meterId(quantity)} and ts in (${s(from)}, ${s(end)}) order by ts
  `.execute(backend.db);
  expect(rows.rows).toHaveLength(2);
  return rows.rows[1]!.value - rows.rows[0]!.value;
}

interface Graph {
  tenantGraph: {
    timestamps: string[];
    graphs: { consumption: { quantityDescriptor: { expressedAs: string }; values: (number | null)[] } }[];
  };
}
const graphQuery = /* GraphQL */ `
  query Graph($graph: TenantGraphInput!) {
    tenantGraph(graph: $graph) { timestamps graphs { consumption { quantityDescriptor { expressedAs } values } } }
  }
`;
/** A graph request of one quantity over whole days [from, end). */
const graphInput = (tenancyId: number, quantity: string, resolution: string, from: string, end: string) => ({
  tenancyId,
  quantities: [quantity],
  resolution,
  periodBegin: `${from}T00:00:00`,
  periodEnd: `${end}T00:00:00`,
});
async function graph(
  tenancyId: number,
  quantity: string,
  resolution: string,
  from: string,
  end: string,
  mode = "HOURLY_VALUES",
) {
  return graphql(backend, "tenant", graphQuery, {
    token,
    variables: { graph: { ...graphInput(tenancyId, quantity, resolution, from, end), mode } },
  });
}
async function values(tenancyId: number, quantity: string, resolution: string, from: string, end: string) {
  const data = await graphqlData<Graph>(backend, "tenant", graphQuery, {
    token,
    variables: { graph: graphInput(tenancyId, quantity, resolution, from, end) },
  });
  return data.tenantGraph.graphs[0]!.consumption;
}
async function kpiTotal(tenancyId: number, quantity: string, from: string, end: string): Promise<number | null> {
  const data = await graphqlData<{ unitQuantityKpis: { total: number | null } }>(
    backend,
    "tenant",
    `{ unitQuantityKpis(input: { tenancyId: ${tenancyId}, quantity: "${quantity}", periodBegin: "${from}T00:00:00", periodEnd: "${end}T00:00:00" }) { total } }`,
    { token },
  );
  return data.unitQuantityKpis.total;
}

const home = demoTenancyIds.jensSecond; // unit 122
const cooled = demoTenancyIds.jensFirst; // unit 119

describe("the readings are plausible", () => {
  it("flow is hotter than return, and heat cooling is their difference hour by hour", async () => {
    const [flow, back, cooling] = await Promise.all([
      samples("heat-flow-temperature", "2025-06-01", "2025-08-01"),
      samples("heat-return-temperature", "2025-06-01", "2025-08-01"),
      samples("heat-cooling", "2025-06-01", "2025-08-01"),
    ]);
    expect(flow).toHaveLength(61 * 24);
    flow.forEach((sample, index) => {
      expect(sample.value).toBeGreaterThanOrEqual(55);
      expect(sample.value).toBeLessThanOrEqual(82);
      expect(back[index]!.value).toBeGreaterThan(20);
      expect(back[index]!.value).toBeLessThan(sample.value);
      expect(cooling[index]!.value).toBeCloseTo(sample.value - back[index]!.value, 6);
    });
  });

  it("water runs backwards only in an episode, when the heat meter counts errors", async () => {
    const day = (key: string) =>
      Math.round(
        (Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8))) - Date.UTC(2024, 0, 1)) /
          86_400_000,
      );
    expect(inBackflowEpisode(day("2025-06-08"))).toBe(true);
    expect(inBackflowEpisode(day("2025-06-09"))).toBe(true);
    expect(inBackflowEpisode(day("2025-06-07"))).toBe(false);
    expect(inBackflowEpisode(day("2025-06-10"))).toBe(false);
    expect(await registerDelta("hot-water-backflow", "2025-06-08", "2025-06-10")).toBeGreaterThan(0.05);
    expect(await registerDelta("cold-water-backflow", "2025-06-08", "2025-06-10")).toBeGreaterThan(0.1);
    expect(await registerDelta("cold-water-backflow", "2025-06-10", "2025-08-01")).toBe(0);
    expect(await registerDelta("hot-water-backflow", "2025-06-01", "2025-06-08")).toBe(0);
    // 2 × 15 daytime hours of the episode, and a rare sensor fault.
    expect(await registerDelta("error", "2025-06-08", "2025-06-10")).toBeGreaterThanOrEqual(30);
    expect(await registerDelta("error", "2025-06-10", "2025-08-01")).toBeLessThan(10);
  });

  it("cools only in warm weather", async () => {
    const july = await samples("cooling-energy", "2025-07-01", "2025-08-01");
    expect(july.some((sample) => sample.value > 0)).toBe(true);
    expect(july.some((sample) => sample.value === 0)).toBe(true);
    expect(Math.max(...july.map((sample) => sample.value))).toBeLessThan(5);
  });
});

describe("each kind is shown right", () => {
  it.each(["heat-flow-temperature", "heat-return-temperature", "heat-cooling"])(
    "%s: a day is the mean of its samples, a month and the key figure the mean of all of them",
    async (quantity) => {
      const daily = await values(home, quantity, "DAILY", "2025-07-01", "2025-08-01");
      const july = await samples(quantity, "2025-07-01", "2025-08-01");
      for (const [index, value] of daily.values.entries()) {
        const from = s(`2025-07-${String(index + 1).padStart(2, "0")}`);
        const ofDay = july
          .filter((sample) => sample.ts >= from && sample.ts < from + 86_400)
          .map((sample) => sample.value);
        expect(ofDay).toHaveLength(24);
        expect(value).toBeCloseTo(mean(ofDay), 6);
      }
      const monthly = await values(home, quantity, "MONTHLY", "2025-07-01", "2025-08-01");
      const all = mean(july.map((sample) => sample.value));
      expect(monthly.values[0]).toBeCloseTo(all, 6);
      expect(await kpiTotal(home, quantity, "2025-07-01", "2025-08-01")).toBeCloseTo(all, 6);
      // An average is not a sum: nowhere near 31 days of values added up.
      expect(monthly.values[0]!).toBeLessThan(100);
      expect(monthly.quantityDescriptor.expressedAs).toBe(quantity === "heat-cooling" ? "K" : "°C");
    },
  );

  it("cooling energy is averaged too (spec section 3 lists it with the average quantities)", async () => {
    const july = await samples("cooling-energy", "2025-07-01", "2025-08-01");
    expect(await kpiTotal(cooled, "cooling-energy", "2025-07-01", "2025-08-01")).toBeCloseTo(
      mean(july.map((sample) => sample.value)),
      6,
    );
  });

  it.each(["heat-volume", "hot-water-backflow", "cold-water-backflow", "error"])(
    "%s adds up: the register difference",
    async (quantity) => {
      const monthly = await values(home, quantity, "MONTHLY", "2025-07-01", "2025-08-01");
      const delta = await registerDelta(quantity, "2025-07-01", "2025-08-01");
      expect(monthly.values[0]).toBeCloseTo(delta, 6);
      expect(await kpiTotal(home, quantity, "2025-07-01", "2025-08-01")).toBeCloseTo(delta, 6);
      if (quantity === "error") expect(Number.isInteger(delta)).toBe(true);
    },
  );

  it.each(["heat-flow-temperature", "heat-cooling", "cooling-energy"])(
    "%s has no cost and no CO2",
    async (quantity) => {
      const tenancy = quantity === "cooling-energy" ? cooled : home;
      for (const mode of ["COST", "CO2"]) {
        expect(firstErrorCode(await graph(tenancy, quantity, "DAILY", "2025-07-01", "2025-07-08", mode))).toBe(
          "BAD_USER_INPUT",
        );
      }
    },
  );

  it.each(["heat-volume", "hot-water-backflow", "error"])(
    "%s has no CO2 factor in the demo property",
    async (quantity) => {
      expect(firstErrorCode(await graph(home, quantity, "DAILY", "2025-07-01", "2025-07-08", "CO2"))).toBe(
        "BAD_USER_INPUT",
      );
    },
  );
});
