/** quantityPrices: the prices a quantity's cost is computed with. */
import { isValidDayKey } from "@common/calendar";
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
