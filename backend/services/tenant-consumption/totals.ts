/** Totals over day ranges, shared by the tables, the key figures and the rating. */

import { type DayRange, daysBetween, daysOfWallPeriod, imageOfDays, type ShiftKind } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import { type Aggregate, clean } from "../../consumption/aggregate";
import { type MeterInfo, type Presentation, present } from "../../consumption/engine";
import { propertyAverageOf } from "../../consumption/rating";
import { totalsOf } from "../../consumption/series";
import type { ServiceContext } from "../context";
import { parsePeriod } from "./arguments";
import { otherUnitsOf, type UnitScope } from "./unit-scope";

/**
 * Days [fromDay, endDay) of a period given as API datetimes. Totals come from the coarsest rollups
 * that fit (one bucket), so they take the WEEKLY limit (about ten years, the portal's longest
 * period), not the DAILY one: "since moving in" for a tenancy of four years must work.
 */
export function daysOfInput(begin: string, end: string) {
  return daysOfWallPeriod(parsePeriod(begin, end, "WEEKLY"));
}

/** The days a comparison's totals cover (ADR 0018): the image of the days [fromDay, endDay). */
export function shiftedDays(kind: ShiftKind, fromDay: string, endDay: string): DayRange[] {
  return imageOfDays(kind, { fromDay, endDay }, daysBetween(fromDay, endDay));
}

/** totalsOf over several ranges of days, added up per group. */
export async function totalsOverRanges<K>(
  context: Parameters<typeof totalsOf>[0],
  meters: readonly MeterInfo[],
  ranges: readonly DayRange[],
  groupOf: (meter: MeterInfo) => K,
): Promise<Map<K, Aggregate>> {
  const parts = await Promise.all(
    ranges.map((range) => totalsOf(context, meters, range.fromDay, range.endDay, groupOf)),
  );
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

export async function propertyAverageTotal(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  presentation: Presentation,
  fromDay: string,
  endDay: string,
): Promise<{ value: number | null; units: number; values: (number | null)[] }> {
  const others = await otherUnitsOf(ctx, scope, quantity);
  const totals = await totalsOf(
    { db: ctx.db, quantity, presentation, window: scope.window },
    others.meters,
    fromDay,
    endDay,
    (meter) => meter.unitId,
  );
  const values = [...totals.entries()].map(([unitId, aggregate]) =>
    present(aggregate, presentation, others.units.get(unitId)?.floorArea ?? Number.NaN),
  );
  const average = propertyAverageOf(values);
  return {
    value: average === null ? null : clean(average, 6),
    units: values.filter((value) => value !== null).length,
    values,
  };
}
