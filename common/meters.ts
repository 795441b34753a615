/**
 * Which meters measure a quantity. Total water is not metered on its own: it is the sum of the
 * hot and cold water meters (spec section 3 lists it with the addition quantities).
 */
import type { QuantityId } from "./quantities";

const parts: Partial<Record<QuantityId, readonly QuantityId[]>> = {
  "total-water-volume": ["hot-water-volume", "cold-water-volume"],
};

/** The quantities whose meters make up a quantity: hot and cold water for total water, else itself. */
export function partsOf(quantity: QuantityId): readonly QuantityId[] {
  return parts[quantity] ?? [quantity];
}

export function metersOfQuantity<M extends { quantity: string }>(meters: readonly M[], quantity: QuantityId): M[] {
  const measured = partsOf(quantity);
  return meters.filter((meter) => (measured as readonly string[]).includes(meter.quantity));
}

/** The quantities a unit with meters of these kinds measures: total water too, given hot and cold. */
export function withTotalWater(kinds: readonly QuantityId[]): QuantityId[] {
  return kinds.includes("hot-water-volume") && kinds.includes("cold-water-volume")
    ? [...kinds, "total-water-volume"]
    : [...kinds];
}

/**
 * What an empty all-meters table says. Grouped by room, a quantity whose meters
 * are in no room (a unit's heat or water meter) has no rows however much it measured: say so and
 * point to grouping by meter. Otherwise an empty table means no data for the period.
 */
export function emptyTableReason(
  meters: readonly { quantity: string; roomName: string | null }[],
  quantity: QuantityId,
  group: "METER" | "ROOM",
): "meters_in_no_room" | "no_data" {
  const measuring = metersOfQuantity(meters, quantity);
  return group === "ROOM" && measuring.length > 0 && measuring.every((meter) => meter.roomName === null)
    ? "meters_in_no_room"
    : "no_data";
}
