import { describe, expect, it } from "vitest";
import { isQuantityId } from "./quantities";
import { isWeatherQuantity, leavesWeatherFigureOut, weatherQuantities } from "./weather";

describe("weather quantities", () => {
  it("are quantities", () => {
    for (const quantity of weatherQuantities) expect(isQuantityId(quantity)).toBe(true);
  });

  it("are heat and gas, not water or electricity", () => {
    expect(isWeatherQuantity("heat-energy")).toBe(true);
    expect(isWeatherQuantity("gas-volume")).toBe(true);
    expect(isWeatherQuantity("cold-water-volume")).toBe(false);
    expect(isWeatherQuantity("electricity-energy")).toBe(false);
  });

  it("leave the figure out only for gas that does not follow the weather", () => {
    expect(leavesWeatherFigureOut("gas-volume", "NO_WEATHER_DEPENDENCE")).toBe(true);
    expect(leavesWeatherFigureOut("gas-volume", "WEAK_FIT")).toBe(true);
    expect(leavesWeatherFigureOut("gas-volume", "TOO_FEW_DAYS")).toBe(false);
    expect(leavesWeatherFigureOut("gas-volume", null)).toBe(false);
    expect(leavesWeatherFigureOut("heat-energy", "NO_WEATHER_DEPENDENCE")).toBe(false);
  });
});
