/**
 * The consumption queries' arguments, checked: quantities, periods, resolutions, modes and
 * comparisons; a wrong one is BAD_USER_INPUT with a message naming it.
 */

import { maxSpanDays, type Resolution, resolutions, type WallPeriod, wallOfApiDateTime } from "@common/calendar";
import { pricedQuantitiesOf } from "@common/price-view";
import { isQuantityId, type QuantityId, quantityDefinition } from "@common/quantities";
import {
  type Comparison,
  comparisons,
  type GraphMode,
  graphModes,
  isNormalizable,
  type Presentation,
} from "../../consumption/engine";
import { badUserInput } from "../errors";
import type { UnitScope } from "./unit-scope";

export function parseQuantity(value: string, field = "quantity"): QuantityId {
  if (!isQuantityId(value)) throw badUserInput(`Unknown quantity '${value}'`, field);
  return value;
}

export function parseQuantities(values: readonly string[]): QuantityId[] {
  if (values.length === 0) throw badUserInput("quantities must name at least one quantity", "quantities");
  if (values.length > 20) throw badUserInput("quantities may name at most 20 quantities", "quantities");
  return values.map((value) => parseQuantity(value, "quantities"));
}

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** A local datetime of the API as a wall time (an end ending in :59 includes that minute). */
export function parseWall(value: string, field: string, isEnd: boolean): number {
  const wall = wallOfApiDateTime(value, isEnd ? "end" : "begin");
  if (wall === null) throw badUserInput(`${field} must be a local datetime YYYY-MM-DDTHH:mm:00, got '${value}'`, field);
  if (wall < EARLIEST || wall > LATEST) throw badUserInput(`${field} must lie between 2000 and 2100`, field);
  return wall;
}

export function parsePeriod(begin: string, end: string, resolution: Resolution): WallPeriod {
  const period = { beginWall: parseWall(begin, "periodBegin", false), endWall: parseWall(end, "periodEnd", true) };
  if (period.endWall <= period.beginWall) throw badUserInput("periodEnd must be after periodBegin", "periodEnd");
  const days = (period.endWall - period.beginWall) / 86_400_000;
  if (days > maxSpanDays[resolution]) {
    throw badUserInput(
      `A ${resolution} period may span at most ${maxSpanDays[resolution]} days; this one spans ${Math.ceil(days)}`,
      "periodEnd",
    );
  }
  return period;
}

/** Longest HOURLY period compared with the property average (maxSpanDays.HOURLY is longer). */
export const MAX_HOURLY_PROPERTY_AVERAGE_DAYS = 93;

export function parseResolution(value: string): Resolution {
  if (!(resolutions as readonly string[]).includes(value))
    throw badUserInput(`Unknown resolution '${value}'`, "resolution");
  return value as Resolution;
}

export function parseMode(value: string | null | undefined): GraphMode {
  const mode = value ?? "HOURLY_VALUES";
  if (!(graphModes as readonly string[]).includes(mode)) throw badUserInput(`Unknown mode '${mode}'`, "mode");
  return mode as GraphMode;
}

export function parseComparisons(values: readonly string[] | null | undefined): Comparison[] {
  const list = [...new Set(values ?? [])];
  for (const value of list) {
    if (!(comparisons as readonly string[]).includes(value))
      throw badUserInput(`Unknown comparison '${value}'`, "compareWith");
  }
  return list as Comparison[];
}

/**
 * The mode must make sense for the quantity; CO2 needs a factor for at least one of the quantities
 * its meters measure (total water: hot or cold water), and each meter is weighed by its own.
 */
export function presentationFor(
  scope: UnitScope,
  quantity: QuantityId,
  mode: GraphMode,
  normalized: boolean,
): Presentation {
  const aggregation = quantityDefinition(quantity).aggregation;
  if (mode !== "HOURLY_VALUES" && aggregation !== "addition") {
    throw badUserInput(`${mode} exists only for quantities that add up, not for ${quantity}`, "mode");
  }
  const co2Factors = new Map<string, number>();
  if (mode === "CO2") {
    for (const priced of pricedQuantitiesOf(quantity)) {
      const factor = scope.co2Factors.get(priced);
      if (factor !== undefined) co2Factors.set(priced, factor);
    }
    if (co2Factors.size === 0) throw badUserInput(`The property has no CO2 factor for ${quantity}`, "mode");
  }
  return { aggregation, mode, normalized: normalized && isNormalizable(quantity), co2Factors };
}
