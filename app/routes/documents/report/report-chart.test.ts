import { describe, expect, it } from "vitest";
import { barLayout, niceMaximum } from "./report-chart";

describe("niceMaximum", () => {
  it("rounds the largest value up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceMaximum(0)).toBe(1);
    expect(niceMaximum(0.7)).toBe(1);
    expect(niceMaximum(1.3)).toBe(2);
    expect(niceMaximum(2.1)).toBe(2.5);
    expect(niceMaximum(420)).toBe(500);
    expect(niceMaximum(5000)).toBe(5000);
    expect(niceMaximum(5001)).toBe(10000);
  });
});

describe("barLayout", () => {
  it("gives each value a slot and a bar as high as its share of the maximum, from the bottom", () => {
    const { maximum, bars, centers } = barLayout([50, null, 100, 25], { width: 400, height: 200, gap: 0.5 });
    expect(maximum).toBe(100);
    expect(centers).toEqual([50, 150, 250, 350]);
    expect(bars[0]).toEqual({ x: 25, y: 100, width: 50, height: 100 });
    expect(bars[1]).toBeNull();
    expect(bars[2]).toEqual({ x: 225, y: 0, width: 50, height: 200 });
    expect(bars[3]!.height).toBe(50);
  });

  it("draws nothing for no data or negative values and still has a maximum", () => {
    expect(barLayout([null, -2], { width: 100, height: 50 })).toMatchObject({ maximum: 1, bars: [null, null] });
  });
});
