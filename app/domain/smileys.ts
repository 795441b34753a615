/**
 * Smiley bands of spec section 4: indoor climate (temperature, humidity) and consumption compared
 * with a reference (previous period, last year or the property average).
 */

export type Smiley = "happy" | "neutral" | "sad";

interface Bands {
  /** Inclusive. */
  happy: [number, number];
  /** The bands either side of happy: [low, happy low) and (happy high, high]. Outside is sad. */
  neutral: [[number, number], [number, number]];
}

/**
 * Spec section 4 smiley bands as data, so the help text shows the same numbers the smileys use:
 * temperature in °C, relative humidity in %.
 */
export const indoorClimateBands: { temperature: Bands; humidity: Bands } = {
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
};

// The band edges belong to the better band: 19 °C is happy, 15 °C and 25 °C neutral.
function smileyFor(value: number | null, bands: Bands): Smiley | null {
  if (value === null || Number.isNaN(value)) return null;
  const [happyLow, happyHigh] = bands.happy;
  const [[neutralLow], [, neutralHigh]] = bands.neutral;
  if (value >= happyLow && value <= happyHigh) return "happy";
  if (value >= neutralLow && value <= neutralHigh) return "neutral";
  return "sad";
}

/** Spec section 4: happy 19-22 °C, neutral 15-19 or 22-25, sad below 15 or above 25. */
export function temperatureSmiley(celsius: number | null): Smiley | null {
  return smileyFor(celsius, indoorClimateBands.temperature);
}

/** Spec section 4: happy 40-60 %, neutral 20-40 or 60-70, sad below 20 or above 70. */
export function humiditySmiley(percent: number | null): Smiley | null {
  return smileyFor(percent, indoorClimateBands.humidity);
}

/** Spec section 4 consumption smileys: less, same, 0-25 % more, 25-50 % more, 50 % or more. */
export const consumptionComparisons = ["less", "same", "more-0-25", "more-25-50", "more-50"] as const;
export type ConsumptionComparison = (typeof consumptionComparisons)[number];

/**
 * Change from the reference in percent. Null when either is missing, or when the reference is
 * zero or negative, where a percentage means nothing (any use is "infinitely" more).
 */
export function changePercent(value: number | null, reference: number | null): number | null {
  if (value === null || reference === null || !Number.isFinite(value) || !Number.isFinite(reference)) return null;
  if (reference <= 0) return null;
  return ((value - reference) / reference) * 100;
}

/**
 * The consumption smiley (spec section 4). A change that would be shown as 0 % (within ±0.5) is
 * "same", so the smiley never contradicts the percentage beside it.
 */
export function consumptionComparison(value: number | null, reference: number | null): ConsumptionComparison | null {
  const change = changePercent(value, reference);
  return change === null ? null : comparisonOfChange(change);
}

/** The same for a change already computed, in per cent (a weather-adjusted change, ADR 0070). */
export function comparisonOfChange(change: number): ConsumptionComparison {
  if (change < -0.5) return "less";
  if (change <= 0.5) return "same";
  if (change < 25) return "more-0-25";
  if (change < 50) return "more-25-50";
  return "more-50";
}

/**
 * The smiley for an indoor-climate value: judged on the measured value, as spec section 4's bands
 * say, not on the whole number the page shows (spec section 9): 22.4 °C reads "22 °C" and is
 * neutral, being above 22 °C. The help text names the bands with their edges, so a resident who
 * wonders why can read it.
 */
export function indoorClimateSmiley(
  quantity: "indoor-temperature" | "indoor-relative-humidity",
  value: number | null,
): Smiley | null {
  const measured = value === null || !Number.isFinite(value) ? null : value;
  return quantity === "indoor-temperature" ? temperatureSmiley(measured) : humiditySmiley(measured);
}
