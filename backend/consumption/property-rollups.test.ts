/**
 * The property rollups on both databases (PostgreSQL with TEST_DATABASE_URL): kept by the ingest
 * exactly as a rebuild makes them, also for a reading that arrives late for a past day, and the
 * property averages read from them equal those read from the other units' own rows (today's
 * figures) and a recomputation from the raw readings, in every mode.
 */
import { addDays, type DayKey, type Resolution, startOfDay } from "@common/calendar";
import { bucketsOf } from "@common/calendar-ranges";
import type { QuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/types";
import { parsePeriod, presentationFor } from "../services/tenant-consumption/arguments";
import { rateUnit } from "../services/tenant-consumption/rating";
import { propertySubjectOf, scopeOfTenancy, type UnitScope } from "../services/tenant-consumption/unit-scope";
import { openEmptyBackend, propertyRollupTables, testDatabases } from "../testing/property-rollups";
import { insertTestMeters, insertTestProperties, insertTestUnits, tenancyRow } from "../testing/setup";
import type { Reading } from "./aggregate";
import type { GraphMode } from "./engine";
import {
  mergeSpans,
  type RunEdges,
  rebuildPropertyRollups,
  runEdges,
  unitsWithDataIn,
  unitsWithDataPerSpan,
  viewQuantitiesOf,
} from "./property-rollups";
import { propertyAverageOverDays, propertyAverageSeries } from "./series";
import { ingestMeterReadings, ingestReadings } from "./store";

describe("the quantities a meter counts under", () => {
  it("are its own, and total water for hot and cold water; none for an average quantity", () => {
    expect(viewQuantitiesOf("heat-energy")).toEqual(["heat-energy"]);
    expect(viewQuantitiesOf("cold-water-volume")).toEqual(["cold-water-volume", "total-water-volume"]);
    expect(viewQuantitiesOf("total-water-volume")).toEqual(["total-water-volume"]);
    expect(viewQuantitiesOf("indoor-temperature")).toEqual([]);
  });
});

describe("runs of days", () => {
  it("merge where they overlap or touch", () => {
    expect(
      mergeSpans([
        ["2025-03-05", "2025-03-07"],
        ["2025-03-01", "2025-03-03"],
        ["2025-03-03", "2025-03-04"],
        ["2025-03-06", "2025-03-09"],
        ["2025-03-11", "2025-03-12"],
      ]),
    ).toEqual([
      ["2025-03-01", "2025-03-04"],
      ["2025-03-05", "2025-03-09"],
      ["2025-03-11", "2025-03-12"],
    ]);
  });

  it("count a unit once per span however many of its runs overlap it, and not across a gap", () => {
    const runs = [
      { unitId: 1, firstDay: "2025-03-01", endDay: "2025-03-03" },
      { unitId: 1, firstDay: "2025-03-05", endDay: "2025-03-06" },
      { unitId: 2, firstDay: "2025-03-03", endDay: "2025-03-05" },
      { unitId: 3, firstDay: "2025-02-01", endDay: "2025-04-01" },
    ];
    const spans = [
      { fromDay: "2025-03-01", endDay: "2025-03-02" },
      { fromDay: "2025-03-02", endDay: "2025-03-03" },
      { fromDay: "2025-03-03", endDay: "2025-03-05" },
      { fromDay: "2025-03-05", endDay: "2025-03-08" },
      { fromDay: "2025-03-08", endDay: "2025-03-08" },
    ];
    expect(unitsWithDataPerSpan(edgesOf(runs, "2025-03-01", "2025-03-08"), spans)).toEqual([2, 2, 2, 2, 0]);
    expect(
      unitsWithDataPerSpan(edgesOf(runs, "2025-03-01", "2025-04-01"), [
        { fromDay: "2025-03-01", endDay: "2025-04-01" },
      ]),
    ).toEqual([3]);
  });

  it("count what a home-by-home count of the runs gives, for random homes and spans", () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let trial = 0; trial < 200; trial++) {
      const runs: UnitRun[] = [];
      for (let unitId = 1; unitId <= 1 + random(12); unitId++) {
        // Maximal runs: a gap of at least a day between two of a home's runs.
        let at = random(20);
        for (let run = random(4); run > 0; run--) {
          const length = 1 + random(10);
          runs.push({ unitId, firstDay: day(at), endDay: day(at + length) });
          at += length + 1 + random(6);
        }
      }
      const from = random(40);
      const end = from + 1 + random(40);
      const cuts = [from, end];
      for (let cut = random(6); cut > 0; cut--) cuts.push(from + random(end - from));
      const points = [...new Set(cuts)].sort((a, b) => a - b);
      const spans = points.slice(1).map((point, index) => ({ fromDay: day(points[index]!), endDay: day(point) }));
      expect(unitsWithDataPerSpan(edgesOf(runs, day(from), day(end)), spans)).toEqual(
        spans.map((span) => homesWithDataIn(runs, span.fromDay, span.endDay)),
      );
    }
  });
});

