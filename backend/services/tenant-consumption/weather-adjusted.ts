/**
 * The weather-adjusted comparisons of the key figures (issue 46 item 2, ADR 0070): this period
 * against the previous period and the previous year, the compared one corrected to this period's
 * degree days by the home's heating fit over the last 365 days of the tenancy.
 */
import { addDays, type ComparedSpan, type DayKey, type DayRange, dayKeyOf, startOfDay } from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import { type MeterInfo, metersForQuantity, present } from "../../consumption/engine";
import { elapsedEnd } from "../../consumption/series";
import {
  type AdjustedComparison,
  adjustedComparison,
  type DaysAndPart,
  degreeDaysOfSpan,
  fitDaysOf,
  isWeatherQuantity,
} from "../../weather/adjusted-comparison";
import { addDayRow, type ConsumptionDay, wholeDayValue } from "../../weather/forecast";
import { type FitVerdict, heatingFit } from "../../weather/heating-fit";
import { outdoorDayMeans } from "../../weather/outdoor-store";
import type { ServiceContext } from "../context";
import { presentationFor } from "./arguments";
import { dayCache } from "./day-cache";
import { comparedDaysOf, totalsOverRanges, totalsOverSpan } from "./totals";
import type { UnitScope } from "./unit-scope";

/** The homes' heating fits (ADR 0070), kept while their days stand (day-cache.ts). */
const fitCache = dayCache<FitVerdict>();

/** Days of the home's own data the fit looks back over. */
export const fitLookbackDays = 365;

export interface WeatherAdjustedKpis {
  previousPeriod: AdjustedComparison;
  previousYear: AdjustedComparison;
}

/**
 * The two weather-adjusted comparisons of a quantity that follows the weather, or null for the
 * others. Consumption in the quantity's own unit (the change is a ratio: the same per m², and a
 * cost would mix prices into it).
 */
export async function weatherAdjustedOfScope(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  days: DayRange,
  spans: { previousPeriod: ComparedSpan; previousYear: ComparedSpan },
): Promise<WeatherAdjustedKpis | null> {
  if (!isWeatherQuantity(quantity)) return null;
  const meters = metersForQuantity(scope.meters, quantity);
  if (meters.length === 0) return null;
  const presentation = presentationFor(scope, quantity, "HOURLY_VALUES", false);
  const context = { db: ctx.db, quantity, presentation, window: scope.window, meterTotals: scope.meterTotals };
  const area = scope.unit.floor_area;

  const tenancyDays = comparedDaysOf(scope, days);
  const own = tenancyDays === null ? null : await ownSpan(context, meters, tenancyDays);
  const fitEnd = dayKeyOf(scope.window.toS * 1000);
  const fitFrom = maxDay(addDays(fitEnd, -fitLookbackDays), scope.window.fromDay);
  const compared = (span: ComparedSpan): DaysAndPart => ({ whole: span.whole, part: span.hours });
  const spanDays = [own, compared(spans.previousPeriod), compared(spans.previousYear)].flatMap((span) =>
    span === null
      ? []
      : [...span.whole.flatMap((range) => [range.fromDay, range.endDay]), ...(span.part ? [span.part.day] : [])],
  );
  const meanFrom = spanDays.length === 0 ? fitEnd : spanDays.reduce(minDay);
  const meanEnd = spanDays.length === 0 ? fitEnd : addDays(spanDays.reduce(maxDay), 1);

  const [means, verdict, ownTotal, previousPeriodTotal, previousYearTotal] = await Promise.all([
    outdoorDayMeans(ctx.db, scope.property.id, meanFrom, meanEnd),
    // The fit reads a year of the home's days: once per home and quantity while its days stand.
    fitCache({ db: ctx.db, now: new Date() }, [scope.unit.id, quantity, fitFrom, fitEnd], async () => {
      const [daily, fitMeans] = await Promise.all([
        homeDaysOf(ctx.db, meters, fitFrom, fitEnd),
        outdoorDayMeans(ctx.db, scope.property.id, fitFrom, fitEnd),
      ]);
      return heatingFit(fitDaysOf((day) => wholeDayValue(daily, day), fitMeans, fitFrom, fitEnd));
    }),
    own === null ? null : totalsOverRanges(context, meters, [...own.whole], () => "all", own.part ? [own.part] : []),
    totalsOverSpan(context, meters, spans.previousPeriod, () => "all"),
    totalsOverSpan(context, meters, spans.previousYear, () => "all"),
  ]);
  const consumption = ownTotal === null ? null : present(ownTotal.get("all"), presentation, area);
  const ownDegreeDays = degreeDaysOfSpan(means, own ?? { whole: [], part: null });
  const compare = (span: ComparedSpan, total: typeof previousPeriodTotal) =>
    adjustedComparison({
      verdict,
      consumption,
      comparedConsumption: present(total.get("all"), presentation, area),
      degreeDays: ownDegreeDays,
      comparedDegreeDays: degreeDaysOfSpan(means, compared(span)),
    });
  return {
    previousPeriod: compare(spans.previousPeriod, previousPeriodTotal),
    previousYear: compare(spans.previousYear, previousYearTotal),
  };
}

const minDay = (a: DayKey, b: DayKey) => (a < b ? a : b);
const maxDay = (a: DayKey, b: DayKey) => (a > b ? a : b);

/**
 * This period's own days as its total covers them: all of them once they have elapsed, else its
 * days up to where the meters' values end and that day's hours until then (as a compared span is cut).
 */
async function ownSpan(
  context: Parameters<typeof elapsedEnd>[0],
  meters: readonly MeterInfo[],
  days: DayRange,
): Promise<DaysAndPart> {
  const end = await elapsedEnd(context, meters, days);
  if (end === null) return { whole: [days], part: null };
  const day = dayKeyOf(end);
  const whole = day > days.fromDay ? [{ fromDay: days.fromDay, endDay: day }] : [];
  const start = startOfDay(day);
  return { whole, part: end > start ? { day, start, end } : null };
}

/**
 * The home's days of [fromDay, endDay): per day the sum over the meters and the hours covered (the
 * least over the meters with a row that day); `wholeDayValue` keeps the days they cover whole.
 */
export async function homeDaysOf(
  db: ServiceContext["db"],
  meters: readonly MeterInfo[],
  fromDay: DayKey,
  endDay: DayKey,
): Promise<Map<DayKey, ConsumptionDay>> {
  const days = new Map<DayKey, ConsumptionDay>();
  if (meters.length === 0 || fromDay >= endDay) return days;
  const rows = await db
    .selectFrom("consumption_daily")
    .select(["day", "value", "weight"])
    .where(
      "meter_id",
      "in",
      meters.map((meter) => meter.id),
    )
    .where("day", ">=", fromDay)
    .where("day", "<", endDay)
    .execute();
  for (const row of rows) addDayRow(days, row.day, row.value, row.weight);
  return days;
}

/** A comparison as the API gives it (WeatherAdjustedComparison); null when none was asked. */
export function weatherAdjustedOutput(comparison: AdjustedComparison | undefined) {
  if (comparison === undefined) return null;
  if (!comparison.sound) {
    return {
      problem: comparison.reason,
      degreeDays: comparison.degreeDays,
      comparedDegreeDays: comparison.comparedDegreeDays,
      adjustedCompared: null,
      change: null,
      colder: null,
    };
  }
  const { degreeDays, comparedDegreeDays, adjustedCompared, change, colder } = comparison;
  return { problem: null, degreeDays, comparedDegreeDays, adjustedCompared, change, colder };
}
