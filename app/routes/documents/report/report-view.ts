/**
 * What the monthly consumption report says, as texts and numbers ready to show: one
 * view for the page (`/report/{code}`) and its PDF, so the two never differ. Pure: the report
 * from the back-end, the language, a translator and the brand go in.
 */

import { formatCalendarDate, formatMonth } from "@common/format";
import { isQuantityId, type QuantityId } from "@common/quantities";
import { currencyLabel, formatNumber, formatPercent, formatQuantity } from "@common/quantity-format";
import { leavesWeatherFigureOut } from "@common/weather";
import type { ConsumptionReport } from "~/services/tenant/document-schemas";

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Independent advice on energy efficiency (EU EED Annex VIIa: contact points), per the property's country. */
export const adviceContacts: Record<string, { name: string; url: string }[]> = {
  DK: [
    { name: "SparEnergi (Energistyrelsen)", url: "https://sparenergi.dk" },
    { name: "Forbrugerrådet Tænk", url: "https://taenk.dk" },
  ],
  NO: [
    { name: "Enova", url: "https://www.enova.no" },
    { name: "Forbrukerrådet", url: "https://www.forbrukerradet.no" },
  ],
};

/** Below this change (in percent) a month is "about the same" as the one compared with. */
export const SAME_WITHIN_PERCENT = 0.5;

export interface Comparison {
  direction: "less" | "more" | "same" | "none";
  text: string;
}

export interface ChartBar {
  month: string;
  /** Short month label ("okt.", "Oct"), with the year's last two digits in January and at the first bar. */
  label: string;
  /** The long name for the table and screen readers ("oktober 2026"). */
  longLabel: string;
  value: number | null;
  valueText: string;
  kind: "report" | "last-year" | "other";
}

/**
 * A weather-adjusted comparison as the report says it (ADR 0070): the change after bringing the
 * compared month to this month's degree days ("Weather-adjusted: 7 % less than in October 2025")
 * and the weather ("It was 18 % colder: 292 against 247 degree days"), or in words why there is
 * no figure.
 */
export interface WeatherLine {
  /** "Weather-adjusted: …": the change, or for a problem the month it would compare with. */
  change: string;
  /** The colder/warmer line, or the problem's words; null when compared days had no degree days. */
  detail: string | null;
  direction: Comparison["direction"];
}

export interface QuantityView {
  quantity: QuantityId;
  name: string;
  total: string;
  hasData: boolean;
  comparison: Comparison;
  /** The weather-adjusted comparisons (same month last year, then the month before); empty where none is given. */
  weather: WeatherLine[];
  facts: { label: string; value: string }[];
  chart: { title: string; description: string; bars: ChartBar[] };
}

export interface ReportView {
  language: string;
  month: string;
  monthName: string;
  title: string;
  address: string;
  intro: string;
  totalsTitle: string;
  quantities: QuantityView[];
  water: { title: string; prices: string[]; costs: { label: string; value: string }[]; note: string } | null;
  info: { title: string; boxes: { title: string; text: string }[] };
  advice: { title: string; intro: string; contacts: { name: string; url: string }[]; lines: string[] };
  disclaimer: { title: string; text: string };
  app: {
    name: string;
    title: string;
    text: string;
    appStore: { label: string; url: string };
    googlePlay: { label: string; url: string };
  };
  fileName: string;
}

/** The change from `before` to `now` in percent; null when there is nothing to compare with. */
export function changePercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || !Number.isFinite(now) || !Number.isFinite(before) || before <= 0) return null;
  return ((now - before) / before) * 100;
}

export function comparisonOf(
  now: number | null,
  before: number | null,
  beforeMonthName: string,
  language: string,
  t: Translate,
): Comparison {
  return comparisonOfChange(changePercent(now, before), beforeMonthName, language, t);
}

/** The sentence of a change in percent ("6 % more than in October 2025"), null for none. */
export function comparisonOfChange(
  change: number | null,
  beforeMonthName: string,
  language: string,
  t: Translate,
): Comparison {
  if (change === null) return { direction: "none", text: t("report.compare_none", { month: beforeMonthName }) };
  if (Math.abs(change) < SAME_WITHIN_PERCENT)
    return { direction: "same", text: t("report.compare_same", { month: beforeMonthName }) };
  const percent = formatPercent(Math.abs(change), language);
  return change < 0
    ? { direction: "less", text: t("report.compare_less", { percent, month: beforeMonthName }) }
    : { direction: "more", text: t("report.compare_more", { percent, month: beforeMonthName }) };
}

