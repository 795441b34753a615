import { addDays, type DayKey } from "@common/calendar";
import { describe, expect, it } from "vitest";
import { degreeDayPeriod, normalYearHistoryDays, normalYearOf } from "./degree-day-period";
import { countryNormalYears, type DayMean } from "./degree-days";

/** Day means of every day [fromDay, endDay), each `mean(day)` over 24 hours. */
function daysOf(fromDay: DayKey, endDay: DayKey, mean: (day: DayKey) => number): Map<DayKey, DayMean> {
  const means = new Map<DayKey, DayMean>();
  for (let day = fromDay; day < endDay; day = addDays(day, 1)) means.set(day, { day, mean: mean(day), hours: 24 });
  return means;
}

/** A mean that differs from day to day: 17 − (day of month) / 2, so a day's degree days are its date / 2. */
const byDate = (day: DayKey) => 17 - Number(day.slice(8, 10)) / 2;

describe("degreeDayPeriod", () => {
  it("cuts weeks from Monday, the first and last clipped to the period and marked partial", () => {
    // Wednesday 2026-01-07 to Tuesday 2026-01-20: a partial week, a whole one, a partial one.
    const means = daysOf("2026-01-01", "2026-02-01", byDate);
    const period = degreeDayPeriod(means, null, "WEEKLY", { fromDay: "2026-01-07", endDay: "2026-01-21" });
    expect(period.buckets.map(({ fromDay, endDay, partial, days }) => ({ fromDay, endDay, partial, days }))).toEqual([
      { fromDay: "2026-01-07", endDay: "2026-01-12", partial: true, days: 5 },
      { fromDay: "2026-01-12", endDay: "2026-01-19", partial: false, days: 7 },
      { fromDay: "2026-01-19", endDay: "2026-01-21", partial: true, days: 2 },
    ]);
    // Days 7..11 of January: (7 + 8 + 9 + 10 + 11) / 2.
    expect(period.buckets[0]?.degreeDays).toBeCloseTo(22.5, 10);
    // The period: days 7..20, (7 + … + 20) / 2.
    expect(period.degreeDays).toBeCloseTo(94.5, 10);
    expect(period.days).toBe(14);
    expect(period.daysWithData).toBe(14);
    expect(period.normalDegreeDays).toBeNull();
    expect(period.buckets.every((bucket) => bucket.normalDegreeDays === null)).toBe(true);
  });

  it("cuts calendar months and years; the buckets add up to the period", () => {
    const means = daysOf("2024-11-01", "2026-03-01", byDate);
    const days = { fromDay: "2024-11-15", endDay: "2026-02-10" };
    const months = degreeDayPeriod(means, countryNormalYears.DK, "MONTHLY", days);
    expect(months.buckets).toHaveLength(16);
    expect(months.buckets[0]).toMatchObject({ fromDay: "2024-11-15", endDay: "2024-12-01", partial: true, days: 16 });
    expect(months.buckets[1]).toMatchObject({ fromDay: "2024-12-01", endDay: "2025-01-01", partial: false, days: 31 });
    expect(months.buckets.at(-1)).toMatchObject({ fromDay: "2026-02-01", endDay: "2026-02-10", partial: true });
    const years = degreeDayPeriod(means, countryNormalYears.DK, "YEARLY", days);
    expect(years.buckets.map(({ fromDay, endDay, partial }) => [fromDay, endDay, partial])).toEqual([
      ["2024-11-15", "2025-01-01", true],
      ["2025-01-01", "2026-01-01", false],
      ["2026-01-01", "2026-02-10", true],
    ]);
    for (const period of [months, years, degreeDayPeriod(means, countryNormalYears.DK, "DAILY", days)]) {
      const sum = (pick: (bucket: (typeof period.buckets)[number]) => number) =>
        period.buckets.reduce((total, bucket) => total + pick(bucket), 0);
      expect(sum((bucket) => bucket.degreeDays)).toBeCloseTo(period.degreeDays, 8);
      expect(sum((bucket) => bucket.days)).toBe(period.days);
      expect(sum((bucket) => bucket.daysWithData)).toBe(period.daysWithData);
      expect(sum((bucket) => bucket.normalDegreeDays!)).toBeCloseTo(period.normalDegreeDays!, 8);
    }
    // The whole year 2025 has Denmark's normal year.
    expect(years.buckets[1]?.normalDegreeDays).toBeCloseTo(3009, 8);
  });

  it("counts a day of the spring's 23 hours once, and days without enough hours as without data", () => {
    const means = daysOf("2026-03-01", "2026-04-01", () => 7);
    // 2026-03-29 has 23 hours: all of them is a whole day.
    means.set("2026-03-29", { day: "2026-03-29", mean: 7, hours: 23 });
    // Readings in 17 hours only: too few (minimumHoursOfDay).
    means.set("2026-03-10", { day: "2026-03-10", mean: -20, hours: 17 });
    means.delete("2026-03-11");
    const period = degreeDayPeriod(means, null, "MONTHLY", { fromDay: "2026-03-01", endDay: "2026-04-01" });
    expect(period.days).toBe(31);
    expect(period.daysWithData).toBe(29);
    expect(period.degreeDays).toBeCloseTo(29 * 10, 10);
    expect(period.buckets).toHaveLength(1);
    expect(period.buckets[0]).toMatchObject({ partial: false, days: 31, daysWithData: 29 });
  });

  it("has one bucket per day at DAILY, and none for an empty property", () => {
    const period = degreeDayPeriod(new Map(), countryNormalYears.DK, "DAILY", {
      fromDay: "2026-01-30",
      endDay: "2026-02-02",
    });
    expect(period.buckets.map((bucket) => [bucket.fromDay, bucket.degreeDays, bucket.daysWithData])).toEqual([
      ["2026-01-30", 0, 0],
      ["2026-01-31", 0, 0],
      ["2026-02-01", 0, 0],
    ]);
    // The normal is there without readings: two January days and one February day of Denmark's table.
    expect(period.normalDegreeDays).toBeCloseTo((2 * 468) / 31 + 421 / 28, 10);
  });
});

