import { formatCalendarDate } from "@common/format";
import { ForecastHorizon } from "@common/graphql-enums.generated";
import { withTotalWater } from "@common/meters";
import { defaultPeriod, toApiRange, todayInCopenhagen } from "@common/period";
import {
  consumptionQuantityIds,
  indoorClimateQuantityIds,
  type QuantityId,
  quantityDefinition,
} from "@common/quantities";
import { currencyLabel, formatNumber, formatQuantity, fractionDigits, unitLabel } from "@common/quantity-format";
import { weatherQuantities } from "@common/weather";
import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { copenhagenTimeOfDay } from "~/domain/clock";
import { comparedDaysText } from "~/domain/compared-days";
import { indoorClimateSmiley, type Smiley } from "~/domain/smileys";
import type { Tenancy } from "~/services/account/schemas";
import type { QuantityForecast, UnitQuantityKpisInput } from "~/services/tenant/schemas";
import { unlessRefused } from "./chart/chart-view.server";
import type { KpiItem, WeatherKpi } from "./kpi/kpi-item";
import { describeComparison, weatherAdjustedFigure } from "./kpi/kpis.server";

/**
 * The dashboard's numbers (spec section 2): the consumption rating with the property average and
 * the efficient neighbours (ADR 0073), each quantity over the last 30 days against the 30 days
 * before with its smiley, the forecasts (ADR 0072), and today's indoor climate with its smileys.
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
    forecasts: consumption.length > 0,
  };
  // The heat card's weather-adjusted comparison (ADR 0070): the card's period against the one before.
  const weatherQuantity = weatherQuantities.find((q) => consumption.includes(q)) ?? null;
  const weather: UnitQuantityKpisInput | null = weatherQuantity
    ? { tenancyId, quantity: weatherQuantity, ...toApiRange(period), weatherAdjusted: true }
    : null;
  return { input, consumption, climate, ratingQuantity, period, weather };
}

const NBSP = "\u00a0";

/** One horizon of a quantity's forecast as the card says it. */
export interface ForecastLine {
  horizon: ForecastHorizon;
  /** "This month", "This year", "Billing year 1 Jul 2026 – 30 Jun 2027". */
  label: string;
  /** "Heading for about 410–460 kWh this month; last year 438 kWh."; null with a problem. */
  outlook: string | null;
  /** Why there is no forecast, in words; null with one. */
  problem: string | null;
  /** "So far 120 kWh"; null before the period's first day. */
  soFar: string | null;
  /** "Cost about 512.00–574.00 kr."; null without a price or a range. */
  cost: string | null;
}

export interface DashboardForecast {
  quantity: QuantityId;
  lines: ForecastLine[];
}

/**
 * A forecast's range in the quantity's unit, rounded outwards to two significant figures of its
 * larger end ("412.3–458.7" is "410–460 kWh"), never finer than the quantity's own digits (spec
 * section 9: heat and hca are whole numbers): it is an estimate, and more digits would claim more.
 */
export function forecastRange(low: number, high: number, quantity: QuantityId, language: string): string {
  const finest = -fractionDigits(quantity).maximumFractionDigits;
  const magnitude = Math.max(Math.abs(low), Math.abs(high));
  const exponent = Math.max(finest, magnitude > 0 ? Math.floor(Math.log10(magnitude)) - 1 : finest);
  const step = 10 ** exponent;
  // A little slack so that 0.3 / 0.1 = 2.9999… still rounds to 3.
  const lower = Math.floor(low / step + 1e-9) * step;
  const upper = Math.ceil(high / step - 1e-9) * step;
  const digits = { minimumFractionDigits: Math.max(0, -exponent), maximumFractionDigits: Math.max(0, -exponent) };
  const unit = unitLabel(quantity, language, { value: upper });
  const range = `${formatNumber(lower, language, digits)}–${formatNumber(upper, language, digits)}`;
  return unit === "" ? range : `${range}${NBSP}${unit}`;
}

/** An amount of money as the portal writes costs: two decimals and the currency ("512.00 DKK", "512,00 kr."). */
function money(value: number, currency: string, language: string): string {
  return `${formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${NBSP}${currencyLabel(currency, language)}`;
}

/** One forecast row of the back-end as the card's line (pure; the texts from `t`). */
export function forecastLine(row: QuantityForecast, { t, language }: { t: TFunction; language: string }): ForecastLine {
  const quantity = row.quantity as QuantityId;
  const horizon = row.horizon;
  const label =
    horizon === "BILLING_YEAR"
      ? t("forecast.billing_year", {
          from: formatCalendarDate(row.firstDay, language),
          to: formatCalendarDate(row.lastDay, language),
        })
      : t(`forecast.period.${horizon}`);
  const soFar =
    row.soFar === null ? null : t("forecast.so_far", { value: formatQuantity(row.soFar, quantity, language) });
  if (row.problem !== null || row.low === null || row.high === null) {
    return {
      horizon,
      label,
      outlook: null,
      problem: t(`forecast.problem.${row.problem ?? "NO_HISTORY"}`),
      soFar,
      cost: null,
    };
  }
  const range = t(`forecast.outlook.${horizon}`, { range: forecastRange(row.low, row.high, quantity, language) });
  const lastYear =
    row.lastYear === null
      ? ""
      : `; ${t("forecast.last_year", { value: formatQuantity(row.lastYear, quantity, language) })}`;
  return {
    horizon,
    label,
    outlook: `${range}${lastYear}.`,
    problem: null,
    soFar,
    cost:
      row.price !== null && row.currency !== null
        ? t("forecast.cost", {
            low: money(row.low * row.price, row.currency, language),
            high: money(row.high * row.price, row.currency, language),
          })
        : null,
  };
}

/**
 * The forecast card's content: for each of the dashboard's quantities in its order, this month
 * first, then this year and the billing year where the back-end has them. A quantity the back-end
 * has no forecast for (an average, a quantity without meters) is left out.
 */
export function dashboardForecasts(
  rows: readonly QuantityForecast[],
  quantities: readonly QuantityId[],
  options: { t: TFunction; language: string },
): DashboardForecast[] {
  return quantities.flatMap((quantity) => {
    const lines = ForecastHorizon.flatMap((horizon) => {
      const row = rows.find((r) => r.quantity === quantity && r.horizon === horizon);
      return row ? [forecastLine(row, options)] : [];
    });
    return lines.length > 0 ? [{ quantity, lines }] : [];
  });
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
  const [{ rating, consumption: consumptionTable, climate: climateTable, forecasts }, weatherKpis] = await Promise.all([
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
            // Per m2 over the rating's 365 days (the rating's own unit).
            value: formatQuantity(rating.value, ratingQuantity, language, { normalized: true }),
            propertyAverage:
              rating.propertyAverage === null
                ? null
                : formatQuantity(rating.propertyAverage, ratingQuantity, language, { normalized: true }),
            // Null below 10 other homes with data on every day (ADR 0073): then the card says so.
            efficientNeighbours:
              rating.efficientNeighbours === null
                ? null
                : formatQuantity(rating.efficientNeighbours, ratingQuantity, language, { normalized: true }),
          }
        : null,
    forecasts: dashboardForecasts(forecasts ?? [], consumption, { t, language }),
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
