/**
 * What the alarm and notification pages share on the server: the guard, the quantities
 * the resident's unit can have alarms on, loading one alarm or notification (404 in the resident's
 * language for any id that is not theirs), and the view models the pages render.
 */

import { type AlarmFrequency, type AlarmType, alarmTypesFor, isAlarmQuantity, type LevelError } from "@common/alarms";
import { formatDateRange } from "@common/bucket-labels";
import { formatCalendarDate, formatLocale } from "@common/format";
import { withTotalWater } from "@common/meters";
import { alarmLevelText, consumptionPathOf, notificationText, type TextOf } from "@common/notification-text";
import { todayInCopenhagen } from "@common/period";
import { alarmPath, reportPath } from "@common/portal-paths";
import { isQuantityId, type QuantityId, quantityIds } from "@common/quantities";
import { type AppLoadContext, data } from "@remix-run/node";
import { isWatchNotification, type WatchDayLine, watchDayLines } from "~/domain/watches";
import { languageOf } from "~/i18n/i18n.server";
import type { Tenancy } from "~/services/account/schemas";
import type { Alarm, Notification } from "~/services/tenant/alarm-schemas";
import { isAlarmError } from "~/services/tenant/tenant.server";
import { requireTenancy } from "~/session/guards.server";

/** The quantities of the unit an alarm can watch, in the portal's order. */
export function alarmQuantitiesOf(tenancy: Pick<Tenancy, "meterUnits">): QuantityId[] {
  const measured = withTotalWater(tenancy.meterUnits.map((m) => m.kind).filter(isQuantityId));
  return quantityIds.filter((q) => measured.includes(q) && isAlarmQuantity(q));
}

/** Whether the tenancy has ended (its last day before today): its alarms can no longer change. */
export function tenancyEnded(tenancy: Pick<Tenancy, "end">, now = new Date()): boolean {
  return tenancy.end !== null && tenancy.end < todayInCopenhagen(now);
}

/** A positive whole id from the URL, or null. */
export function idFromUrl(value: string | undefined): number | null {
  return /^[1-9]\d{0,9}$/.test(value ?? "") ? Number(value) : null;
}

/**
 * The guard of the alarm and notification pages, with the page's alarm or notification asked for
 * from the URL's ids alongside it (ADR 0021): a page then waits for one back-end round trip, not two.
 */
export async function requireAlarmArea(
  request: Request,
  params: { tenancyId?: string; alarmId?: string; notificationId?: string },
  context: AppLoadContext,
) {
  const tenancyId = idFromUrl(params.tenancyId);
  const alarmId = idFromUrl(params.alarmId);
  const notificationId = idFromUrl(params.notificationId);
  if (tenancyId !== null && alarmId !== null) context.api.prefetch.tenant.alarm(tenancyId, alarmId);
  if (tenancyId !== null && notificationId !== null)
    context.api.prefetch.tenant.notification(tenancyId, notificationId);
  const signedIn = await requireTenancy(request, params, context);
  return {
    ...signedIn,
    language: await languageOf(request),
    quantities: alarmQuantitiesOf(signedIn.tenancy),
    ended: tenancyEnded(signedIn.tenancy),
  };
}

const notFound = (code: "alarm_not_found" | "notification_not_found") => data({ error: code }, { status: 404 });

/** A positive integer id from the URL, or a 404. */
export function idParam(value: string | undefined, code: "alarm_not_found" | "notification_not_found"): number {
  const id = idFromUrl(value);
  if (id === null) throw notFound(code);
  return id;
}

/** The resident's alarm, or a 404 page (the back-end answers the same for another's id). */
export async function loadAlarm(
  context: AppLoadContext,
  tenancyId: number,
  alarmId: string | undefined,
): Promise<Alarm> {
  const id = idParam(alarmId, "alarm_not_found");
  try {
    return await context.api.tenant.alarm(tenancyId, id);
  } catch (error) {
    if (isAlarmError(error, "ALARM_NOT_FOUND")) throw notFound("alarm_not_found");
    throw error;
  }
}

export function rethrowNotificationNotFound(error: unknown): never {
  if (isAlarmError(error, "NOTIFICATION_NOT_FOUND")) throw notFound("notification_not_found");
  throw error;
}

