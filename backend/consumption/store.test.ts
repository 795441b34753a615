import { bucketsOf, HOUR_MS, parseLocalDateTime } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { topUpDemoReadings } from "../db/seed/readings";
import { createDemoBackend } from "../testing/setup";
import { meterTotalsOf } from "./bucket-rows";
import type { DataWindow, MeterInfo, Presentation } from "./engine";
import { dailyRows, daysAndMonthsRows, hourlyRows, totalsByMeter } from "./rollup-reads";
import { comparisonPieces, elapsedEnd, ownPieces, type SeriesContext, seriesOfPieces, totalsOf } from "./series";

/** The meters of demo unit 101 as the engine takes them, those of one quantity when given. */
async function metersOfUnit101(backend: Backend, quantity?: QuantityId): Promise<MeterInfo[]> {
  let query = backend.db.selectFrom("meters").selectAll().where("unit_id", "=", 101);
  if (quantity !== undefined) query = query.where("quantity", "=", quantity);
  return (await query.execute()).map((m) => ({
    id: m.id,
    unitId: m.unit_id,
    number: m.number,
    roomName: m.room_name,
    quantity: m.quantity as QuantityId,
  }));
}

/** The totals as the rows say them, added up here one row at a time. */
async function addedUp(backend: Backend, meterIds: number[], fromDay: string, endDay: string) {
  const totals = new Map<number, { value: number; weight: number }>();
  for (const row of await daysAndMonthsRows(backend.db, meterIds, fromDay, endDay)) {
    const entry = totals.get(row.meter_id) ?? { value: 0, weight: 0 };
    entry.value += row.value;
    entry.weight += row.weight;
    totals.set(row.meter_id, entry);
  }
  return totals;
}

