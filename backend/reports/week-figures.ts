/**
 * The figures of a tenancy's weekly update e-mail (issue 47 item 4, ADR 0076), computed by the
 * consumption pages' own code so the e-mail never disagrees with them: per quantity the home
 * measures that adds up (the monthly report's quantities), the week's total (kpisOfScope over the
 * seven days), the week before and the same dates a year earlier (the key figures' previous
 * period and previous year of a 7-day period), for the quantities that follow the weather the two
 * weather-adjusted comparisons (degree days, ADR 0070), the week's highest day (totalOfScope per
 * day) and this month's forecast as of the day the e-mail is made (forecastsOfScope, ADR 0072).
 */

import { addDays, type DayKey, type DayRange } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import type { Database, TenancyRow } from "../db/types";
import { kpisOfScope, scopeOfTenancy, totalOfScope } from "../services/tenant-consumption";
import { forecastsOfScope } from "../services/tenant-consumption/forecasts";
import { reportQuantities, type WeatherAdjustedFigure } from "./month-figures";

export interface WeekForecast {
  /** The month's first day. */
  firstDay: DayKey;
  /** Null when there is a forecast; else why not (TOO_EARLY, TOO_FEW_READINGS, NO_HISTORY). */
  problem: string | null;
  expected: number | null;
  low: number | null;
  high: number | null;
}

export interface QuantityWeekFigures {
  quantity: QuantityId;
  /** Null without data (never 0 for "no data"). */
  total: number | null;
  weekBefore: number | null;
  sameWeekLastYear: number | null;
  /** Weather-adjusted comparisons (heat only; null for the others). */
  weatherAdjustedWeekBefore: WeatherAdjustedFigure | null;
  weatherAdjustedLastYear: WeatherAdjustedFigure | null;
  /** The day of the week with the most, and its total; null when no day has data. */
  highestDay: { day: DayKey; value: number } | null;
  forecast: WeekForecast | null;
}

export interface TenancyWeekFigures {
  tenancyId: number;
  /** The home's address as the monthly report writes it. */
  home: string;
  quantities: QuantityWeekFigures[];
}

export async function weekFiguresOfTenancy(
  db: Kysely<Database>,
  tenancy: TenancyRow,
  week: DayRange,
  today: DayKey,
  now: Date,
): Promise<TenancyWeekFigures> {
  const scope = await scopeOfTenancy({ db, now }, tenancy);
  const ctx = { db };
  const quantities = reportQuantities(scope.meters.map((meter) => meter.quantity));
  const forecasts = quantities.length === 0 ? [] : await forecastsOfScope(db, scope, today);
  const figures = await Promise.all(
    quantities.map(async (quantity): Promise<QuantityWeekFigures> => {
      const days: DayKey[] = [];
      for (let day = week.fromDay; day < week.endDay; day = addDays(day, 1)) days.push(day);
      const [kpis, daily] = await Promise.all([
        kpisOfScope(ctx, scope, { quantity, days: week, weatherAdjusted: true }),
        Promise.all(
          days.map((day) => totalOfScope(ctx, scope, { quantity, days: { fromDay: day, endDay: addDays(day, 1) } })),
        ),
      ]);
      let highestDay: QuantityWeekFigures["highestDay"] = null;
      for (const [index, value] of daily.entries()) {
        if (value !== null && (highestDay === null || value > highestDay.value))
          highestDay = { day: days[index]!, value };
      }
      const month = forecasts.find((entry) => entry.quantity === quantity && entry.horizon === "MONTH");
      return {
        quantity,
        total: kpis.total,
        weekBefore: kpis.previousPeriod,
        sameWeekLastYear: kpis.previousYear,
        weatherAdjustedWeekBefore: kpis.weatherAdjustedPreviousPeriod,
        weatherAdjustedLastYear: kpis.weatherAdjustedPreviousYear,
        highestDay,
        forecast:
          month === undefined
            ? null
            : {
                firstDay: month.firstDay,
                problem: month.problem,
                expected: month.expected,
                low: month.low,
                high: month.high,
              },
      };
    }),
  );
  const unit = scope.unit;
  const home =
    unit.apartment && !unit.address.includes(unit.apartment) ? `${unit.address}, ${unit.apartment}` : unit.address;
  return { tenancyId: tenancy.id, home, quantities: figures };
}
