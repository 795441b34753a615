/** Totals over day ranges, shared by the tables, the key figures and the rating. */

import {
  addDays,
  type ComparedSpan,
  comparedSpan,
  type DayRange,
  daysOfTenancy,
  daysOfWallPeriod,
  formatInstant,
  type ShiftKind,
} from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import type { Aggregate } from "../../consumption/aggregate";
import type { MeterInfo, Presentation } from "../../consumption/engine";
import {
  elapsedEnd,
  hourTotalsOf,
  type PropertyAverage,
  propertyAverageOverDays,
  totalsOf,
} from "../../consumption/series";
import { tenancyDataWindow } from "../access";
import type { ServiceContext } from "../context";
import { parsePeriod } from "./arguments";
import { propertySubjectOf, type UnitScope } from "./unit-scope";

/**
 * Days [fromDay, endDay) of a period given as API datetimes. Totals come from the coarsest rollups
 * that fit (one bucket), so they take the WEEKLY limit (about ten years, the portal's longest
 * period), not the DAILY one: "since moving in" for a tenancy of four years must work.
 */
export function daysOfInput(begin: string, end: string) {
  return daysOfWallPeriod(parsePeriod(begin, end, "WEEKLY"));
}

/**
 * The days of a period a comparison compares (ADR 0018 rule 7): those of the tenancy (its data
 * window's dates, not cut at today), or null when the tenancy has none of them.
 */
export function comparedDaysOf(scope: Pick<UnitScope, "tenancy">, days: DayRange): DayRange | null {
  const window = tenancyDataWindow(scope.tenancy);
  return daysOfTenancy(days, { fromDay: window.from, endDay: window.to === null ? null : addDays(window.to, 1) });
}

/**
 * What a comparison of the days covers (ADR 0018 rules 7 and 8): the image of their days of the
 * tenancy, cut where the meters' values end when the days run past now.
 */
export async function comparisonSpanOf(
  context: Parameters<typeof elapsedEnd>[0],
  scope: Pick<UnitScope, "tenancy">,
  meters: readonly MeterInfo[],
  kind: ShiftKind,
  days: DayRange,
): Promise<ComparedSpan> {
  const compared = comparedDaysOf(scope, days);
  if (compared === null) return comparedSpan(kind, { fromDay: days.fromDay, endDay: days.fromDay }, null);
  return comparedSpan(kind, compared, await elapsedEnd(context, meters, compared));
}

/** A compared span's dates as the API gives them (ComparedDays, RelatedValues). */
export function comparedDaysOutput(span: ComparedSpan) {
  return {
    firstDay: span.firstDay,
    lastDay: span.lastDay,
    until: span.until === null ? null : formatInstant(span.until),
  };
}

/** The totals over a compared span, per group: its whole days and the hours of its cut day. */
export async function totalsOverSpan<K>(
  context: Parameters<typeof totalsOf>[0],
  meters: readonly MeterInfo[],
  span: ComparedSpan,
  groupOf: (meter: MeterInfo) => K,
): Promise<Map<K, Aggregate>> {
  const hours = span.hours;
  return totalsOverRanges(context, meters, span.whole, groupOf, hours === null ? [] : [hours]);
}

/** totalsOf over several ranges of days (and hours of single days), added up per group. */
export async function totalsOverRanges<K>(
  context: Parameters<typeof totalsOf>[0],
  meters: readonly MeterInfo[],
  ranges: readonly DayRange[],
  groupOf: (meter: MeterInfo) => K,
  hours: readonly ComparedSpan["hours"][] = [],
): Promise<Map<K, Aggregate>> {
  const parts = await Promise.all([
    ...ranges.map((range) => totalsOf(context, meters, range.fromDay, range.endDay, groupOf)),
    ...hours.flatMap((part) => (part === null ? [] : [hourTotalsOf(context, meters, part, groupOf)])),
  ]);
  if (parts.length === 0) return new Map();
  if (parts.length === 1) return parts[0]!;
  const sums = new Map<K, Aggregate>();
  for (const part of parts) {
    for (const [key, aggregate] of part) {
      const entry = sums.get(key);
      if (entry === undefined) sums.set(key, { value: aggregate.value, weight: aggregate.weight });
      else {
        entry.value += aggregate.value;
        entry.weight += aggregate.weight;
      }
    }
  }
  return sums;
}

/** The property average over whole days for a unit scope: key figures, tables, the chart's legend, the rating. */
export async function propertyAverageTotal(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  presentation: Presentation,
  fromDay: string,
  endDay: string,
): Promise<PropertyAverage> {
  return propertyAverageOverDays(
    { db: ctx.db, quantity, presentation, window: scope.window, meterTotals: scope.meterTotals },
    propertySubjectOf(ctx, scope, quantity),
    fromDay,
    endDay,
  );
}
