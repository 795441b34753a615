/**
 * What a chart without figures says (spec section 8's texts): "no consumption data today" when the
 * period is today alone (the day's first hours may still be on their way), otherwise "data not yet
 * available" (before moving in, before the meters reported, or a period still to come).
 */
import type { IsoDate, Period } from "@common/period";

export type EmptyStateKey = "states.no_consumption_today" | "states.data_not_yet_available";

export function emptyStateOf(period: Period, today: IsoDate): EmptyStateKey {
  return period.from === today && period.to === today ? "states.no_consumption_today" : "states.data_not_yet_available";
}
