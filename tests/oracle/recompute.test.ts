import { describe, expect, it } from "vitest";
import {
  agreesToDisplayedDecimals,
  clampToTenancy,
  comparedRanges,
  dateBuckets,
  expectedFigures,
  hourRows,
  isoWeek,
  localMidnight,
  memoryReadings,
  type PageRequest,
  propertyAverage,
  type Reading,
  yearEarlier,
} from "./recompute";

const tz = "Europe/Copenhagen";
const utc = (iso: string) => Date.parse(iso) / 1000;

/** A register meter read every hour from `from` to `to`, advancing by perHour(hour start). */
function register(from: string, to: string, perHour: (ts: number) => number = () => 1): Reading[] {
  const readings: Reading[] = [];
  let value = 1000;
  for (let ts = utc(from); ts <= utc(to); ts += 3600) {
    readings.push({ ts, value });
    value += perHour(ts);
  }
  return readings;
}

/** A sample meter with one sample per hour. */
function samples(from: string, to: string, value: (ts: number) => number): Reading[] {
  const readings: Reading[] = [];
  for (let ts = utc(from); ts < utc(to); ts += 3600) readings.push({ ts, value: value(ts) });
  return readings;
}

const tenancy = { start: "2024-01-01", end: null };

function request(partial: Partial<PageRequest> & Pick<PageRequest, "period" | "span" | "compare">): PageRequest {
  return { tenancy, timeZone: tz, series: { meterIds: [1], aggregation: "addition" }, otherUnits: [], ...partial };
}

/** The figures of the days from–to by `span`, compared as `compare` says; `more` adds to the page's request. */
function figuresOf(
  source: Parameters<typeof expectedFigures>[0],
  from: string,
  to: string,
  { span, compare, ...more }: Partial<PageRequest> & Pick<PageRequest, "span" | "compare">,
) {
  return expectedFigures(source, request({ period: { from, to }, span, compare, ...more }))!;
}

describe("the local calendar", () => {
  it("finds Copenhagen midnights in winter and summer time", () => {
    expect(localMidnight("2026-01-12", tz)).toBe(utc("2026-01-11T23:00:00Z"));
    expect(localMidnight("2026-03-29", tz)).toBe(utc("2026-03-28T23:00:00Z"));
    expect(localMidnight("2026-03-30", tz)).toBe(utc("2026-03-29T22:00:00Z"));
    expect(localMidnight("2026-10-26", tz)).toBe(utc("2026-10-25T23:00:00Z"));
  });

  it("gives the spring-forward day 23 rows, one of them 01:00–03:00", () => {
    const rows = hourRows("2026-03-29", tz);
    expect(rows).toHaveLength(23);
    expect(rows[1]!.clockHours).toEqual([1, 2]);
    expect(rows[2]!.clockHours).toEqual([3]);
    expect(rows.at(-1)!.clockHours).toEqual([23]);
  });

  it("gives the autumn day 25 rows, the 02:00 hour twice", () => {
    const rows = hourRows("2026-10-25", tz);
    expect(rows).toHaveLength(25);
    expect(rows[2]).toMatchObject({ clockHours: [2], repeated: "summer" });
    expect(rows[3]).toMatchObject({ clockHours: [2], repeated: "winter" });
    expect(rows[4]!.clockHours).toEqual([3]);
  });

  it("knows ISO weeks at the year end and maps 29 February to 28 February", () => {
    expect(isoWeek("2025-12-22")).toEqual({ week: 52, year: 2025 });
    expect(isoWeek("2025-12-29")).toEqual({ week: 1, year: 2026 });
    expect(isoWeek("2026-01-04")).toEqual({ week: 1, year: 2026 });
    expect(isoWeek("2026-06-10")).toEqual({ week: 24, year: 2026 });
    expect(yearEarlier("2028-02-29")).toBe("2027-02-28");
    expect(yearEarlier("2026-06-08")).toBe("2025-06-08");
  });
});

