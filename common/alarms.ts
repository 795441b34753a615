/**
 * Alarms and notifications (spec sections 3, 4, 5, 9): the kinds, the quantities each
 * kind applies to and the rules a level must meet. Pure data and functions, shared by the portal
 * (its forms) and the local back-end (its resolvers and the evaluation job), so both say the same.
 *
 * Messages are translation keys under `alarms.error.*`; the values to interpolate travel with them.
 */

import * as Schema from "./graphql-enums.generated";
import { consumptionQuantityIds, indoorClimateQuantityIds, type QuantityId, quantityDefinition } from "./quantities";
import { fractionDigits } from "./quantity-format";

/**
 * The domain's values of a schema enum: its values in lower case, in the schema's order. The
 * enums are written once, in backend/schema/tenant-alarms.graphql; the database, the locales' keys
 * and the forms use the lower-case names, and the wire the schema's (the back-end's enumValues
 * mapping in codegen.ts, the portal's enumMapping in app/services/tenant/alarm-schemas.ts).
 */
function domainValues<const Value extends string>(schemaValues: readonly Value[]): readonly Lowercase<Value>[] {
  return schemaValues.map((value) => value.toLowerCase() as Lowercase<Value>);
}

/**
 * threshold: the period's total consumption is above the level (label "Total");
 * comparison: the period's total is at least level % above the previous period of the same length
 *   (label "Increase"/"Deviation");
 * zero: the period's total is above 0 (a home that should use nothing); the level is fixed at 0;
 * minimum / maximum: indoor climate, the period's average is below / above the level.
 */
export const alarmTypes = domainValues(Schema.AlarmType);
export type AlarmType = (typeof alarmTypes)[number];

/** Calendar periods in Europe/Copenhagen; weeks start on Monday. */
export const alarmFrequencies = domainValues(Schema.AlarmFrequency);
export type AlarmFrequency = (typeof alarmFrequencies)[number];

/** Spec section 3's notification kinds. */
export const notificationKinds = domainValues(Schema.NotificationKind);
export type NotificationKind = (typeof notificationKinds)[number];

/** above: a total or average above the level; below: an average below it; increase: a comparison. */
export const notificationDirections = domainValues(Schema.NotificationDirection);
export type NotificationDirection = (typeof notificationDirections)[number];

export function isAlarmType(value: string): value is AlarmType {
  return (alarmTypes as readonly string[]).includes(value);
}
export function isAlarmFrequency(value: string): value is AlarmFrequency {
  return (alarmFrequencies as readonly string[]).includes(value);
}

/**
 * The quantities an alarm can watch: the consumption quantities that add up over time (a total
 * over a period means something), and the indoor climate. Cooling energy (an average quantity in
 * the spec) and the technical values have no alarms.
 */
export const alarmQuantityIds: readonly QuantityId[] = [
  ...consumptionQuantityIds.filter((id) => quantityDefinition(id).aggregation === "addition"),
  ...indoorClimateQuantityIds,
];

export function isAlarmQuantity(quantity: QuantityId): boolean {
  return alarmQuantityIds.includes(quantity);
}

/** The types offered for a quantity, in the order step 1 lists them. */
export function alarmTypesFor(quantity: QuantityId): readonly AlarmType[] {
  if (indoorClimateQuantityIds.includes(quantity)) return ["minimum", "maximum"];
  if (isAlarmQuantity(quantity)) return ["threshold", "comparison", "zero"];
  return [];
}

/** The notification an alarm of this type makes when it fires. */
export function notificationKindOf(type: AlarmType): NotificationKind {
  if (type === "zero") return "zero_consumption";
  if (type === "minimum" || type === "maximum") return "indoor_climate";
  return "high_consumption";
}

export function directionOf(type: AlarmType): NotificationDirection {
  if (type === "comparison") return "increase";
  if (type === "minimum") return "below";
  return "above";
}

/**
 * Spec section 3's metric types, the words alarm and notification texts use for what is watched
 * (locales' metric_type block) and the alarm's metricType on the wire. "warmwater" is the older
 * name of hot water: a text for it exists for answers that still carry it; this portal sends
 * "hotwater".
 */
export const metricTypes = [
  "coldwater",
  "warmwater",
  "hotwater",
  "heating",
  "radiator",
  "energy",
  "electricity",
  "cooling",
  "gas",
  "temperature",
  "humidity",
] as const;
export type MetricType = (typeof metricTypes)[number];

export function isMetricType(value: unknown): value is MetricType {
  return typeof value === "string" && (metricTypes as readonly string[]).includes(value);
}

/**
 * The metric type of a quantity, or null for one the spec gives none (total water, the sum of
 * hot and cold, and the technical values): ADR 0035. Heat energy is the heat meter's "energy"
 * (its legacy meter kind), heat volume the district-heating "heating".
 */
export function metricTypeOf(quantity: QuantityId): MetricType | null {
  switch (quantity) {
    case "heat-energy":
      return "energy";
    case "heat-volume":
      return "heating";
    case "hca":
      return "radiator";
    case "hot-water-volume":
      return "hotwater";
    case "cold-water-volume":
      return "coldwater";
    case "gas-volume":
      return "gas";
    case "electricity-energy":
      return "electricity";
    case "cooling-energy":
      return "cooling";
    case "indoor-temperature":
      return "temperature";
    case "indoor-relative-humidity":
      return "humidity";
    default:
      return null;
  }
}

