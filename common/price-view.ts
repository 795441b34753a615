/**
 * The price and CO2 view of a quantity (spec sections 1 and 2): whether a quantity has one, and
 * which prices and CO2 factors apply to it. Each meter is priced and weighed by its own quantity,
 * so total water (its hot and cold water meters) takes the hot-water price and factor for its hot
 * water and the cold-water ones for its cold. Decided from data (the property's CO2 factors, the
 * quantity prices), not from a list of quantities: a property that adds a factor or a tariff gets
 * the view. Shared by the portal and the local back-end.
 */
import { partsOf } from "./meters";
import { type QuantityId, quantityDefinition } from "./quantities";

/** Quantities whose cost is estimated from hourly electricity market prices, with or without a tariff. */
export const marketPricedQuantities: readonly QuantityId[] = ["heat-energy", "electricity-energy"];

/**
 * The quantities whose prices and CO2 factors apply to a quantity's meters: the quantity itself
 * (a unit may have a meter of it) and the quantities of the meters it is made of.
 */
export function pricedQuantitiesOf(quantity: QuantityId): QuantityId[] {
  return [...new Set([quantity, ...partsOf(quantity)])];
}

/** The property's CO2 factors that apply to a quantity, in the order of pricedQuantitiesOf. */
export function co2FactorsFor<F extends { quantity: string }>(quantity: QuantityId, factors: readonly F[]): F[] {
  return pricedQuantitiesOf(quantity).flatMap((priced) =>
    factors.filter((factor) => factor.quantity === priced).slice(0, 1),
  );
}

/** Whether a quantity can have a cost: market priced, or one of its priced quantities has a price. */
export function hasCost(quantity: QuantityId, prices: readonly { quantity: string }[]): boolean {
  if (!addsUp(quantity)) return false;
  if (marketPricedQuantities.includes(quantity)) return true;
  const priced: readonly string[] = pricedQuantitiesOf(quantity);
  return prices.some((price) => priced.includes(price.quantity));
}

/** Whether a quantity can have a CO2 footprint: it adds up and the property has a factor for it or a part. */
export function hasCo2Footprint(quantity: QuantityId, co2Factors: readonly { quantity: string }[]): boolean {
  return addsUp(quantity) && co2FactorsFor(quantity, co2Factors).length > 0;
}

export interface PriceFacts {
  /** The CO2 factors of the resident's property. */
  co2Factors: readonly { quantity: string }[];
  /** Quantity prices (any period the caller chose, e.g. the tenancy). */
  prices: readonly { quantity: string }[];
}

/**
 * Whether the consumption frame offers the price and CO2 view of a quantity, and its URL exists:
 * only when there is a cost or a footprint to show. Averages (temperatures) never have one, nor
 * does a count without a price or factor such as heat-cost allocator units.
 */
export function hasPriceView(quantity: QuantityId, facts: PriceFacts): boolean {
  return hasCost(quantity, facts.prices) || hasCo2Footprint(quantity, facts.co2Factors);
}

/**
 * Whether the prices could change hasPriceView's answer, given the CO2 factors: only for a
 * quantity that adds up, is not market priced and has no factor. Otherwise a caller need not
 * fetch them (the answer is the same with `prices: []`).
 */
export function pricesDecidePriceView(quantity: QuantityId, co2Factors: readonly { quantity: string }[]): boolean {
  return addsUp(quantity) && !marketPricedQuantities.includes(quantity) && !hasCo2Footprint(quantity, co2Factors);
}

/** Only consumption that adds up over time has a cost or a footprint. */
function addsUp(quantity: QuantityId): boolean {
  return quantityDefinition(quantity).aggregation === "addition";
}
