/**
 * Fun facts for the CO2 footprint help (spec section 2): a footprint in grams put into everyday
 * terms. The factors are rounded public averages, stated in the help text as approximate.
 */

/** A new petrol car in Denmark emits about 120 g CO2 per km driven. */
export const gramsPerCarKm = 120;
/** Charging a smartphone once takes about 15 Wh; at about 130 g CO2/kWh (Danish grid) ~2 g. */
export const gramsPerPhoneCharge = 2;
/** A grown tree binds about 20 kg CO2 a year. */
export const gramsPerTreeYear = 20_000;

export interface Co2Facts {
  carKm: number;
  phoneCharges: number;
  /** Trees needed for a year to bind the footprint. */
  treeYears: number;
}

/** Everyday equivalents of a footprint in grams; null for no footprint (or a negative one). */
export function co2Facts(grams: number | null): Co2Facts | null {
  if (grams === null || !Number.isFinite(grams) || grams <= 0) return null;
  return {
    carKm: Math.round(grams / gramsPerCarKm),
    phoneCharges: Math.round(grams / gramsPerPhoneCharge),
    treeYears: Math.round((grams / gramsPerTreeYear) * 10) / 10,
  };
}
