/** tenantTable: the totals of several quantities over a period, with their comparisons. */
import { expressedAs, type MeterInfo, metersForQuantity, present } from "../../consumption/engine";
import { totalsOf } from "../../consumption/series";
import type { ObjectDetails } from "../../schema/tenant.generated";
import type { ServiceContext } from "../context";
import { badUserInput } from "../errors";
import { parseComparisons, parseMode, parseQuantities, presentationFor } from "./arguments";
import { efficientNeighboursTotal } from "./efficient-neighbours";
import { comparedDaysOutput, comparisonSpanOf, daysOfInput, propertyAverageTotal, totalsOverSpan } from "./totals";
import { meterDetails, roomDetails, unitDetails, unitScopeOf } from "./unit-scope";

interface TenantTableArgs {
  table: {
    tenancyId: number;
    quantities: string[];
    periodBegin: string;
    periodEnd: string;
    groupBy?: string | null;
    mode?: string | null;
    normalized?: boolean | null;
    compareWith?: string | null;
  };
}

export async function tenantTable(_: unknown, { table }: TenantTableArgs, ctx: ServiceContext) {
  const quantities = parseQuantities(table.quantities);
  const { fromDay, endDay } = daysOfInput(table.periodBegin, table.periodEnd);
  const mode = parseMode(table.mode);
  const groupBy = table.groupBy ?? "METER";
  if (!["UNIT", "ROOM", "METER"].includes(groupBy)) throw badUserInput(`Unknown groupBy '${groupBy}'`, "groupBy");
  const [compareWith] = parseComparisons(table.compareWith == null ? [] : [table.compareWith]);
  if ((compareWith === "PROPERTY_AVERAGE" || compareWith === "EFFICIENT_NEIGHBOURS") && groupBy !== "UNIT") {
    throw badUserInput(
      `Comparison with ${compareWith === "PROPERTY_AVERAGE" ? "the property average" : "efficient neighbours"} is only possible for the whole unit, not per room or meter`,
      "compareWith",
    );
  }
  const scope = await unitScopeOf(ctx, table.tenancyId);
  const presentations = quantities.map((quantity) => presentationFor(scope, quantity, mode, table.normalized === true));

  type RowKey = string;
  const rowDetails = new Map<RowKey, ObjectDetails>();
  const keyOf = (meter: MeterInfo): RowKey =>
    groupBy === "UNIT" ? "unit" : groupBy === "ROOM" ? `room:${meter.roomName ?? ""}` : `meter:${meter.id}`;
  const valuesByRow = new Map<RowKey, (number | null)[]>();
  const comparisonByRow = new Map<RowKey, (number | null)[]>();
  const comparedDays = [];

  for (const [index, quantity] of quantities.entries()) {
    const presentation = presentations[index]!;
    let meters = metersForQuantity(scope.meters, quantity);
    if (groupBy === "ROOM") meters = meters.filter((meter) => meter.roomName !== null);
    for (const meter of meters) {
      const key = keyOf(meter);
      if (!rowDetails.has(key)) {
        rowDetails.set(
          key,
          groupBy === "UNIT"
            ? unitDetails(scope)
            : groupBy === "ROOM"
              ? roomDetails(scope, meter.roomName!, quantity)
              : meterDetails(scope, meter),
        );
        valuesByRow.set(
          key,
          quantities.map(() => null),
        );
        comparisonByRow.set(key, compareWith === undefined ? [] : quantities.map(() => null));
      }
    }
    const context = { db: ctx.db, quantity, presentation, window: scope.window, meterTotals: scope.meterTotals };
    const totals = await totalsOf(context, meters, fromDay, endDay, keyOf);
    for (const [key, aggregate] of totals)
      valuesByRow.get(key)![index] = present(aggregate, presentation, scope.unit.floor_area);

    if (compareWith === "PROPERTY_AVERAGE") {
      const average = await propertyAverageTotal(ctx, scope, quantity, presentation, fromDay, endDay);
      const row = comparisonByRow.get("unit");
      if (row !== undefined) row[index] = average.value;
    } else if (compareWith === "EFFICIENT_NEIGHBOURS") {
      const neighbours = await efficientNeighboursTotal(ctx, scope, quantity, presentation, { fromDay, endDay });
      const row = comparisonByRow.get("unit");
      if (row !== undefined) row[index] = neighbours.value;
    } else if (compareWith !== undefined) {
      // Every row over the same compared days, cut where the quantity's values end (ADR 0018).
      const span = await comparisonSpanOf(context, scope, meters, compareWith, { fromDay, endDay });
      comparedDays.push(comparedDaysOutput(span));
      const previous = await totalsOverSpan(context, meters, span, keyOf);
      for (const [key, aggregate] of previous) {
        const row = comparisonByRow.get(key);
        if (row !== undefined) row[index] = present(aggregate, presentation, scope.unit.floor_area);
      }
    }
  }

  return {
    quantityDescriptors: quantities.map((quantity, index) => ({
      quantity,
      normalized: presentations[index]!.normalized,
      expressedAs: expressedAs(quantity, mode, presentations[index]!.normalized),
    })),
    rows: [...rowDetails.entries()].map(([key, objectDetails]) => ({
      objectDetails,
      values: valuesByRow.get(key)!,
      comparisonValues: comparisonByRow.get(key)!,
    })),
    comparedDays,
  };
}
