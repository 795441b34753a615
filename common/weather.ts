import type { QuantityId } from "./quantities";

/**
 * The quantities whose consumption follows the weather (ADR 0070): heat, and gas where it heats.
 * Only these get a weather-adjusted comparison and a degree-day column; the back-end's
 * `weatherQuantities` (backend/weather/adjusted-comparison.ts) names the same four.
 */
export const weatherQuantities = [
  "heat-energy",
  "hca",
  "heat-volume",
  "gas-volume",
] as const satisfies readonly QuantityId[];
export type WeatherQuantity = (typeof weatherQuantities)[number];

export function isWeatherQuantity(quantity: string): quantity is WeatherQuantity {
  return (weatherQuantities as readonly string[]).includes(quantity);
}

/**
 * Gas may be for cooking, which does not follow the weather: there the pages leave the figure out
 * instead of explaining the weather to a cook (ADR 0070, "Gas where it heats").
 */
export function leavesWeatherFigureOut(quantity: string, problem: string | null): boolean {
  return quantity === "gas-volume" && (problem === "NO_WEATHER_DEPENDENCE" || problem === "WEAK_FIT");
}
