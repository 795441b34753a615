/**
 * `npm run backtest:forecast [-- --now 2026-12-02T06:00:00Z] [--units N]` replays the demo's
 * history (issue 46 item 3, ADR 0072): a fresh demo database in memory with its readings up to
 * now, then, for every home and consumed quantity, a forecast made on every day of the last 12
 * whole months for its month, and on every day of the last whole calendar year for that year,
 * each against what then happened. Prints per quantity and horizon the forecasts made, the mean
 * absolute percentage error and how often the range held the outcome (it must: at least 80 %),
 * and exits 1 when a range held less often. The table is kept in docs/forecast-backtest.md.
 */
import { addDays, addMonths, type DayKey, dayKeyOf, firstOfMonth, firstOfYear } from "@common/calendar";
import { totalKindOf } from "@common/quantities";
import { createBackend } from "../app";
import { dailyOnlyProperty } from "../db/seed/daily-only-property";
import type { Logger } from "../logger";
import { isWeatherQuantity } from "../weather/adjusted-comparison";
import { normalYearHistoryDays, normalYearOf } from "../weather/degree-day-period";
import { addDayRow, type ConsumptionDay } from "../weather/forecast";
import { type BacktestHome, type BacktestRow, backtest, backtestTable } from "../weather/forecast-backtest";
import { outdoorDayMeans } from "../weather/outdoor-store";
import { runWhenEntryPoint } from "./cli-database";

const quietLogger: Logger = { debug() {}, info() {}, warn: console.warn, error: console.error };

/** The least share of outcomes a range must hold (issue 46). */
export const requiredHeld = 0.8;

function parseArgs(args: readonly string[]): { now: Date; units: number | null } {
  let now = new Date();
  let units: number | null = null;
  for (let index = 0; index < args.length; index += 2) {
    const value = args[index + 1] ?? "";
    if (args[index] === "--now" && !Number.isNaN(Date.parse(value))) now = new Date(value);
    else if (args[index] === "--units" && Number.isInteger(Number(value)) && Number(value) > 0) units = Number(value);
    else throw new Error("Usage: npm run backtest:forecast [-- --now <ISO instant>] [--units N]");
  }
  return { now, units };
}

export async function runBacktest(args: readonly string[]): Promise<number> {
  const { now, units } = parseArgs(args);
  const started = performance.now();
  const backend = await createBackend({
    databasePath: ":memory:",
    seedDemo: true,
    demoReadings: true,
    now: () => now,
    logger: quietLogger,
  });
  try {
    const db = backend.db;
    const today = dayKeyOf(now.getTime());
    const unitRows = await db
      .selectFrom("units")
      .select(["id", "property_id"])
      .where("property_id", "in", [1, dailyOnlyProperty.id])
      .orderBy("id")
      .execute();
    const chosen = units === null ? unitRows : unitRows.slice(0, units);
    const meters = await db
      .selectFrom("meters")
      .select(["id", "unit_id", "quantity"])
      .where(
        "unit_id",
        "in",
        chosen.map((unit) => unit.id),
      )
      .execute();
    const history = normalYearHistoryDays(today);
    const weatherByProperty = new Map<number, BacktestHome["weather"]>();
    for (const propertyId of new Set(chosen.map((unit) => unit.property_id))) {
      const means = await outdoorDayMeans(db, propertyId, history.fromDay, today);
      weatherByProperty.set(propertyId, { means, normal: normalYearOf(means, today, "DK")?.normal ?? null });
    }
    const rows = await db
      .selectFrom("consumption_daily")
      .select(["meter_id", "day", "value", "weight"])
      .where(
        "meter_id",
        "in",
        meters.map((meter) => meter.id),
      )
      .where("day", "<", today)
      .execute();
    const meterById = new Map(meters.map((meter) => [meter.id, meter]));
    const homes = new Map<string, BacktestHome & { unitId: number }>();
    for (const row of rows) {
      const meter = meterById.get(row.meter_id)!;
      if (totalKindOf(meter.quantity as never) !== "consumption") continue;
      const key = `${meter.unit_id}/${meter.quantity}`;
      let home = homes.get(key);
      if (home === undefined) {
        const propertyId = chosen.find((unit) => unit.id === meter.unit_id)!.property_id;
        home = {
          unitId: meter.unit_id,
          quantity: meter.quantity,
          days: new Map<DayKey, ConsumptionDay>(),
          weather: isWeatherQuantity(meter.quantity) ? (weatherByProperty.get(propertyId) ?? null) : null,
        };
        homes.set(key, home);
      }
      addDayRow(home.days as Map<DayKey, ConsumptionDay>, row.day, row.value, row.weight);
    }
    const month = firstOfMonth(today);
    const year = firstOfYear(today);
    const table: BacktestRow[] = [
      ...backtest([...homes.values()], { fromDay: addMonths(month, -12), endDay: month }, ["month"]),
      ...backtest([...homes.values()], { fromDay: addMonths(year, -12), endDay: year }, ["year"]),
    ].sort((a, b) => a.quantity.localeCompare(b.quantity) || a.horizon.localeCompare(b.horizon));
    console.log(
      `Forecast backtest of the demo at ${now.toISOString()}: ${chosen.length} homes, months ${addMonths(month, -12)} to ${addDays(month, -1)}, year ${addMonths(year, -12).slice(0, 4)}\n`,
    );
    console.log(backtestTable(table));
    const short = table.filter((row) => row.forecasts > 0 && row.held < requiredHeld);
    console.log(
      `\n${short.length === 0 ? "Every range held" : `${short.length} ranges held`} the outcome ${short.length === 0 ? "at least" : "less than"} ${requiredHeld * 100} % of the time (${((performance.now() - started) / 1000).toFixed(0)} s).`,
    );
    return short.length === 0 ? 0 : 1;
  } finally {
    await backend.close();
  }
}

runWhenEntryPoint(import.meta.url, runBacktest);
