import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Backend } from "../app";
import { demoOutdoorMeters } from "../db/seed/demo-steps";
import { dumpTables } from "../testing/dump";
import { createDemoBackend } from "../testing/setup";
import { countingStatements } from "../testing/statements";
import { importReadings, parseTimestamp } from "./import";

/**
 * The property rollups' upkeep runs after the ingest, once per batch, with statements of its own
 * (per changed quantity, and fewer when no home's runs of days change: ADR 0038). The statement
 * counts below are the ingest's own; `upkeep.skip` leaves the upkeep out of them.
 */
const upkeep = vi.hoisted(() => ({ skip: false }));
vi.mock("./property-rollups", async (importOriginal) =>
  (await import("../testing/rollup-upkeep")).withSkippableUpkeep(
    await importOriginal<typeof import("./property-rollups")>(),
    upkeep,
  ),
);

const NOW = new Date("2025-11-20T10:30:00.000Z");
let backend: Backend;
let heatMeter: string;
let tempMeter: string;

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
  const meters = await backend.db
    .selectFrom("meters")
    .select(["number", "quantity"])
    .where("unit_id", "=", 101)
    .execute();
  heatMeter = meters.find((meter) => meter.quantity === "heat-energy")!.number;
  tempMeter = meters.find((meter) => meter.quantity === "indoor-temperature")!.number;
});
afterAll(() => backend.close());

const readingTables = async () => {
  const dump = await dumpTables(backend.db);
  return { r: dump.meter_readings, h: dump.consumption_hourly, d: dump.consumption_daily, m: dump.consumption_monthly };
};

describe("parseTimestamp", () => {
  it("takes offsets and Copenhagen local times, refusing gap and overlap times without offset", () => {
    expect(parseTimestamp("2025-10-26T02:00:00+01:00")).toBe(Date.UTC(2025, 9, 26, 1) / 1000);
    expect(parseTimestamp("2025-10-26T03:00:00")).toBe(Date.UTC(2025, 9, 26, 2) / 1000);
    expect(parseTimestamp("2025-07-01T00:00:00Z")).toBe(Date.UTC(2025, 6, 1) / 1000);
    expect(parseTimestamp("2025-03-30T02:30:00")).toMatch(/does not exist/);
    expect(parseTimestamp("2025-10-26T02:30:00")).toMatch(/occurs twice/);
    expect(parseTimestamp("yesterday")).toMatch(/invalid timestamp/);
  });
});