describe("comparison images", () => {
  it("moves a range back by n days for the previous period", () => {
    expect(comparedRanges({ from: "2026-06-10", to: "2026-06-14" }, "previous-period", 72)).toEqual([
      { from: "2026-03-30", to: "2026-04-03" },
    ]);
  });
  it("never counts a compared 29 February a year back", () => {
    expect(comparedRanges({ from: "2025-02-01", to: "2025-03-31" }, "previous-year", 59)).toEqual([
      { from: "2024-02-01", to: "2024-02-28" },
      { from: "2024-03-01", to: "2024-03-31" },
    ]);
    expect(comparedRanges({ from: "2024-02-28", to: "2024-03-01" }, "previous-year", 3)).toEqual([
      { from: "2023-02-28", to: "2023-03-01" },
    ]);
  });
});

describe("buckets clipped to the period", () => {
  it("clips a weekly period starting mid-week and marks its partial weeks", () => {
    const buckets = dateBuckets({ from: "2026-06-10", to: "2026-08-20" }, "week");
    expect(buckets).toHaveLength(11);
    expect(buckets[0]).toMatchObject({
      range: { from: "2026-06-10", to: "2026-06-14" },
      calendar: { from: "2026-06-08" },
      partial: true,
    });
    expect(buckets[1]).toMatchObject({ range: { from: "2026-06-15", to: "2026-06-21" }, partial: false });
    expect(buckets[10]).toMatchObject({ range: { from: "2026-08-17", to: "2026-08-20" }, partial: true });
  });

  it("splits the year end into its ISO weeks", () => {
    const buckets = dateBuckets({ from: "2025-12-22", to: "2026-01-12" }, "week");
    expect(buckets.map((b) => [b.range.from, b.range.to, b.partial])).toEqual([
      ["2025-12-22", "2025-12-28", false],
      ["2025-12-29", "2026-01-04", false],
      ["2026-01-05", "2026-01-11", false],
      ["2026-01-12", "2026-01-12", true],
    ]);
  });

  it("clips months of the last 365 days", () => {
    const buckets = dateBuckets({ from: "2025-11-25", to: "2026-11-24" }, "month");
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toMatchObject({ range: { from: "2025-11-25", to: "2025-11-30" }, partial: true });
    expect(buckets[3]).toMatchObject({ range: { from: "2026-02-01", to: "2026-02-28" }, partial: false });
    expect(buckets[12]).toMatchObject({ range: { from: "2026-11-01", to: "2026-11-24" }, partial: true });
  });

  it("clamps to the tenancy", () => {
    expect(
      clampToTenancy({ from: "2026-01-01", to: "2026-12-31" }, { start: "2026-03-01", end: "2026-06-30" }),
    ).toEqual({ from: "2026-03-01", to: "2026-06-30" });
    expect(clampToTenancy({ from: "2025-01-01", to: "2025-12-31" }, { start: "2026-03-01", end: null })).toBeNull();
  });
});

