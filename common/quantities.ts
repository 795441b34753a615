/**
 * The quantities of spec section 3: identifier, unit of measure and how values combine over time.
 * Pure data, shared by the portal and the local back-end.
 */

export type UnitOfMeasure = "kWh" | "m3" | "unit" | "K" | "°C" | "%" | "count" | "Hz" | "m3/h" | "mbar";

/** addition: values over time are summed; average: values over time are averaged. */
export type Aggregation = "addition" | "average";

/** Where a quantity is shown: as consumption, as indoor climate, or as a technical value. */
type Group = "consumption" | "indoor-climate" | "technical";

/**
 * Every quantity once, in the order the portal lists them (the meters page, alarm quantities), with
 * its unit, its aggregation, its group and, where it has one, the legacy meter kind of spec section 3.
 */
const table = {
  "heat-energy": { unit: "kWh", aggregation: "addition", group: "consumption", legacyKind: "energy" },
  "heat-volume": { unit: "m3", aggregation: "addition", group: "consumption", legacyKind: "heatvolume" },
  hca: { unit: "unit", aggregation: "addition", group: "consumption", legacyKind: "radiator" },
  "hot-water-volume": { unit: "m3", aggregation: "addition", group: "consumption", legacyKind: "hotwater" },
  "cold-water-volume": { unit: "m3", aggregation: "addition", group: "consumption", legacyKind: "coldwater" },
  "total-water-volume": { unit: "m3", aggregation: "addition", group: "consumption" },
  "gas-volume": { unit: "m3", aggregation: "addition", group: "consumption", legacyKind: "gas" },
  "electricity-energy": { unit: "kWh", aggregation: "addition", group: "consumption", legacyKind: "electricity" },
  // The spec lists cooling energy among the average quantities.
  "cooling-energy": { unit: "kWh", aggregation: "average", group: "consumption", legacyKind: "cooling" },
  "heat-cooling": { unit: "K", aggregation: "average", group: "technical" },
  "heat-flow-temperature": {
    unit: "°C",
    aggregation: "average",
    group: "technical",
    legacyKind: "flow_temperature",
  },
  "heat-return-temperature": {
    unit: "°C",
    aggregation: "average",
    group: "technical",
    legacyKind: "return_temperature",
  },
  "indoor-temperature": { unit: "°C", aggregation: "average", group: "indoor-climate", legacyKind: "temperature" },
  "indoor-relative-humidity": {
    unit: "%",
    aggregation: "average",
    group: "indoor-climate",
    legacyKind: "humidity",
  },
  "hot-water-backflow": { unit: "m3", aggregation: "addition", group: "technical" },
  "cold-water-backflow": { unit: "m3", aggregation: "addition", group: "technical" },
  error: { unit: "count", aggregation: "addition", group: "technical" },
  // Spec section 3's "also listed" quantities. Each is a state or a rate at the time of its sample,
  // not something used up, so over time it is averaged (a mean of its samples, ADR 0018), never
  // summed: a day's frequency is about 50 Hz, not 1 200. Units as their meters report them: the
  // grid's frequency in hertz, a hot-water flow in cubic metres per hour, a household gas
  // pressure in millibar, the outdoor temperature in degrees Celsius.
  "electricity-frequency": { unit: "Hz", aggregation: "average", group: "technical" },
  "hot-water-flow": { unit: "m3/h", aggregation: "average", group: "technical" },
  "gas-pressure": { unit: "mbar", aggregation: "average", group: "technical" },
  "outdoor-temperature": { unit: "°C", aggregation: "average", group: "technical" },
} as const satisfies Record<
  string,
  { unit: UnitOfMeasure; aggregation: Aggregation; group: Group; legacyKind?: string }
>;

export type QuantityId = keyof typeof table;

export const quantityIds = Object.keys(table) as readonly QuantityId[];

export interface QuantityDefinition {
  id: QuantityId;
  unit: UnitOfMeasure;
  aggregation: Aggregation;
  /** Legacy meter kind of spec section 3, where the quantity has one. */
  legacyKind?: string;
}

export function isQuantityId(value: string): value is QuantityId {
  return (quantityIds as readonly string[]).includes(value);
}

export function quantityDefinition(id: QuantityId): QuantityDefinition {
  const { group: _, ...definition } = table[id];
  return { id, ...definition };
}

const inGroup = (group: Group): readonly QuantityId[] => quantityIds.filter((id) => table[id].group === group);

/** Quantities shown as consumption (the rest are indoor climate or technical values). */
export const consumptionQuantityIds = inGroup("consumption");

export const indoorClimateQuantityIds = inGroup("indoor-climate");

/**
 * Technical values of the heating and water installation (spec sections 1 and 3): shown in the
 * menu after the indoor climate, each with its own page, but not on the dashboard, whose cards
 * compare consumption (ADR 0022).
 */
export const technicalQuantityIds: readonly QuantityId[] = [
  // The menu names the flow and return temperatures first.
  "heat-flow-temperature",
  "heat-return-temperature",
  ...inGroup("technical").filter((id) => id !== "heat-flow-temperature" && id !== "heat-return-temperature"),
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
