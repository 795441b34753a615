/**
 * The watches (issue 47 items 1–3, ADR 0075): their kinds and the quantities each watches. Pure
 * data, shared by the back-end (settings, the job) and the portal (the alarm settings section).
 */

import * as Schema from "./graphql-enums.generated";
import type { QuantityId } from "./quantities";

/** leak: water running every night hour three nights in a row; heating_left_on: heat on seven warm days in a row. */
export const watchKinds = Schema.WatchKind.map((value) => value.toLowerCase() as Lowercase<typeof value>);
export type WatchKind = (typeof watchKinds)[number];

export function isWatchKind(value: string): value is WatchKind {
  return (watchKinds as readonly string[]).includes(value);
}

/** The quantities a watch looks at, each on its own (a home's meters of it, summed). */
export const watchQuantities: Readonly<Record<WatchKind, readonly QuantityId[]>> = {
  leak: ["cold-water-volume", "hot-water-volume", "total-water-volume"],
  heating_left_on: ["heat-energy", "hca"],
};

/** The notification kind a watch makes (common/alarms.ts's NotificationKind). */
export const watchNotificationKind = {
  leak: "leak_watch",
  heating_left_on: "heating_left_on",
} as const satisfies Record<WatchKind, string>;
