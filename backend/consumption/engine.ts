/**
 * The consumption engine's vocabulary: graph modes and comparisons, meters and units, the data
 * window a caller may see, and how a bucket's value is presented (consumption, cost or CO2, per m2
 * or not). The engine itself: prices (hour-prices.ts), rows per calendar bucket (bucket-rows.ts),
 * series, comparisons and totals (series.ts). It trusts its inputs: access checks and argument
 * validation happen in services/tenant-consumption/.
 */

import { addDays, type DayKey, dayKeyOf, startOfDay } from "@common/calendar";
import type { Comparison, GraphMode } from "@common/graphql-enums.generated";
import { type Aggregation, type QuantityId, quantityDefinition } from "@common/quantities";
import type { Kysely } from "kysely";
import type { Database, IsoDate } from "../db/types";
import { type Aggregate, aggregateValue, clean } from "./aggregate";

export type Db = Kysely<Database>;

// The schema's enums (tenant.graphql), generated.
// The schema's enums (tenant.graphql), generated.
export { Comparison as comparisons, GraphMode as graphModes } from "@common/graphql-enums.generated";
export type { Comparison, GraphMode };

export const MARKET_PRICE_AREA = "DK2";
export const CURRENCY = "DKK";

export interface MeterInfo {
  id: number;
  unitId: number;
  number: string;
  roomName: string | null;
  quantity: QuantityId;
}

export interface UnitInfo {
  id: number;
  floorArea: number;
}

/** What a tenancy may see, as days [fromDay, endDay) and instants [fromS, toS) (epoch seconds). */
export interface DataWindow {
  fromDay: DayKey;
  endDay: DayKey;
  fromS: number;
  toS: number;
}

/** The tenancy's data window (access.ts tenancyDataWindow) cut at now. */
export function dataWindowOf(window: { from: IsoDate; to: IsoDate | null }, now: Date): DataWindow {
  const tomorrow = addDays(dayKeyOf(now.getTime()), 1);
  const end = window.to === null ? tomorrow : addDays(window.to, 1);
  const endDay = end < tomorrow ? end : tomorrow;
  const fromS = startOfDay(window.from) / 1000;
  const toS = Math.min(startOfDay(endDay) / 1000, Math.floor(now.getTime() / 1000));
  return { fromDay: window.from, endDay, fromS, toS: Math.max(fromS, toS) };
}

/** The window of the days [fromDay, endDay) intersected with another window. */
export function intersectWindow(window: DataWindow, fromDay: DayKey, endDay: DayKey): DataWindow {
  const from = fromDay > window.fromDay ? fromDay : window.fromDay;
  const end = endDay < window.endDay ? endDay : window.endDay;
  return {
    fromDay: from,
    endDay: end,
    fromS: Math.max(window.fromS, startOfDay(from) / 1000),
    toS: Math.min(window.toS, startOfDay(end) / 1000),
  };
}

/** The meters that measure a quantity in a unit: total water falls back to hot plus cold water. */
export function metersForQuantity<T extends { quantity: string }>(meters: readonly T[], quantity: QuantityId): T[] {
  const direct = meters.filter((meter) => meter.quantity === quantity);
  if (direct.length > 0 || quantity !== "total-water-volume") return direct;
  return meters.filter((meter) => meter.quantity === "hot-water-volume" || meter.quantity === "cold-water-volume");
}

/** The unit a value is expressed in, e.g. kWh, kWh/m2, DKK, g CO2/m2. */
export function expressedAs(quantity: QuantityId, mode: GraphMode, normalized: boolean): string {
  const base = mode === "COST" ? CURRENCY : mode === "CO2" ? "g CO2" : quantityDefinition(quantity).unit;
  return normalized ? `${base}/m2` : base;
}

/** Normalizing per m2 only makes sense for quantities that add up. */
export function isNormalizable(quantity: QuantityId): boolean {
  return quantityDefinition(quantity).aggregation === "addition";
}
export interface Presentation {
  aggregation: Aggregation;
  mode: GraphMode;
  normalized: boolean;
  /**
   * Grams of CO2 per unit, by quantity (mode CO2): each meter weighs by its own quantity's factor,
   * so total water is its hot water at the hot-water factor plus its cold at the cold-water one.
   */
  co2Factors: ReadonlyMap<string, number>;
}

/**
 * A bucket's value as shown: summed or averaged, per m2; null without data. Cost and CO2 buckets
 * already hold money and grams (collectBucketRows priced or weighed each meter's rows).
 */
export function present(
  aggregate: Aggregate | undefined,
  presentation: Presentation,
  floorArea: number,
): number | null {
  // Costs add up even for hours whose weight is a fraction; a bucket without priced hours is null.
  const value = aggregateValue(presentation.aggregation, aggregate);
  if (value === null) return null;
  let result = value;
  if (presentation.normalized && presentation.aggregation === "addition") result /= floorArea;
  return Number.isFinite(result) ? clean(result, 6) : null;
}
