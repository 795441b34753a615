/**
 * The watches as the portal shows them (issue 47 items 1–3): the texts of each watch, why one is
 * not offered, when the dashboard suggests them, and a watch notification's nights or days in the
 * resident's language. Pure: the alarm settings page, the dashboard and the notification pages
 * read it, and its test beside it.
 */

import { formatCalendarDate } from "@common/format";
import { isQuantityId } from "@common/quantities";
import { formatQuantity } from "@common/quantity-format";
import type { WatchKind } from "@common/watches";

/** The anchor of the alarm settings' Watches section: where a watch's form and the dashboard's suggestion lead. */
export const watchesAnchor = "watches-heading";

/** Why a watch is not offered (the schema's WatchUnavailableReason, in the domain's words). */
export type WatchUnavailableReason = "no_hourly_values" | "not_measured" | "no_outdoor_temperature";

/** The texts of a watch: its name, what it looks for, its two buttons and the toasts after them. */
export interface WatchTexts {
  name: string;
  what: string;
  turnOn: string;
  turnOff: string;
  toastOn: string;
  toastOff: string;
}

export const watchTexts: Readonly<Record<WatchKind, WatchTexts>> = {
  leak: {
    name: "watches.leak_name",
    what: "watches.leak_what",
    turnOn: "watches.leak_turn_on",
    turnOff: "watches.leak_turn_off",
    toastOn: "toast.leak_watch_on",
    toastOff: "toast.leak_watch_off",
  },
  heating_left_on: {
    name: "watches.heating_name",
    what: "watches.heating_what",
    turnOn: "watches.heating_turn_on",
    turnOff: "watches.heating_turn_off",
    toastOn: "toast.heating_watch_on",
    toastOff: "toast.heating_watch_off",
  },
};

/** The sentence saying why a watch is not offered for the home. */
export function unavailableReasonKey(kind: WatchKind, reason: WatchUnavailableReason | null): string {
  if (reason === "no_hourly_values") return "watches.reason_no_hourly_values";
  if (reason === "no_outdoor_temperature") return "watches.reason_no_outdoor_temperature";
  if (reason === "not_measured")
    return kind === "leak" ? "watches.reason_not_measured_leak" : "watches.reason_not_measured_heating";
  return "watches.not_offered";
}

/**
 * Whether the dashboard suggests turning the watches on: not once the resident dismissed it (or
 * has a watch on: the back-end then says dismissed too), not when no watch is offered for the
 * home, and not on a tenancy that has ended.
 */
export function suggestsWatches(
  settings: { watches: readonly { available: boolean; enabled: boolean }[]; suggestionDismissed: boolean } | null,
  ended: boolean,
): boolean {
  if (settings === null || ended || settings.suggestionDismissed) return false;
  if (settings.watches.some((watch) => watch.enabled)) return false;
  return settings.watches.some((watch) => watch.available);
}

/** The intent of a watch's on/off form, one per watch, so each form gets its own answer. */
export const watchIntents = {
  leak: "watch-leak",
  heating_left_on: "watch-heating-left-on",
} as const satisfies Record<WatchKind, string>;

/**
 * The messages (locale keys) of the action's answer when it answers this watch's form: a refusal
 * comes back as conform's reply to the form's intent, with the form's errors under "".
 */
export function watchFormErrors(answer: unknown, intent: string): string[] {
  if (typeof answer !== "object" || answer === null) return [];
  const reply = answer as {
    initialValue?: { intent?: unknown } | null;
    error?: Record<string, string[] | null> | null;
  };
  if (reply.initialValue?.intent !== intent) return [];
  return Object.values(reply.error ?? {}).flatMap((messages) => messages ?? []);
}

/** The watch an intent names, or null. */
export function watchOfIntent(intent: string): WatchKind | null {
  const found = Object.entries(watchIntents).find(([, value]) => value === intent);
  return found ? (found[0] as WatchKind) : null;
}

/** The notification kinds a watch makes (common/alarms.ts's NotificationKind). */
export type WatchNotificationKind = "leak_watch" | "heating_left_on";

export function isWatchNotification(kind: string): kind is WatchNotificationKind {
  return kind === "leak_watch" || kind === "heating_left_on";
}

/** One night or day of a watch notification, written for the resident. */
export interface WatchDayLine {
  /** The ISO date (a key, and what tests match on). */
  iso: string;
  /** "28 November 2026", as the portal writes calendar dates. */
  date: string;
  /** The night's lowest hourly flow, or the day's heat: "0.012 m³", "4 kWh". */
  amount: string;
}

/**
 * The nights (leak watch: each night's lowest hourly flow) or days (heating watch: each day's heat)
 * of a watch notification, oldest first, formatted as the portal formats dates and quantities.
 * An unknown quantity's amounts are plain numbers.
 */
export function watchDayLines(
  quantity: string | null,
  days: readonly { date: string; value: number }[] | null,
  language: string,
): WatchDayLine[] {
  return [...(days ?? [])]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({
      iso: day.date,
      date: formatCalendarDate(day.date, language),
      amount:
        quantity !== null && isQuantityId(quantity)
          ? formatQuantity(day.value, quantity, language)
          : new Intl.NumberFormat(language === "en" ? "en-GB" : "da-DK").format(day.value),
    }));
}

/** The texts of a watch notification's table and summary, by its kind. */
export const watchNotificationTexts: Readonly<
  Record<
    WatchNotificationKind,
    { caption: string; day: string; amount: string; item: string; total: string; icon: string }
  >
> = {
  leak_watch: {
    caption: "watches.nights_caption",
    day: "watches.night",
    amount: "watches.lowest_flow",
    item: "watches.night_item",
    total: "watches.lowest_of_all",
    icon: "watches.icon_leak",
  },
  heating_left_on: {
    caption: "watches.days_caption",
    day: "watches.day",
    amount: "watches.heat_used",
    item: "watches.day_item",
    total: "watches.heat_total",
    icon: "watches.icon_heating",
  },
};
