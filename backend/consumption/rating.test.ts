import { describe, expect, it } from "vitest";
import { MIN_OTHER_UNITS, propertyAverageOf, ratingBands, ratingLetterOf } from "./rating";

describe("rating letters (ADR 0007)", () => {
  it("follow the documented bands, bounds inclusive", () => {
    const cases: [number, string][] = [
      [0, "A+"],
      [0.5, "A+"],
      [0.5001, "A"],
      [0.7, "A"],
      [0.71, "B"],
      [0.85, "B"],
      [0.86, "C"],
      [1, "C"],
      [1.01, "D"],
      [1.15, "D"],
      [1.2, "E"],
      [1.35, "E"],
      [1.5, "F"],
      [1.6, "F"],
      [1.61, "G"],
      [12, "G"],
    ];
    for (const [ratio, letter] of cases) expect(ratingLetterOf(ratio), String(ratio)).toBe(letter);
  });

  it("has eight increasing bands from A+ to G", () => {
    expect(ratingBands.map((band) => band.letter)).toEqual(["A+", "A", "B", "C", "D", "E", "F", "G"]);
    for (let index = 1; index < ratingBands.length; index++) {
      expect(ratingBands[index]!.maxRatio).toBeGreaterThan(ratingBands[index - 1]!.maxRatio);
    }
  });

  it("rejects a ratio that is not a number", () => {
    expect(() => ratingLetterOf(Number.NaN)).toThrow();
    expect(() => ratingLetterOf(-1)).toThrow();
  });
});

describe("property average", () => {
  it("needs at least three other units with data", () => {
    expect(MIN_OTHER_UNITS).toBe(3);
    expect(propertyAverageOf([5, 7])).toBeNull();
    expect(propertyAverageOf([5, 7, null, undefined])).toBeNull();
    expect(propertyAverageOf([3, 6, 9])).toBe(6);
    expect(propertyAverageOf([0, 0, 0, 4])).toBe(1);
  });
});
