/**
 * Efficient neighbours (issue 46 item 4, ADR 0073) for a unit scope: the comparison beside the
 * property average, over a period (key figures, tables, the graph's total, the rating) and per
 * bucket (the graph). Read only when asked: the other homes' runs of days with data, their totals
 * over the period (one summed query), and for the graph the fifth's rows per bucket.
 */

import type { Bucket, DayRange } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import {
  bucketMeanOf,
  type EfficientFifth,
  efficientFifthOf,
  MIN_EFFICIENT_NEIGHBOURS,
  requiredDaysOf,
  runsCover,
  scaledToHome,
} from "../../consumption/efficient-neighbours";
import { type MeterInfo, type Presentation, present, type UnitInfo } from "../../consumption/engine";
import { bucketAggregatesPerGroup, type SeriesContext, totalsOf } from "../../consumption/series";
import type { ServiceContext } from "../context";
import { otherUnitsOf, type UnitScope } from "./unit-scope";

/** The efficient fifth of a period and what its homes' bucket values are read with. */
interface ChosenFifth {
  fifth: EfficientFifth;
  meters: MeterInfo[];
  units: ReadonlyMap<number, UnitInfo>;
}

/**
 * The other homes of the property with data on every required day (requiredDaysOf: the period's
 * days in the caller's window, today left out until it ends), as the property rollups' runs say:
 * the same "day with data" as the property average's homes with data, but over the whole period,
 * so that a home that moved in or lost its meter half-way is not taken for an efficient one.
 */
async function homesCovering(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  required: DayRange,
): Promise<Set<number>> {
  const runs = await ctx.db
    .selectFrom("property_unit_runs")
    .select(["unit_id", "first_day", "end_day"])
    .where("property_id", "=", scope.property.id)
    .where("quantity", "=", quantity)
    .where("unit_id", "!=", scope.unit.id)
    .where("first_day", "<=", required.fromDay)
    .where("end_day", ">=", required.endDay)
    .execute();
  const byUnit = new Map<number, { firstDay: string; endDay: string }[]>();
  for (const run of runs) {
    const list = byUnit.get(run.unit_id) ?? [];
    list.push({ firstDay: run.first_day, endDay: run.end_day });
    byUnit.set(run.unit_id, list);
  }
  return new Set([...byUnit].filter(([, list]) => runsCover(list, required)).map(([unitId]) => unitId));
}

/**
 * The efficient fifth of the other homes over whole days, in the view's mode (consumption, cost or
 * CO2) per m2 of each home's floor area; null for quantities that do not add up and below
 * MIN_EFFICIENT_NEIGHBOURS homes with data over the period.
 */
async function chooseFifth(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  presentation: Presentation,
  days: DayRange,
): Promise<ChosenFifth | null> {
  if (presentation.aggregation !== "addition" || !scope.hasNeighbours) return null;
  const required = requiredDaysOf(days, scope.window);
  if (required === null) return null;
  const [covering, others] = await Promise.all([
    homesCovering(ctx, scope, quantity, required),
    otherUnitsOf(ctx, scope, quantity),
  ]);
  const meters = others.meters.filter((meter) => covering.has(meter.unitId));
  if (new Set(meters.map((meter) => meter.unitId)).size < MIN_EFFICIENT_NEIGHBOURS) return null;
  const totals = await totalsOf(
    { db: ctx.db, quantity, presentation, window: scope.window },
    meters,
    days.fromDay,
    days.endDay,
    (meter) => meter.unitId,
  );
  const perM2: Presentation = { ...presentation, normalized: true };
  const fifth = efficientFifthOf(
    [...totals].map(([unitId, aggregate]) => ({
      unitId,
      perM2: present(aggregate, perM2, others.units.get(unitId)?.floorArea ?? Number.NaN) ?? Number.NaN,
    })),
  );
  if (fifth === null) return null;
  const chosen = new Set(fifth.unitIds);
  return { fifth, meters: meters.filter((meter) => chosen.has(meter.unitId)), units: others.units };
}

/** Efficient neighbours over whole days and how many homes the fifth was chosen from (0 without a figure). */
export interface EfficientNeighbours {
  value: number | null;
  homes: number;
}

/**
 * Efficient neighbours over whole days [fromDay, endDay): the fifth's mean per m2, per m2 when the
 * view is normalized, else times the caller's floor area.
 */
export async function efficientNeighboursTotal(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  presentation: Presentation,
  days: DayRange,
): Promise<EfficientNeighbours> {
  const chosen = await chooseFifth(ctx, scope, quantity, presentation, days);
  if (chosen === null) return { value: null, homes: 0 };
  return {
    value: scaledToHome(chosen.fifth.meanPerM2, presentation.normalized, scope.unit.floor_area),
    homes: chosen.fifth.homes,
  };
}

/**
 * Efficient neighbours per bucket of a graph and over its period: the fifth is chosen once over
 * the whole period and kept in every bucket (a bucket never shows a changing set of homes, so
 * comparing buckets reveals no single home); a bucket is the mean of the fifth's values per m2 in
 * it, null unless every home of the fifth has data there.
 */
export async function efficientNeighboursSeries(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  context: SeriesContext,
  buckets: readonly Bucket[],
  days: DayRange,
): Promise<{ values: (number | null)[]; total: number | null }> {
  const { presentation } = context;
  const chosen = await chooseFifth(ctx, scope, context.quantity, presentation, days);
  if (chosen === null) return { values: buckets.map(() => null), total: null };
  const perUnit = await bucketAggregatesPerGroup(context, chosen.meters, buckets, (meter) => meter.unitId);
  const perM2: Presentation = { ...presentation, normalized: true };
  const values = buckets.map((_, index) =>
    scaledOrNull(
      bucketMeanOf(
        chosen.fifth.unitIds.map((unitId) =>
          present(perUnit.get(unitId)?.[index], perM2, chosen.units.get(unitId)?.floorArea ?? Number.NaN),
        ),
      ),
      presentation.normalized,
      scope.unit.floor_area,
    ),
  );
  return {
    values,
    total: scaledToHome(chosen.fifth.meanPerM2, presentation.normalized, scope.unit.floor_area),
  };
}

function scaledOrNull(meanPerM2: number | null, normalized: boolean, floorArea: number): number | null {
  return meanPerM2 === null ? null : scaledToHome(meanPerM2, normalized, floorArea);
}