/** A home's run of days with data [firstDay, endDay), as property_unit_runs keeps it. */
interface UnitRun {
  unitId: number;
  firstDay: DayKey;
  endDay: DayKey;
}

/** The homes with data in [fromDay, endDay): those with a run overlapping it, each once. */
function homesWithDataIn(runs: readonly UnitRun[], fromDay: DayKey, endDay: DayKey): number {
  return new Set(runs.filter((run) => run.firstDay < endDay && run.endDay > fromDay).map((run) => run.unitId)).size;
}

/** What runEdges reads for [fromDay, endDay) from a property's runs (each home's sorted and maximal). */
function edgesOf(runs: readonly UnitRun[], fromDay: DayKey, endDay: DayKey): RunEdges {
  const days = new Map<DayKey, { day: DayKey; starts: number; ends: number }>();
  const at = (key: DayKey) => days.get(key) ?? days.set(key, { day: key, starts: 0, ends: 0 }).get(key)!;
  let startedBefore = 0;
  let endedBy = 0;
  const gaps: RunEdges["gaps"] = [];
  const sorted = [...runs].sort((a, b) => a.unitId - b.unitId || (a.firstDay < b.firstDay ? -1 : 1));
  sorted.forEach((run, index) => {
    if (run.firstDay < fromDay) startedBefore++;
    else if (run.firstDay <= endDay) at(run.firstDay).starts++;
    if (run.endDay <= fromDay) endedBy++;
    if (run.endDay >= fromDay && run.endDay <= endDay) at(run.endDay).ends++;
    const previous = sorted[index - 1];
    if (previous?.unitId === run.unitId && previous.endDay > fromDay && run.firstDay < endDay)
      gaps.push({ prevEnd: previous.endDay, firstDay: run.firstDay });
  });
  return {
    fromDay,
    startedBefore,
    endedBy,
    days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)),
    gaps,
  };
}

const NOW = new Date("2025-03-20T12:00:00Z");
const FIRST_DAY = "2025-03-03";
const day = (index: number): DayKey => addDays(FIRST_DAY, index);

/**
 * One property of seven units. Unit 4's heat comes from two meters with days 3–5 between them
 * without data; unit 5's heat starts on day 6 (a reading for day 4 arrives late); unit 6 has
 * total-water meters, so its hot water does not count in total water; unit 3's cold water starts on day 2.
 */
const meterPlan: { id: number; unit: number; quantity: QuantityId; from: number; end: number }[] = [
  { id: 11, unit: 1, quantity: "heat-energy", from: 0, end: 12 },
  { id: 12, unit: 1, quantity: "hot-water-volume", from: 0, end: 12 },
  { id: 13, unit: 1, quantity: "cold-water-volume", from: 0, end: 12 },
  { id: 21, unit: 2, quantity: "heat-energy", from: 0, end: 12 },
  { id: 22, unit: 2, quantity: "total-water-volume", from: 0, end: 12 },
  { id: 31, unit: 3, quantity: "heat-energy", from: 0, end: 12 },
  { id: 32, unit: 3, quantity: "hot-water-volume", from: 0, end: 12 },
  { id: 33, unit: 3, quantity: "cold-water-volume", from: 2, end: 12 },
  { id: 41, unit: 4, quantity: "heat-energy", from: 0, end: 3 },
  { id: 42, unit: 4, quantity: "heat-energy", from: 6, end: 12 },
  { id: 43, unit: 4, quantity: "hot-water-volume", from: 0, end: 12 },
  { id: 51, unit: 5, quantity: "heat-energy", from: 6, end: 12 },
  { id: 53, unit: 5, quantity: "cold-water-volume", from: 0, end: 12 },
  { id: 61, unit: 6, quantity: "heat-energy", from: 0, end: 12 },
  { id: 62, unit: 6, quantity: "total-water-volume", from: 0, end: 12 },
  { id: 63, unit: 6, quantity: "hot-water-volume", from: 0, end: 12 },
  { id: 71, unit: 7, quantity: "heat-energy", from: 0, end: 5 },
];

