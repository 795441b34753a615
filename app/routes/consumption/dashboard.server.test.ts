import { describe, expect, it } from "vitest";
import { dashboardCall } from "./dashboard.server";

describe("the dashboard's weather-adjusted call (ADR 0070)", () => {
  const today = "2025-11-20";

  it("asks heat's key figures with weatherAdjusted over the card's own period", () => {
    const call = dashboardCall(7009, ["cold-water-volume", "heat-energy", "hca"], today);
    expect(call.weather).toEqual({
      tenancyId: 7009,
      quantity: "heat-energy",
      periodBegin: call.input.consumption?.periodBegin,
      periodEnd: call.input.consumption?.periodEnd,
      weatherAdjusted: true,
    });
  });

  it("takes heat-cost allocators, then heat volume, then gas, where there is no heat meter", () => {
    expect(dashboardCall(1, ["hca", "gas-volume"], today).weather?.quantity).toBe("hca");
    expect(dashboardCall(1, ["gas-volume", "heat-volume"], today).weather?.quantity).toBe("heat-volume");
    expect(dashboardCall(1, ["gas-volume", "electricity-energy"], today).weather?.quantity).toBe("gas-volume");
  });

  it("asks nothing more for a home without heat or gas", () => {
    expect(dashboardCall(1, ["cold-water-volume", "electricity-energy"], today).weather).toBeNull();
  });
});
