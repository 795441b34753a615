/**
 * Which meters measure a quantity. Total water is not metered on its own: it is the sum of the
 * hot and cold water meters (spec section 3 lists it with the addition quantities).
 */
import type { QuantityId } from "./quantities";

const parts: Partial<Record<QuantityId, readonly QuantityId[]>> = {
  "total-water-volume": ["hot-water-volume", "cold-water-volume"],
};

export function metersOfQuantity<M extends { quantity: string }>(meters: readonly M[], quantity: QuantityId): M[] {
  const measured = parts[quantity] ?? [quantity];
  return meters.filter((meter) => (measured as readonly string[]).includes(meter.quantity));
}

/** The quantities a unit with meters of these kinds measures: total water too, given hot and cold. */
export function withTotalWater(kinds: readonly QuantityId[]): QuantityId[] {
  return kinds.includes("hot-water-volume") && kinds.includes("cold-water-volume") ? [...kinds, "total-water-volume"] : [...kinds];
}
