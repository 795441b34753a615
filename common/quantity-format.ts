/**
 * Numbers and units of measured quantities (spec section 9, number formatting; section 3, units).
 * Numbers follow formatLocale: Danish conventions unless the language is English, then British.
 */
import { formatLocale } from "./format";
import type { GraphMode } from "./graphql-enums.generated";
import { type QuantityId, quantityDefinition, type UnitOfMeasure } from "./quantities";

/** Graph and table modes of spec section 3: plain values, cost, or CO2 emission. */
export type ValueMode = GraphMode;

export interface FormatOptions {
  /** Values per m² (spec section 3). */
  normalized?: boolean;
  /** Defaults to HOURLY_VALUES, the plain measured values. */
  mode?: ValueMode;
}

interface FractionDigits {
  minimumFractionDigits: number;
  maximumFractionDigits: number;
}

const NBSP = "\u00a0";
const EN_DASH = "–";

const exactly = (n: number): FractionDigits => ({ minimumFractionDigits: n, maximumFractionDigits: n });
const upTo = (n: number): FractionDigits => ({ minimumFractionDigits: 0, maximumFractionDigits: n });
// "At least 2" raises the default "at most 2" to a minimum of 2, so exactly 2 in practice. (Intl's
// own maximum for a minimum of 2 would be 3, which makes "94,022 kWh" read like ninety-four
// thousand to an English eye.)
const atLeastTwo: FractionDigits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * Fraction digits of spec section 9. Cost is money (exactly 2). CO2 grams are whole, unless per
 * m², where they are often below 1. Plain values: water volumes exactly 3 (a litre is 0.001 m³);
 * cooling, electricity and gas at least 2; heat energy, hca, humidity and temperature whole
 * numbers, except per m², where whole numbers would mostly read 0 (normalized hca exactly 2, heat
 * energy up to 2); anything else up to 2. The spec also lists cold water under "at least 2"; the
 * stricter "exactly 3" for water wins. "Temperature" covers the flow and return temperatures and
 * their difference (heat cooling, in K) and the outdoor temperature as well as the indoor one; backflow is a water volume
 * (exactly 3) and the error quantity a count (whole) (ADR 0022).
 */
export function fractionDigits(quantity: QuantityId, options: FormatOptions = {}): FractionDigits {
  const { normalized = false, mode = "HOURLY_VALUES" } = options;
  if (mode === "COST") return exactly(2);
  if (mode === "CO2") return normalized ? upTo(2) : exactly(0);
  switch (quantity) {
    case "hot-water-volume":
    case "cold-water-volume":
    case "total-water-volume":
      return exactly(3);
    case "cooling-energy":
    case "electricity-energy":
    case "gas-volume":
      return { ...atLeastTwo };
    case "hca":
      return normalized ? exactly(2) : exactly(0);
    // Per m² too (spec section 9 names only hca's normalized digits apart).
    case "heat-energy":
      return exactly(0);
    case "indoor-relative-humidity":
    case "indoor-temperature":
    case "heat-flow-temperature":
    case "heat-return-temperature":
    case "heat-cooling":
    case "outdoor-temperature":
      return exactly(0);
    // Spec section 9 names no digits for these: the default "at most 2" (49.98 Hz, 0.35 m³/h, 20.5 mbar).
    // Backflow is water too: litres, like the water meters (ADR 0022).
    case "hot-water-backflow":
    case "cold-water-backflow":
      return exactly(3);
    // A count of error hours is whole.
    case "error":
      return exactly(0);
    default:
      return upTo(2);
  }
}