describe("totals per meter summed by the database", () => {
  let backend: Backend;
  let meterIds: number[];

  beforeAll(async () => {
    backend = await createDemoBackend();
    await topUpDemoReadings(backend.db, new Date("2025-03-10T12:00:00Z"), { unitIds: [101], fromDay: "2024-12-20" });
    meterIds = (
      await backend.db.selectFrom("meters").select("id").where("unit_id", "=", 101).orderBy("id").execute()
    ).map((m) => m.id);
  }, 60_000);
  afterAll(() => backend.close());

  it.each([
    ["days inside one month", "2025-01-05", "2025-01-20"],
    ["days before, whole months and days after", "2024-12-25", "2025-03-04"],
    ["whole months only", "2025-01-01", "2025-03-01"],
    ["a range reaching past the last reading", "2025-02-20", "2025-04-01"],
  ])("equal the rollup rows added up: %s", async (_, fromDay, endDay) => {
    const summed = await totalsByMeter(backend.db, meterIds, fromDay, endDay);
    const expected = await addedUp(backend, meterIds, fromDay, endDay);
    expect(expected.size).toBeGreaterThan(0);
    expect([...summed.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [meterId, total] of expected) {
      expect(summed.get(meterId)!.value).toBeCloseTo(total.value, 6);
      expect(summed.get(meterId)!.weight).toBeCloseTo(total.weight, 6);
    }
  });

  it("are empty for an empty range, no meters, or days without readings", async () => {
    expect((await totalsByMeter(backend.db, meterIds, "2025-01-10", "2025-01-10")).size).toBe(0);
    expect((await totalsByMeter(backend.db, [], "2025-01-01", "2025-02-01")).size).toBe(0);
    expect((await totalsByMeter(backend.db, meterIds, "2023-01-01", "2023-03-01")).size).toBe(0);
  });

  it("shared for a unit's meters, read once per range, give each quantity the totals it would read alone", async () => {
    const shared = meterTotalsOf(backend.db, meterIds);
    expect(shared.totals("2025-01-05", "2025-02-04")).toBe(shared.totals("2025-01-05", "2025-02-04"));

    const meters = await metersOfUnit101(backend);
    const window: DataWindow = { fromDay: "2025-01-10", endDay: "2025-03-01", fromS: 0, toS: Number.MAX_SAFE_INTEGER };
    const quantities = [...new Set(meters.map((m) => m.quantity))];
    expect(quantities.length).toBeGreaterThan(2);
    for (const quantity of quantities) {
      const own = meters.filter((m) => m.quantity === quantity);
      for (const mode of ["HOURLY_VALUES", "CO2"] as const) {
        const presentation: Presentation = {
          aggregation: "addition",
          mode,
          normalized: false,
          co2Factors: new Map([[quantity, 2.5]]),
        };
        const context = { db: backend.db, quantity, presentation, window };
        // The period starts before the window: both must clip it to the window's first day.
        const alone = await totalsOf(context, own, "2025-01-01", "2025-02-15", (m) => m.id);
        const together = await totalsOf(
          { ...context, meterTotals: shared },
          own,
          "2025-01-01",
          "2025-02-15",
          (m) => m.id,
        );
        expect(together).toEqual(alone);
        expect(alone.size).toBe(own.length);
      }
    }
  });
});

describe("series read in pieces (ADR 0018)", () => {
  let backend: Backend;
  let meterIds: number[];
  let meters: MeterInfo[];

  beforeAll(async () => {
    backend = await createDemoBackend();
    await topUpDemoReadings(backend.db, new Date("2025-03-10T12:00:00Z"), { unitIds: [101], fromDay: "2024-11-01" });
    meters = await metersOfUnit101(backend, "heat-energy");
    meterIds = meters.map((meter) => meter.id);
  }, 60_000);
  afterAll(() => backend.close());

  /** The daily rollup added up over [fromDay, endDay). */
  const days = async (fromDay: string, endDay: string) =>
    (await dailyRows(backend.db, meterIds, fromDay, endDay)).reduce((sum, row) => sum + row.value, 0);
  const period = (begin: string, end: string) => ({
    beginWall: parseLocalDateTime(begin)!,
    endWall: parseLocalDateTime(end)!,
  });
  const context = (): SeriesContext => ({
    db: backend.db,
    quantity: "heat-energy",
    resolution: "MONTHLY",
    presentation: { aggregation: "addition", mode: "HOURLY_VALUES", normalized: false, co2Factors: new Map() },
    window: { fromDay: "2024-01-01", endDay: "2025-03-10", fromS: 0, toS: Number.MAX_SAFE_INTEGER },
  });

  it("clip the months to the period: a partial first month holds only its days inside", async () => {
    const buckets = bucketsOf("MONTHLY", period("2025-01-15T00:00:00", "2025-03-01T00:00:00"));
    const own = await seriesOfPieces(context(), meters, 1, ownPieces(buckets), buckets.length);
    expect(own.values[0]).toBeCloseTo(await days("2025-01-15", "2025-02-01"), 6);
    expect(own.values[1]).toBeCloseTo(await days("2025-02-01", "2025-03-01"), 6);
    expect(own.total).toBeCloseTo(await days("2025-01-15", "2025-03-01"), 6);
  });

  it("read a previous period that does not meet months at their start from days, not whole months", async () => {
    // 45 days: 15 January − 45 days = 1 December; the months' images are 1–17 December and 18 December–14 January.
    const buckets = bucketsOf("MONTHLY", period("2025-01-15T00:00:00", "2025-03-01T00:00:00"));
    const pieces = comparisonPieces("PREVIOUS_PERIOD", "MONTHLY", buckets, {
      fromDay: "2025-01-15",
      endDay: "2025-03-01",
    });
    const series = await seriesOfPieces(context(), meters, 1, pieces, buckets.length);
    expect(series.values[0]).toBeCloseTo(await days("2024-12-01", "2024-12-18"), 6);
    expect(series.values[1]).toBeCloseTo(await days("2024-12-18", "2025-01-15"), 6);
    expect(series.total).toBeCloseTo(await days("2024-12-01", "2025-01-15"), 6);
    expect(series.values[0]).not.toBeCloseTo(await days("2024-12-01", "2025-01-01"), 3);
  });

  it("take the whole months a year back from the monthly rollup, the same figures as the days", async () => {
    const buckets = bucketsOf("MONTHLY", period("2025-12-01T00:00:00", "2026-03-01T00:00:00"));
    const pieces = comparisonPieces("PREVIOUS_YEAR", "MONTHLY", buckets, {
      fromDay: "2025-12-01",
      endDay: "2026-03-01",
    });
    expect(pieces.map((piece) => [piece.bucket.firstDay, piece.bucket.endDay])).toEqual([
      ["2024-12-01", "2025-01-01"],
      ["2025-01-01", "2025-02-01"],
      ["2025-02-01", "2025-03-01"],
    ]);
    const series = await seriesOfPieces(context(), meters, 1, pieces, buckets.length);
    expect(series.values[0]).toBeCloseTo(await days("2024-12-01", "2025-01-01"), 6);
    expect(series.total).toBeCloseTo(await days("2024-12-01", "2025-03-01"), 6);
  });

  it("compare a period that runs past its values only up to the same point (ADR 0018 rules 7 and 8)", async () => {
    // February to March 2025, values to 10 March 13:00 (the hour 12:00–13:00 UTC is the latest).
    const now = Date.parse("2025-03-10T12:00:00Z");
    const window = { fromDay: "2024-01-01", endDay: "2025-03-11", fromS: 0, toS: now / 1000 };
    const named = { fromDay: "2025-02-01", endDay: "2025-04-01" };
    const end = await elapsedEnd({ db: backend.db, window }, meters, named);
    expect(end).toBe(now);
    const hours = async (from: number, to: number) =>
      (await hourlyRows(backend.db, meterIds, from / 1000, to / 1000)).reduce((sum, row) => sum + row.value, 0);
    const buckets = bucketsOf("MONTHLY", period("2025-02-01T00:00:00", "2025-04-01T00:00:00"));
    // Previous period: 59 days back, 4 December to 10 January 13:00 (the same clock time, 12:00 UTC).
    const pieces = comparisonPieces("PREVIOUS_PERIOD", "MONTHLY", buckets, named, end);
    expect(pieces.at(-1)).toMatchObject({
      hours: true,
      bucket: { firstDay: "2025-01-10", end: Date.parse("2025-01-10T12:00:00Z") },
    });
    const series = await seriesOfPieces({ ...context(), window }, meters, 1, pieces, buckets.length);
    const expected =
      (await days("2024-12-04", "2025-01-10")) +
      (await hours(Date.parse("2025-01-09T23:00:00Z"), Date.parse("2025-01-10T12:00:00Z")));
    expect(series.total).toBeCloseTo(expected, 6);
    expect(series.values[0]).toBeCloseTo(await days("2024-12-04", "2025-01-01"), 6);
    expect(series.values[1]).toBeCloseTo(expected - (await days("2024-12-04", "2025-01-01")), 6);
    // Nothing past the values is compared, and a tenancy that began on 1 March moves by its 31 days.
    const moved = comparisonPieces(
      "PREVIOUS_PERIOD",
      "MONTHLY",
      buckets,
      { fromDay: "2025-03-01", endDay: "2025-04-01" },
      end,
    );
    expect(moved.map((piece) => [piece.bucket.firstDay, piece.owners])).toEqual([
      ["2025-01-29", [1]],
      ["2025-02-07", [1]],
    ]);
    expect(moved.at(-1)!.bucket.end - moved.at(-1)!.bucket.start).toBe(13 * HOUR_MS);
  });
});
