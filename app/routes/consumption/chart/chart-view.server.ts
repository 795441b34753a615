import { createHash } from "node:crypto";
import {
  dateLocale,
  formatDateRange,
  longBucketLabels,
  partialBucketNames,
  shortBucketLabel,
} from "@common/bucket-labels";
import { formatCalendarDate, withoutDoubledPeriods } from "@common/format";
import { type Period, periodDays, toApiRange, todayInCopenhagen } from "@common/period";
import { type QuantityId, quantityDefinition } from "@common/quantities";
import { formatNumber, formatQuantityNumber, unitLabel, type ValueMode } from "@common/quantity-format";
import { RecentlyUsed } from "@common/recently-used";
import { resolutionOf, type SpanType } from "@common/span";
import { isWeatherQuantity } from "@common/weather";
import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { pick } from "~/domain/chart-points";
import { comparedHoursCount, comparisonName } from "~/domain/compared-days";
import { emptyStateOf } from "~/domain/empty-state";
import { type CompareChoice, comparedPeriod, isHomeComparison } from "~/domain/period-query";
import { indoorClimateBands } from "~/domain/smileys";
import { renderConsumptionChart } from "~/routes/consumption/chart/consumption-chart.server";
import { ApiError } from "~/services/graphql.server";
import type {
  Comparison,
  TenantDegreeDays,
  TenantDegreeDaysInput,
  TenantGraphInput,
  TenantGraphResult,
} from "~/services/tenant/schemas";
import type { ConsumptionPage } from "../consumption-page";
import type { ChartView } from "./chart-view";
import { textAsImage } from "./text-layer";

export type { ChartView };

/**
 * One consumption chart as a page shows it ("Charts and numbers"): the back-end's graph for
 * the period at the span's resolution with the chosen comparison, drawn to SVG on the server (no
 * chart JavaScript in the browser), and the same numbers as table rows beside it.
 */

export const comparisonOf: Record<Exclude<CompareChoice, "none">, Comparison> = {
  "previous-period": "PREVIOUS_PERIOD",
  "previous-year": "PREVIOUS_YEAR",
  "property-average": "PROPERTY_AVERAGE",
  "efficient-neighbours": "EFFICIENT_NEIGHBOURS",
};

/**
 * Whether the comparison cannot be shown for this chart: the other homes' figures (the property
 * average, the efficient neighbours) are of the whole home, not of a room or a meter; and the
 * efficient neighbours compare amounts, so averages (temperatures, humidity) have none (ADR 0073).
 */
export function comparisonNotPossibleFor(
  request: Pick<GraphRequest, "compare" | "quantity" | "roomName" | "meterNumber">,
): boolean {
  const perObject = request.roomName !== undefined || request.meterNumber !== undefined;
  if (isHomeComparison(request.compare) && perObject) return true;
  return request.compare === "efficient-neighbours" && quantityDefinition(request.quantity).aggregation !== "addition";
}

export interface ChartRequest {
  context: AppLoadContext;
  t: TFunction;
  language: string;
  tenancyId: number;
  quantity: QuantityId;
  period: Period;
  span: SpanType;
  compare: CompareChoice;
  mode?: ValueMode;
  normalized?: boolean;
  roomName?: string;
  meterNumber?: string;
  /** A page with several charts gives each its own id prefix. */
  idPrefix: string;
}

/** Whether the bucket holding today (or the period's last one, if it ended) has no value. */
function latestValueMissing(timestamps: readonly string[], values: readonly (number | null)[]): boolean {
  const today = todayInCopenhagen();
  let latest = -1;
  timestamps.forEach((ts, i) => {
    if (ts.slice(0, 10) <= today) latest = i;
  });
  return latest >= 0 && values[latest] === null;
}

/** What a chart asks the back-end for: also used to start the call early (ADR 0021). */
export type GraphRequest = Pick<
  ChartRequest,
  "tenancyId" | "quantity" | "period" | "span" | "compare" | "mode" | "normalized" | "roomName" | "meterNumber"
>;

/** A chart's graph call, every choice made (the page formats with them). */
type ChartGraphInput = TenantGraphInput & { mode: ValueMode; normalized: boolean; compareWith: Comparison[] };

