import { addDays, type DayKey, hoursInDay } from "@common/calendar-days";
import { describe, expect, it } from "vitest";
import type { ConsumptionDay } from "./forecast";
import { backtest, backtestTable, periodOf } from "./forecast-backtest";

function home(from: DayKey, end: DayKey, value: (index: number) => number) {
  const days = new Map<DayKey, ConsumptionDay>();
  let index = 0;
  for (let day = from; day < end; day = addDays(day, 1))
    days.set(day, { value: value(index++), hours: hoursInDay(day) });
  return { quantity: "cold-water-volume", days, weather: null };
}

describe("backtest", () => {
  it("makes a forecast on every day whose period has ended with data on all its days, against the outcome", () => {
    // Steady 10 a day: every forecast from the 7th day on is exact and its range holds.
    const steady = home("2025-01-01", "2025-04-01", () => 10);
    const [row] = backtest([steady], { fromDay: "2025-02-01", endDay: "2025-04-01" }, ["month"]);
    // February from its 8th day (21 forecasts), March from its 8th (24).
    expect(row).toMatchObject({
      quantity: "cold-water-volume",
      horizon: "month",
      forecasts: 21 + 24,
      mape: 0,
      held: 1,
    });
  });

  it("counts a miss outside the range", () => {
    // 10 a day, then 40 a day from 20 March: the forecasts made before the jump miss March.
    const jump = home("2025-01-01", "2025-04-01", (index) => (index >= 31 + 28 + 19 ? 40 : 10));
    const [row] = backtest([jump], { fromDay: "2025-03-01", endDay: "2025-04-01" }, ["month"]);
    expect(row!.forecasts).toBe(24);
    expect(row!.held).toBeLessThan(1);
    expect(row!.mape).toBeGreaterThan(0);
    expect(backtestTable([row!])).toContain("| cold-water-volume | month | 24 |");
  });

  it("leaves out a period that has not ended or lacks a day", () => {
    const gap = home("2025-01-01", "2025-03-15", () => 10);
    expect(backtest([gap], { fromDay: "2025-03-01", endDay: "2025-04-01" }, ["month"])).toEqual([]);
    expect(periodOf("year", "2025-06-15")).toEqual({ fromDay: "2025-01-01", endDay: "2026-01-01" });
  });
});