describe("expectedFigures on hand-made readings", () => {
  // One unit per hour, all year round: a day has as many units as hours.
  const readings = memoryReadings(new Map([[1, register("2025-01-01T00:00:00Z", "2027-01-01T00:00:00Z")]]));
  /** One day hour by hour, compared as `compare` says. */
  const hoursOf = (day: string, compare: "previous-period" | "previous-year") =>
    figuresOf(readings, day, day, { span: "hour", compare });

  it("compares the spring-forward day by clock time: 01:00–03:00 with the day before's 01:00 and 02:00", () => {
    const figures = hoursOf("2026-03-29", "previous-period");
    expect(figures.rows).toHaveLength(23);
    expect(figures.rows[1]).toMatchObject({ value: 1, comparison: 2 });
    expect(figures.rows[2]).toMatchObject({ value: 1, comparison: 1 });
    expect(figures.total).toBe(23);
    // The compared day's every hour counts, so the legend equals the card.
    expect(figures.comparisonTotal).toBe(24);
    expect(figures.cards.previousPeriod).toBe(24);
    expect(figures.rows.reduce((sum, row) => sum + (row.comparison ?? 0), 0)).toBe(24);
  });

  it("compares the autumn day's summer-time 02:00 with 02:00, the winter-time one with nothing", () => {
    const figures = hoursOf("2026-10-25", "previous-year");
    expect(figures.rows).toHaveLength(25);
    expect(figures.rows[2]).toMatchObject({ value: 1, comparison: 1 });
    expect(figures.rows[3]).toMatchObject({ value: 1, comparison: null });
    expect(figures.total).toBe(25);
    expect(figures.comparisonTotal).toBe(24);
  });

  it("compares a normal day's 02:00 with both 02:00 hours of an autumn day, with nothing of a spring day", () => {
    const afterAutumn = hoursOf("2026-10-26", "previous-period");
    expect(afterAutumn.rows).toHaveLength(24);
    expect(afterAutumn.rows[2]).toMatchObject({ value: 1, comparison: 2 });
    expect(afterAutumn.comparisonTotal).toBe(25);
    const afterSpring = hoursOf("2026-03-30", "previous-period");
    expect(afterSpring.rows[1]).toMatchObject({ value: 1, comparison: 1 });
    expect(afterSpring.rows[2]).toMatchObject({ value: 1, comparison: null });
    expect(afterSpring.comparisonTotal).toBe(23);
  });

  it("leaves a compared leap day out of a previous-year total", () => {
    const leap = memoryReadings(new Map([[1, register("2024-01-01T00:00:00Z", "2025-04-01T00:00:00Z")]]));
    const figures = figuresOf(leap, "2025-02-01", "2025-03-31", { span: "month", compare: "previous-year" });
    expect(figures.rows[0]!.comparison).toBe(28 * 24);
    // March 2024 has 31 days, one of them 23 hours long (31 March).
    expect(figures.rows[1]!.comparison).toBe(31 * 24 - 1);
    expect(figures.comparisonTotal).toBe(28 * 24 + 31 * 24 - 1);
  });

  it("compares a weekly period starting mid-week with the same number of days before, bucket by bucket", () => {
    // Hour consumption = the local day of month, so shifted spans differ.
    const byDay = memoryReadings(
      new Map([
        [
          1,
          register("2026-04-01T00:00:00Z", "2026-07-01T00:00:00Z", (ts) =>
            Number(new Date((ts + 7200) * 1000).toISOString().slice(8, 10)),
          ),
        ],
      ]),
    );
    const figures = figuresOf(byDay, "2026-06-10", "2026-06-23", { span: "week", compare: "previous-period" });
    expect(figures.rows.map((r) => r.bucket.span !== "hour" && [r.bucket.range.from, r.bucket.range.to])).toEqual([
      ["2026-06-10", "2026-06-14"],
      ["2026-06-15", "2026-06-21"],
      ["2026-06-22", "2026-06-23"],
    ]);
    const daySum = (days: number[]) => days.reduce((sum, day) => sum + 24 * day, 0);
    expect(figures.rows[0]!.value).toBe(daySum([10, 11, 12, 13, 14]));
    // 14 days earlier: 27–31 May.
    expect(figures.rows[0]!.comparison).toBe(daySum([27, 28, 29, 30, 31]));
    expect(figures.rows[2]!.comparison).toBe(daySum([8, 9]));
    expect(figures.comparisonTotal).toBe(figures.rows.reduce((sum, r) => sum + r.comparison!, 0));
    expect(figures.cards.previousPeriod).toBe(figures.comparisonTotal);
  });

  it("compares a week with the same dates a year earlier, and totals over exactly P", () => {
    const figures = figuresOf(readings, "2026-06-10", "2026-08-20", { span: "week", compare: "previous-year" });
    expect(figures.rows[0]).toMatchObject({ value: 5 * 24, comparison: 5 * 24 });
    expect(figures.total).toBe(72 * 24);
    expect(figures.comparisonTotal).toBe(72 * 24);
  });

  it("averages samples hour-weighted, over every meter's samples", () => {
    const climate = memoryReadings(
      new Map([
        [1, samples("2026-01-05T00:00:00Z", "2026-01-07T00:00:00Z", () => 20)],
        [2, samples("2026-01-05T00:00:00Z", "2026-01-06T00:00:00Z", () => 23)],
      ]),
    );
    const figures = figuresOf(climate, "2026-01-05", "2026-01-06", {
      span: "day",
      compare: "none",
      tenancy,
      series: { meterIds: [1, 2], aggregation: "average" },
    });
    // P runs from 23:00 UTC on the 4th: meter 1 has 47 samples in it, meter 2 all its 24.
    expect(figures.total).toBeCloseTo((20 * 47 + 23 * 24) / 71, 9);
  });

  it("averages the other units with data, none with fewer than three", () => {
    expect(propertyAverage([1, 2, 3])).toBe(2);
    expect(propertyAverage([1, null, 3])).toBeNull();
    const units = memoryReadings(
      new Map([
        [1, register("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z")],
        [2, register("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z", () => 2)],
        [3, register("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z", () => 3)],
        [4, register("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z", () => 4)],
      ]),
    );
    const otherUnits = [2, 3, 4].map((id) => ({ meterIds: [id], aggregation: "addition" as const }));
    const figures = figuresOf(units, "2026-01-10", "2026-01-11", {
      span: "day",
      compare: "property-average",
      otherUnits,
    });
    expect(figures.rows[0]!.comparison).toBe(3 * 24);
    expect(figures.comparisonTotal).toBe(3 * 48);
  });
});

