/**
 * Demo meters of the quantities the first seed left out (item 7; ADR 0022): heat volume,
 * flow and return temperature and their difference (heat cooling, K) at a district-heating
 * substation, cooling energy, hot and cold water backflow and the error count.
 *
 * Kept apart from demo.ts (its own seed step, 0007) and readings.ts (which calls
 * `moreHourValue` for these quantities), so the model stays in one place and a shorter e2e seed
 * (fewer months, fewer units) changes nothing here. Every value is a pure function of (unit,
 * meter number, hour), like the rest of the demo readings: deterministic and cheap (nine meters,
 * one reading an hour each).
 *
 * Who has what (demo-accounts.ts):
 * - Unit 122 (tenancy 7022: Mette, admin, and Jens, member): the district-heating unit. Its heat
 *   meter also reports the volume of district-heating water (heat volume, m³), the flow and return
 *   temperatures (°C) and their difference (heat cooling, K), and an error counter; its hot and cold
 *   water meters report backflow, which happens in short episodes (a leaking non-return valve),
 *   during which the heat meter counts error hours too.
 * - Unit 119 (tenancy 7019: Jens, admin): district cooling (cooling energy).
 */
import type { QuantityId } from "@common/quantities";
import { type HourContext, noise, seedOf } from "./model-basis";

export interface MoreMeter {
  id: number;
  unitId: number;
  number: string;
  roomName: string | null;
  quantity: QuantityId;
}

/** Unit ids (100 + unit number) of the new meters. */
export const districtHeatingUnitId = 122;
export const coolingUnitId = 119;

/** The new meters, ids from 20 001 (the first seed's meters are 10 001 and up). */
export const moreDemoMeters: readonly MoreMeter[] = [
  { id: 20_001, unitId: districtHeatingUnitId, number: "62000001", roomName: null, quantity: "heat-volume" },
  { id: 20_002, unitId: districtHeatingUnitId, number: "63000001", roomName: null, quantity: "heat-flow-temperature" },
  {
    id: 20_003,
    unitId: districtHeatingUnitId,
    number: "64000001",
    roomName: null,
    quantity: "heat-return-temperature",
  },
  { id: 20_004, unitId: districtHeatingUnitId, number: "65000001", roomName: null, quantity: "heat-cooling" },
  { id: 20_005, unitId: districtHeatingUnitId, number: "33000001", roomName: null, quantity: "hot-water-backflow" },
  { id: 20_006, unitId: districtHeatingUnitId, number: "34000001", roomName: null, quantity: "cold-water-backflow" },
  { id: 20_007, unitId: districtHeatingUnitId, number: "69000001", roomName: null, quantity: "error" },
  { id: 20_008, unitId: coolingUnitId, number: "66000001", roomName: null, quantity: "cooling-energy" },
];

export const moreQuantities: readonly QuantityId[] = [...new Set(moreDemoMeters.map((meter) => meter.quantity))];

/** Decimals of the stored register or sample: counts are whole, the rest like the other meters. */
export function moreRegisterDecimals(quantity: QuantityId): number | undefined {
  return quantity === "error" ? 0 : undefined;
}

/**
 * The register's quanta at the anchor, for the new registers: backflow and error counters start
 * near zero (they count rare events), the heat-volume register at a plausible stand.
 */