type WeatherComparison = NonNullable<ConsumptionReport["quantities"][number]["weatherAdjustedPreviousMonth"]>;
type WeatherProblem = NonNullable<WeatherComparison["problem"]>;

/** The words instead of a figure, per reason (the schema's WeatherAdjustmentProblem). */
const weatherProblemKeys: Record<WeatherProblem, string> = {
  NO_COMPARISON: "weather.problem.NO_COMPARISON",
  NO_OUTDOOR_DATA: "weather.problem.NO_OUTDOOR_DATA",
  TOO_FEW_DAYS: "weather.problem.TOO_FEW_DAYS",
  TOO_FEW_HEATING_DAYS: "weather.problem.TOO_FEW_HEATING_DAYS",
  NO_WEATHER_DEPENDENCE: "weather.problem.NO_WEATHER_DEPENDENCE",
  WEAK_FIT: "weather.problem.WEAK_FIT",
  LITTLE_HEATING: "weather.problem.LITTLE_HEATING",
};

/**
 * Gas may be for cooking, which does not follow the weather: where the fit finds no weather in it,
 * the report leaves the weather out instead of explaining it to a cook (ADR 0070, "Gas where it heats").
 */
export function leavesWeatherOut(quantity: string, comparisons: readonly (WeatherComparison | null)[]): boolean {
  return comparisons.some((c) => c !== null && leavesWeatherFigureOut(quantity, c.problem));
}

/**
 * One weather-adjusted comparison in words. `reference` names the compared month for a problem
 * ("Same month last year (October 2025)"); the change sentence names it itself. Percentages whole,
 * degree days whole, in the report's number format.
 */
export function weatherLineOf(
  comparison: WeatherComparison,
  compared: { monthName: string; reference: string },
  language: string,
  t: Translate,
): WeatherLine {
  const whole = (value: number) =>
    formatNumber(Math.round(value), language, { minimumFractionDigits: 0, maximumFractionDigits: 0 });
  if (comparison.problem !== null || comparison.change === null) {
    return {
      change: t("weather.against", { reference: compared.reference }),
      detail: t(weatherProblemKeys[comparison.problem ?? "NO_COMPARISON"]),
      direction: "none",
    };
  }
  const change = comparisonOfChange(comparison.change * 100, compared.monthName, language, t);
  const { degreeDays, comparedDegreeDays, colder } = comparison;
  let detail: string | null = null;
  if (degreeDays !== null && comparedDegreeDays !== null) {
    const values = { degreeDays: whole(degreeDays), comparedDegreeDays: whole(comparedDegreeDays) };
    if (colder === null) detail = degreeDays === comparedDegreeDays ? t("weather.same_weather", values) : null;
    else if (Math.abs(colder * 100) < SAME_WITHIN_PERCENT) detail = t("weather.same_weather", values);
    else
      detail = t(colder > 0 ? "weather.colder" : "weather.warmer", {
        ...values,
        percent: whole(Math.abs(colder * 100)),
      });
  }
  return { change: t("weather.against", { reference: change.text }), detail, direction: change.direction };
}

const shortMonthFormats = new Map<string, Intl.DateTimeFormat>();
function shortMonthLabel(month: string, language: string, withYear: boolean): string {
  const locale = language === "en" ? "en-GB" : language === "nb" ? "nb-NO" : "da-DK";
  let format = shortMonthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
    shortMonthFormats.set(locale, format);
  }
  const [year, number] = month.split("-").map(Number) as [number, number];
  const name = format.format(new Date(Date.UTC(year, number - 1, 15)));
  return withYear ? `${name} ${String(year).slice(2)}` : name;
}

