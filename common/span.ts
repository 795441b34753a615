/**
 * Graph span type (spec section 4) and the back-end resolution it is requested at.
 */
import type { Resolution } from "./graphql-enums.generated";
import { type Period, periodDays } from "./period";

/**
 * Spec section 4 names five resolutions (hourly, daily, weekly, monthly, yearly). The span type a
 * graph gets by itself is one of the first four; a year is only ever chosen by the resident.
 */
export type SpanType = "hour" | "day" | "week" | "month" | "year";
export type { Resolution };

/** Every span, finest first (the order a resident is offered them in). */
export const spanTypes = ["hour", "day", "week", "month", "year"] as const satisfies readonly SpanType[];

/** True for a span type, so a resolution chosen in the URL can be checked before use. */
export function isSpanType(value: unknown): value is SpanType {
  return typeof value === "string" && (spanTypes as readonly string[]).includes(value);
}

/** The property setting kind that enables hourly values (spec section 3, user unit settings). */
export const HOURLY_VALUES_SETTING = "HOURLY_VALUES";

/**
 * Spec section 4: hourly values are shown only when the property has the hourly-values setting,
 * and the setting is only read for tenancies on the new back-end (the old one has no hourly data).
 */
export function hourlyValuesEnabled(
  tenancy: { useNewBackend: boolean },
  propertySettingKinds: readonly string[],
): boolean {
  return tenancy.useNewBackend && propertySettingKinds.includes(HOURLY_VALUES_SETTING);
}

/**
 * Spec sections 4 and 9 (thresholds 1, 31 and 363 days): one day or less with hourly values gives
 * hour; over 31 and under 363 gives week; over 363 gives month; otherwise day. A period of exactly
 * 363 days falls between "under 363" and "over 363" and so is shown by day, as the spec reads.
 */
export function spanType(p: Period, hourlyValues: boolean): SpanType {
  const days = periodDays(p);
  if (days <= 1 && hourlyValues) return "hour";
  if (days > 31 && days < 363) return "week";
  if (days > 363) return "month";
  return "day";
}

const resolutions: Record<SpanType, Resolution> = {
  hour: "HOURLY",
  day: "DAILY",
  week: "WEEKLY",
  month: "MONTHLY",
  year: "YEARLY",
};

/** The back-end resolution a span is requested at. */
export function resolutionOf(span: SpanType): Resolution {
  return resolutions[span];
}

/**
 * The most days the back-end accepts in one request per resolution (a limit of the back-end, not
 * of the spec); checked before requesting so a too-long period gets a message, not a failed call.
 * Monthly and yearly have no limit.
 */
export const spanLimits: Record<SpanType, number> = {
  hour: 370,
  day: 1100,
  week: 3700,
  month: Infinity,
  year: Infinity,
};

/**
 * Whether the back-end accepts the period at this span: the period must be at least one day
 * (from not after to) and no longer than the span's limit.
 */
export function spanAllowed(p: Period, span: SpanType): boolean {
  const days = periodDays(p);
  return days >= 1 && days <= spanLimits[span];
}

/**
 * The resolutions a resident may choose for a period, finest first: those the back-end accepts
 * for its length, and hourly only where the home has hourly values (spec section 4), so no page
 * offers or links a resolution the back-end would refuse.
 */
export function offeredSpans(p: Period, hourlyValues: boolean): SpanType[] {
  return spanTypes.filter((span) => (span !== "hour" || hourlyValues) && spanAllowed(p, span));
}

/**
 * The span a page shows for the `resolution` its URL asks for: that one when it is offered
 * ({@link offeredSpans}), else the automatic one. `ignored` says why a value was not used: a
 * value that is no resolution at all (spec section 8: a warning is logged, and the page falls
 * back), or one not offered for this home or period (hourly with the setting off, a period too
 * long for it): a link from elsewhere, not a mistake worth a log line.
 */
export function chosenSpan(
  wanted: string | null,
  p: Period,
  hourlyValues: boolean,
  automatic: SpanType,
): { span: SpanType; ignored: "unknown" | "not-offered" | null } {
  if (wanted === null || wanted === "") return { span: automatic, ignored: null };
  if (!isSpanType(wanted)) return { span: automatic, ignored: "unknown" };
  if (!offeredSpans(p, hourlyValues).includes(wanted)) return { span: automatic, ignored: "not-offered" };
  return { span: wanted, ignored: null };
}
