/**
 * What the demo readings' models share (readings.ts, more-quantities.ts): deterministic noise and the
 * shape of the hours they are computed for. A module of its own, as readings.ts uses
 * more-quantities.ts.
 */

/** FNV-1a, for turning a meter number into a seed. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in [0, 1) from two integers (a murmur3-style finalizer). */
export function noise(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** The hours: outdoor temperature, clock and calendar of each hour since the anchor (readings.ts hourContext). */
export interface HourContext {
  /** Hour index since the anchor of the first entry. */
  firstIndex: number;
  outdoor: Float64Array;
  /** Local hour 0–23. */
  hourOfDay: Uint8Array;
  /** 0 = Monday … 6 = Sunday. */
  weekday: Uint8Array;
  /** cos of the season: 1 in mid-January, −1 in mid-July. */
  winter: Float64Array;
  dayIndex: Int32Array;
}