describe("importReadings", () => {
  it("reports every bad row with its line number and applies nothing", async () => {
    const before = await readingTables();
    const csv = [
      "meter_number,timestamp,value",
      `${heatMeter},2025-10-01T00:00:00,100.5`,
      "99999999,2025-10-01T01:00:00,3",
      `${heatMeter},2025-10-01T01:00:00,abc`,
      `${heatMeter},2025-10-01T02:00:00,99.0`,
      `${heatMeter},2025-10-01T02:00:00`,
      `${heatMeter},2027-01-01T00:00:00,200`,
      `${heatMeter},2025-03-30T02:15:00,101`,
    ].join("\n");
    const result = await importReadings(backend.db, csv, NOW);
    expect(result.problems).toEqual([
      { line: 3, reason: "unknown meter number '99999999'" },
      { line: 4, reason: "value 'abc' is not a decimal number" },
      { line: 5, reason: "the register goes down from 100.5 to 99" },
      { line: 6, reason: "expected 3 columns, found 2" },
      { line: 7, reason: "timestamp is in the future" },
      { line: 8, reason: "local time '2025-03-30T02:15:00' does not exist in Copenhagen (daylight-saving gap)" },
    ]);
    expect(result.written).toBe(0);
    expect(await readingTables()).toEqual(before);
  });

  it("imports registers and samples with their rollups; the same file twice changes nothing", async () => {
    const csv = [
      "meter_number;timestamp;value",
      `${heatMeter};2025-10-25T20:00:00Z;1000.000`,
      `${heatMeter};2025-10-26T00:00:00+02:00;1001.200`,
      // Across the autumn change: 25 hours between these local midnights.
      `${heatMeter};2025-10-27T00:00:00;1026.200`,
      `${tempMeter};2025-10-26T02:00:00+02:00;21.5`,
      `${tempMeter};2025-10-26T02:00:00+01:00;20.5`,
    ].join("\n");
    const first = await importReadings(backend.db, csv, NOW);
    expect(first).toMatchObject({ problems: [], written: 5, unchanged: 0, meters: 2 });
    const after = await readingTables();
    const daily = await backend.db
      .selectFrom("consumption_daily")
      .innerJoin("meters", "meters.id", "consumption_daily.meter_id")
      .select(["meters.number", "day", "value", "weight"])
      .where("day", "=", "2025-10-26")
      .where("meters.unit_id", "=", 101)
      .orderBy("meters.number")
      .execute();
    expect(daily).toEqual([
      { number: heatMeter, day: "2025-10-26", value: 25, weight: 25 },
      { number: tempMeter, day: "2025-10-26", value: 42, weight: 2 },
    ]);
    const hourly = await backend.db
      .selectFrom("consumption_hourly")
      .innerJoin("meters", "meters.id", "consumption_hourly.meter_id")
      .select(["hour", "value"])
      .where("meters.number", "=", heatMeter)
      .orderBy("hour")
      .execute();
    expect(hourly.slice(0, 2)).toEqual([
      { hour: Date.UTC(2025, 9, 25, 20) / 1000, value: 0.6 },
      { hour: Date.UTC(2025, 9, 25, 21) / 1000, value: 0.6 },
    ]);
    expect(hourly).toHaveLength(27);
    expect(hourly[2]!.value).toBe(1);

    const second = await importReadings(backend.db, csv, NOW);
    expect(second).toMatchObject({ problems: [], written: 0, unchanged: 5 });
    expect(await readingTables()).toEqual(after);
  });

  it("imports a property's outdoor samples into its own tables, the day kept as the sum of its hours' means", async () => {
    const outdoor = demoOutdoorMeters[1];
    const before = await readingTables();
    const csv = [
      "meter_number,timestamp,value",
      // Two samples in one hour: its mean (5.0) counts once.
      `${outdoor.number},2025-10-26T00:00:00,4.0`,
      `${outdoor.number},2025-10-26T00:30:00,6.0`,
      // The autumn change's two 02:00 hours are two hours.
      `${outdoor.number},2025-10-26T02:00:00+02:00,3.5`,
      `${outdoor.number},2025-10-26T02:00:00+01:00,-1.5`,
      `${outdoor.number},2025-10-27T12:00:00,8.25`,
    ].join("\n");
    expect(await importReadings(backend.db, csv, NOW)).toMatchObject({
      problems: [],
      written: 5,
      unchanged: 0,
      meters: 1,
    });
    const days = await backend.db
      .selectFrom("outdoor_daily")
      .select(["day", "celsius_sum", "hours"])
      .where("meter_id", "=", outdoor.id)
      .where("day", "in", ["2025-10-26", "2025-10-27"])
      .orderBy("day")
      .execute();
    expect(days).toEqual([
      { day: "2025-10-26", celsius_sum: 5 + 3.5 - 1.5, hours: 3 },
      { day: "2025-10-27", celsius_sum: 8.25, hours: 1 },
    ]);
    // Not a home's reading: no reading table or rollup of the homes changed.
    expect(await readingTables()).toEqual(before);

    const again = await importReadings(backend.db, csv, NOW);
    expect(again).toMatchObject({ problems: [], written: 0, unchanged: 5 });
    const wrong = await importReadings(
      backend.db,
      `meter_number,timestamp,value\n${outdoor.number},2025-10-27T12:00:00,8.5\n${outdoor.number},2025-10-28T12:00:00,85\n`,
      NOW,
    );
    expect(wrong.problems).toEqual([
      { line: 2, reason: "differs from the stored reading 8.25 at that time" },
      { line: 3, reason: "an outdoor temperature must be between -60 and 60 °C (85)" },
    ]);
  });

  it("refuses a row that contradicts a stored reading", async () => {
    const result = await importReadings(
      backend.db,
      `meter_number,timestamp,value\n${heatMeter},2025-10-26T00:00:00+02:00,1001.3\n`,
      NOW,
    );
    expect(result.problems).toEqual([{ line: 2, reason: "differs from the stored reading 1001.2 at that time" }]);
  });

  it("imports many meters in as many statements as one, checking each register against its own neighbours", async () => {
    const heatMeters = (
      await backend.db
        .selectFrom("meters")
        .select(["number"])
        .where("quantity", "=", "heat-energy")
        .where("unit_id", "!=", 101)
        .orderBy("number")
        .execute()
    ).map((meter) => meter.number);
    expect(heatMeters.length).toBeGreaterThan(5);
    const counting = countingStatements(backend.db);
    const file = (numbers: string[], rows: (index: number) => string[]) =>
      [
        "meter_number,timestamp,value",
        ...numbers.flatMap((number, index) => rows(index).map((row) => `${number},${row}`)),
      ].join("\n");
    const importCounted = async (csv: string) => {
      counting.reset();
      upkeep.skip = true;
      try {
        const result = await importReadings(counting.db, csv, NOW);
        return { result, statements: counting.count() };
      } finally {
        upkeep.skip = false;
      }
    };
    const twoReadings = (index: number) => [
      `2025-09-01T00:00:00Z,${100 + index}`,
      `2025-09-01T06:00:00Z,${110 + index}`,
    ];
    // Twice first, so the PostgreSQL partitions of the month exist and are known to this process.
    await importReadings(backend.db, file(heatMeters.slice(0, 1), twoReadings), NOW);
    await importReadings(
      backend.db,
      file(heatMeters.slice(0, 1), () => ["2025-09-01T09:00:00Z,120"]),
      NOW,
    );
    const one = await importCounted(file(heatMeters.slice(1, 2), twoReadings));
    const many = await importCounted(file(heatMeters.slice(2), twoReadings));
    expect(one.result).toMatchObject({ problems: [], written: 2, meters: 1 });
    expect(many.result).toMatchObject({
      problems: [],
      written: 2 * (heatMeters.length - 2),
      meters: heatMeters.length - 2,
    });
    expect(many.statements).toBe(one.statements);

    // Between each meter's two readings: fine for every meter but the fourth, whose value lies
    // below its own reading before (101), though above the first meter's (100).
    const between = file(heatMeters, (index) => [`2025-09-01T03:00:00Z,${index === 3 ? 100.5 : 105 + index}`]);
    const refused = await importReadings(backend.db, between, NOW);
    expect(refused.problems).toEqual([{ line: 5, reason: "the register goes down from 101 to 100.5" }]);
  });
});
