/**
 * The figures of a tenancy's monthly consumption report (groundwork for the report job
 * and page): per quantity of the unit that adds up, the month's total, the previous month's, the
 * same month a year earlier and the property average, computed by the same code as the consumption
 * pages' key figures (unitQuantityKpis), so the report never disagrees with them. For the
 * quantities that follow the weather, also the weather-adjusted comparisons with the previous
 * month and the same month last year (issue 46 item 2, ADR 0070), by the key figures' own code.
 */

import {
  addDays,
  addMonthsToMonth,
  type ComparedSpan,
  type DayRange,
  daysOfPeriod,
  periodOfMonth,
} from "@common/calendar";
import { withTotalWater } from "@common/meters";
import { consumptionQuantityIds, isQuantityId, type QuantityId, quantityDefinition } from "@common/quantities";
import type { Kysely } from "kysely";
import { metersForQuantity } from "../consumption/engine";
import type { Database, TenancyRow } from "../db/types";
import { kpisOfScope, scopeOfTenancy } from "../services/tenant-consumption";
import { comparedDaysOf, comparisonSpanOf } from "../services/tenant-consumption/totals";
import type { UnitScope } from "../services/tenant-consumption/unit-scope";
import { weatherAdjustedOfScope, weatherAdjustedOutput } from "../services/tenant-consumption/weather-adjusted";

export interface QuantityMonthFigures {
  quantity: QuantityId;
  /** Null without data (never 0 for "no data"). */
  total: number | null;
  previousMonth: number | null;
  sameMonthLastYear: number | null;
  /** The other units' average (null when fewer than 3 have data). */
  propertyAverage: number | null;
  /**
   * The month against the previous calendar month, weather-adjusted (the schema's
   * WeatherAdjustedComparison); null for quantities that do not follow the weather.
   */
  weatherAdjustedPreviousMonth: WeatherAdjustedFigure | null;
  /** Against the same month a year earlier: unitQuantityKpis' weatherAdjustedPreviousYear for the month. */
  weatherAdjustedSameMonthLastYear: WeatherAdjustedFigure | null;
}

export type WeatherAdjustedFigure = NonNullable<ReturnType<typeof weatherAdjustedOutput>>;

/** "2026-10" → the month's first and last day. */
export function daysOfMonth(month: string): { first: string; last: string } {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`not a month: ${month}`);
  const { from, to } = periodOfMonth(month);
  return { first: from, last: to };
}

export function previousMonthOf(month: string): string {
  return addMonthsToMonth(month, -1);
}

/** The quantities a report shows for a unit: its consumption quantities that add up, in the portal's order. */
export function reportQuantities(meterQuantities: readonly string[]): QuantityId[] {
  const measured = withTotalWater(meterQuantities.filter(isQuantityId));
  return consumptionQuantityIds.filter(
    (quantity) => measured.includes(quantity) && quantityDefinition(quantity).aggregation === "addition",
  );
}

export async function monthReportFigures(
  db: Kysely<Database>,
  tenancy: TenancyRow,
  month: string,
  now: Date,
): Promise<QuantityMonthFigures[]> {
  const scope = await scopeOfTenancy({ db, now }, tenancy);
  const ctx = { db };
  const days = (m: string) => daysOfPeriod(periodOfMonth(m));
  return Promise.all(
    reportQuantities(scope.meters.map((meter) => meter.quantity)).map(async (quantity) => {
      const [current, previous, weather] = await Promise.all([
        kpisOfScope(ctx, scope, { quantity, days: days(month) }),
        kpisOfScope(ctx, scope, { quantity, days: days(previousMonthOf(month)) }),
        weatherAdjustedOfMonth(ctx, scope, quantity, month),
      ]);
      return {
        quantity,
        total: current.total,
        previousMonth: previous.total,
        sameMonthLastYear: current.previousYear,
        propertyAverage: current.propertyComparison,
        weatherAdjustedPreviousMonth: weatherAdjustedOutput(weather?.previousPeriod),
        weatherAdjustedSameMonthLastYear: weatherAdjustedOutput(weather?.previousYear),
      };
    }),
  );
}

/**
 * The previous calendar month's days of the tenancy as a compared span: the report compares a
 * month with the month before (not with the n days before, the key figures' previous period, which
 * for October would be 31 August–30 September), and a report's months have ended, so nothing is cut.
 */
export function previousMonthSpan(scope: Pick<UnitScope, "tenancy">, month: string): ComparedSpan {
  const range: DayRange | null = comparedDaysOf(scope, daysOfPeriod(periodOfMonth(previousMonthOf(month))));
  if (range === null || range.fromDay >= range.endDay)
    return { whole: [], hours: null, firstDay: null, lastDay: null, until: null };
  return { whole: [range], hours: null, firstDay: range.fromDay, lastDay: addDays(range.endDay, -1), until: null };
}

/**
 * The month's two weather-adjusted comparisons with one heating fit: against the previous month
 * and against the same month a year earlier, the latter over the very span unitQuantityKpis
 * compares the month with (so it equals the key figures' weatherAdjustedPreviousYear).
 */
async function weatherAdjustedOfMonth(
  ctx: { db: Kysely<Database> },
  scope: UnitScope,
  quantity: QuantityId,
  month: string,
) {
  const days = daysOfPeriod(periodOfMonth(month));
  const meters = metersForQuantity(scope.meters, quantity);
  const context = { db: ctx.db, window: scope.window };
  const previousYear = await comparisonSpanOf(context, scope, meters, "PREVIOUS_YEAR", days);
  return weatherAdjustedOfScope(ctx, scope, quantity, days, {
    previousPeriod: previousMonthSpan(scope, month),
    previousYear,
  });
}
