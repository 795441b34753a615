/**
 * Which points of a long series a chart draws. A chart cannot show more points than it has pixel
 * columns for, so a year of hourly readings (8784 values) is reduced to a few hundred before it is
 * drawn. Min/max decimation keeps each stretch's lowest and highest value, so peaks and dips stay
 * visible where plain sampling (every n-th value) would skip them.
 */

/**
 * Indices of the points to draw so that at most maxPoints remain, keeping each stretch's lowest and
 * highest value (min/max decimation), in time order. Nulls: a stretch with only nulls keeps its first
 * index. When values.length <= maxPoints, all indices.
 *
 * The series is cut into floor(maxPoints / 2) stretches of (nearly) equal length; ties keep the
 * earliest index, so the first occurrence of the global maximum and minimum is always kept.
 * A non-integer maxPoints is rounded down; less than 2 throws a RangeError.
 */
export function reductionIndices(values: readonly (number | null)[], maxPoints: number): number[] {
  const limit = Math.floor(maxPoints);
  if (!(limit >= 2)) {
    throw new RangeError(`maxPoints must be at least 2, got ${maxPoints}`);
  }
  const count = values.length;
  if (count <= limit) {
    return Array.from({ length: count }, (_, index) => index);
  }

  const stretches = Math.floor(limit / 2);
  const indices: number[] = [];
  for (let stretch = 0; stretch < stretches; stretch++) {
    const start = Math.floor((stretch * count) / stretches);
    const end = Math.floor(((stretch + 1) * count) / stretches);
    let lowIndex = -1;
    let highIndex = -1;
    let low = Infinity;
    let high = -Infinity;
    for (let index = start; index < end; index++) {
      const value = values[index];
      if (value === null || value === undefined || Number.isNaN(value)) continue;
      if (value < low) {
        low = value;
        lowIndex = index;
      }
      if (value > high) {
        high = value;
        highIndex = index;
      }
    }
    if (lowIndex === -1) {
      indices.push(start);
    } else if (lowIndex === highIndex) {
      indices.push(lowIndex);
    } else {
      indices.push(Math.min(lowIndex, highIndex), Math.max(lowIndex, highIndex));
    }
  }
  return indices;
}

/** The items at the given indices, in the order of the indices. Throws on an index out of range. */
export function pick<T>(items: readonly T[], indices: readonly number[]): T[] {
  return indices.map((index) => {
    if (!Number.isInteger(index) || index < 0 || index >= items.length) {
      throw new RangeError(`Index ${index} is outside 0..${items.length - 1}`);
    }
    return items[index] as T;
  });
}
