/**
 * tenantForecasts (issue 46 item 3, ADR 0072): per consumed quantity of a tenancy's unit, this
 * month, this year and the billing year: so far, the expected total and a range. The days are the
 * tenancy's only; the arithmetic is backend/weather/forecast.ts.
 */
import {
  addDays,
  addMonths,
  type DayKey,
  type DayRange,
  dayKeyOf,
  daysBetween,
  firstOfMonth,
  firstOfYear,
} from "@common/calendar";
import type { ForecastHorizon } from "@common/graphql-enums.generated";
import { type QuantityId, totalKindOf } from "@common/quantities";
import type { Db } from "../../consumption/bulk-insert";
import { metersForQuantity } from "../../consumption/engine";
import { isWeatherQuantity } from "../../weather/adjusted-comparison";
import { normalYearHistoryDays, normalYearOf } from "../../weather/degree-day-period";
import type { DayMean } from "../../weather/degree-days";
import { addDayRow, type ConsumptionDay, forecast } from "../../weather/forecast";
import { outdoorDayMeans } from "../../weather/outdoor-store";
import type { ServiceContext } from "../context";
import { dayCache } from "./day-cache";
import { pricesInForce } from "./prices";
import { type UnitScope, unitScopeOf } from "./unit-scope";

/** A home's forecasts are made of whole days before today: kept while those stand (day-cache.ts). */
const forecastCache = dayCache<Awaited<ReturnType<typeof forecastsOfScope>>>();

export async function tenantForecasts(_: unknown, { tenancyId }: { tenancyId: number }, ctx: ServiceContext) {
  const scope = await unitScopeOf(ctx, tenancyId);
  const key = [
    scope.unit.id,
    scope.window.fromDay,
    scope.window.endDay,
    scope.tenancy.billing_period_start ?? "",
    scope.tenancy.billing_period_end ?? "",
  ];
  return forecastCache(ctx, key, () => forecastsOfScope(ctx.db, scope, dayKeyOf(ctx.now.getTime())));
}

/** The periods forecast on `today`: this month, this year and the billing year that holds today. */
export function forecastPeriods(
  today: DayKey,
  billing: { start: DayKey | null; end: DayKey | null },
): { horizon: ForecastHorizon; days: DayRange }[] {
  const month = firstOfMonth(today);
  const year = firstOfYear(today);
  const periods: { horizon: ForecastHorizon; days: DayRange }[] = [
    { horizon: "MONTH", days: { fromDay: month, endDay: addMonths(month, 1) } },
    { horizon: "YEAR", days: { fromDay: year, endDay: addMonths(year, 12) } },
  ];
  if (billing.start !== null && billing.end !== null && billing.end >= billing.start) {
    // Moved by whole years to the one that holds today.
    const years = Number(today.slice(0, 4)) - Number(billing.start.slice(0, 4));
    for (const shift of [years - 1, years, years + 1]) {
      const fromDay = addMonths(billing.start, 12 * shift);
      const endDay = addDays(addMonths(billing.end, 12 * shift), 1);
      if (fromDay <= today && today < endDay) {
        periods.push({ horizon: "BILLING_YEAR", days: { fromDay, endDay } });
        break;
      }
    }
  }
  return periods;
}

