/** unitQuantityKpis: the key figures of one quantity over a period, for the pages and the monthly report. */

import type { DayRange } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import { expressedAs, type GraphMode, metersForQuantity, present } from "../../consumption/engine";
import { totalsOf } from "../../consumption/series";
import type { ServiceContext } from "../context";
import { parseMode, parseQuantity, presentationFor } from "./arguments";
import { efficientNeighboursTotal } from "./efficient-neighbours";
import {
  comparedDaysOutput,
  comparisonSpanOf,
  daysOfInput,
  propertyAverageTotal,
  totalsOverRanges,
  totalsOverSpan,
} from "./totals";
import { meterDetails, type UnitScope, unitScopeOf } from "./unit-scope";
import { weatherAdjustedOfScope, weatherAdjustedOutput } from "./weather-adjusted";

interface KpisArgs {
  input: {
    tenancyId: number;
    quantity: string;
    periodBegin: string;
    periodEnd: string;
    mode?: string | null;
    normalized?: boolean | null;
    weatherAdjusted?: boolean | null;
    efficientNeighbours?: boolean | null;
  };
}

export async function unitQuantityKpis(_: unknown, { input }: KpisArgs, ctx: ServiceContext) {
  return kpisOfScope(ctx, await unitScopeOf(ctx, input.tenancyId), {
    quantity: parseQuantity(input.quantity),
    days: daysOfInput(input.periodBegin, input.periodEnd),
    mode: parseMode(input.mode),
    normalized: input.normalized === true,
    weatherAdjusted: input.weatherAdjusted === true,
    efficientNeighbours: input.efficientNeighbours === true,
  });
}

/** What key figures are asked for, read from the API's strings or given by a job. */
export interface KpisRequest {
  quantity: QuantityId;
  /** Whole local days, the end exclusive. */
  days: DayRange;
  mode?: GraphMode;
  normalized?: boolean;
  /** Also the weather-adjusted comparisons (quantities that follow the weather only). */
  weatherAdjusted?: boolean;
  /** Also efficient neighbours (ADR 0073): each other home's total over the period is read. */
  efficientNeighbours?: boolean;
}

/** unitQuantityKpis for a unit scope: also what the back-end's own jobs use (the monthly report). */
export async function kpisOfScope(ctx: Pick<ServiceContext, "db">, scope: UnitScope, request: KpisRequest) {
  const { quantity, mode = "HOURLY_VALUES", normalized = false } = request;
  const { fromDay, endDay } = request.days;
  const presentation = presentationFor(scope, quantity, mode, normalized);
  const context = { db: ctx.db, quantity, presentation, window: scope.window, meterTotals: scope.meterTotals };
  const meters = metersForQuantity(scope.meters, quantity);
  const area = scope.unit.floor_area;

  // The same days as the chart's legend totals (ADR 0018): P, and under each comparison the image
  // of its days in the tenancy up to where its values end (rules 7 and 8).
  const total = async (ranges: readonly DayRange[]) => {
    const totals = await totalsOverRanges(context, meters, ranges, () => "all");
    return present(totals.get("all"), presentation, area);
  };
  const [previousPeriodSpan, previousYearSpan] = await Promise.all([
    comparisonSpanOf(context, scope, meters, "PREVIOUS_PERIOD", { fromDay, endDay }),
    comparisonSpanOf(context, scope, meters, "PREVIOUS_YEAR", { fromDay, endDay }),
  ]);
  const spanTotal = async (span: typeof previousPeriodSpan) => {
    const totals = await totalsOverSpan(context, meters, span, () => "all");
    return present(totals.get("all"), presentation, area);
  };
  const [ownTotal, previousPeriodTotal, previousYearTotal, average, byRoom, byMeter, weather, neighbours] =
    await Promise.all([
      total([{ fromDay, endDay }]),
      spanTotal(previousPeriodSpan),
      spanTotal(previousYearSpan),
      propertyAverageTotal(ctx, scope, quantity, presentation, fromDay, endDay),
      totalsOf(
        context,
        meters.filter((meter) => meter.roomName !== null),
        fromDay,
        endDay,
        (meter) => meter.roomName!,
      ),
      totalsOf(context, meters, fromDay, endDay, (meter) => meter.id),
      request.weatherAdjusted === true
        ? weatherAdjustedOfScope(ctx, scope, quantity, request.days, {
            previousPeriod: previousPeriodSpan,
            previousYear: previousYearSpan,
          })
        : null,
      request.efficientNeighbours === true
        ? efficientNeighboursTotal(ctx, scope, quantity, presentation, request.days)
        : null,
    ]);
  const rooms = [...new Set(meters.map((meter) => meter.roomName).filter((room): room is string => room !== null))];
  return {
    quantityDescriptor: {
      quantity,
      normalized: presentation.normalized,
      expressedAs: expressedAs(quantity, mode, presentation.normalized),
    },
    total: ownTotal,
    previousPeriod: previousPeriodTotal,
    previousPeriodDays: comparedDaysOutput(previousPeriodSpan),
    previousYear: previousYearTotal,
    previousYearDays: comparedDaysOutput(previousYearSpan),
    propertyComparison: average.value,
    efficientNeighbours: neighbours?.value ?? null,
    weatherAdjustedPreviousPeriod: weatherAdjustedOutput(weather?.previousPeriod),
    weatherAdjustedPreviousYear: weatherAdjustedOutput(weather?.previousYear),
    rooms: rooms.map((label) => ({ label, value: present(byRoom.get(label), presentation, area) })),
    meters: meters.map((meter) => ({
      objectDetails: meterDetails(scope, meter),
      value: present(byMeter.get(meter.id), presentation, area),
    })),
  };
}

/**
 * The total of a quantity over whole local days for a unit scope, computed exactly as kpisOfScope's
 * `total` (same days, same presentation): what the monthly report's chart and its cost and CO2
 * lines use, without kpisOfScope's five other totals.
 */
export async function totalOfScope(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  request: Omit<KpisRequest, "normalized">,
): Promise<number | null> {
  const { quantity, days, mode = "HOURLY_VALUES" } = request;
  const presentation = presentationFor(scope, quantity, mode, false);
  const context = { db: ctx.db, quantity, presentation, window: scope.window, meterTotals: scope.meterTotals };
  const totals = await totalsOverRanges(context, metersForQuantity(scope.meters, quantity), [days], () => "all");
  return present(totals.get("all"), presentation, scope.unit.floor_area);
}
