/**
 * What a monthly consumption report shows (spec sections 2, 3, 9), read by its code
 * without signing in (the code is the credential: 144 random bits). Every figure is computed when
 * asked, by the consumption pages' own code (kpisOfScope, totalOfScope), so a report always equals
 * the pages for its month, also after readings for it arrived late.
 *
 * Beyond the spec, the items of the EU Energy Efficiency Directive's Annex VIIa that the data has:
 * the previous month, the same month last year (also as a 13-month chart), the property's average
 * unit, and the CO2 footprint where the property has factors.
 */

import { daysOfPeriod, periodOfMonth } from "@common/calendar";
import { hasCo2Footprint } from "@common/price-view";
import type { QuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { scopeOfTenancy, totalOfScope } from "../services/tenant-consumption";
import { pricesInForce } from "../services/tenant-consumption/prices";
import { daysOfMonth, monthReportFigures, previousMonthOf, type QuantityMonthFigures } from "./month-figures";

/** How many months the report's chart shows, ending with the report's month (a year and the month before). */
export const CHART_MONTHS = 13;

const waterQuantities: readonly QuantityId[] = ["hot-water-volume", "cold-water-volume"];

export interface ReportQuantity extends QuantityMonthFigures {
  /** Grams of CO2 of the month; null without a factor for the quantity or without data. */
  co2Grams: number | null;
  /** The last CHART_MONTHS months' totals, oldest first, ending with the report's month. */
  months: { month: string; value: number | null }[];
}

export interface ReportWaterCost {
  currency: string;
  /** The tariff in force on the month's last day, per litre, per water quantity of the unit. */
  prices: { quantity: QuantityId; pricePerLitre: number }[];
  /** The month's water cost (hot and cold, each at its own tariff); null without data. */
  cost: number | null;
  /** The previous month's. */
  previousCost: number | null;
}

export interface ConsumptionReport {
  month: string;
  createdAt: string;
  address: string;
  zipcode: string;
  city: string;
  /** The property's country (ISO 3166 alpha-2), for the contact points of advice. */
  country: string;
  quantities: ReportQuantity[];
  waterCost: ReportWaterCost | null;
}

export type ReportAnswer =
  | { availability: "AVAILABLE"; report: ConsumptionReport }
  | { availability: "GONE" | "NOT_FOUND"; report: null };

/** Whether a string can be a report code at all (base64url, 16 to 64 characters): others are not looked up. */
export function isPlausibleReportCode(code: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(code);
}

/** The months [month − count + 1 … month], oldest first. */
export function monthsEndingWith(month: string, count: number): string[] {
  const months = [month];
  while (months.length < count) months.unshift(previousMonthOf(months[0]!));
  return months;
}

const daysOf = (month: string) => daysOfPeriod(periodOfMonth(month));

/** The report behind a code: NOT_FOUND for an unknown code, GONE for an expired or revoked one. */
export async function reportOfCode(db: Kysely<Database>, code: string, now: Date): Promise<ReportAnswer> {
  if (!isPlausibleReportCode(code)) return { availability: "NOT_FOUND", report: null };
  const row = await db.selectFrom("consumption_reports").selectAll().where("code", "=", code).executeTakeFirst();
  if (row === undefined) return { availability: "NOT_FOUND", report: null };
  if (row.revoked_at !== null || row.expires_at <= now.toISOString()) return { availability: "GONE", report: null };
  const tenancy = await db.selectFrom("tenancies").selectAll().where("id", "=", row.tenancy_id).executeTakeFirst();
  if (tenancy === undefined) return { availability: "GONE", report: null };
  return { availability: "AVAILABLE", report: await buildReport(db, tenancy, row.month, row.created_at, now) };
}

async function buildReport(
  db: Kysely<Database>,
  tenancy: Parameters<typeof scopeOfTenancy>[1],
  month: string,
  createdAt: string,
  now: Date,
): Promise<ConsumptionReport> {
  const scope = await scopeOfTenancy({ db, now }, tenancy);
  const ctx = { db };
  const factors = [...scope.co2Factors.keys()].map((quantity) => ({ quantity }));
  const chartMonths = monthsEndingWith(month, CHART_MONTHS);
  const figures = await monthReportFigures(db, tenancy, month, now);
  const quantities = await Promise.all(
    figures.map(async (figure): Promise<ReportQuantity> => {
      const [co2Grams, months] = await Promise.all([
        hasCo2Footprint(figure.quantity, factors)
          ? totalOfScope(ctx, scope, { quantity: figure.quantity, mode: "CO2", days: daysOf(month) })
          : Promise.resolve(null),
        Promise.all(
          chartMonths.map(async (m) => ({
            month: m,
            value:
              m === month
                ? figure.total
                : await totalOfScope(ctx, scope, { quantity: figure.quantity, days: daysOf(m) }),
          })),
        ),
      ]);
      return { ...figure, co2Grams, months };
    }),
  );
  return {
    month,
    createdAt,
    // The unit's address names its apartment already in the demo data; add it only where it does not.
    address:
      scope.unit.apartment && !scope.unit.address.includes(scope.unit.apartment)
        ? `${scope.unit.address}, ${scope.unit.apartment}`
        : scope.unit.address,
    zipcode: scope.property.zipcode,
    city: scope.property.city,
    country: scope.property.country,
    quantities,
    waterCost: await waterCostOf(db, ctx, scope, month),
  };
}

async function waterCostOf(
  db: Kysely<Database>,
  ctx: { db: Kysely<Database> },
  scope: Awaited<ReturnType<typeof scopeOfTenancy>>,
  month: string,
): Promise<ReportWaterCost | null> {
  const measured = waterQuantities.filter((quantity) => scope.meters.some((meter) => meter.quantity === quantity));
  if (measured.length === 0) return null;
  const { last } = daysOfMonth(month);
  const tariffs = await pricesInForce(db, measured, last);
  const prices = measured.flatMap((quantity) => {
    const tariff = tariffs.get(quantity);
    // Prices are per m³ (the unit of water volumes): per litre is a thousandth.
    return tariff ? [{ quantity, pricePerLitre: tariff.price / 1000, currency: tariff.currency }] : [];
  });
  if (prices.length === 0) return null;
  // Each meter at its own tariff: total water's cost is what the price page shows for it.
  const costQuantity: QuantityId = measured.length === 2 ? "total-water-volume" : measured[0]!;
  const [cost, previousCost] = await Promise.all([
    totalOfScope(ctx, scope, { quantity: costQuantity, mode: "COST", days: daysOf(month) }),
    totalOfScope(ctx, scope, { quantity: costQuantity, mode: "COST", days: daysOf(previousMonthOf(month)) }),
  ]);
  return {
    currency: prices[0]!.currency,
    prices: prices.map(({ quantity, pricePerLitre }) => ({ quantity, pricePerLitre })),
    cost,
    previousCost,
  };
}
