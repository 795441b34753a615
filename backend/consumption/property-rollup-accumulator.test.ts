/**
 * The property rollups a bulk load makes while it writes (PropertyRollupAccumulator) are exactly the
 * rows rebuildPropertyRollups makes from the written meters' rollups, on both databases (PostgreSQL
 * with TEST_DATABASE_URL): total water of hot and cold water in homes without a total-water meter,
 * average quantities left out, rows of weight 0 (a home counts only with weight), a home's meters
 * split across batches, and a property with rollups from outside the load, which is rebuilt.
 */
import { addDays, type DayKey, dayKeyOf, startOfDay } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "../app";
import type { Database } from "../db/types";
import { silentLogger } from "../logger";
import { openEmptyBackend, propertyRollupTables, testDatabases } from "../testing/property-rollups";
import { insertTestMeters, insertTestProperties, insertTestUnits } from "../testing/setup";
import { type HourAggregate, type Reading, rollupDays } from "./aggregate";
import { insertIntoReadingTable } from "./bulk-insert";
import { writeNewSeriesBatch } from "./new-series";
import { PropertyRollupAccumulator } from "./property-rollup-accumulator";
import { rebuildPropertyRollups } from "./property-rollups";
import { ingestMeterReadings } from "./store";

const FIRST_DAY = "2025-03-24"; // across the spring change (a day of 23 hours)
const day = (index: number): DayKey => addDays(FIRST_DAY, index);

/**
 * Property 1: unit 1 has heat, hot and cold water (its total water is hot plus cold, the home
 * counted once; its cold water starts later, and a later batch brings earlier hours of cold water);
 * unit 2 a total-water meter; unit 4's heat is two
 * meters with days without data between them; unit 6 has a total-water meter, so its hot water does
 * not count in total water; unit 7 an indoor temperature (an average: not rolled up). Property 2:
 * unit 8's heat has rollups from an ordinary ingest before the load.
 */
const meterPlan: { id: number; unit: number; quantity: QuantityId; from: number; end: number; batch: number }[] = [
  { id: 11, unit: 1, quantity: "heat-energy", from: 0, end: 9, batch: 0 },
  { id: 12, unit: 1, quantity: "hot-water-volume", from: 0, end: 9, batch: 0 },
  { id: 13, unit: 1, quantity: "cold-water-volume", from: 4, end: 9, batch: 0 },
  { id: 21, unit: 2, quantity: "heat-energy", from: 0, end: 9, batch: 1 },
  { id: 22, unit: 2, quantity: "total-water-volume", from: 0, end: 9, batch: 0 },
  { id: 32, unit: 3, quantity: "hot-water-volume", from: 0, end: 9, batch: 0 },
  { id: 33, unit: 3, quantity: "cold-water-volume", from: 0, end: 9, batch: 2 },
  { id: 41, unit: 4, quantity: "heat-energy", from: 0, end: 2, batch: 0 },
  { id: 42, unit: 4, quantity: "heat-energy", from: 5, end: 9, batch: 2 },
  { id: 61, unit: 6, quantity: "heat-energy", from: 0, end: 9, batch: 1 },
  { id: 62, unit: 6, quantity: "total-water-volume", from: 0, end: 9, batch: 1 },
  { id: 63, unit: 6, quantity: "hot-water-volume", from: 0, end: 9, batch: 2 },
  { id: 72, unit: 7, quantity: "indoor-temperature", from: 0, end: 9, batch: 0 },
  { id: 81, unit: 8, quantity: "heat-energy", from: 0, end: 9, batch: -1 },
  { id: 91, unit: 9, quantity: "heat-energy", from: 2, end: 9, batch: 1 },
];

/** A meter's consumption in an hour: sevenths, so that sums carry binary noise. */
function consumptionOf(meterId: number, hourS: number): number {
  return 0.1 + ((meterId * 37 + (hourS / 3600) * 13) % 17) / 7;
}

