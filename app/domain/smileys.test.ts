import { describe, expect, it } from "vitest";
import {
  changePercent,
  consumptionComparison,
  humiditySmiley,
  indoorClimateBands,
  indoorClimateSmiley,
  temperatureSmiley,
} from "./smileys";

// Values on either side of every band edge, by the smiley they get.
describe.each([
  [
    "temperatureSmiley",
    temperatureSmiley,
    "°C",
    { sad: [-5, 14.9, 25.1, 30], neutral: [15, 18.9, 22.1, 25], happy: [19, 21, 22] },
  ],
  [
    "humiditySmiley",
    humiditySmiley,
    "percent",
    { sad: [0, 19.9, 70.1, 100], neutral: [20, 39.9, 60.1, 70], happy: [40, 50, 60] },
  ],
] as const)("%s (spec section 4)", (_, smileyOf, unit, expected) => {
  const cases = Object.entries<readonly number[]>(expected).flatMap(([smiley, values]) =>
    values.map((value) => ({ value, smiley })),
  );
  it.each(cases)(`$value ${unit} is $smiley`, ({ value, smiley }) => {
    expect(smileyOf(value)).toBe(smiley);
  });

  it("has no smiley without a value", () => {
    expect(smileyOf(null)).toBeNull();
    expect(smileyOf(Number.NaN)).toBeNull();
  });
});

describe("indoorClimateBands", () => {
  // The neutral bands reach from the spec's low and high edges to the happy band.
  it.each([
    { kind: "temperature", happy: [19, 22], low: 15, high: 25 },
    { kind: "humidity", happy: [40, 60], low: 20, high: 70 },
  ] as const)("holds the spec's numbers for $kind", ({ kind, happy, low, high }) => {
    expect(indoorClimateBands[kind]).toEqual({
      happy,
      neutral: [
        [low, happy[0]],
        [happy[1], high],
      ],
    });
  });
});

describe("changePercent", () => {
  it("is the change relative to the reference, in percent", () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(100, 100)).toBe(0);
    expect(changePercent(0, 100)).toBe(-100);
    expect(changePercent(1.1, 1)).toBeCloseTo(10);
  });

  it("is null without both values or with a reference of zero or below", () => {
    expect(changePercent(null, 100)).toBeNull();
    expect(changePercent(100, null)).toBeNull();
    expect(changePercent(100, 0)).toBeNull();
    expect(changePercent(100, -10)).toBeNull();
    expect(changePercent(Number.NaN, 100)).toBeNull();
  });
});

describe("consumptionComparison (spec section 4)", () => {
  it.each([
    [0, "less"],
    [99.4, "less"],
    [99.5, "same"],
    [100, "same"],
    [100.5, "same"],
    [100.6, "more-0-25"],
    [124.9, "more-0-25"],
    [125, "more-25-50"],
    [149.9, "more-25-50"],
    [150, "more-50"],
    [400, "more-50"],
  ] as const)("%d against 100 is %s", (value, comparison) => {
    expect(consumptionComparison(value, 100)).toBe(comparison);
  });

  it("is null when there is no change to show", () => {
    expect(consumptionComparison(null, 100)).toBeNull();
    expect(consumptionComparison(100, null)).toBeNull();
    expect(consumptionComparison(100, 0)).toBeNull();
  });
});

describe("indoorClimateSmiley", () => {
  it("judges the measured value, not the whole number shown (spec section 4)", () => {
    expect(indoorClimateSmiley("indoor-temperature", 18.6)).toBe("neutral"); // shown as 19 °C
    expect(indoorClimateSmiley("indoor-temperature", 22.4)).toBe("neutral"); // shown as 22 °C
    expect(indoorClimateSmiley("indoor-temperature", 22)).toBe("happy");
    expect(indoorClimateSmiley("indoor-temperature", 25.3)).toBe("sad"); // shown as 25 °C
    expect(indoorClimateSmiley("indoor-relative-humidity", 39.5)).toBe("neutral"); // shown as 40 %
    expect(indoorClimateSmiley("indoor-relative-humidity", 70.4)).toBe("sad"); // shown as 70 %
    expect(indoorClimateSmiley("indoor-relative-humidity", Number.NaN)).toBeNull();
    expect(indoorClimateSmiley("indoor-relative-humidity", null)).toBeNull();
  });
});