export function graphInputOf(request: GraphRequest): ChartGraphInput {
  const comparisonNotPossible = comparisonNotPossibleFor(request);
  return {
    tenancyId: request.tenancyId,
    quantities: [request.quantity],
    resolution: resolutionOf(request.span),
    ...toApiRange(request.period),
    mode: request.mode ?? "HOURLY_VALUES",
    normalized: request.normalized ?? false,
    compareWith: request.compare === "none" || comparisonNotPossible ? [] : [comparisonOf[request.compare]],
    roomName: request.roomName ?? null,
    meterNumber: request.meterNumber ?? null,
  };
}

/**
 * The degree days beside a chart of heat or gas (ADR 0070): the same period in the same buckets,
 * for a table by the day or longer (degree days are per day, so an hourly table has none). Null
 * where the chart gets no degree-day column.
 */
export function degreeDaysInputOf(request: GraphRequest): TenantDegreeDaysInput | null {
  if (!isWeatherQuantity(request.quantity) || request.span === "hour") return null;
  return { tenancyId: request.tenancyId, ...toApiRange(request.period), resolution: resolutionOf(request.span) };
}

/** A missing figure in a table, as a missing value is written (an en dash). */
const noValue = "–";

/** The degree days of each of a graph's buckets, by first day, written as the table shows them. */
function degreeDaysByBucket(degreeDays: TenantDegreeDays | null, span: SpanType, language: string) {
  // A property without outdoor readings (or a period before them) has no column at all.
  if (degreeDays === null || degreeDays.buckets.every((bucket) => bucket.daysWithData === 0)) return null;
  // Whole degree days for weeks and longer; a day's few get one decimal, as DMI's daily figures.
  const digits = span === "day" ? 1 : 0;
  return new Map(
    degreeDays.buckets.map((bucket) => [
      bucket.firstDay,
      bucket.daysWithData === 0
        ? noValue
        : formatNumber(bucket.degreeDays, language, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    ]),
  );
}

/**
 * Charts drawn lately, by everything their drawing depends on (chartKey): drawing a chart with
 * Victory and formatting its table was a quarter of a consumption page's CPU in the portal
 * (docs/performance.md), while most views are asked again with the same answer until the next
 * reading arrives. A new reading, a renamed room or another day changes the key, so they show at once.
 * Bounded: a whole consumption page, its chart and table included, is 56 KB of HTML (ADR 0044).
 */
const drawnCharts = new RecentlyUsed<string, ChartView>(300);

/**
 * The key of a drawing: the call, the page's choices, the language (the texts), today (the empty
 * state and the missing latest value) and a digest of the back-end's whole answer.
 */
export function chartKey(
  request: ChartRequest,
  graphInput: ChartGraphInput,
  answer: TenantGraphResult,
  degreeDays: TenantDegreeDays | null = null,
): string {
  const { language, span, compare, period, idPrefix } = request;
  const choices = JSON.stringify([graphInput, language, span, compare, period, idPrefix, todayInCopenhagen()]);
  return `${choices}#${createHash("sha256")
    .update(JSON.stringify([answer, degreeDays]))
    .digest("base64url")}`;
}

/** Forgets every drawing (for tests). */
export function forgetDrawnCharts(): void {
  drawnCharts.clear();
}

export async function loadChart(request: ChartRequest): Promise<ChartView> {
  const graphInput = graphInputOf(request);
  const degreeDaysInput = degreeDaysInputOf(request);
  // Asked together with the graph; a period the degree days are refused for only loses the column.
  const degreeDaysCall = degreeDaysInput ? unlessRefused(request.context.api.tenant.degreeDays(degreeDaysInput)) : null;
  let result: TenantGraphResult;
  try {
    result = await request.context.api.tenant.graph(graphInput);
  } catch (error) {
    degreeDaysCall?.catch(() => undefined);
    // Bad input the back-end refuses (a span it does not serve): say so in the page.
    if (error instanceof ApiError && error.code === "BAD_USER_INPUT")
      return chartViewOf(request, graphInput, null, null);
    throw error;
  }
  const degreeDays = (await degreeDaysCall) ?? null;
  return drawnCharts.remember(chartKey(request, graphInput, result, degreeDays), () =>
    chartViewOf(request, graphInput, result, degreeDays),
  );
}

/** The chart of the back-end's answer, or of its refusal (null). */
function chartViewOf(
  request: ChartRequest,
  graphInput: ChartGraphInput,
  result: TenantGraphResult | null,
  degreeDays: TenantDegreeDays | null,
): ChartView {
  const { t, language, quantity, period, span, compare } = request;
  const { mode, normalized, compareWith } = graphInput;
  const definition = quantityDefinition(quantity);
  const comparisonNotPossible = comparisonNotPossibleFor(request);
  const formatOptions = { normalized, mode };
  const unit = unitLabel(quantity, language, formatOptions);
  const title = t(`chart.title_${mode}`, {
    quantity: t(`quantity.${quantity}`),
    from: formatCalendarDate(period.from, language),
    to: formatCalendarDate(period.to, language),
  });
  // The legend and the table name the compared dates, so a resident can tell what "previous period"
  // means for a week starting mid-week or a 23-hour day.
  const compared = comparedPeriod(period, compare);
  const plannedLabel =
    compareWith.length === 0
      ? null
      : compared
        ? `${t(`compare.${compare}`)} (${formatDateRange(compared.from, compared.to, language)})`
        : t(`compare.${compare}`);

  // A period of today only, still without data, says so in the spec's words.
  const emptyKey = emptyStateOf(period, todayInCopenhagen());
  const empty = (refused: boolean): ChartView => ({
    emptyKey,
    svg: null,
    title,
    unit,
    comparisonLabel: plannedLabel,
    degreeDaysLabel: null,
    rows: [],
    drawnPoints: 0,
    totalPoints: 0,
    total: null,
    averaged: definition.aggregation !== "addition",
    comparisonTotal: null,
    totalText: formatQuantityNumber(null, quantity, language, formatOptions),
    comparisonTotalText: null,
    hasData: false,
    comparisonNotPossible,
    comparisonMissing: null,
    lastValueMissing: false,
    refused,
    partialNote: null,
  });

  if (result === null) return empty(true);
  const graph = result.graphs[0];
  if (!graph) return empty(false);
  const values = graph.consumption.values;
  // Fewer than 10 other homes with data on every day (ADR 0073): no line, and the words why.
  const tooFewNeighbours =
    compare === "efficient-neighbours" &&
    compareWith.length > 0 &&
    (graph.consumption.relatedValues[0]?.total ?? null) === null;
  const related = tooFewNeighbours ? undefined : graph.consumption.relatedValues[0];
  const comparisonMissing = tooFewNeighbours ? t("efficient_neighbours.too_few") : null;
  const comparison = related?.values ?? null;
  // The legend shows the back-end's totals over exactly the named dates (and their image for a
  // comparison), the figures of the key-figure cards; never a sum of the bars (ADR 0018).
  const total = graph.consumption.total;
  const comparisonTotal = related?.total ?? null;
  // The dates the back-end compared (ADR 0018 rules 7 and 8): the period's days of the tenancy,
  // and of a period that runs past its values only as far as they go ("… 2025 until 14:00").
  const comparisonLabel = tooFewNeighbours
    ? null
    : plannedLabel !== null && related !== undefined && !isHomeComparison(compare) && compare !== "none"
      ? comparisonName(t(`compare.${compare}`), related, language, t)
      : plannedLabel;
  if (total === null) return { ...empty(false), comparisonLabel, comparisonTotal, comparisonMissing };
  const partial = result.buckets.map((bucket) => bucket.partial);

  const format = (value: number | null) => formatQuantityNumber(value, quantity, language, formatOptions);
  const chart = renderConsumptionChart({
    idPrefix: request.idPrefix,
    timestamps: result.timestamps,
    series: [
      { key: "main", label: t(`quantity.${quantity}`), values },
      ...(comparison && comparisonLabel
        ? [{ key: "comparison" as const, label: comparisonLabel, values: comparison }]
        : []),
    ],
    kind: definition.aggregation === "addition" ? "bars" : "line",
    partial,
    // Hours over more than a day are told apart by their date on the axis (the table has the hour).
    tickLabels: result.timestamps.map((ts) =>
      shortBucketLabel(ts, span === "hour" && periodDays(period) > 1 ? "day" : span, language),
    ),
    formatValue: (value, digits) =>
      formatNumber(value, language, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    unitLabel: unit,
    title,
    description: withoutDoubledPeriods(
      t(definition.aggregation === "addition" ? "chart.description" : "chart.description_average", {
        buckets: values.length,
        span: t(`span.${span}`),
        unit,
        total: format(total),
        comparison: comparisonLabel
          ? t("chart.description_comparison", { label: comparisonLabel, total: format(comparisonTotal), unit })
          : "",
      }),
    ),
    bands:
      quantity === "indoor-temperature"
        ? [
            {
              from: indoorClimateBands.temperature.happy[0],
              to: indoorClimateBands.temperature.happy[1],
              label: t("smiley.happy"),
            },
          ]
        : quantity === "indoor-relative-humidity"
          ? [
              {
                from: indoorClimateBands.humidity.happy[0],
                to: indoorClimateBands.humidity.happy[1],
                label: t("smiley.happy"),
              },
            ]
          : undefined,
  });

  // The table lists the values the chart draws: all of them unless a long series was thinned out.
  const timestamps = pick(result.timestamps, chart.indices);
  const shownValues = pick(values, chart.indices);
  const shownComparison = comparison ? pick(comparison, chart.indices) : null;
  const shownBuckets = pick(result.buckets, chart.indices);
  const texts = {
    partOfWeek: t("chart_buckets.part_of_week"),
    partOfMonth: t("chart_buckets.part_of_month"),
    partOfYear: t("chart_buckets.part_of_year"),
    summerTime: t("chart_buckets.summer_time"),
    winterTime: t("chart_buckets.winter_time"),
  };
  const labels = longBucketLabels(timestamps, span, language, { buckets: shownBuckets, texts });
  // On the daylight-saving days an hourly row may compare with two hours (ADR 0018 rule 5): the
  // compared value says so, summed or (temperatures, humidity) averaged.
  const shift =
    compare === "previous-period" ? "PREVIOUS_PERIOD" : compare === "previous-year" ? "PREVIOUS_YEAR" : null;
  const comparedText = (timestamp: string, value: number | null) => {
    const text = format(value);
    const hours =
      shift !== null && span === "hour" && value !== null
        ? comparedHoursCount(shift, timestamp, periodDays(period))
        : null;
    if (hours === null) return text;
    const key =
      definition.aggregation === "addition" ? "chart_buckets.compared_hours" : "chart_buckets.compared_hours_average";
    return `${text} (${t(key, { count: hours })})`;
  };
  const bucketDegreeDays = degreeDaysByBucket(degreeDays, span, language);
  const rows = timestamps.map((timestamp, i) => ({
    label: labels[i]!,
    value: format(shownValues[i] ?? null),
    comparison: shownComparison ? comparedText(timestamp, shownComparison[i] ?? null) : null,
    degreeDays: bucketDegreeDays ? (bucketDegreeDays.get(shownBuckets[i]?.firstDay ?? "") ?? noValue) : null,
    partial: shownBuckets[i]?.partial === true,
  }));
  const partialBuckets = partialBucketNames(result.timestamps, result.buckets, span, language, texts);
  const partialNote =
    partialBuckets.length > 0
      ? t("chart_buckets.partial_note", {
          buckets: new Intl.ListFormat(dateLocale(language), { type: "conjunction" }).format(partialBuckets),
        })
      : null;

  return {
    emptyKey,
    // Its words as a picture, so that text browsers read the chart as title, summary and table.
    svg: textAsImage(chart.svg),
    title,
    unit,
    comparisonLabel,
    degreeDaysLabel: bucketDegreeDays ? t("weather.degree_days") : null,
    rows,
    drawnPoints: chart.drawnPoints,
    totalPoints: chart.totalPoints,
    averaged: definition.aggregation !== "addition",
    total,
    comparisonTotal,
    totalText: format(total),
    comparisonTotalText: comparisonLabel ? format(comparisonTotal) : null,
    hasData: true,
    comparisonNotPossible,
    comparisonMissing,
    lastValueMissing: latestValueMissing(result.timestamps, values),
    refused: false,
    partialNote,
  };
}

/**
 * The answer, or null when the back-end refuses the input (BAD_USER_INPUT: a period or span it does
 * not serve; HOURLY_VALUES_DISABLED: the property turned hourly values off after the page read its
 * settings). The page then says the figures cannot be shown for this period, instead of failing.
 */
export async function unlessRefused<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && (error.code === "BAD_USER_INPUT" || error.code === "HOURLY_VALUES_DISABLED"))
      return null;
    throw error;
  }
}

/** The chart of a consumption page's period, span and comparison; `options` adds the rest. */
export function loadPageChart(
  page: ConsumptionPage,
  context: AppLoadContext,
  options: Pick<ChartRequest, "quantity" | "idPrefix"> &
    Partial<Pick<ChartRequest, "mode" | "normalized" | "roomName" | "meterNumber" | "span" | "compare">>,
): Promise<ChartView> {
  return loadChart({
    context,
    t: page.t,
    language: page.language,
    tenancyId: page.tenancy.tenancyId,
    period: page.query.period,
    span: page.span,
    compare: page.query.compare,
    ...options,
  });
}
