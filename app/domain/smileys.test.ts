import { describe, expect, it } from "vitest";
import {
  changePercent,
  consumptionComparison,
  humiditySmiley,
  indoorClimateBands,
  indoorClimateSmiley,
  temperatureSmiley,
} from "./smileys";

describe("temperatureSmiley (spec section 4)", () => {
  it.each([
    [-5, "sad"],
    [14.9, "sad"],
    [15, "neutral"],
    [18.9, "neutral"],
    [19, "happy"],
    [21, "happy"],
    [22, "happy"],
    [22.1, "neutral"],
    [25, "neutral"],
    [25.1, "sad"],
    [30, "sad"],
  ] as const)("%d °C is %s", (celsius, smiley) => {
    expect(temperatureSmiley(celsius)).toBe(smiley);
  });

  it("has no smiley without a value", () => {
    expect(temperatureSmiley(null)).toBeNull();
    expect(temperatureSmiley(Number.NaN)).toBeNull();
  });
});

describe("humiditySmiley (spec section 4)", () => {
  it.each([
    [0, "sad"],
    [19.9, "sad"],
    [20, "neutral"],
    [39.9, "neutral"],
    [40, "happy"],
    [50, "happy"],
    [60, "happy"],
    [60.1, "neutral"],
    [70, "neutral"],
    [70.1, "sad"],
    [100, "sad"],
  ] as const)("%d %% is %s", (percent, smiley) => {
    expect(humiditySmiley(percent)).toBe(smiley);
  });

  it("has no smiley without a value", () => {
    expect(humiditySmiley(null)).toBeNull();
  });
});

describe("indoorClimateBands", () => {
  it("holds the spec's numbers", () => {
    expect(indoorClimateBands).toEqual({
      temperature: {
        happy: [19, 22],
        neutral: [
          [15, 19],
          [22, 25],
        ],
      },
      humidity: {
        happy: [40, 60],
        neutral: [
          [20, 40],
          [60, 70],
        ],
      },
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
  it("judges the whole number the resident sees", () => {
    expect(temperatureSmiley(18.6)).toBe("neutral");
    expect(indoorClimateSmiley("indoor-temperature", 18.6)).toBe("happy"); // shown as 19 °C
    expect(indoorClimateSmiley("indoor-temperature", 22.4)).toBe("happy"); // 22 °C
    expect(indoorClimateSmiley("indoor-temperature", 22.5)).toBe("neutral"); // 23 °C
    expect(indoorClimateSmiley("indoor-relative-humidity", 39.5)).toBe("happy"); // 40 %
    expect(indoorClimateSmiley("indoor-relative-humidity", 70.6)).toBe("sad"); // 71 %
    expect(indoorClimateSmiley("indoor-relative-humidity", null)).toBeNull();
  });
});