describe("like with like (issue 25): the tenancy's days, up to what has elapsed", () => {
  // One kWh an hour from the start of 2025 to 25 November 2026 14:00 (the latest reading).
  const source = memoryReadings(new Map([[1, register("2024-12-31T23:00:00Z", "2026-11-25T13:00:00Z")]]));
  const now = utc("2026-11-25T13:37:00Z");

  it("compares this year to 25 November 14:00 with last year to 25 November 14:00", () => {
    const figures = figuresOf(source, "2026-01-01", "2026-12-31", { span: "month", compare: "previous-year", now });
    const hours = (utc("2026-11-25T13:00:00Z") - utc("2025-12-31T23:00:00Z")) / 3600;
    expect(figures.total).toBe(hours);
    expect(figures.comparisonTotal).toBe(hours);
    expect(figures.rows[10]!.comparison).toBe(24 * 24 + 14);
    expect(figures.rows[11]!.comparison).toBeNull();
    // Without the page's time every period counts as elapsed: all of 2025.
    expect(
      figuresOf(source, "2026-01-01", "2026-12-31", { span: "month", compare: "previous-year" }).comparisonTotal,
    ).toBe(365 * 24);
  });

  it("compares a partly elapsed day's hours only up to the latest reading's hour", () => {
    const figures = figuresOf(source, "2026-11-25", "2026-11-25", { span: "hour", compare: "previous-period", now });
    expect(figures.comparisonTotal).toBe(14);
    expect(figures.rows[13]!.comparison).toBe(1);
    expect(figures.rows[14]!.comparison).toBeNull();
  });

  it("moves a moved-out resident's days back by their number", () => {
    const figures = figuresOf(source, "2026-11-01", "2026-11-19", {
      span: "day",
      compare: "previous-period",
      tenancy: { start: "2024-01-01", end: "2026-11-09" },
      now,
    });
    expect(figures.period).toEqual({ from: "2026-11-01", to: "2026-11-09" });
    // 23–31 October, 25 October being the 25-hour autumn day.
    expect(figures.comparisonTotal).toBe(9 * 24 + 1);
    expect(figures.rows[0]!.comparison).toBe(24);
  });
});

describe("agreesToDisplayedDecimals", () => {
  it("accepts the value within half a unit of the last displayed digit", () => {
    expect(agreesToDisplayedDecimals({ value: 36, decimals: 0 }, 36.131)).toBe(true);
    expect(agreesToDisplayedDecimals({ value: 51, decimals: 0 }, 36.131)).toBe(false);
    expect(agreesToDisplayedDecimals({ value: 0.07, decimals: 2 }, 0.0749)).toBe(true);
    expect(agreesToDisplayedDecimals({ value: 0.07, decimals: 2 }, 0.0751)).toBe(false);
    expect(agreesToDisplayedDecimals(null, null)).toBe(true);
    expect(agreesToDisplayedDecimals({ value: 0, decimals: 0 }, null)).toBe(false);
  });
});