/** The month a year before "2026-10": "2025-10". */
export function sameMonthLastYear(month: string): string {
  return `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
}

export function reportView(
  report: ConsumptionReport,
  options: {
    language: string;
    t: Translate;
    brand: { appName: string; appStores: { appStore: string; googlePlay: string } };
    /** Today (YYYY-MM-DD): the figures are computed when the report is opened. */
    today: string;
  },
): ReportView {
  const { language, t } = options;
  const monthName = formatMonth(report.month, language);
  const lastYearName = formatMonth(sameMonthLastYear(report.month), language);
  const quantities = report.quantities.filter((q) => isQuantityId(q.quantity));
  const previousMonth = quantities[0]?.months.at(-2)?.month ?? null;
  const previousMonthName = previousMonth ? formatMonth(previousMonth, language) : "";

  const quantityViews = quantities.map((q): QuantityView => {
    const quantity = q.quantity as QuantityId;
    const name = t(`quantity.${quantity}`);
    const format = (value: number | null) => formatQuantity(value, quantity, language);
    const facts = [
      { label: t("report.previous_month", { month: previousMonthName }), value: format(q.previousMonth) },
      { label: t("report.same_month_last_year", { month: lastYearName }), value: format(q.sameMonthLastYear) },
      { label: t("report.property_average"), value: format(q.propertyAverage) },
    ];
    if (q.co2Grams !== null)
      facts.push({ label: t("report.co2"), value: formatQuantity(q.co2Grams, quantity, language, { mode: "CO2" }) });
    const weatherComparisons = [
      { comparison: q.weatherAdjustedSameMonthLastYear, monthName: lastYearName, reference: facts[1]!.label },
      { comparison: q.weatherAdjustedPreviousMonth, monthName: previousMonthName, reference: facts[0]!.label },
    ];
    const weather =
      q.total === null ||
      leavesWeatherOut(quantity, [q.weatherAdjustedSameMonthLastYear, q.weatherAdjustedPreviousMonth])
        ? []
        : weatherComparisons.flatMap(({ comparison, monthName, reference }) =>
            comparison === null ? [] : [weatherLineOf(comparison, { monthName, reference }, language, t)],
          );
    const first = q.months[0]?.month ?? report.month;
    const bars = q.months.map(
      (m, index): ChartBar => ({
        month: m.month,
        label: shortMonthLabel(m.month, language, index === 0 || m.month.endsWith("-01")),
        longLabel: formatMonth(m.month, language),
        value: m.value,
        valueText: format(m.value),
        kind: m.month === report.month ? "report" : m.month === sameMonthLastYear(report.month) ? "last-year" : "other",
      }),
    );
    return {
      quantity,
      name,
      total: format(q.total),
      hasData: q.total !== null,
      comparison: comparisonOf(q.total, q.sameMonthLastYear, lastYearName, language, t),
      weather,
      facts,
      chart: {
        title: t("report.chart_heading", { quantity: name }),
        description: t("report.chart_description", {
          from: formatMonth(first, language),
          to: monthName,
          month: monthName,
        }),
        bars,
      },
    };
  });

  const water = report.waterCost;
  const money = (value: number | null) =>
    value === null
      ? "–"
      : `${formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0${currencyLabel(water?.currency ?? "DKK", language)}`;
  const perLitre = (value: number) =>
    `${formatNumber(value, language, { minimumFractionDigits: 4, maximumFractionDigits: 4 })}\u00a0${currencyLabel(water?.currency ?? "DKK", language)}`;

  return {
    language,
    month: report.month,
    monthName,
    title: t("report.page_heading", { month: monthName }),
    address: t("report.address", { address: report.address, zipcode: report.zipcode, city: report.city }),
    intro: t("report.intro", { month: monthName }),
    totalsTitle: t("report.totals_heading", { month: monthName }),
    quantities: quantityViews,
    water:
      water === null
        ? null
        : {
            title: t("report.water_heading"),
            prices: water.prices
              .filter((price) => isQuantityId(price.quantity))
              .map((price) =>
                t("report.water_price", {
                  quantity: t(`quantity.${price.quantity}`),
                  price: perLitre(price.pricePerLitre),
                }),
              ),
            costs: [
              { label: t("report.water_cost_recent", { month: monthName }), value: money(water.cost) },
              {
                label: t("report.water_cost_previous", { month: previousMonthName }),
                value: money(water.previousCost),
              },
            ],
            note: t("report.water_note"),
          },
    info: {
      title: t("report.info_heading"),
      boxes: [
        { title: t("report.info_compare_heading"), text: t("report.info_compare") },
        { title: t("report.info_save_heading"), text: t("report.info_save") },
        { title: t("report.info_follow_heading"), text: t("report.info_follow") },
      ],
    },
    advice: {
      title: t("report.advice_heading"),
      intro: t("report.advice_intro"),
      contacts: adviceContacts[report.country.toUpperCase()] ?? adviceContacts.DK!,
      lines: [
        t("report.advice_landlord"),
        ...(quantities.some((q) => q.co2Grams !== null) ? [t("report.co2_note")] : []),
        t("report.fuel_mix_unknown"),
      ],
    },
    disclaimer: {
      title: t("report.disclaimer_heading"),
      text: t("report.disclaimer", { date: formatCalendarDate(options.today, language) }),
    },
    app: {
      name: options.brand.appName,
      title: t("report.app_heading", { app: options.brand.appName }),
      text: t("report.app_text"),
      appStore: { label: t("report.app_store"), url: options.brand.appStores.appStore },
      googlePlay: { label: t("report.google_play"), url: options.brand.appStores.googlePlay },
    },
    fileName: t("report.file_name", { month: report.month }),
  };
}
