import { type Period, todayInCopenhagen } from "@common/period";
import type { QuantityId } from "@common/quantities";
import { RecentlyUsed } from "@common/recently-used";
import { type SpanType, spanType } from "@common/span";
import type { AppLoadContext } from "@remix-run/node";
import { type CompareChoice, readPeriodQuery } from "~/domain/period-query";
import { degreeDaysInputOf, type GraphRequest, graphInputOf } from "./chart/chart-view.server";
import type { ConsumptionPage } from "./consumption-page";

/**
 * What a consumption page's back-end calls are made of (ADR 0021): the tenancy's number, the period
 * and comparison, the span. The page knows them for sure once the guard and the unit have answered
 * ({@link pageInputsOf}); the URL alone already gives them in nearly every case
 * ({@link pageInputsFromUrl}), so a loader starts its calls with those at once, and when it makes
 * the same calls with the page's own inputs later, the memoized answers are already on their way.
 * A guess that turns out wrong costs one more round trip, never a wrong figure: what a loader uses
 * is always the answer to the call made with the page's own inputs.
 */
export interface PageInputs {
  tenancyId: number;
  period: Period;
  compare: CompareChoice;
  span: SpanType;
  /** Whether the home has hourly values (spec section 4): no hourly call is made without them. */
  hourlyValues: boolean;
}

export function pageInputsOf(page: Pick<ConsumptionPage, "tenancy" | "query" | "span" | "hourlyValues">): PageInputs {
  return {
    tenancyId: page.tenancy.tenancyId,
    period: page.query.period,
    compare: page.query.compare,
    span: page.span,
    hourlyValues: page.hourlyValues,
  };
}

/**
 * The inputs the URL gives, or null when the page will not load with them (an id that is no
 * number, a preset the page redirects). Guessed: the tenancy's number is the id in the URL (as the
 * local back-end numbers them); the period is read without the tenancy's dates, which only name a
 * preset; a day or less is shown by the hour (most homes have hourly values).
 */
export function pageInputsFromUrl(
  request: Request,
  params: { tenancyId?: string },
  options: { defaultCompare: CompareChoice },
): PageInputs | null {
  const tenancyId = Number(params.tenancyId);
  if (!Number.isSafeInteger(tenancyId) || tenancyId <= 0) return null;
  const query = readPeriodQuery(new URL(request.url).searchParams, {
    today: todayInCopenhagen(),
    tenancyStart: "1900-01-01",
    tenancyEnd: null,
    billingPeriod: null,
    defaultCompare: options.defaultCompare,
  });
  if (query.redirectSearch !== null) return null;
  return {
    tenancyId,
    period: query.period,
    compare: query.compare,
    span: spanType(query.period, true),
    hourlyValues: true,
  };
}

/**
 * The meter kinds this portal instance last saw for each tenancy, from the account service's
 * answer on any of its pages: a hint to start the dashboard's call before the guard answers
 * (ADR 0021), never shown to anyone. A stale or missing hint costs one round trip. Bounded.
 */
const meterKindsSeen = new RecentlyUsed<number, readonly QuantityId[]>(10_000);

export function rememberMeterKinds(tenancyId: number, kinds: readonly QuantityId[]): void {
  meterKindsSeen.set(tenancyId, kinds);
}

export function meterKindsHint(params: {
  tenancyId?: string;
}): { tenancyId: number; kinds: readonly QuantityId[] } | null {
  const tenancyId = Number(params.tenancyId);
  const kinds = meterKindsSeen.peek(tenancyId);
  return kinds ? { tenancyId, kinds } : null;
}

/**
 * The number of each meter this instance has seen in a tenantUnits answer, by meter id: the meter
 * page's URL names the meter by id, its calls by number. A hint like the meter kinds: used only as
 * the variables of a guessed call, never shown; a meter not seen yet costs one round trip. Bounded.
 */
interface MeterHint {
  number: string;
  quantity: string;
}
const metersSeen = new RecentlyUsed<string, MeterHint>(50_000);

export function rememberMeterNumbers(meters: readonly { id: string; number: string; quantity: string }[]): void {
  for (const meter of meters) {
    const seen = metersSeen.get(meter.id);
    if (seen && seen.number === meter.number && seen.quantity === meter.quantity) continue;
    metersSeen.set(meter.id, { number: meter.number, quantity: meter.quantity });
  }
}

/** The number and quantity last seen for a meter id (a total-water page's meters are hot and cold). */
export function meterHint(meterId: string | undefined): MeterHint | null {
  return (meterId !== undefined && metersSeen.peek(meterId)) || null;
}

/** Starts the back-end call of a chart (as `loadPageChart` will make it), answer unawaited. */
export function startChart(
  context: AppLoadContext,
  inputs: PageInputs,
  options: Pick<GraphRequest, "quantity"> & Partial<Omit<GraphRequest, "quantity" | "tenancyId" | "period">>,
): void {
  const request = { ...inputs, ...options };
  context.api.prefetch.tenant.graph(graphInputOf(request));
  // Heat and gas by the day or longer have their degree days beside them (ADR 0070).
  const degreeDays = degreeDaysInputOf(request);
  if (degreeDays) context.api.prefetch.tenant.degreeDays(degreeDays);
}

/** Forgets every hint, as a freshly started instance has none (for tests). */
export function forgetHints(): void {
  meterKindsSeen.clear();
  metersSeen.clear();
}
