/**
 * The quantities of spec section 3: identifier, unit of measure and how values combine over time.
 * Pure data, shared by the portal and the local back-end.
 */

export const quantityIds = [
  "heat-energy",
  "heat-volume",
  "hca",
  "hot-water-volume",
  "cold-water-volume",
  "total-water-volume",
  "gas-volume",
  "electricity-energy",
  "cooling-energy",
  "heat-cooling",
  "heat-flow-temperature",
  "heat-return-temperature",
  "indoor-temperature",
  "indoor-relative-humidity",
  "hot-water-backflow",
  "cold-water-backflow",
  "error",
] as const;

export type QuantityId = (typeof quantityIds)[number];

export type UnitOfMeasure = "kWh" | "m3" | "unit" | "K" | "°C" | "%" | "count";

/** addition: values over time are summed; average: values over time are averaged. */
export type Aggregation = "addition" | "average";

export interface QuantityDefinition {
  id: QuantityId;
  unit: UnitOfMeasure;
  aggregation: Aggregation;
  /** Legacy meter kind of spec section 3, where the quantity has one. */
  legacyKind?: string;
}

const definitions: Record<QuantityId, Omit<QuantityDefinition, "id">> = {
  "heat-energy": { unit: "kWh", aggregation: "addition", legacyKind: "energy" },
  "heat-volume": { unit: "m3", aggregation: "addition", legacyKind: "heatvolume" },
  hca: { unit: "unit", aggregation: "addition", legacyKind: "radiator" },
  "hot-water-volume": { unit: "m3", aggregation: "addition", legacyKind: "hotwater" },
  "cold-water-volume": { unit: "m3", aggregation: "addition", legacyKind: "coldwater" },
  "total-water-volume": { unit: "m3", aggregation: "addition" },
  "gas-volume": { unit: "m3", aggregation: "addition", legacyKind: "gas" },
  "electricity-energy": { unit: "kWh", aggregation: "addition", legacyKind: "electricity" },
  // The spec lists cooling energy among the average quantities.
  "cooling-energy": { unit: "kWh", aggregation: "average", legacyKind: "cooling" },
  "heat-cooling": { unit: "K", aggregation: "average" },
  "heat-flow-temperature": { unit: "°C", aggregation: "average", legacyKind: "flow_temperature" },
  "heat-return-temperature": { unit: "°C", aggregation: "average", legacyKind: "return_temperature" },
  "indoor-temperature": { unit: "°C", aggregation: "average", legacyKind: "temperature" },
  "indoor-relative-humidity": { unit: "%", aggregation: "average", legacyKind: "humidity" },
  "hot-water-backflow": { unit: "m3", aggregation: "addition" },
  "cold-water-backflow": { unit: "m3", aggregation: "addition" },
  error: { unit: "count", aggregation: "addition" },
};

export function isQuantityId(value: string): value is QuantityId {
  return (quantityIds as readonly string[]).includes(value);
}

export function quantityDefinition(id: QuantityId): QuantityDefinition {
  return { id, ...definitions[id] };
}

/** Quantities shown as consumption (the rest are indoor climate or technical values). */
export const consumptionQuantityIds: readonly QuantityId[] = [
  "heat-energy",
  "heat-volume",
  "hca",
  "hot-water-volume",
  "cold-water-volume",
  "total-water-volume",
  "gas-volume",
  "electricity-energy",
  "cooling-energy",
];

export const indoorClimateQuantityIds: readonly QuantityId[] = ["indoor-temperature", "indoor-relative-humidity"];

/**
 * Technical values of the heating and water installation (spec sections 1 and 3): shown in the
 * menu after the indoor climate, each with its own page, but not on the dashboard, whose cards
 * compare consumption (ADR 0022).
 */
export const technicalQuantityIds: readonly QuantityId[] = [
  "heat-flow-temperature",
  "heat-return-temperature",
  "heat-cooling",
  "hot-water-backflow",
  "cold-water-backflow",
  "error",
];

/**
 * What a quantity's key figure for the period is called: the resident's consumption, an average
 * (temperatures, humidity, cooling: spec section 3's average quantities), or a plain total of a
 * technical value that adds up (backflow, error count).
 */
export function totalKindOf(id: QuantityId): "consumption" | "average" | "total" {
  if (quantityDefinition(id).aggregation === "average") return "average";
  return technicalQuantityIds.includes(id) ? "total" : "consumption";
}
