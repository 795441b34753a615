/** Notifications of every kind as the e-mail gets them, for the tests of their lines and of the rendered e-mails. */
import type { MailedNotification } from "./mail";

/** Cold water used on a day where there should be none. */
export const zero: MailedNotification = {
  id: 1,
  tenancyId: 7001,
  kind: "zero_consumption",
  quantity: "cold-water-volume",
  direction: "above",
  alarmType: "zero",
  threshold: 0,
  value: 0.012,
  comparedValue: null,
  periodStart: "2026-11-21",
  periodEnd: "2026-11-21",
};

/** A week's heating above the limit. */
export const threshold: MailedNotification = {
  ...zero,
  id: 2,
  kind: "high_consumption",
  quantity: "heat-energy",
  alarmType: "threshold",
  threshold: 120,
  value: 142,
  periodStart: "2026-09-14",
  periodEnd: "2026-09-20",
};

/** The same week's heating, an increase over the week before beyond the limit. */
export const increase: MailedNotification = {
  ...threshold,
  id: 3,
  direction: "increase",
  alarmType: "comparison",
  threshold: 25,
  value: 31.5,
  comparedValue: 108,
};

/** A day's average humidity above the maximum. */
export const humid: MailedNotification = {
  ...zero,
  id: 4,
  kind: "indoor_climate",
  quantity: "indoor-relative-humidity",
  alarmType: "maximum",
  threshold: 65,
  value: 70,
};

/** A day's average temperature below the minimum. */
export const cold: MailedNotification = {
  ...zero,
  id: 5,
  kind: "indoor_climate",
  quantity: "indoor-temperature",
  direction: "below",
  alarmType: "minimum",
  threshold: 18,
  value: 16.6,
};
