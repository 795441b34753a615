/**
 * The forecasts' backtest (issue 46 item 3, ADR 0072): forecasts made on every day of a span of
 * past days, each against what then happened, summed per quantity and horizon as the mean
 * absolute percentage error and how often the range held the outcome. Pure: homes' days in, a
 * table out; `npm run backtest:forecast` (backend/cli/backtest-forecast.ts) feeds it the demo.
 */
import { addDays, addMonths, type DayKey, firstOfMonth, firstOfYear } from "@common/calendar-days";
import type { DayRange } from "@common/calendar-ranges";
import type { ForecastMethod } from "@common/graphql-enums.generated";
import type { DayMean, NormalYear } from "./degree-days";
import { type ConsumptionDay, forecast } from "./forecast";

export interface BacktestHome {
  quantity: string;
  days: ReadonlyMap<DayKey, ConsumptionDay>;
  weather: { means: ReadonlyMap<DayKey, DayMean>; normal: NormalYear | null } | null;
}

export type BacktestHorizon = "month" | "year";

export interface BacktestRow {
  quantity: string;
  horizon: BacktestHorizon;
  /** Forecasts made and evaluated (an outcome of zero has no percentage and is left out). */
  forecasts: number;
  /** Mean absolute percentage error of the expected total, 0–1. */
  mape: number;
  /** Share of the outcomes inside the range, 0–1. */
  held: number;
  /** Forecasts per method. */
  methods: Partial<Record<ForecastMethod, number>>;
}

/** The period of a horizon that holds `day`. */
export function periodOf(horizon: BacktestHorizon, day: DayKey): DayRange {
  const fromDay = horizon === "month" ? firstOfMonth(day) : firstOfYear(day);
  return { fromDay, endDay: addMonths(fromDay, horizon === "month" ? 1 : 12) };
}

/**
 * Forecasts made on each day of [fromDay, endDay) for the period of each horizon that holds it,
 * where that period has ended by `endDay` and every one of its days has data (the outcome is known).
 */
export function backtest(
  homes: readonly BacktestHome[],
  span: DayRange,
  horizons: readonly BacktestHorizon[] = ["month", "year"],
): BacktestRow[] {
  const rows = new Map<string, BacktestRow & { errorSum: number; heldCount: number }>();
  for (const home of homes) {
    for (const horizon of horizons) {
      const outcomes = new Map<DayKey, number | null>();
      for (let day = span.fromDay; day < span.endDay; day = addDays(day, 1)) {
        const period = periodOf(horizon, day);
        if (period.endDay > span.endDay) continue;
        if (!outcomes.has(period.fromDay)) outcomes.set(period.fromDay, outcomeOf(home.days, period));
        const actual = outcomes.get(period.fromDay) ?? null;
        if (actual === null || actual <= 0) continue;
        const result = forecast({ ...period, today: day, days: home.days, weather: home.weather });
        if (!result.ok) continue;
        const key = `${home.quantity}\u0000${horizon}`;
        const row = rows.get(key) ?? {
          quantity: home.quantity,
          horizon,
          forecasts: 0,
          mape: 0,
          held: 0,
          methods: {},
          errorSum: 0,
          heldCount: 0,
        };
        row.forecasts++;
        row.errorSum += Math.abs(result.expected - actual) / actual;
        if (result.low <= actual && actual <= result.high) row.heldCount++;
        row.methods[result.method] = (row.methods[result.method] ?? 0) + 1;
        rows.set(key, row);
      }
    }
  }
  return [...rows.values()]
    .map(({ errorSum, heldCount, ...row }) => ({
      ...row,
      mape: row.forecasts === 0 ? 0 : errorSum / row.forecasts,
      held: row.forecasts === 0 ? 0 : heldCount / row.forecasts,
    }))
    .sort((a, b) => a.quantity.localeCompare(b.quantity) || a.horizon.localeCompare(b.horizon));
}

/** A period's total when every one of its days has data, else null. */
function outcomeOf(days: ReadonlyMap<DayKey, ConsumptionDay>, period: DayRange): number | null {
  let sum = 0;
  for (let day = period.fromDay; day < period.endDay; day = addDays(day, 1)) {
    const entry = days.get(day);
    if (entry === undefined) return null;
    sum += entry.value;
  }
  return sum;
}

/** The table as docs/forecast-backtest.md keeps it. */
export function backtestTable(rows: readonly BacktestRow[]): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  const lines = [
    "| quantity | horizon | forecasts | MAPE | range held | methods |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.quantity} | ${row.horizon} | ${row.forecasts} | ${percent(row.mape)} | ${percent(row.held)} | ${Object.entries(
          row.methods,
        )
          .map(([method, count]) => `${method} ${count}`)
          .join(", ")} |`,
    ),
  ];
  return lines.join("\n");
}