// Building an Intl.NumberFormat is far slower than using one, and a table formats thousands of
// cells: keep one per locale and set of options.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, style: "decimal" | "percent", digits: FractionDigits): Intl.NumberFormat {
  const key = `${locale}|${style}|${digits.minimumFractionDigits}|${digits.maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style,
      minimumFractionDigits: digits.minimumFractionDigits,
      maximumFractionDigits: digits.maximumFractionDigits,
      // A small negative value rounded to zero reads "0", not "-0".
      signDisplay: "negative",
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A number in the language's conventions (spec section 9) with the given fraction digits. */
export function formatNumber(value: number, language: string, digits: FractionDigits): string {
  return numberFormat(formatLocale(language), "decimal", digits).format(value);
}

type QuantityFormat<Value> = (value: Value, quantity: QuantityId, language: string, options?: FormatOptions) => string;

/** A quantity's format that shows a missing value (null, or not a finite number) as an en dash alone. */
function dashWhenMissing(format: QuantityFormat<number>): QuantityFormat<number | null> {
  return (value, quantity, language, options) =>
    value === null || !Number.isFinite(value) ? EN_DASH : format(value, quantity, language, options);
}

/** A quantity's value as a number with the fraction digits of spec section 9. */
export const formatQuantityNumber = dashWhenMissing((value, quantity, language, options) =>
  formatNumber(value, language, fractionDigits(quantity, options)),
);

// The hca unit is a word and so is translated; the other units are symbols. Languages without
// their own word fall back to English, as the UI texts do (spec section 9).
const hcaUnitWords: Record<string, { one: string; other: string }> = {
  en: { one: "unit", other: "units" },
  da: { one: "enhed", other: "enheder" },
  nb: { one: "enhet", other: "enheter" },
};

/**
 * Spec section 3: English adds the plural s when the value is 0 or above 1. The same rule is used
 * for Danish and Norwegian. Without a value (a column or axis heading) the plural is used.
 */
function hcaIsPlural(value: number | null | undefined): boolean {
  return value == null || value === 0 || value > 1;
}

/**
 * A currency as residents write it: Danish and Norwegian kroner are "kr." in Danish and Norwegian,
 * any currency is its ISO code in English ("DKK").
 */
export function currencyLabel(currency: string, language: string): string {
  return (language === "da" || language === "nb") && (currency === "DKK" || currency === "NOK") ? "kr." : currency;
}

/** How a value's unit of measure is written after it; the hca unit is a word of the language instead. */
const unitSymbols: Record<Exclude<UnitOfMeasure, "unit">, string> = {
  kWh: "kWh",
  m3: "m³",
  K: "K",
  "°C": "°C",
  "%": "%",
  count: "", // error counts have no unit
  Hz: "Hz",
  "m3/h": "m³/h",
  mbar: "mbar",
};

/**
 * The unit after a value (spec section 3): kWh, m³, K, °C, %, the translated hca unit, none for
 * error counts; "/m²" appended for normalized values. Cost is in Danish kroner ("kr." in Danish
 * and Norwegian, "DKK" in English); CO2 in grams. Normalized hca values follow the same rule as
 * counts (spec section 3): singular from above 0 up to 1 ("0.50 unit/m²", "1.00 unit/m²"), plural
 * at 0 and above 1 ("1.20 units/m²"), and without a value (a heading: "units/m²").
 */
export function unitLabel(
  quantity: QuantityId,
  language: string,
  options: FormatOptions & { value?: number | null } = {},
): string {
  const { normalized = false, mode = "HOURLY_VALUES", value } = options;
  const perArea = (label: string) => (normalized && label !== "" ? `${label}/m²` : label);

  if (mode === "COST") return perArea(currencyLabel("DKK", language));
  if (mode === "CO2") return perArea("g CO₂");

  const unit = quantityDefinition(quantity).unit;
  if (unit === "unit") {
    const words = hcaUnitWords[language] ?? hcaUnitWords.en!;
    return perArea(hcaIsPlural(value) ? words.other : words.one);
  }
  return perArea(unitSymbols[unit]);
}

/**
 * Number and unit, joined by a non-breaking space so they never wrap apart (the percent sign
 * too, as Danish writes it). A unitless value is the number alone.
 */
export const formatQuantity = dashWhenMissing((value, quantity, language, options) => {
  const number = formatQuantityNumber(value, quantity, language, options);
  const unit = unitLabel(quantity, language, { ...options, value });
  return unit === "" ? number : `${number}${NBSP}${unit}`;
});

/**
 * A percentage given in percent (12.3 means 12.3 %), whole, in the language's conventions:
 * "12 %" in Danish (with a non-breaking space), "12%" in English.
 */
export function formatPercent(value: number, language: string): string {
  return numberFormat(formatLocale(language), "percent", exactly(0)).format(value / 100);
}
