/**
 * The consumption rating A+..G (ADR 0007): a unit's consumption per m2 over the last 365 days
 * divided by the average per m2 of the other units of the property over the same days.
 */

export const ratingLetters = ["A+", "A", "B", "C", "D", "E", "F", "G"] as const;
export type RatingLetter = (typeof ratingLetters)[number];

/** Upper bound (inclusive) of the ratio for each letter; G has none. */
export const ratingBands: readonly { letter: RatingLetter; maxRatio: number }[] = [
  { letter: "A+", maxRatio: 0.5 },
  { letter: "A", maxRatio: 0.7 },
  { letter: "B", maxRatio: 0.85 },
  { letter: "C", maxRatio: 1.0 },
  { letter: "D", maxRatio: 1.15 },
  { letter: "E", maxRatio: 1.35 },
  { letter: "F", maxRatio: 1.6 },
  { letter: "G", maxRatio: Number.POSITIVE_INFINITY },
];

/** Fewest other units with data for a property average or a rating (so none can be singled out). */
export const MIN_OTHER_UNITS = 3;
/** Fewest days of the unit's own data for a rating. */
export const MIN_RATING_DAYS = 30;

export function ratingLetterOf(ratio: number): RatingLetter {
  if (!Number.isFinite(ratio) || ratio < 0) throw new Error(`invalid rating ratio ${ratio}`);
  for (const band of ratingBands) if (ratio <= band.maxRatio) return band.letter;
  return "G";
}

/**
 * The mean of the other units' values, or null when fewer than MIN_OTHER_UNITS have one: a
 * property average never rests on one or two neighbours whose consumption it would reveal.
 */
export function propertyAverageOf(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter(
    (value): value is number => value !== null && value !== undefined && Number.isFinite(value),
  );
  if (present.length < MIN_OTHER_UNITS) return null;
  return present.reduce((sum, value) => sum + value, 0) / present.length;
}
