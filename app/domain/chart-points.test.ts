import { describe, expect, it } from "vitest";
import { pick, reductionIndices } from "./chart-points";

/** A year of hourly readings (leap year: 366 × 24 = 8784) with a daily rhythm and some noise. */
function hourlyYear(): number[] {
  let seed = 42;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: 8784 }, (_, hour) => 1 + Math.sin((hour / 24) * 2 * Math.PI) * 0.5 + noise() * 0.2);
}

function expectStrictlyIncreasing(indices: number[]) {
  for (let i = 1; i < indices.length; i++) {
    expect(indices[i]).toBeGreaterThan(indices[i - 1]!);
  }
}

describe("reductionIndices", () => {
  it("reduces a year of hourly values to at most maxPoints, keeping the spike and the lowest value", () => {
    const values = hourlyYear();
    values[5000] = 40; // one spike
    values[123] = -3; // the global minimum
    const indices = reductionIndices(values, 240);

    expect(indices.length).toBeLessThanOrEqual(240);
    expect(indices.length).toBeGreaterThan(200); // it still draws the shape, not a handful of points
    expect(indices).toContain(5000);
    expect(indices).toContain(123);
    expectStrictlyIncreasing(indices);
    expect(indices[0]).toBeGreaterThanOrEqual(0);
    expect(indices.at(-1)).toBeLessThan(values.length);
  });

  it("keeps every stretch's extremes: the drawn range equals the full range", () => {
    const values = hourlyYear();
    const drawn = pick(values, reductionIndices(values, 100));
    expect(Math.max(...drawn)).toBe(Math.max(...values));
    expect(Math.min(...drawn)).toBe(Math.min(...values));
  });

  it("keeps the first of equal peaks", () => {
    const values = Array.from({ length: 1000 }, () => 1);
    values[300] = 9;
    values[301] = 9;
    const indices = reductionIndices(values, 10);
    expect(indices).toContain(300);
    expect(indices).not.toContain(301);
  });

  it("leaves a series that already fits untouched", () => {
    expect(reductionIndices([3, 1, 4, 1, 5], 5)).toEqual([0, 1, 2, 3, 4]);
    expect(reductionIndices([3, null, 4], 62)).toEqual([0, 1, 2]);
    expect(reductionIndices([], 10)).toEqual([]);
  });

  it("keeps the first index of a stretch that has only nulls, and no other null", () => {
    // 100 values in 5 stretches of 20: the first two stretches have no readings at all,
    // the third starts with nulls and then has readings.
    const values: (number | null)[] = Array.from({ length: 100 }, (_, i) => (i < 50 ? null : i % 7));
    const indices = reductionIndices(values, 10);

    expect(indices.slice(0, 2)).toEqual([0, 20]);
    const drawn = pick(values, indices);
    expect(drawn.filter((value) => value === null)).toHaveLength(2);
    expectStrictlyIncreasing(indices);
    expect(indices.length).toBeLessThanOrEqual(10);
  });

  it("keeps one index per stretch for a series of nulls only", () => {
    expect(
      reductionIndices(
        Array.from({ length: 100 }, () => null),
        10,
      ),
    ).toEqual([0, 20, 40, 60, 80]);
  });

  it("rounds a fractional maxPoints down and stays within it", () => {
    const indices = reductionIndices(hourlyYear(), 7.9);
    expect(indices.length).toBeLessThanOrEqual(7);
  });

  it("throws when maxPoints is below 2", () => {
    expect(() => reductionIndices([1, 2, 3], 1)).toThrow(RangeError);
    expect(() => reductionIndices([1, 2, 3], 0)).toThrow(RangeError);
    expect(() => reductionIndices([1, 2, 3], -4)).toThrow(RangeError);
    expect(() => reductionIndices([1, 2, 3], Number.NaN)).toThrow(RangeError);
  });
});

describe("pick", () => {
  it("returns the items at the indices, in their order", () => {
    expect(pick(["a", "b", "c", "d"], [0, 2, 3])).toEqual(["a", "c", "d"]);
    expect(pick([10, 20], [])).toEqual([]);
  });

  it("throws on an index outside the items", () => {
    expect(() => pick(["a"], [1])).toThrow(RangeError);
    expect(() => pick(["a"], [-1])).toThrow(RangeError);
  });
});
