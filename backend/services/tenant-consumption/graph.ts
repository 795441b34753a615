/** tenantGraph: a quantity's series per bucket for the unit, a room or a meter, with its comparisons. */

import { addDays, bucketsOf, comparedSpan, daysOfWallPeriod, formatInstant } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import { roomSlug } from "@common/room-slug";
import { expressedAs, type MeterInfo, metersForQuantity } from "../../consumption/engine";
import {
  comparisonPieces,
  elapsedEnd,
  ownPieces,
  propertyAverageSeries,
  type SeriesContext,
  seriesOfPieces,
} from "../../consumption/series";
import type { ServiceContext } from "../context";
import { badUserInput, forbidden, serviceError } from "../errors";
import {
  MAX_HOURLY_PROPERTY_AVERAGE_DAYS,
  parseComparisons,
  parseMode,
  parsePeriod,
  parseQuantities,
  parseResolution,
  presentationFor,
} from "./arguments";
import { efficientNeighboursSeries } from "./efficient-neighbours";
import { comparedDaysOf, comparedDaysOutput, propertyAverageTotal } from "./totals";
import { propertySubjectOf, type UnitScope, unitScopeOf } from "./unit-scope";

interface TenantGraphArgs {
  graph: {
    tenancyId: number;
    quantities: string[];
    resolution: string;
    periodBegin: string;
    periodEnd: string;
    mode?: string | null;
    normalized?: boolean | null;
    compareWith?: string[] | null;
    roomName?: string | null;
    meterNumber?: string | null;
  };
}

function selectMeters(
  scope: UnitScope,
  quantity: QuantityId,
  roomName: string | null | undefined,
  meterNumber: string | null | undefined,
): MeterInfo[] {
  let meters = metersForQuantity(scope.meters, quantity);
  if (meterNumber !== null && meterNumber !== undefined) {
    const meter = scope.meters.find((candidate) => candidate.number === meterNumber);
    // A meter of another unit is not the caller's business: same answer as an unknown number.
    if (meter === undefined) throw forbidden();
    meters = meters.filter((candidate) => candidate.id === meter.id);
  }
  if (roomName !== null && roomName !== undefined) {
    const wanted = roomSlug(roomName);
    if (!scope.meters.some((meter) => meter.roomName !== null && roomSlug(meter.roomName) === wanted)) {
      throw badUserInput(`The unit has no room '${roomName}'`, "roomName");
    }
    meters = meters.filter((meter) => meter.roomName !== null && roomSlug(meter.roomName) === wanted);
  }
  return meters;
}

export async function tenantGraph(_: unknown, { graph }: TenantGraphArgs, ctx: ServiceContext) {
  const quantities = parseQuantities(graph.quantities);
  const resolution = parseResolution(graph.resolution);
  const period = parsePeriod(graph.periodBegin, graph.periodEnd, resolution);
  const mode = parseMode(graph.mode);
  const compareWith = parseComparisons(graph.compareWith);
  // Efficient neighbours read other homes like the property average, and have its limits (ADR 0073).
  const withNeighbours = compareWith.filter(
    (comparison) => comparison === "PROPERTY_AVERAGE" || comparison === "EFFICIENT_NEIGHBOURS",
  );
  const neighbourLabel = withNeighbours.includes("PROPERTY_AVERAGE") ? "the property average" : "efficient neighbours";
  if (withNeighbours.length > 0 && (graph.roomName != null || graph.meterNumber != null)) {
    throw badUserInput(`Comparison with ${neighbourLabel} is not possible for a room or a meter`, "compareWith");
  }
  if (withNeighbours.length > 0 && resolution === "HOURLY") {
    // Every other unit's hourly rows are read: a year of them takes seconds (README, Consumption data).
    const days = (period.endWall - period.beginWall) / 86_400_000;
    if (days > MAX_HOURLY_PROPERTY_AVERAGE_DAYS) {
      throw badUserInput(
        `Comparison with ${neighbourLabel} at HOURLY may span at most ${MAX_HOURLY_PROPERTY_AVERAGE_DAYS} days; this one spans ${Math.ceil(days)}`,
        "compareWith",
      );
    }
  }
  const scope = await unitScopeOf(ctx, graph.tenancyId);
  // Hourly values only where the property provides them (spec section 4), whatever the caller asks.
  if (resolution === "HOURLY" && !scope.hourlyValues) throw serviceError("HOURLY_VALUES_DISABLED");
  const presentations = quantities.map((quantity) => presentationFor(scope, quantity, mode, graph.normalized === true));

  // ADR 0018: the buckets are clipped to the period's days P; every total is over exactly P (own
  // series, property average) or over its image f(P) (previous period, previous year) of P's days
  // in the tenancy, up to where the values end (rules 7 and 8).
  const buckets = bucketsOf(resolution, period);
  const days = daysOfWallPeriod(period);
  const compared = comparedDaysOf(scope, days);
  const graphs = [];
  for (const [index, quantity] of quantities.entries()) {
    const presentation = presentations[index]!;
    const context: SeriesContext = {
      db: ctx.db,
      quantity,
      resolution,
      presentation,
      window: scope.window,
      bucketRows: new Map(),
    };
    const meters = selectMeters(scope, quantity, graph.roomName, graph.meterNumber);
    // The own series and each comparison are read at once: on PostgreSQL their statements overlap
    // instead of waiting for each other's answers.
    const [own, ...relatedValues] = await Promise.all([
      seriesOfPieces(context, meters, scope.unit.floor_area, ownPieces(buckets), buckets.length),
      ...compareWith.map(async (comparison) => {
        if (comparison === "PROPERTY_AVERAGE") {
          const [total, values] = await Promise.all([
            propertyAverageTotal(ctx, scope, quantity, presentation, days.fromDay, days.endDay),
            propertyAverageSeries(context, propertySubjectOf(ctx, scope, quantity), buckets),
          ]);
          return {
            type: comparison,
            values,
            total: total.value,
            firstDay: days.fromDay,
            lastDay: addDays(days.endDay, -1),
            until: null,
          };
        }
        if (comparison === "EFFICIENT_NEIGHBOURS") {
          const series = await efficientNeighboursSeries(ctx, scope, context, buckets, days);
          return {
            type: comparison,
            values: series.values,
            total: series.total,
            firstDay: days.fromDay,
            lastDay: addDays(days.endDay, -1),
            until: null,
          };
        }
        const end = compared === null ? null : await elapsedEnd(context, meters, compared);
        const span = comparedSpan(comparison, compared ?? { fromDay: days.fromDay, endDay: days.fromDay }, end);
        const pieces = compared === null ? [] : comparisonPieces(comparison, resolution, buckets, compared, end);
        const series = await seriesOfPieces(context, meters, scope.unit.floor_area, pieces, buckets.length);
        return { type: comparison, values: series.values, total: series.total, ...comparedDaysOutput(span) };
      }),
    ]);
    graphs.push({
      type: mode,
      consumption: {
        quantityDescriptor: {
          quantity,
          normalized: presentation.normalized,
          expressedAs: expressedAs(quantity, mode, presentation.normalized),
        },
        values: own.values,
        total: own.total,
        relatedValues,
      },
    });
  }
  return {
    timestamps: buckets.map((bucket) => formatInstant(bucket.start)),
    buckets: buckets.map((bucket) => ({
      firstDay: bucket.firstDay,
      lastDay: resolution === "HOURLY" ? bucket.firstDay : addDays(bucket.endDay, -1),
      partial: bucket.partial === true,
    })),
    graphs,
  };
}
