/** The prices a cost is computed with: market prices per hour, or a quantity's fixed prices. */

import { type DayKey, dayKeyOf } from "@common/calendar";
import { marketPricedQuantities } from "@common/price-view";
import type { QuantityId } from "@common/quantities";
import { type Db, MARKET_PRICE_AREA } from "./engine";

export type PriceOfHour = (hourS: number) => number | undefined;

/** The price of a meter's hour: each meter is priced by its own quantity (total water = hot + cold). */
export type PriceOfMeterHour = (hourS: number, meterId: number) => number | undefined;

/** Grams of CO2 per unit of a meter's own quantity (total water = hot + cold); undefined: no factor. */
export type Co2FactorOfMeter = (meterId: number) => number | undefined;

/** Hourly price (per unit of the quantity) for the cost mode over [fromS, toS). */
export async function loadPrices(db: Db, quantity: QuantityId, fromS: number, toS: number): Promise<PriceOfHour> {
  // Heating and electricity: the hourly electricity market price (the BREEAM-style estimate).
  if (marketPricedQuantities.includes(quantity)) {
    const rows = await db
      .selectFrom("market_prices")
      .select(["hour", "price"])
      .where("area", "=", MARKET_PRICE_AREA)
      .where("hour", ">=", fromS)
      .where("hour", "<", toS)
      .execute();
    const byHour = new Map(rows.map((row) => [row.hour, row.price]));
    return (hour) => byHour.get(hour);
  }
  const tariffs = await db
    .selectFrom("quantity_prices")
    .select(["price", "valid_from", "valid_to"])
    .where("quantity", "=", quantity)
    .orderBy("valid_from")
    .execute();
  const byDay = new Map<DayKey, number | undefined>();
  return (hour) => {
    const day = dayKeyOf(hour * 1000);
    if (!byDay.has(day)) {
      const tariff = tariffs.find((row) => row.valid_from <= day && (row.valid_to === null || row.valid_to >= day));
      byDay.set(day, tariff?.price);
    }
    return byDay.get(day);
  };
}