/** The error key and values to show for a level the domain refused, its numbers in the language's format. */
export function levelErrorText(
  error: { key: string; values?: Record<string, number | string> } | LevelError,
  language: string,
): { key: string; values?: Record<string, string> } {
  const values: Record<string, number | string> | undefined = "values" in error ? error.values : undefined;
  if (error.key === "alarms.error.level_decimals" && values?.decimals === 0) return { key: "alarms.error.level_whole" };
  if (!values) return { key: error.key };
  const number = new Intl.NumberFormat(formatLocale(language), { maximumFractionDigits: 6 });
  return {
    key: error.key,
    values: Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === "number" ? number.format(v) : v]),
    ),
  };
}

export interface AlarmView {
  id: number;
  quantity: QuantityId;
  type: AlarmType;
  frequency: AlarmFrequency;
  /** The level as typed in a form (a decimal comma in Danish and Norwegian). */
  levelInput: string;
  level: TextOf;
  enabled: boolean;
  createdOn: string;
  lastFired: { on: string; period: string } | null;
}

export function levelAsTyped(level: number, language: string): string {
  const text = String(level);
  return language === "en" ? text : text.replace(".", ",");
}

export function alarmView(alarm: Alarm, language: string): AlarmView | null {
  if (!isQuantityId(alarm.quantity)) return null;
  const { type, frequency } = alarm;
  return {
    id: alarm.id,
    quantity: alarm.quantity,
    type,
    frequency,
    levelInput: levelAsTyped(alarm.level, language),
    level: alarmLevelText(type, alarm.quantity, alarm.level, language),
    enabled: alarm.enabled,
    createdOn: formatCalendarDate(todayInCopenhagen(new Date(alarm.createdAt)), language),
    lastFired:
      alarm.lastFiredAt && alarm.lastFiredPeriodStart && alarm.lastFiredPeriodEnd
        ? {
            on: formatCalendarDate(todayInCopenhagen(new Date(alarm.lastFiredAt)), language),
            period: formatDateRange(alarm.lastFiredPeriodStart, alarm.lastFiredPeriodEnd, language),
          }
        : null,
  };
}

export interface NotificationView {
  id: number;
  kind: Notification["kind"];
  quantity: QuantityId | null;
  direction: Notification["direction"];
  period: string;
  text: TextOf;
  received: string;
  read: boolean;
  /** The consumption page of the period (null for a report). */
  consumptionHref: string | null;
  reportHref: string | null;
  alarmHref: string | null;
  /** A watch's notification: its nights or days with their amounts, oldest first (else empty). */
  watchDays: WatchDayLine[];
}

/** A watch's notification says what it found in words of its own; its figures are its days. */
function watchNotificationText(kind: "leak_watch" | "heating_left_on", period: string): TextOf {
  return {
    key: kind === "leak_watch" ? "notifications.what.leak_watch" : "notifications.what.heating_left_on",
    values: { period },
  };
}

export function notificationView(n: Notification, tenancyId: string, language: string): NotificationView {
  const { kind } = n;
  const quantity = n.quantity !== null && isQuantityId(n.quantity) ? n.quantity : null;
  const period = formatDateRange(n.periodStart, n.periodEnd, language);
  return {
    id: n.id,
    kind,
    quantity,
    direction: n.direction,
    period,
    text: isWatchNotification(kind)
      ? watchNotificationText(kind, period)
      : notificationText(
          {
            kind,
            quantity: n.quantity,
            alarmType: n.alarmType,
            direction: n.direction,
            threshold: n.threshold,
            value: n.value,
            comparedValue: n.comparedValue,
            periodStart: n.periodStart,
            periodEnd: n.periodEnd,
          },
          language,
        ),
    received: formatCalendarDate(todayInCopenhagen(new Date(n.createdAt)), language),
    read: n.read,
    consumptionHref: quantity ? consumptionPathOf(tenancyId, quantity, n.periodStart, n.periodEnd) : null,
    reportHref: n.reportCode ? reportPath(n.reportCode) : null,
    alarmHref: n.alarmId !== null ? alarmPath(tenancyId, n.alarmId) : null,
    watchDays: isWatchNotification(kind) ? watchDayLines(n.quantity, n.watchDays, language) : [],
  };
}

/** The types step 1 and the edit form offer for a quantity. */
export function typesFor(quantity: QuantityId): readonly AlarmType[] {
  return alarmTypesFor(quantity);
}