describe("normalYearOf", () => {
  // Whole years 2022–2024, each month's mean the same every year: the own normal is that.
  const history = daysOf("2022-01-01", "2025-01-01", (day) => 17 - Number(day.slice(5, 7)));

  it("takes the property's own history where it has three whole years before this year", () => {
    const own = normalYearOf(history, "2025-06-01", "DK");
    expect(own?.source).toBe("own-history");
    // January: 31 days of 1 degree day each.
    expect(own?.normal[0]).toBeCloseTo(31, 10);
    // February: 2 degree days a day, the mean of 28, 28 and 29 (2024) days.
    expect(own?.normal[1]).toBeCloseTo(((28 + 28 + 29) * 2) / 3, 10);
    // Also for a country without a table.
    expect(normalYearOf(history, "2025-06-01", "NO")?.source).toBe("own-history");
  });

  it("takes the country's table otherwise, and has none for a country without one", () => {
    // In 2024 only 2022 and 2023 are whole years before this year.
    expect(normalYearOf(history, "2024-12-31", "DK")).toEqual({
      normal: countryNormalYears.DK,
      source: "country-table",
      country: "DK",
    });
    expect(normalYearOf(new Map(), "2025-06-01", "DK")?.source).toBe("country-table");
    // Norway's own table (ADR 0074), not Denmark's; the code in either case.
    expect(normalYearOf(history, "2024-12-31", "NO")).toEqual({
      normal: countryNormalYears.NO,
      source: "country-table",
      country: "NO",
    });
    expect(normalYearOf(new Map(), "2025-06-01", "no")?.country).toBe("NO");
    expect(countryNormalYears.NO).not.toEqual(countryNormalYears.DK);
    expect(normalYearOf(history, "2024-12-31", "SE")).toBeNull();
    expect(normalYearOf(new Map(), "2025-06-01", "toString")).toBeNull();
  });

  it("is read from the whole years before this year", () => {
    expect(normalYearHistoryDays("2026-12-02")).toEqual({ fromDay: "1996-01-01", endDay: "2026-01-01" });
  });
});
