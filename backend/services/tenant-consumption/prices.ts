/** quantityPrices: the prices a quantity's cost is computed with. */
import { type DayKey, isValidDayKey } from "@common/calendar";
import type { Db } from "../../consumption/bulk-insert";
import type { ServiceContext } from "../context";
import { badUserInput } from "../errors";

export async function quantityPrices(
  _: unknown,
  { input }: { input: { periodBegin: string; periodEnd: string } },
  ctx: ServiceContext,
) {
  await ctx.requireCaller();
  for (const [field, value] of [
    ["periodBegin", input.periodBegin],
    ["periodEnd", input.periodEnd],
  ] as const) {
    if (!isValidDayKey(value)) throw badUserInput(`${field} must be a date YYYY-MM-DD, got '${value}'`, field);
  }
  if (input.periodEnd < input.periodBegin) throw badUserInput("periodEnd must not be before periodBegin", "periodEnd");
  const rows = await ctx.db
    .selectFrom("quantity_prices")
    .selectAll()
    .where("valid_from", "<=", input.periodEnd)
    .where((eb) => eb.or([eb("valid_to", "is", null), eb("valid_to", ">=", input.periodBegin)]))
    .orderBy("quantity")
    .orderBy("valid_from")
    .execute();
  return rows.map((row) => ({
    quantity: row.quantity,
    price: row.price,
    currency: row.currency,
    validFrom: row.valid_from,
    validTo: row.valid_to,
  }));
}

/**
 * The price per unit in force on `day` of each of these quantities (at least one) that has one (of
 * two, the one valid from later): the forecasts' price today and the monthly report's on the
 * month's last day.
 */
export async function pricesInForce(
  db: Db,
  quantities: readonly string[],
  day: DayKey,
): Promise<Map<string, { price: number; currency: string }>> {
  const rows = await db
    .selectFrom("quantity_prices")
    .select(["quantity", "price", "currency"])
    .where("quantity", "in", quantities)
    .where("valid_from", "<=", day)
    .where((eb) => eb.or([eb("valid_to", "is", null), eb("valid_to", ">=", day)]))
    .orderBy("valid_from")
    .execute();
  return new Map(rows.map((row) => [row.quantity, { price: row.price, currency: row.currency }]));
}