/** A meter's consumption in the hour starting `hourS`: a fixed pattern per meter. */
function consumptionOf(meterId: number, hourS: number): number {
  return 0.1 + ((meterId * 37 + (hourS / 3600) * 13) % 17) / 10;
}

/** Register readings on every full hour of the days [from, end), the last one at the end's midnight. */
function registerReadings(meterId: number, fromDay: DayKey, endDay: DayKey, start = 1000): Reading[] {
  const readings: Reading[] = [];
  let value = start;
  for (let ts = startOfDay(fromDay) / 1000; ts <= startOfDay(endDay) / 1000; ts += 3600) {
    readings.push({ ts, value: Math.round(value * 1e6) / 1e6 });
    value += consumptionOf(meterId, ts);
  }
  return readings;
}

describe.each(testDatabases)("property rollups on $name", ({ open }) => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openEmptyBackend(open, { now: () => NOW }));
    await insertTestProperties(db, [1]);
    await insertTestUnits(
      db,
      [1, 2, 3, 4, 5, 6, 7].map((unit) => ({ id: unit, propertyId: 1, floorArea: 40 + 7 * unit })),
    );
    await insertTestMeters(
      db,
      meterPlan.map((meter) => ({ id: meter.id, unitId: meter.unit, quantity: meter.quantity })),
    );
    await db
      .insertInto("tenancies")
      .values([
        { id: 1, unit_id: 1, tenant_name: "One", start_date: "2025-03-01", end_date: null },
        { id: 6, unit_id: 6, tenant_name: "Six", start_date: day(3), end_date: null },
      ])
      .execute();
    await db
      .insertInto("co2_factors")
      .values(
        (["heat-energy", "hot-water-volume", "cold-water-volume", "total-water-volume"] as const).map(
          (quantity, index) => ({ property_id: 1, quantity, gram_per_quantity_unit: 100 + 50 * index }),
        ),
      )
      .execute();
    await db
      .insertInto("quantity_prices")
      .values(
        (["hot-water-volume", "cold-water-volume", "total-water-volume"] as const).map((quantity, index) => ({
          quantity,
          price: 30 + 5 * index,
          currency: "DKK",
          valid_from: "2025-01-01",
          valid_to: null,
        })),
      )
      .execute();
    const hours: { area: string; hour: number; price: number; currency: string }[] = [];
    for (let hour = startOfDay("2025-03-01") / 1000; hour < startOfDay("2025-03-21") / 1000; hour += 3600) {
      hours.push({ area: "DK2", hour, price: 0.5 + ((hour / 3600) % 7) / 10, currency: "DKK" });
    }
    for (let start = 0; start < hours.length; start += 200) {
      await db
        .insertInto("market_prices")
        .values(hours.slice(start, start + 200))
        .execute();
    }
    await db.transaction().execute(async (trx) => {
      for (const meter of meterPlan) {
        await ingestMeterReadings(
          trx,
          meter.id,
          "addition",
          registerReadings(meter.id, day(meter.from), day(meter.end)),
        );
      }
    });
  }, 120_000);

  afterAll(() => close?.());

  const scopeOf = async (tenancyId: number) => scopeOfTenancy({ db, now: NOW }, await tenancyRow(db, tenancyId));

  /**
   * A property average read from the property rollups (the other units' rows must not be read) and
   * from the other units' own rows, as before the rollups.
   */
  async function averages(
    tenancyId: number,
    quantity: QuantityId,
    mode: GraphMode,
    normalized: boolean,
    resolution: Resolution,
    begin: string,
    end: string,
  ) {
    const scope = await scopeOf(tenancyId);
    const presentation = presentationFor(scope, quantity, mode, normalized);
    const context = { db, quantity, resolution, presentation, window: scope.window };
    const buckets = bucketsOf(resolution, parsePeriod(begin, end, resolution));
    const rollupsOnly = {
      ...propertySubjectOf({ db }, scope, quantity, true),
      others: () => Promise.reject(new Error("the other units' rows were read")),
    };
    const period = { fromDay: buckets[0]!.firstDay, endDay: buckets[buckets.length - 1]!.endDay };
    return {
      fromRollups: await propertyAverageSeries(context, rollupsOnly, buckets),
      direct: await propertyAverageSeries(context, propertySubjectOf({ db }, scope, quantity, false), buckets),
      totalFromRollups: await propertyAverageOverDays(context, rollupsOnly, period.fromDay, period.endDay),
      totalDirect: await propertyAverageOverDays(
        context,
        propertySubjectOf({ db }, scope, quantity, false),
        period.fromDay,
        period.endDay,
      ),
      buckets,
    };
  }

  /** Equal to the displayed decimals and beyond: the rollups' sums differ from the other units' only in rounding noise. */
  function expectSameFigures(actual: (number | null)[], expected: (number | null)[]) {
    expect(actual.map((value) => value === null)).toEqual(expected.map((value) => value === null));
    actual.forEach((value, index) => {
      if (value !== null) expect(value).toBeCloseTo(expected[index]!, 5);
    });
  }

  const cases = [
    ["heat-energy", "HOURLY_VALUES", false],
    ["heat-energy", "HOURLY_VALUES", true],
    ["heat-energy", "COST", false],
    ["heat-energy", "CO2", true],
    ["total-water-volume", "HOURLY_VALUES", false],
    ["total-water-volume", "HOURLY_VALUES", true],
    ["total-water-volume", "COST", false],
    ["total-water-volume", "CO2", false],
    ["hot-water-volume", "HOURLY_VALUES", true],
    ["cold-water-volume", "HOURLY_VALUES", false],
  ] as const;
  const views = [
    ["DAILY", "2025-03-01T00:00:00", "2025-03-18T00:00:00"],
    ["WEEKLY", "2025-03-03T00:00:00", "2025-03-24T00:00:00"],
    ["MONTHLY", "2025-01-01T00:00:00", "2025-05-01T00:00:00"],
    ["HOURLY", "2025-03-08T00:00:00", "2025-03-10T00:00:00"],
  ] as const;

  it.each(cases)(
    "give %s (%s, per m2: %s) the figures of the other units' rows",
    async (quantity, mode, normalized) => {
      for (const tenancyId of [1, 6]) {
        for (const [resolution, begin, end] of views) {
          const result = await averages(tenancyId, quantity, mode, normalized, resolution, begin, end);
          expectSameFigures(result.fromRollups, result.direct);
          expectSameFigures([result.totalFromRollups.value], [result.totalDirect.value]);
          expect(result.totalFromRollups.units).toBe(result.totalDirect.units);
          // Cold water: unit 1's neighbours with cold water are units 3 and 5 only, too few for an average.
          const none = quantity === "cold-water-volume" && tenancyId === 1;
          expect(result.fromRollups.some((value) => value !== null)).toBe(!none);
        }
      }
    },
  );

  /** Unit 1's neighbours' average heat, not per m2, as the two reads give it. */
  const heatAverages = (resolution: Resolution, begin: string, end: string) =>
    averages(1, "heat-energy", "HOURLY_VALUES", false, resolution, begin, end);

  /** The average heat per day of unit 1's neighbours, recomputed from the readings written. */
  function heatAverageFromReadings(fromDay: DayKey, endDay: DayKey, plan = meterPlan): number | null {
    const perUnit = new Map<number, number>();
    for (const meter of plan) {
      if (meter.quantity !== "heat-energy" || meter.unit === 1) continue;
      const from = day(meter.from) > fromDay ? day(meter.from) : fromDay;
      const end = day(meter.end) < endDay ? day(meter.end) : endDay;
      for (let hour = startOfDay(from) / 1000; hour < startOfDay(end) / 1000; hour += 3600) {
        perUnit.set(meter.unit, (perUnit.get(meter.unit) ?? 0) + consumptionOf(meter.id, hour));
      }
    }
    if (perUnit.size < 3) return null;
    return [...perUnit.values()].reduce((sum, value) => sum + value, 0) / perUnit.size;
  }

  it("count a unit in a week once, over the days it has data (a gap between two meters included)", async () => {
    const result = await heatAverages("DAILY", "2025-03-03T00:00:00", "2025-03-15T00:00:00");
    result.buckets.forEach((bucket, index) => {
      expect(result.fromRollups[index]).toBeCloseTo(heatAverageFromReadings(bucket.firstDay, bucket.endDay)!, 5);
    });
    const week = await heatAverages("WEEKLY", "2025-03-03T00:00:00", "2025-03-10T00:00:00");
    expect(week.fromRollups[0]).toBeCloseTo(heatAverageFromReadings(day(0), day(7))!, 5);
  });

  it("stay what a rebuild makes after the ingest, and after a reading that arrives late for a past day", async () => {
    const kept = await propertyRollupTables(db);
    expect(kept.daily.length).toBeGreaterThan(0);
    expect(kept.runs.filter((run) => run.unit_id === 4 && run.quantity === "heat-energy")).toEqual([
      expect.objectContaining({ first_day: day(0), end_day: day(3) }),
      expect.objectContaining({ first_day: day(6), end_day: day(12) }),
    ]);
    await rebuildPropertyRollups(db);
    expect(await propertyRollupTables(db)).toEqual(kept);

    // Unit 5's heat meter had its first reading on day 6; the readings of days 4 and 5 come in now.
    const first = registerReadings(51, day(6), day(12))[0]!;
    const lateHour = startOfDay(day(4)) / 1000;
    let start = first.value;
    for (let hour = lateHour; hour < first.ts; hour += 3600) start -= consumptionOf(51, hour);
    const late = registerReadings(51, day(4), day(6), start).filter((reading) => reading.ts < first.ts);
    await db.transaction().execute((trx) => ingestMeterReadings(trx, 51, "addition", late));
    const afterLate = await propertyRollupTables(db);
    const heatOf = (tables: typeof kept, key: DayKey) =>
      tables.daily.find((row) => row.quantity === "heat-energy" && row.day === key);
    expect(heatOf(afterLate, day(4))!.units).toBe(heatOf(kept, day(4))!.units + 1);
    expect(heatOf(afterLate, day(5))!.value).toBeGreaterThan(heatOf(kept, day(5))!.value);
    const hoursOfDay4 = afterLate.hourly.filter(
      (row) => row.quantity === "heat-energy" && row.hour >= lateHour && row.hour < startOfDay(day(5)) / 1000,
    );
    expect(hoursOfDay4).toHaveLength(24);
    expect(afterLate.runs.filter((run) => run.unit_id === 5 && run.quantity === "heat-energy")).toEqual([
      expect.objectContaining({ first_day: day(4), end_day: day(12) }),
    ]);
    await rebuildPropertyRollups(db, [1]);
    expect(await propertyRollupTables(db)).toEqual(afterLate);

    // The averages read after it: the readings' figures, as the other units' rows give them.
    const plan = meterPlan.map((meter) => (meter.id === 51 ? { ...meter, from: 4 } : meter));
    const result = await heatAverages("DAILY", "2025-03-03T00:00:00", "2025-03-15T00:00:00");
    result.buckets.forEach((bucket, index) => {
      expect(result.fromRollups[index]).toBeCloseTo(heatAverageFromReadings(bucket.firstDay, bucket.endDay, plan)!, 5);
    });
    expectSameFigures(result.fromRollups, result.direct);

    const scope = await scopeOf(1);
    const large: UnitScope = { ...scope, hasNeighbours: true };
    const small: UnitScope = { ...scope, hasNeighbours: false };
    const [fromRollups, direct] = await Promise.all([
      rateUnit({ db, now: NOW }, large, "heat-energy"),
      rateUnit({ db, now: NOW }, small, "heat-energy"),
    ]);
    expect(fromRollups.unitsCompared).toBe(direct.unitsCompared);
    expect(fromRollups.propertyAverage).toBeCloseTo(direct.propertyAverage!, 5);
    expect(fromRollups.letter).toBe(direct.letter);
  });

  it("recompute only the hours an hour's ingest rewrote, and stay what a rebuild makes", async () => {
    // Every meter that reads to the end: two more hours, each ingested as the hourly import does.
    const current = meterPlan
      .filter((meter) => meter.end === 12)
      .map((meter) => {
        const from = meter.id === 51 ? 6 : meter.from;
        return { id: meter.id, last: registerReadings(meter.id, day(from), day(12)).at(-1)! };
      });
    const ingestHour = async (index: number) => {
      await db.transaction().execute((trx) =>
        ingestReadings(
          trx,
          current.map(({ id, last }) => {
            let value = last.value;
            for (let hour = last.ts; hour < last.ts + 3600 * (index + 1); hour += 3600)
              value += consumptionOf(id, hour);
            return {
              meterId: id,
              aggregation: "addition" as const,
              readings: [{ ts: last.ts + 3600 * (index + 1), value: Math.round(value * 1e6) / 1e6 }],
            };
          }),
        ),
      );
    };
    await ingestHour(0);
    const midnight = startOfDay(day(12)) / 1000;
    const firstHour = () =>
      db
        .selectFrom("property_hourly")
        .select("value")
        .where("property_id", "=", 1)
        .where("quantity", "=", "heat-energy")
        .where("hour", "=", midnight)
        .executeTakeFirstOrThrow();
    const { value } = await firstHour();
    // A mark on the day's first hour: the next hour's ingest must leave that hour alone.
    await db
      .updateTable("property_hourly")
      .set({ value: value + 1000 })
      .where("quantity", "=", "heat-energy")
      .where("hour", "=", midnight)
      .execute();
    await ingestHour(1);
    expect((await firstHour()).value).toBe(value + 1000);
    await db
      .updateTable("property_hourly")
      .set({ value })
      .where("quantity", "=", "heat-energy")
      .where("hour", "=", midnight)
      .execute();

    const kept = await propertyRollupTables(db);
    const heatHours = kept.hourly.filter((row) => row.quantity === "heat-energy" && row.hour >= midnight);
    expect(heatHours.map((row) => row.hour)).toEqual([midnight, midnight + 3600]);
    expect(heatHours.map((row) => row.units)).toEqual([6, 6]);
    await rebuildPropertyRollups(db, [1]);
    expect(await propertyRollupTables(db)).toEqual(kept);
  });

  it("count the homes with data in any span as the runs do, also after a gap between a home's runs closes", async () => {
    const expectCountsOfRuns = async () => {
      const runs = await db.selectFrom("property_unit_runs").selectAll().execute();
      for (const quantity of ["heat-energy", "total-water-volume", "cold-water-volume"] as const) {
        const ofQuantity = runs
          .filter((run) => run.quantity === quantity)
          .map((run) => ({ unitId: run.unit_id, firstDay: run.first_day, endDay: run.end_day }));
        for (let from = -2; from <= 13; from++) {
          for (let end = from + 1; end <= 14; end++) {
            const expected = homesWithDataIn(ofQuantity, day(from), day(end));
            expect(await unitsWithDataIn(db, 1, quantity, day(from), day(end))).toBe(expected);
            // The same span cut in two at each of its days, counted from one read of the edges.
            const edges = await runEdges(db, 1, quantity, day(from), day(end));
            for (let cut = from + 1; cut < end; cut++) {
              expect(
                unitsWithDataPerSpan(edges, [
                  { fromDay: day(from), endDay: day(cut) },
                  { fromDay: day(cut), endDay: day(end) },
                ]),
              ).toEqual([
                homesWithDataIn(ofQuantity, day(from), day(cut)),
                homesWithDataIn(ofQuantity, day(cut), day(end)),
              ]);
            }
          }
        }
      }
      return runs;
    };
    const before = await expectCountsOfRuns();
    expect(before.find((run) => run.unit_id === 4 && run.first_day === day(6))?.prev_end).toBe(day(3));

    // Unit 4's first heat meter reports days 3 to 5 too: its two runs become one.
    const earlier = registerReadings(41, day(0), day(3));
    const closing = registerReadings(41, day(3), day(6), earlier[earlier.length - 1]!.value).slice(1);
    await db.transaction().execute((trx) => ingestMeterReadings(trx, 41, "addition", closing));
    const after = await expectCountsOfRuns();
    expect(after.filter((run) => run.unit_id === 4 && run.quantity === "heat-energy")).toEqual([
      expect.objectContaining({ first_day: day(0), prev_end: null }),
    ]);
    const kept = await propertyRollupTables(db);
    await rebuildPropertyRollups(db, [1]);
    expect(await propertyRollupTables(db)).toEqual(kept);
  });
});
