import { formatCalendarDate } from "@common/format";
import { withTotalWater } from "@common/meters";
import { type Period, stepPeriod, todayInCopenhagen } from "@common/period";
import { hasPriceView, pricesDecidePriceView } from "@common/price-view";
import { isQuantityId, type QuantityId } from "@common/quantities";
import { hourlyValuesEnabled, spanType } from "@common/span";
import { type AppLoadContext, data, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { PeriodSelectorState } from "~/components/period-selector";
import {
  billingYear,
  type CompareChoice,
  canStepBack,
  canStepForward,
  keptParams,
  type PeriodContext,
  periodSearch,
  readPeriodQuery,
  sinceMovingIn,
} from "~/domain/period-query";
import { languageOf, translatorFor } from "~/i18n/i18n.server";
import type { Tenancy } from "~/services/account/schemas";
import type { TenantUnit } from "~/services/tenant/schemas";
import { requireTenancy } from "~/session/guards.server";
import { unlessRefused } from "./chart/chart-view.server";
import type { ConsumptionPage } from "./consumption-page";
import { rememberMeterNumbers } from "./page-inputs.server";

/** The unit of the tenancy among the caller's units (spec section 3: unitUniqueId = apartment uniqueId). */
export async function unitOfTenancy(context: AppLoadContext, tenancy: Tenancy): Promise<TenantUnit> {
  const units = await context.api.tenant.tenantUnits();
  // The meter page's calls start before this answer, with the meters' numbers seen here (ADR 0021).
  for (const unit of units) rememberMeterNumbers(unit.meters);
  const unit = units.find((candidate) => candidate.objectDetails.unit?.unitUniqueId === tenancy.apartment.uniqueId);
  if (!unit) throw data({ error: "no_unit" }, { status: 404 });
  return unit;
}

/** Quantities the unit measures: its meters' quantities, plus total water when it has hot and cold. */
export function measuredQuantities(unit: TenantUnit): QuantityId[] {
  return withTotalWater([...new Set(unit.meters.map((meter) => meter.quantity).filter(isQuantityId))]);
}

/** 404 with a message in the resident's language when the unit does not measure the quantity. */
export function requireMeasuredQuantity(unit: TenantUnit, quantity: string | undefined): QuantityId {
  if (quantity && isQuantityId(quantity) && measuredQuantities(unit).includes(quantity)) return quantity;
  throw data({ error: "quantity_not_measured" }, { status: 404 });
}

export async function loadConsumptionPage(
  request: Request,
  params: { tenancyId?: string },
  context: AppLoadContext,
  options: { defaultCompare: CompareChoice },
): Promise<ConsumptionPage> {
  // The resident's units need only the token: asked alongside the guard's question (ADR 0021).
  context.api.prefetch.tenant.tenantUnits();
  const { tenancy } = await requireTenancy(request, params, context);
  const [unit, language, t] = await Promise.all([
    unitOfTenancy(context, tenancy),
    languageOf(request),
    translatorFor(request),
  ]);
  const url = new URL(request.url);
  const periodContext: PeriodContext = {
    today: todayInCopenhagen(),
    tenancyStart: tenancy.start,
    tenancyEnd: tenancy.end,
    billingPeriod: tenancy.billingPeriod,
    defaultCompare: options.defaultCompare,
  };
  const query = readPeriodQuery(url.searchParams, periodContext);
  if (query.redirectSearch !== null) throw redirect(`${url.pathname}?${query.redirectSearch}`);
  const hourlyValues = hourlyValuesEnabled(
    tenancy,
    unit.path.property.settings.map((s) => s.kind),
  );
  return {
    tenancy,
    unit,
    language,
    t: t as unknown as TFunction,
    periodContext,
    query,
    hourlyValues,
    span: spanType(query.period, hourlyValues),
  };
}

/**
 * Whether the home has a price and CO2 view of the quantity (domain/price-view.ts): decided by the
 * property's CO2 factors and, only when those leave it open (hca without a factor), by the
 * quantity prices during the tenancy, so a tariff or factor added later brings the view.
 */
export async function hasPriceViewOf(
  page: ConsumptionPage,
  context: AppLoadContext,
  quantity: QuantityId,
): Promise<boolean> {
  const co2Factors = page.unit.path.property.co2Factors;
  const tenancyDays = sinceMovingIn(page.periodContext);
  const prices = pricesDecidePriceView(quantity, co2Factors)
    ? ((await unlessRefused(
        context.api.tenant.quantityPrices({ periodBegin: tenancyDays.from, periodEnd: tenancyDays.to }),
      )) ?? [])
    : [];
  return hasPriceView(quantity, { co2Factors, prices });
}

/** 404 in the resident's language when the quantity has neither a cost nor a CO2 footprint. */
export async function requirePriceView(
  page: ConsumptionPage,
  context: AppLoadContext,
  quantity: QuantityId,
): Promise<void> {
  if (!(await hasPriceViewOf(page, context, quantity))) throw data({ error: "no_price_or_co2" }, { status: 404 });
}

/** The period selector's state: the query, links to the previous and next period, kept view state. */
export function periodSelectorState(page: ConsumptionPage, request: Request): PeriodSelectorState {
  const url = new URL(request.url);
  const keep = Object.fromEntries(keptParams.map((name) => [name, url.searchParams.get(name)]));
  const { query, periodContext } = page;
  const href = (period: Period) => `${url.pathname}?${periodSearch(period, query.compare, keep)}`;
  return {
    period: query.period,
    shown: {
      from: formatCalendarDate(query.period.from, page.language),
      to: formatCalendarDate(query.period.to, page.language),
    },
    compare: query.compare,
    preset: query.preset,
    error: query.error,
    typed: query.typed,
    previousHref: canStepBack(query.period, periodContext) ? href(stepPeriod(query.period, -1)) : null,
    nextHref: canStepForward(query.period, periodContext) ? href(stepPeriod(query.period, 1)) : null,
    hasBillingYear: billingYear(periodContext) !== null,
    keep,
    action: url.pathname,
  };
}

/**
 * The comparison a page starts with (spec section 3): the previous period on room and meter pages
 * (where the property average is not possible), the property average elsewhere.
 */
export function defaultCompareFor(request: Request): CompareChoice {
  return /\/consumption\/[^/]+\/(room|meter)\//.test(new URL(request.url).pathname)
    ? "previous-period"
    : "property-average";
}