function readingsOf(meter: (typeof meterPlan)[number]): Reading[] {
  const readings: Reading[] = [];
  let value = 1000;
  for (let ts = startOfDay(day(meter.from)) / 1000; ts <= startOfDay(day(meter.end)) / 1000; ts += 3600) {
    if (meter.quantity === "indoor-temperature") readings.push({ ts, value: 20 + (ts % 7) / 3 });
    else {
      readings.push({ ts, value: Math.round(value * 1e6) / 1e6 });
      value += consumptionOf(meter.id, ts);
    }
  }
  return readings;
}

describe.each(testDatabases)("property rollups made during a bulk load on $name", ({ open }) => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openEmptyBackend(open));
    await insertTestProperties(db, [1, 2, 3]);
    await insertTestUnits(
      db,
      [1, 2, 3, 4, 6, 7, 8, 9, 10, 11].map((unit) => ({
        id: unit,
        propertyId: unit <= 7 ? 1 : unit <= 9 ? 2 : 3,
        floorArea: 40 + 7 * unit + 0.3,
      })),
    );
    const weightless = [
      { id: 101, unit: 10, quantity: "heat-energy" },
      { id: 111, unit: 11, quantity: "hot-water-volume" },
      { id: 112, unit: 11, quantity: "cold-water-volume" },
    ] as const;
    await insertTestMeters(
      db,
      [...meterPlan, ...weightless].map((meter) => ({
        id: meter.id,
        unitId: meter.unit,
        quantity: meter.quantity,
        roomName: meter.quantity === "indoor-temperature" ? "Stue" : null,
      })),
    );
  }, 120_000);

  afterAll(() => close?.());

  it("are the rows a rebuild makes, a home's meters split across batches; a property with other rollups is rebuilt", async () => {
    const early = meterPlan.find((meter) => meter.batch === -1)!;
    await db.transaction().execute((trx) => ingestMeterReadings(trx, early.id, "addition", readingsOf(early)));
    const accumulator = new PropertyRollupAccumulator();
    for (const batch of [0, 1, 2]) {
      const series = meterPlan
        .filter((meter) => meter.batch === batch)
        .map((meter) => ({
          meterId: meter.id,
          aggregation: meter.quantity === "indoor-temperature" ? ("average" as const) : ("addition" as const),
          readings: readingsOf(meter),
        }));
      await db.transaction().execute((trx) => writeNewSeriesBatch(trx, series, { propertyRollups: accumulator }));
    }
    expect(await accumulator.write(db)).toEqual([2]);
    const made = await propertyRollupTables(db);

    const total = made.daily.filter((row) => row.property_id === 1 && row.quantity === "total-water-volume");
    // Hot and cold water of units 1 and 3, and units 2's and 6's total-water meters (not unit 6's hot water).
    expect(new Set(total.map((row) => row.meter_quantity))).toEqual(
      new Set(["hot-water-volume", "cold-water-volume", "total-water-volume"]),
    );
    expect(total.find((row) => row.day === day(4) && row.meter_quantity === "hot-water-volume")!.units).toBe(4);
    expect(made.daily.some((row) => row.quantity === "indoor-temperature")).toBe(false);
    expect(made.runs.filter((run) => run.unit_id === 4)).toEqual([
      expect.objectContaining({ quantity: "heat-energy", first_day: day(0), end_day: day(2) }),
      expect.objectContaining({ quantity: "heat-energy", first_day: day(5), end_day: day(9) }),
    ]);
    expect(made.runs.filter((run) => run.property_id === 2).map((run) => run.unit_id)).toEqual([8, 9]);

    await rebuildPropertyRollups(db);
    expect(await propertyRollupTables(db)).toEqual(made);
  });

  it("count a home only where a contributing meter has weight; rows of weight 0 still add their value", async () => {
    const fromHour = startOfDay(day(0)) / 1000;
    // Unit 10's heat has weight 0 in every third hour; unit 11's hot and cold water have weight in
    // turns, some hours in neither: total water counts the home in an hour when either has weight.
    const hoursOf = (meterId: number): HourAggregate[] =>
      Array.from({ length: 72 }, (_, index) => ({
        hour: fromHour + index * 3600,
        value: Math.round(consumptionOf(meterId, index * 3600) * 1e9) / 1e9,
        weight:
          meterId === 101
            ? index % 3 === 0
              ? 0
              : 1
            : (meterId === 111 ? index % 4 === 0 : index % 4 === 1)
              ? 1
              : index % 4 === 3
                ? 0
                : 0.5 * (meterId - 110),
      }));
    const accumulator = new PropertyRollupAccumulator();
    const series = [101, 111, 112].map((meterId) => {
      const hours = hoursOf(meterId);
      return { meterId, hours, days: rollupDays(hours) };
    });
    await db.transaction().execute(async (trx) => {
      for (const { meterId, hours, days } of series) {
        const hourly = hours.flatMap((hour) => [meterId, hour.hour, hour.value, hour.weight]);
        await insertIntoReadingTable(trx, "consumption_hourly", ["meter_id", "hour", "value", "weight"], hourly);
        const daily = [...days].flatMap(([key, aggregate]) => [meterId, key, aggregate.value, aggregate.weight]);
        await insertIntoReadingTable(trx, "consumption_daily", ["meter_id", "day", "value", "weight"], daily);
      }
      await accumulator.add(trx, series);
    });
    expect(await accumulator.write(db)).toEqual([]);
    const made = await propertyRollupTables(db);
    const heat = made.hourly.filter((row) => row.property_id === 3 && row.quantity === "heat-energy");
    expect(heat).toHaveLength(72);
    expect(heat[0]!.units).toBe(0);
    expect(heat[0]!.value).toBeGreaterThan(0);
    expect(heat[1]!.units).toBe(1);
    const water = made.hourly.filter((row) => row.property_id === 3 && row.quantity === "total-water-volume");
    expect(water.filter((row) => row.units === 0).length).toBeGreaterThan(0);
    expect(dayKeyOf(fromHour * 1000)).toBe(day(0));
    await rebuildPropertyRollups(db, [3]);
    expect(await propertyRollupTables(db)).toEqual(made);
  });

  it("sum hundreds of homes to the figures a rebuild rounds, values and values per m2", async () => {
    await insertTestProperties(db, [4]);
    const homes = Array.from({ length: 300 }, (_, index) => 1_000 + index);
    await insertTestUnits(
      db,
      homes.map((unit) => ({ id: unit, propertyId: 4, floorArea: 31.7 + ((unit * 13) % 97) / 3 })),
    );
    const quantities = ["heat-energy", "hot-water-volume", "cold-water-volume"] as const;
    const meters = homes.flatMap((unit) =>
      quantities.map((quantity, index) => ({ id: unit * 10 + index, unit, quantity })),
    );
    await insertTestMeters(
      db,
      meters.map((meter) => ({ id: meter.id, unitId: meter.unit, quantity: meter.quantity })),
    );
    const accumulator = new PropertyRollupAccumulator();
    const plan = meters.map((meter) => ({ ...meter, from: 0, end: 3, batch: 0 }));
    for (let start = 0; start < plan.length; start += 100) {
      const series = plan.slice(start, start + 100).map((meter) => ({
        meterId: meter.id,
        aggregation: "addition" as const,
        readings: readingsOf(meter).map((reading) => ({ ...reading, value: reading.value * 1.37 })),
      }));
      await db.transaction().execute((trx) => writeNewSeriesBatch(trx, series, { propertyRollups: accumulator }));
    }
    expect(await accumulator.write(db)).toEqual([]);
    const made = await propertyRollupTables(db);
    expect(made.hourly.filter((row) => row.property_id === 4)).toHaveLength(5 * 72);
    await rebuildPropertyRollups(db, [4]);
    expect(await propertyRollupTables(db)).toEqual(made);
  });
});

describe("an accumulator", () => {
  it("writes nothing when the load wrote nothing", async () => {
    const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    try {
      const accumulator = new PropertyRollupAccumulator();
      await accumulator.add(backend.db, []);
      expect(accumulator.propertyIds()).toEqual([]);
      expect(await accumulator.write(backend.db)).toEqual([]);
    } finally {
      await backend.close();
    }
  });
});