export interface LevelRule {
  /** Smallest and largest level accepted, inclusive. */
  min: number;
  max: number;
  /** Most fraction digits accepted (the quantity's decimals of spec section 9; 0 for percentages). */
  maxDecimals: number;
  /** What the level is measured in: the quantity's unit, or a percentage. */
  unit: "quantity" | "percent";
}

/**
 * The level's rule for a type and quantity, or null when the level is not asked for (zero
 * consumption: fixed at 0). Consumption limits are positive; percentages 1–1000 (whole); indoor
 * temperatures 1–40 °C and relative humidity 1–99 %, the range a home's sensor can sensibly alarm on.
 */
export function levelRule(type: AlarmType, quantity: QuantityId): LevelRule | null {
  switch (type) {
    case "zero":
      return null;
    case "comparison":
      return { min: 1, max: 1000, maxDecimals: 0, unit: "percent" };
    case "minimum":
    case "maximum": {
      const maxDecimals = fractionDigits(quantity).maximumFractionDigits;
      return quantity === "indoor-relative-humidity"
        ? { min: 1, max: 99, maxDecimals, unit: "quantity" }
        : { min: 1, max: 40, maxDecimals, unit: "quantity" };
    }
    case "threshold": {
      const maxDecimals = fractionDigits(quantity).maximumFractionDigits;
      return { min: 10 ** -maxDecimals, max: 1_000_000, maxDecimals, unit: "quantity" };
    }
  }
}

export type LevelError =
  | { key: "alarms.error.level_required" }
  | { key: "alarms.error.level_not_a_number" }
  | { key: "alarms.error.level_decimals"; values: { decimals: number } }
  | { key: "alarms.error.level_range"; values: { min: number; max: number } };

/** An alarm refusal's text key: `alarms.error.` and the reason in lower case (one naming rule, no table). */
export type AlarmInvalidKey<R extends Schema.AlarmInvalidReason = Schema.AlarmInvalidReason> =
  `alarms.error.${Lowercase<R>}`;

const alarmErrorPrefix = "alarms.error.";

/**
 * The alarm form's text of a refusal's reason (extensions.reason of ALARM_INVALID, the schema's
 * AlarmInvalidReason); the locales' test holds a text for every reason in each language.
 */
export function alarmInvalidKey<R extends Schema.AlarmInvalidReason>(reason: R): AlarmInvalidKey<R> {
  return `${alarmErrorPrefix}${reason.toLowerCase() as Lowercase<R>}`;
}

/**
 * The code the back-end answers a refused level with (extensions.reason of ALARM_INVALID): a code,
 * never the portal's text; the inverse of alarmInvalidKey, by the same naming rule.
 */
export function levelErrorReason(error: LevelError): Schema.AlarmInvalidReason {
  type Reason = Uppercase<LevelError["key"] extends `alarms.error.${infer R}` ? R : never>;
  const reason = error.key.slice(alarmErrorPrefix.length).toUpperCase() as Reason;
  return reason satisfies Schema.AlarmInvalidReason;
}

/**
 * Reads a level as typed: digits with one decimal separator, "," or "." (a resident types "1,5" in
 * Danish and "1.5" in English; thousands separators are not accepted, so "1.500" is one and a
 * half, never fifteen hundred). Spaces around it are ignored. Returns null for anything else.
 */
export function parseLevel(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(",", "."));
}

function decimalsOf(text: string): number {
  const match = /[.,](\d+)$/.exec(text.trim());
  return match ? match[1]!.length : 0;
}

/**
 * Checks a level as typed against its rule: the value, or the error to show next to the field.
 * For zero consumption the level is always 0, whatever was sent.
 */
export function validateLevel(
  type: AlarmType,
  quantity: QuantityId,
  typed: string | null | undefined,
): { ok: true; level: number } | { ok: false; error: LevelError } {
  const rule = levelRule(type, quantity);
  if (!rule) return { ok: true, level: 0 };
  if (typed == null || typed.trim() === "") return { ok: false, error: { key: "alarms.error.level_required" } };
  const level = parseLevel(typed);
  if (level === null) return { ok: false, error: { key: "alarms.error.level_not_a_number" } };
  if (decimalsOf(typed) > rule.maxDecimals) {
    return { ok: false, error: { key: "alarms.error.level_decimals", values: { decimals: rule.maxDecimals } } };
  }
  if (level < rule.min || level > rule.max) {
    return { ok: false, error: { key: "alarms.error.level_range", values: { min: rule.min, max: rule.max } } };
  }
  return { ok: true, level };
}

/** The same check for a level that arrives as a number (the back-end's GraphQL input). */
export function validateLevelNumber(type: AlarmType, quantity: QuantityId, level: number | null | undefined) {
  if (!levelRule(type, quantity)) return validateLevel(type, quantity, null);
  if (level == null || !Number.isFinite(level) || level < 0)
    return validateLevel(type, quantity, level == null ? null : "x");
  // Numbers like 0.1 + 0.2 print with many digits: round to 6 places before counting decimals.
  return validateLevel(type, quantity, String(Math.round(level * 1e6) / 1e6));
}
