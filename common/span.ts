/**
 * Graph span type (spec section 4) and the back-end resolution it is requested at.
 */
import { type Period, periodDays } from "./period";

export type SpanType = "hour" | "day" | "week" | "month";
export type Resolution = "HOURLY" | "DAILY" | "WEEKLY" | "MONTHLY";

const spanTypes: readonly string[] = ["hour", "day", "week", "month"] satisfies readonly SpanType[];

/** True for a span type, so a resolution chosen in the URL can be checked before use. */
export function isSpanType(value: unknown): value is SpanType {
  return typeof value === "string" && spanTypes.includes(value);
}

/** The property setting kind that enables hourly values (spec section 3, user unit settings). */
const HOURLY_VALUES_SETTING = "HOURLY_VALUES";

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
};

/** The back-end resolution a span is requested at. */
export function resolutionOf(span: SpanType): Resolution {
  return resolutions[span];
}

/**
 * The most days the back-end accepts in one request per resolution (a limit of the back-end, not
 * of the spec); checked before requesting so a too-long period gets a message, not a failed call.
 * Monthly has no limit.
 */
export const spanLimits: Record<SpanType, number> = {
  hour: 370,
  day: 1100,
  week: 3700,
  month: Infinity,
};

/**
 * Whether the back-end accepts the period at this span: the period must be at least one day
 * (from not after to) and no longer than the span's limit.
 */
export function spanAllowed(p: Period, span: SpanType): boolean {
  const days = periodDays(p);
  return days >= 1 && days <= spanLimits[span];
}
