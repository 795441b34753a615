import { addDays, type DayKey, hoursInDay } from "@common/calendar-days";
import { describe, expect, it } from "vitest";
import type { DayMean } from "./degree-days";
import { type ConsumptionDay, forecast, forecastRules, rangeShareOf } from "./forecast";

/** Whole days [from, end) with a value per day. */
function daysOf(from: DayKey, end: DayKey, value: (day: DayKey, index: number) => number): Map<DayKey, ConsumptionDay> {
  const days = new Map<DayKey, ConsumptionDay>();
  let index = 0;
  for (let day = from; day < end; day = addDays(day, 1))
    days.set(day, { value: value(day, index++), hours: hoursInDay(day) });
  return days;
}

describe("forecast", () => {
  it("waits for 7 days of the period and for readings in 75 % of its hours so far", () => {
    const days = daysOf("2025-01-01", "2025-03-07", () => 10);
    expect(forecast({ fromDay: "2025-03-01", endDay: "2025-04-01", today: "2025-03-07", days, weather: null })).toEqual(
      {
        ok: false,
        problem: "TOO_EARLY",
        soFar: 60,
      },
    );
    const gappy = new Map([...days].filter(([day]) => day < "2025-03-03"));
    for (let day = "2025-03-03"; day < "2025-03-11"; day = addDays(day, 1)) {
      if (day >= "2025-03-09") gappy.set(day, { value: 10, hours: 24 });
    }
    // 10 days passed, 4 with readings.
    expect(
      forecast({ fromDay: "2025-03-01", endDay: "2025-04-01", today: "2025-03-11", days: gappy, weather: null }),
    ).toMatchObject({
      ok: false,
      problem: "TOO_FEW_READINGS",
    });
  });

  it("takes the recent mean for each day left without a year of history, in a flat range", () => {
    const days = daysOf("2025-02-01", "2025-03-11", () => 10);
    const result = forecast({ fromDay: "2025-03-01", endDay: "2025-04-01", today: "2025-03-11", days, weather: null });
    const share = rangeShareOf("RECENT_MEAN", 21);
    expect(result).toMatchObject({ ok: true, method: "RECENT_MEAN", soFar: 100, expected: 100 + 21 * 10 });
    if (!result.ok) throw new Error("no forecast");
    expect(result.low).toBeCloseTo(100 + 210 * (1 - share), 10);
    expect(result.high).toBeCloseTo(100 + 210 * (1 + share), 10);
  });

  it("scales the same weekdays a year earlier by the last 28 days against a year earlier", () => {
    // A year earlier 8 a day on weekdays and 12 on weekends; now 25 % more.
    const weekly = (day: DayKey) => ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()) ? 12 : 8);
    const days = new Map([
      ...daysOf("2024-01-01", "2024-12-31", weekly),
      ...daysOf("2024-12-31", "2025-03-11", (day) => weekly(day) * 1.25),
    ]);
    const result = forecast({ fromDay: "2025-03-01", endDay: "2025-04-01", today: "2025-03-11", days, weather: null });
    expect(result).toMatchObject({ ok: true, method: "LAST_YEAR_SCALED" });
    if (!result.ok) throw new Error("no forecast");
    let expected = 0;
    for (let day = "2025-03-01"; day < "2025-04-01"; day = addDays(day, 1)) expected += weekly(day) * 1.25;
    expect(result.expected).toBeCloseTo(expected, 8);
  });

  it("gives heat its fit at the normal degree days of the days left", () => {
    // A year of seasons, and a home using 2 a day plus 0.5 per degree day.
    const means = new Map<DayKey, DayMean>();
    const days = new Map<DayKey, ConsumptionDay>();
    let index = 0;
    for (let day = "2024-03-01"; day < "2025-03-11"; day = addDays(day, 1)) {
      const mean = 8 - 9 * Math.cos((2 * Math.PI * index++) / 365 + 0.9);
      means.set(day, { day, mean, hours: 24 });
      days.set(day, { value: 2 + 0.5 * Math.max(0, 17 - mean), hours: 24 });
    }
    const normal = [468, 421, 421, 307, 180, 69, 40, 40, 111, 214, 328, 410];
    const result = forecast({
      fromDay: "2025-03-01",
      endDay: "2025-04-01",
      today: "2025-03-11",
      days,
      weather: { means, normal },
    });
    expect(result).toMatchObject({ ok: true, method: "HEATING_FIT" });
    if (!result.ok) throw new Error("no forecast");
    const soFar = [...days].filter(([day]) => day >= "2025-03-01").reduce((sum, [, entry]) => sum + entry.value, 0);
    expect(result.soFar).toBeCloseTo(soFar, 8);
    // The days left: 21 March days of 421 / 31 normal degree days each.
    expect(result.expected).toBeCloseTo(soFar + 21 * (2 + (0.5 * 421) / 31), 6);
    expect(result.low).toBeLessThan(result.expected);
  });

  it("estimates the days so far without readings like the days left", () => {
    const days = daysOf("2025-02-01", "2025-03-11", () => 10);
    days.delete("2025-03-05");
    const result = forecast({ fromDay: "2025-03-01", endDay: "2025-04-01", today: "2025-03-11", days, weather: null });
    expect(result).toMatchObject({ ok: true, soFar: 90, expected: 90 + 22 * 10, daysEstimated: 22 });
  });
});

describe("rangeShareOf", () => {
  it("evens out day-to-day swings over the days estimated, down to half, and widens a short fit", () => {
    expect(rangeShareOf("LAST_YEAR_SCALED", 30)).toBeCloseTo(0.2, 10);
    expect(rangeShareOf("LAST_YEAR_SCALED", 120)).toBeCloseTo(0.1, 10);
    expect(rangeShareOf("LAST_YEAR_SCALED", 365)).toBeCloseTo(0.1, 10);
    expect(rangeShareOf("LAST_YEAR_SCALED", 3)).toBeCloseTo(0.2 * Math.sqrt(10), 10);
    expect(rangeShareOf("RECENT_MEAN", 300)).toBe(0.3);
    expect(rangeShareOf("HEATING_FIT", 30, 365 / 4)).toBeCloseTo(0.5, 10);
    expect(forecastRules.minimumDaysPassed).toBe(7);
  });
});
