/**
 * The figures of a tenancy's monthly consumption report (groundwork for the report job
 * and page): per quantity of the unit that adds up, the month's total, the previous month's, the
 * same month a year earlier and the property average, computed by the same code as the consumption
 * pages' key figures (unitQuantityKpis), so the report never disagrees with them.
 */

import { addMonthsToMonth, daysOfPeriod, periodOfMonth } from "@common/calendar";
import { withTotalWater } from "@common/meters";
import { consumptionQuantityIds, isQuantityId, type QuantityId, quantityDefinition } from "@common/quantities";
import type { Kysely } from "kysely";
import type { Database, TenancyRow } from "../db/types";
import { kpisOfScope, scopeOfTenancy } from "../services/tenant-consumption";

export interface QuantityMonthFigures {
  quantity: QuantityId;
  /** Null without data (never 0 for "no data"). */
  total: number | null;
  previousMonth: number | null;
  sameMonthLastYear: number | null;
  /** The other units' average (null when fewer than 3 have data). */
  propertyAverage: number | null;
}

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
      const [current, previous] = await Promise.all([
        kpisOfScope(ctx, scope, { quantity, days: days(month) }),
        kpisOfScope(ctx, scope, { quantity, days: days(previousMonthOf(month)) }),
      ]);
      return {
        quantity,
        total: current.total,
        previousMonth: previous.total,
        sameMonthLastYear: current.previousYear,
        propertyAverage: current.propertyComparison,
      };
    }),
  );
}
