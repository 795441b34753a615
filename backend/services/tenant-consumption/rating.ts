/** consumptionRating: the unit's letter among the property's units, cached for a while per quantity. */

import { addDays, dayKeyOf } from "@common/calendar";
import { type QuantityId, quantityDefinition } from "@common/quantities";
import { clean } from "../../consumption/aggregate";
import { expressedAs, intersectWindow, metersForQuantity, type Presentation, present } from "../../consumption/engine";
import { MIN_OTHER_UNITS, MIN_RATING_DAYS, ratingLetterOf } from "../../consumption/rating";
import { totalsOf } from "../../consumption/series";
import type { ServiceContext } from "../context";
import { badUserInput } from "../errors";
import { parseQuantity } from "./arguments";
import { efficientNeighboursTotal } from "./efficient-neighbours";
import { propertyAverageTotal } from "./totals";
import { type UnitScope, unitScopeOf } from "./unit-scope";

export async function consumptionRating(
  _: unknown,
  args: { tenancyId: number; quantity: string; efficientNeighbours?: boolean | null },
  ctx: ServiceContext,
) {
  const quantity = parseQuantity(args.quantity);
  if (quantityDefinition(quantity).aggregation !== "addition") {
    throw badUserInput(`A rating exists only for consumption that adds up, not for ${quantity}`, "quantity");
  }
  const scope = await unitScopeOf(ctx, args.tenancyId);
  return cachedRating(ctx, scope, quantity, args.efficientNeighbours === true);
}

/**
 * A rating covers whole days up to yesterday, so it changes once a day (or when readings are
 * imported for past days): it is kept for RATING_CACHE_MS per unit, window, quantity and day, which
 * takes the heaviest query off every dashboard view. One cache per database.
 */
export const RATING_CACHE_MS = 10 * 60_000;
const RATING_CACHE_LIMIT = 5_000;
const ratingCaches = new WeakMap<object, Map<string, { at: number; rating: ReturnType<typeof rateUnit> }>>();

function cachedRating(
  ctx: Pick<ServiceContext, "db" | "now">,
  scope: UnitScope,
  quantity: QuantityId,
  withNeighbours: boolean,
) {
  let cache = ratingCaches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    ratingCaches.set(ctx.db, cache);
  }
  const now = ctx.now.getTime();
  const key = [scope.unit.id, scope.window.fromDay, scope.window.endDay, quantity, dayKeyOf(now), withNeighbours].join(
    "|",
  );
  const hit = cache.get(key);
  if (hit && now - hit.at < RATING_CACHE_MS) return hit.rating;
  if (cache.size >= RATING_CACHE_LIMIT) cache.clear();
  const rating = rateUnit(ctx, scope, quantity, withNeighbours);
  cache.set(key, { at: now, rating });
  // A failed computation is not kept.
  rating.catch(() => cache.delete(key));
  return rating;
}

/**
 * The rating of a unit (exported for the benchmark), with efficient neighbours over the same days
 * when asked (ADR 0073).
 */
export async function rateUnit(
  ctx: Pick<ServiceContext, "db" | "now">,
  scope: UnitScope,
  quantity: QuantityId,
  withNeighbours = false,
) {
  const today = dayKeyOf(ctx.now.getTime());
  // The last 365 whole days, inside the tenancy.
  const window = intersectWindow(scope.window, addDays(today, -365), today);
  const presentation: Presentation = {
    aggregation: "addition",
    mode: "HOURLY_VALUES",
    normalized: true,
    co2Factors: new Map(),
  };
  const base = {
    quantity,
    periodBegin: window.fromDay,
    periodEnd: addDays(window.endDay, -1),
    expressedAs: expressedAs(quantity, "HOURLY_VALUES", true),
  };
  const none = {
    ...base,
    letter: null,
    value: null,
    propertyAverage: null,
    efficientNeighbours: null,
    ratio: null,
    unitsCompared: 0,
  };
  if (window.fromDay >= window.endDay) return none;
  const context = { db: ctx.db, quantity, presentation, window };
  const own = (
    await totalsOf(context, metersForQuantity(scope.meters, quantity), window.fromDay, window.endDay, () => "all")
  ).get("all");
  const value = present(own, presentation, scope.unit.floor_area);
  const [average, neighbours] = await Promise.all([
    propertyAverageTotal(
      ctx as ServiceContext,
      { ...scope, window },
      quantity,
      presentation,
      window.fromDay,
      window.endDay,
    ),
    withNeighbours
      ? efficientNeighboursTotal(ctx, { ...scope, window }, quantity, presentation, window)
      : { value: null, homes: 0 },
  ]);
  const enoughOwn = own !== undefined && own.weight >= MIN_RATING_DAYS * 24;
  if (value === null || average.value === null || average.units < MIN_OTHER_UNITS || !enoughOwn || average.value <= 0) {
    return {
      ...none,
      value,
      propertyAverage: average.value,
      efficientNeighbours: neighbours.value,
      unitsCompared: average.units,
    };
  }
  const ratio = value / average.value;
  return {
    ...base,
    letter: ratingLetterOf(ratio),
    value,
    propertyAverage: average.value,
    efficientNeighbours: neighbours.value,
    ratio: clean(ratio, 4),
    unitsCompared: average.units,
  };
}
