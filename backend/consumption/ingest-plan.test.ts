import { describe, expect, it } from "vitest";
import { changedHours, changedSpan, daysOf, mergeBatch, monthsOf, partitionRuns } from "./ingest-plan";

const utc = (iso: string) => Date.parse(iso) / 1000;

describe("mergeBatch", () => {
  it("merges a meter named twice, sorts its readings, keeps the later of two at one time and drops empty meters", () => {
    expect(
      mergeBatch([
        {
          meterId: 2,
          aggregation: "addition",
          readings: [
            { ts: 7200, value: 3 },
            { ts: 3600, value: 1 },
          ],
        },
        { meterId: 5, aggregation: "average", readings: [] },
        { meterId: 2, aggregation: "addition", readings: [{ ts: 3600, value: 2 }] },
      ]),
    ).toEqual([
      {
        meterId: 2,
        aggregation: "addition",
        readings: [
          { ts: 3600, value: 2 },
          { ts: 7200, value: 3 },
        ],
      },
    ]);
  });

  it("refuses a meter given with two aggregations", () => {
    expect(() =>
      mergeBatch([
        { meterId: 1, aggregation: "addition", readings: [{ ts: 0, value: 1 }] },
        { meterId: 1, aggregation: "average", readings: [{ ts: 60, value: 1 }] },
      ]),
    ).toThrow(/meter 1/);
  });
});

describe("the span a change covers", () => {
  it("reaches from a register's previous reading to its next; samples only cover themselves", () => {
    expect(changedSpan("addition", 100, 200, 50, 300)).toEqual({ from: 50, to: 300 });
    expect(changedSpan("addition", 100, 200, null, null)).toEqual({ from: 100, to: 200 });
    expect(changedSpan("average", 100, 200, 50, 300)).toEqual({ from: 100, to: 200 });
  });

  it("gives the hours a register's changed intervals overlap, and the hours holding new samples", () => {
    const h = utc("2025-06-01T10:00:00Z");
    // A reading at 10:00 after one at 09:00: only the hour 09–10 changes.
    expect(changedHours("addition", { from: h - 3600, to: h })).toEqual({ from: h - 3600, end: h });
    // Readings 20 minutes past the hour: the hours they fall in are shared with the neighbours.
    expect(changedHours("addition", { from: h - 2400, to: h + 1200 })).toEqual({ from: h - 3600, end: h + 3600 });
    // A sample on the hour belongs to the hour it starts.
    expect(changedHours("average", { from: h, to: h })).toEqual({ from: h, end: h + 3600 });
    expect(changedHours("average", { from: h - 1, to: h + 7199 })).toEqual({ from: h - 3600, end: h + 7200 });
  });

  it("widens to whole Copenhagen days, 23 and 25 hours long across the clock changes", () => {
    const spring = daysOf(utc("2025-03-29T23:30:00Z"), utc("2025-03-30T12:00:00Z"));
    expect(spring).toEqual({
      firstDay: "2025-03-30",
      endDay: "2025-03-31",
      rangeStart: utc("2025-03-29T23:00:00Z"),
      rangeEnd: utc("2025-03-30T22:00:00Z"),
    });
    const autumn = daysOf(utc("2025-10-26T00:30:00Z"), utc("2025-10-26T00:30:00Z"));
    expect(autumn.rangeEnd - autumn.rangeStart).toBe(25 * 3600);
    // Local midnight: the reading at 22:00 UTC in summer opens the next local day.
    expect(daysOf(utc("2025-06-01T21:59:59Z"), utc("2025-06-01T22:00:00Z"))).toMatchObject({
      firstDay: "2025-06-01",
      endDay: "2025-06-03",
    });
  });

  it("names the months holding the days", () => {
    expect(monthsOf("2025-01-31", "2025-02-01")).toEqual({ firstMonth: "2025-01", endMonth: "2025-02" });
    expect(monthsOf("2025-01-31", "2025-02-02")).toEqual({ firstMonth: "2025-01", endMonth: "2025-03" });
    expect(monthsOf("2025-12-31", "2026-01-01")).toEqual({ firstMonth: "2025-12", endMonth: "2026-01" });
  });
});

describe("partitionRuns", () => {
  it("asks once for an hour of many meters, and never for a month between two meters' ranges", () => {
    const h = utc("2025-06-01T10:00:00Z");
    expect(
      partitionRuns("meter_readings", [
        [h, h],
        [h, h + 3600],
        [h - 3600, h],
      ]),
    ).toEqual([[utc("2025-06-01T00:00:00Z"), utc("2025-06-01T00:00:00Z")]]);
    expect(
      partitionRuns("consumption_hourly", [
        [utc("2025-01-05T00:00:00Z"), utc("2025-02-03T00:00:00Z")],
        [utc("2025-05-01T00:00:00Z"), utc("2025-05-02T00:00:00Z")],
        [utc("2025-02-10T00:00:00Z"), utc("2025-02-11T00:00:00Z")],
      ]),
    ).toEqual([
      [utc("2025-01-01T00:00:00Z"), utc("2025-02-01T00:00:00Z")],
      [utc("2025-05-01T00:00:00Z"), utc("2025-05-01T00:00:00Z")],
    ]);
    expect(
      partitionRuns("consumption_daily", [
        ["2024-12-31", "2025-01-01"],
        ["2027-03-01", "2027-03-02"],
      ]),
    ).toEqual([
      ["2024-01-01", "2025-01-01"],
      ["2027-01-01", "2027-01-01"],
    ]);
  });
});
