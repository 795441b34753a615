import { withTotalWater } from "@common/meters";
import { defaultPeriod, toApiRange, todayInCopenhagen } from "@common/period";
import {
  consumptionQuantityIds,
  indoorClimateQuantityIds,
  type QuantityId,
  quantityDefinition,
} from "@common/quantities";
import { formatQuantity } from "@common/quantity-format";
import { weatherQuantities } from "@common/weather";
import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { copenhagenTimeOfDay } from "~/domain/clock";
import { comparedDaysText } from "~/domain/compared-days";
import { indoorClimateSmiley, type Smiley } from "~/domain/smileys";
import type { Tenancy } from "~/services/account/schemas";
import type { UnitQuantityKpisInput } from "~/services/tenant/schemas";
import { unlessRefused } from "./chart/chart-view.server";
import type { KpiItem, WeatherKpi } from "./kpi/kpi-item";
import { describeComparison, weatherAdjustedFigure } from "./kpi/kpis.server";

/**
 * The dashboard's numbers (spec section 2): the consumption rating, each quantity over the last 30
 * days against the 30 days before with its smiley, and today's indoor climate with its smileys.
 * One request to the tenant data service, whatever the number of quantities.
 */

/** The quantity the rating letter is about: heating first (what residents pay most for). */
export function ratingQuantityOf(quantities: readonly QuantityId[]): QuantityId | null {
  return quantities.find((q) => q === "heat-energy") ?? quantities.find((q) => q === "hca") ?? quantities[0] ?? null;
}

export interface DashboardQuantity {
  quantity: QuantityId;
  value: string;
  comparison: KpiItem["comparison"];
  /** The days compared with, where they differ from the card's (`comparedWith`). */
  comparedWith: string | null;
  /** Heat's (or heating gas's) comparison corrected for the weather (ADR 0070); null for the others. */
  weather: Pick<WeatherKpi, "value" | "comparison" | "weather" | "problem"> | null;
}

export interface DashboardClimate {
  quantity: QuantityId;
  value: string;
  face: Smiley | null;
}

/** The dashboard's one back-end call for a tenancy with these meters (also started early, ADR 0021). */
export function dashboardCall(tenancyId: number, meterKinds: readonly QuantityId[], today = todayInCopenhagen()) {
  const measured = withTotalWater(meterKinds);
  const consumption = consumptionQuantityIds.filter((q) => measured.includes(q));
  const climate = indoorClimateQuantityIds.filter((q) => measured.includes(q));
  const ratingQuantity = ratingQuantityOf(consumption);
  const period = defaultPeriod(today);
  const input: Parameters<AppLoadContext["api"]["tenant"]["dashboard"]>[0] = {
    tenancyId,
    ratingQuantity,
    consumption:
      consumption.length > 0
        ? {
            tenancyId,
            quantities: [...consumption],
            ...toApiRange(period),
            groupBy: "UNIT",
            compareWith: "PREVIOUS_PERIOD",
          }
        : null,
    climate:
      climate.length > 0
        ? { tenancyId, quantities: [...climate], ...toApiRange({ from: today, to: today }), groupBy: "UNIT" }
        : null,
  };
  // The heat card's weather-adjusted comparison (ADR 0070): the card's period against the one before.
  const weatherQuantity = weatherQuantities.find((q) => consumption.includes(q)) ?? null;
  const weather: UnitQuantityKpisInput | null = weatherQuantity
    ? { tenancyId, quantity: weatherQuantity, ...toApiRange(period), weatherAdjusted: true }
    : null;
  return { input, consumption, climate, ratingQuantity, period, weather };
}

export async function loadDashboard(
  context: AppLoadContext,
  tenancy: Tenancy,
  meterKinds: readonly QuantityId[],
  { language, t }: { language: string; t: TFunction },
) {
  const now = new Date();
  const { input, consumption, climate, ratingQuantity, period, weather } = dashboardCall(
    tenancy.tenancyId,
    meterKinds,
    todayInCopenhagen(now),
  );
  const [{ rating, consumption: consumptionTable, climate: climateTable }, weatherKpis] = await Promise.all([
    context.api.tenant.dashboard(input),
    weather ? unlessRefused(context.api.tenant.kpis(weather)) : null,
  ]);
  const weatherQuantity = weather?.quantity ?? null;

  // One row (the unit); columns by quantity descriptor, looked up by name rather than position.
  const tableValue = (table: typeof consumptionTable, quantity: QuantityId, which: "values" | "comparisonValues") => {
    const column = table?.quantityDescriptors.findIndex((d) => d.quantity === quantity && !d.normalized) ?? -1;
    return column < 0 ? null : (table?.rows[0]?.[which][column] ?? null);
  };
  // The days each quantity is compared with (ADR 0018 rules 7 and 8): today's part only up to its
  // latest values. The card names them once when every quantity's are the same.
  const comparedWith = consumption.map((quantity) => {
    const column =
      consumptionTable?.quantityDescriptors.findIndex((d) => d.quantity === quantity && !d.normalized) ?? -1;
    return comparedDaysText(column < 0 ? null : consumptionTable?.comparedDays[column], language, t);
  });
  const commonComparedWith = comparedWith.every((text) => text === comparedWith[0]) ? (comparedWith[0] ?? null) : null;
  return {
    period,
    comparedWith: commonComparedWith,
    rating:
      rating && ratingQuantity
        ? {
            quantity: ratingQuantity,
            letter: rating.letter,
            periodBegin: rating.periodBegin,
            periodEnd: rating.periodEnd,
            unitsCompared: rating.unitsCompared,
          }
        : null,
    consumption: consumption.map((quantity, index): DashboardQuantity => {
      const value = tableValue(consumptionTable, quantity, "values");
      const previous = tableValue(consumptionTable, quantity, "comparisonValues");
      return {
        quantity,
        value: formatQuantity(value, quantity, language),
        // An average (cooling, spec section 3) is no amount: a difference in it is no judgement.
        comparison:
          quantityDefinition(quantity).aggregation === "addition"
            ? describeComparison(value, previous, "previous-period", { t, language })
            : null,
        comparedWith: commonComparedWith === null ? (comparedWith[index] ?? null) : null,
        weather:
          quantity === weatherQuantity && weatherKpis
            ? weatherAdjustedFigure(weatherKpis.weatherAdjustedPreviousPeriod, "previous-period", {
                t,
                language,
                quantity,
              })
            : null,
      };
    }),
    // Today's averages so far: just after midnight they rest on an hour or two, so the card says until when.
    climateUntil: copenhagenTimeOfDay(now),
    climate: climate.map((quantity): DashboardClimate => {
      const value = tableValue(climateTable, quantity, "values");
      return {
        quantity,
        value: formatQuantity(value, quantity, language),
        face: indoorClimateSmiley(quantity as "indoor-temperature" | "indoor-relative-humidity", value),
      };
    }),
  };
}
