/**
 * How an alarm and a notification read, in the portal and in the e-mail alike: a
 * translation key under `notifications.what.*` or `alarms.level_text.*` and its values, already
 * formatted for the language. The callers translate the key with i18next (the portal's pages and
 * the back-end's e-mail alike).
 */
import { type AlarmType, metricTypeOf, type NotificationDirection, type NotificationKind } from "./alarms";
import { formatDateRange } from "./bucket-labels";
import { consumptionPath } from "./portal-paths";
import { indoorClimateQuantityIds, isQuantityId, type QuantityId } from "./quantities";
import { formatPercent, formatQuantity } from "./quantity-format";

export interface TextOf {
  key: string;
  values: Record<string, string>;
}

/** What a notification says happened, as it is stored (lower-case kinds, as in the database). */
export interface NotificationFacts {
  kind: NotificationKind;
  quantity: string | null;
  alarmType: string | null;
  direction: NotificationDirection | null;
  threshold: number | null;
  value: number | null;
  comparedValue: number | null;
  periodStart: string;
  periodEnd: string;
}

export function isIndoorClimate(quantity: QuantityId): boolean {
  return indoorClimateQuantityIds.includes(quantity);
}

/** "52 kWh", "1.5 %", or "–" for nothing. */
function amount(value: number | null, quantity: QuantityId, language: string): string {
  return value === null ? "–" : formatQuantity(value, quantity, language);
}

/** The sentence of a notification: "52 kWh, above your limit of 40 kWh". */
export function notificationText(n: NotificationFacts, language: string): TextOf {
  const period = formatDateRange(n.periodStart, n.periodEnd, language);
  if (n.kind === "consumption_report" || n.quantity === null || !isQuantityId(n.quantity)) {
    return { key: "notifications.what.report", values: { period } };
  }
  const quantity = n.quantity;
  if (n.kind === "leak_watch" || n.kind === "heating_left_on") {
    // The watches (ADR 0075): LEAK_WATCH's value is the lowest hourly flow of its nights,
    // HEATING_LEFT_ON's the heat used over its warm days.
    return { key: `notifications.what.${n.kind}`, values: { period, value: amount(n.value, quantity, language) } };
  }
  const threshold = n.threshold ?? 0;
  if (n.direction === "increase") {
    return {
      key: "notifications.what.increase",
      values: {
        period,
        increase: formatPercent(n.value ?? 0, language),
        previous: amount(n.comparedValue, quantity, language),
        threshold: formatPercent(threshold, language),
      },
    };
  }
  const values = {
    period,
    value: amount(n.value, quantity, language),
    threshold: formatQuantity(threshold, quantity, language),
  };
  if (n.alarmType === "zero" || n.kind === "zero_consumption") return { key: "notifications.what.zero", values };
  if (n.direction === "below") return { key: "notifications.what.average_below", values };
  return { key: isIndoorClimate(quantity) ? "notifications.what.average_above" : "notifications.what.above", values };
}

/** An alarm's level as it reads in the list: "Total above 40 kWh", "Increase of 20 %", "Above 0 m³". */
export function alarmLevelText(type: AlarmType, quantity: QuantityId, level: number, language: string): TextOf {
  if (type === "comparison")
    return { key: "alarms.level_text.comparison", values: { level: formatPercent(level, language) } };
  return { key: `alarms.level_text.${type}`, values: { level: formatQuantity(level, quantity, language) } };
}

/** The consumption page of a quantity over a period (the indoor-climate page for its quantities). */
export function consumptionPathOf(
  tenancyId: number | string,
  quantity: string,
  periodStart: string,
  periodEnd: string,
): string {
  const page = isQuantityId(quantity) && isIndoorClimate(quantity) ? "indoor-climate" : quantity;
  return `${consumptionPath(tenancyId, page)}?from=${periodStart}&to=${periodEnd}`;
}

/**
 * What an alarm or notification watches, in spec section 3's metric types ("koldt vand", "varme"):
 * the metric type's text, or the quantity's name where the spec gives it none (total water).
 */
export function metricTypeText(quantity: QuantityId): TextOf {
  const metricType = metricTypeOf(quantity);
  return { key: metricType === null ? `quantity.${quantity}` : `metric_type.${metricType}`, values: {} };
}

/** A text that starts a line or a heading: its first letter in upper case ("koldt vand" → "Koldt vand"). */
export function sentenceStart(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/**
 * What an alarm or notification watches as a name standing alone (a list entry, a heading, the
 * e-mail's line): the metric type's text, starting with a capital. `translate` is the caller's i18next.
 */
export function metricTypeName(quantity: string, language: string, translate: (key: string) => string): string {
  const text = isQuantityId(quantity) ? translate(metricTypeText(quantity).key) : quantity;
  return sentenceStart(text, language);
}