export function moreBaseQuanta(quantity: QuantityId, seed: number): number | undefined {
  switch (quantity) {
    case "hot-water-backflow":
    case "cold-water-backflow":
      return Math.floor(noise(seed, -1) * 40); // litres
    case "error":
      return Math.floor(noise(seed, -1) * 5);
    case "heat-volume":
      return Math.floor((150 + noise(seed, -1) * 300) * 1000); // litres
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The substation: flow and return temperature, heat volume

/** Weather-compensated flow temperature (°C, one decimal): 80 °C at −12 °C outdoors, 58 °C in summer. */
export function flowTemperature(unitKey: string, hours: HourContext, offset: number): number {
  const outdoor = hours.outdoor[offset]!;
  const curve = Math.min(80, Math.max(58, 70 - 0.85 * outdoor));
  const wobble = (noise(seedOf(`flow/${unitKey}`), hours.firstIndex + offset) - 0.5) * 1.6;
  return Math.round((curve + wobble) * 10) / 10;
}

/**
 * Return temperature (°C, one decimal): the flow temperature less the cooling, which is large when
 * the radiators draw heat (winter) and small when only hot water is made (summer).
 */
export function returnTemperature(unitKey: string, hours: HourContext, offset: number, heatKwh: number): number {
  const flow = flowTemperature(unitKey, hours, offset);
  const load = Math.min(1, heatKwh / 1.2);
  const wobble = (noise(seedOf(`return/${unitKey}`), hours.firstIndex + offset) - 0.5) * 1.2;
  const cooling = 16 + 17 * load + wobble;
  return Math.round((flow - cooling) * 10) / 10;
}

// ---------------------------------------------------------------------------------------------
// Backflow episodes

/**
 * A backflow episode: a non-return valve that sticks for two days every eight weeks (day index
 * since 2024-01-01, so any few months of history hold one). During an episode water runs back
 * through the meters in the daytime.
 */
export function inBackflowEpisode(dayIndex: number): boolean {
  return ((dayIndex % 56) + 56) % 56 >= 20 && ((dayIndex % 56) + 56) % 56 < 22;
}

const daytime = (hour: number) => hour >= 7 && hour < 22;

/**
 * The quantum count (registers: litres, or error hours) or the sample (temperatures, kelvin,
 * cooling kWh) of one of the new meters in one hour. `heat` is the unit's heat demand that hour
 * (kWh). Undefined for any other quantity.
 */
export function moreHourValue(
  meter: { quantity: QuantityId; unitKey: string; floorArea: number },
  seed: number,
  hours: HourContext,
  offset: number,
  heat: () => number,
): number | undefined {
  const index = hours.firstIndex + offset;
  const hour = hours.hourOfDay[offset]!;
  const n = noise(seed, index);
  const episode = inBackflowEpisode(hours.dayIndex[offset]!);
  switch (meter.quantity) {
    case "heat-flow-temperature":
      return flowTemperature(meter.unitKey, hours, offset);
    case "heat-return-temperature":
      return returnTemperature(meter.unitKey, hours, offset, heat());
    case "heat-cooling": {
      const flow = flowTemperature(meter.unitKey, hours, offset);
      return Math.round((flow - returnTemperature(meter.unitKey, hours, offset, heat())) * 10) / 10;
    }
    case "heat-volume": {
      // Litres of district-heating water: heat / (1.16 kWh per m³ and kelvin × cooling), plus
      // a little circulation for hot water all year.
      const kwh = heat();
      const flow = flowTemperature(meter.unitKey, hours, offset);
      const cooling = Math.max(5, flow - returnTemperature(meter.unitKey, hours, offset, kwh));
      return Math.round((kwh / (1.16 * cooling)) * 1000 + 2 + 3 * n);
    }
    case "hot-water-backflow":
      return episode && daytime(hour) ? Math.round(1 + 6 * n) : 0;
    case "cold-water-backflow":
      return episode && daytime(hour) ? Math.round(2 + 10 * n) : 0;
    case "error":
      // The heat meter flags every hour of an episode in which water ran backwards, and now and
      // then an hour with a sensor fault.
      return (episode && daytime(hour)) || n < 0.0015 ? 1 : 0;
    case "cooling-energy": {
      // kWh of cooling in the hour: only when it is warm outdoors, most in the afternoon.
      const outdoor = hours.outdoor[offset]!;
      const warm = Math.max(0, outdoor - 20);
      const afternoon = hour >= 12 && hour < 20 ? 1.4 : hour >= 8 && hour < 23 ? 1 : 0.4;
      return Math.round(meter.floorArea * 0.004 * warm * afternoon * (0.8 + 0.4 * n) * 1000) / 1000;
    }
    default:
      return undefined;
  }
}