export async function forecastsOfScope(db: Db, scope: UnitScope, today: DayKey) {
  // A tenancy that has ended has nothing ahead of it.
  if (scope.window.endDay <= today || (scope.tenancy.end_date !== null && scope.tenancy.end_date < today)) return [];
  const periods = forecastPeriods(today, {
    start: scope.tenancy.billing_period_start,
    end: scope.tenancy.billing_period_end,
  });
  const quantities = [...new Set(scope.meters.map((meter) => meter.quantity))].filter(
    (quantity) => totalKindOf(quantity) === "consumption",
  );
  if (quantities.length === 0) return [];
  // Every day any forecast or its year-earlier total reads: a year and 28 days before today, and
  // the periods a year earlier.
  const readFrom = [addDays(today, -365 - 28), ...periods.map((period) => addMonths(period.days.fromDay, -12))].reduce(
    (a, b) => (a < b ? a : b),
  );
  const fromDay = readFrom > scope.window.fromDay ? readFrom : scope.window.fromDay;
  const weather = quantities.some(isWeatherQuantity) ? await weatherOf(db, scope, today) : null;
  const [daysByQuantity, prices] = await Promise.all([
    consumptionDays(db, scope, quantities, fromDay, today),
    pricesInForce(db, quantities, today),
  ]);
  return quantities.flatMap((quantity) => {
    const days = daysByQuantity.get(quantity) ?? new Map<DayKey, ConsumptionDay>();
    const price = prices.get(quantity) ?? null;
    return periods.map(({ horizon, days: period }) => {
      const result = forecast({
        fromDay: period.fromDay,
        endDay: period.endDay,
        today,
        days,
        weather: isWeatherQuantity(quantity) ? weather : null,
      });
      const passedEnd = today < period.endDay ? today : period.endDay;
      const daysPassed = Math.max(0, daysBetween(period.fromDay, passedEnd));
      return {
        quantity,
        horizon,
        firstDay: period.fromDay,
        lastDay: addDays(period.endDay, -1),
        daysPassed,
        problem: result.ok ? null : result.problem,
        soFar: result.soFar,
        expected: result.ok ? result.expected : null,
        low: result.ok ? result.low : null,
        high: result.ok ? result.high : null,
        method: result.ok ? result.method : null,
        lastYear: yearEarlierTotal(days, period, scope.window.fromDay),
        price: price?.price ?? null,
        currency: price?.currency ?? null,
      };
    });
  });
}

/** The total of the same period a year earlier, when the tenancy has every one of its days. */
function yearEarlierTotal(days: ReadonlyMap<DayKey, ConsumptionDay>, period: DayRange, tenancyFrom: DayKey) {
  const fromDay = addMonths(period.fromDay, -12);
  const endDay = addMonths(period.endDay, -12);
  if (fromDay < tenancyFrom) return null;
  let sum = 0;
  for (let day = fromDay; day < endDay; day = addDays(day, 1)) {
    const entry = days.get(day);
    if (entry === undefined) return null;
    sum += entry.value;
  }
  return sum;
}

async function weatherOf(
  db: Db,
  scope: UnitScope,
  today: DayKey,
): Promise<{ means: ReadonlyMap<DayKey, DayMean>; normal: readonly number[] | null }> {
  const history = normalYearHistoryDays(today);
  const means = await outdoorDayMeans(db, scope.property.id, history.fromDay, today);
  return { means, normal: normalYearOf(means, today, scope.property.country)?.normal ?? null };
}

/**
 * Per quantity, the unit's days in [fromDay, endDay): the sum over the quantity's meters and the
 * hours covered (the least over the meters with a row that day).
 */
async function consumptionDays(
  db: Db,
  scope: UnitScope,
  quantities: readonly QuantityId[],
  fromDay: DayKey,
  endDay: DayKey,
): Promise<Map<QuantityId, Map<DayKey, ConsumptionDay>>> {
  const quantityOfMeter = new Map<number, QuantityId[]>();
  for (const quantity of quantities) {
    for (const meter of metersForQuantity(scope.meters, quantity)) {
      quantityOfMeter.set(meter.id, [...(quantityOfMeter.get(meter.id) ?? []), quantity]);
    }
  }
  const result = new Map<QuantityId, Map<DayKey, ConsumptionDay>>(quantities.map((q) => [q, new Map()]));
  if (quantityOfMeter.size === 0 || fromDay >= endDay) return result;
  const rows = await db
    .selectFrom("consumption_daily")
    .select(["meter_id", "day", "value", "weight"])
    .where("meter_id", "in", [...quantityOfMeter.keys()])
    .where("day", ">=", fromDay)
    .where("day", "<", endDay)
    .execute();
  for (const row of rows) {
    for (const quantity of quantityOfMeter.get(row.meter_id) ?? []) {
      addDayRow(result.get(quantity)!, row.day, row.value, row.weight);
    }
  }
  return result;
}
