import type { NotificationFacts } from "./notification-text";

/**
 * For tests: a week's heat (16–22 November 2026) of 52.4 kWh, above its alarm's limit of 40, as the
 * tests of a notification's text (common) and of its view on the portal's pages describe it. Its
 * values keep their literal types, so it also spreads into the portal's narrower Notification.
 */
export const heatWeekAboveLimit = {
  kind: "high_consumption",
  quantity: "heat-energy",
  alarmType: "threshold",
  direction: "above",
  threshold: 40,
  value: 52.4,
  comparedValue: null,
  periodStart: "2026-11-16",
  periodEnd: "2026-11-22",
} as const satisfies NotificationFacts;
