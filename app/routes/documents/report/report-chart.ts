/**
 * The geometry of the report's month-by-month bar chart, shared by the page's SVG and the PDF's
 * drawing so both show the same chart. Pure: values and a box go in, rectangles come out.
 */

export interface ChartBox {
  width: number;
  height: number;
  /** Space between bars, as a share of a bar's slot (0–1). */
  gap?: number;
}

export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A round top for the value axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMaximum(largest: number): number {
  if (!Number.isFinite(largest) || largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= largest) return step * power;
  return 10 * power;
}

/**
 * One slot per value, left to right; a bar's height is its value against the nice maximum, from
 * the bottom of the box. No value (or a negative one): no bar (null). The x of each slot's
 * middle is given for its label.
 */
export function barLayout(
  values: readonly (number | null)[],
  box: ChartBox,
): { maximum: number; bars: (BarRect | null)[]; centers: number[] } {
  const maximum = niceMaximum(
    Math.max(0, ...values.map((value) => (value !== null && Number.isFinite(value) ? value : 0))),
  );
  const slot = values.length === 0 ? 0 : box.width / values.length;
  const barWidth = slot * (1 - (box.gap ?? 0.25));
  const centers = values.map((_, index) => slot * index + slot / 2);
  const bars = values.map((value, index) => {
    if (value === null || !Number.isFinite(value) || value < 0) return null;
    const height = (value / maximum) * box.height;
    return { x: centers[index]! - barWidth / 2, y: box.height - height, width: barWidth, height };
  });
  return { maximum, bars, centers };
}
