import { formatDateRange } from "@common/bucket-labels";
import { comparedHours, type ShiftKind } from "@common/calendar";
import type { TFunction } from "i18next";

/** What a comparison covers, as the back-end says (ADR 0018 rules 7 and 8). */
export interface ComparedDaysLike {
  firstDay: string | null;
  lastDay: string | null;
  /** ISO 8601 with the Copenhagen offset: where the compared part ends inside lastDay. */
  until: string | null;
}

/**
 * The compared dates as residents read them: "1 January–25 November 2025", or with the hour the
 * compared part ends when the period runs past its latest values ("… 2025 until 14:00"); null when
 * nothing is compared. The hour is the wall time the back-end wrote with its offset.
 */
export function comparedDaysText(
  days: ComparedDaysLike | null | undefined,
  language: string,
  t: TFunction,
): string | null {
  if (!days?.firstDay || !days.lastDay) return null;
  const range = formatDateRange(days.firstDay, days.lastDay, language);
  return days.until ? t("compare.days_until", { range, time: days.until.slice(11, 16) }) : range;
}

/** A comparison's name with its dates where they are known: "Previous year (1 January–25 November 2025)". */
export function comparisonName(
  name: string,
  days: ComparedDaysLike | null | undefined,
  language: string,
  t: TFunction,
): string {
  const dates = comparedDaysText(days, language, t);
  return dates === null ? name : `${name} (${dates})`;
}

/**
 * How many real hours an hourly row's comparison covers (ADR 0018 rule 5), when they are not the
 * row's one: the spring day's 01:00–03:00 row takes the compared day's 01:00 and 02:00 hours, a
 * normal day's 02:00 row both 02:00 hours of an autumn day. Null for one hour (nothing to say).
 */
export function comparedHoursCount(kind: ShiftKind, timestamp: string, periodDays: number): number | null {
  const count = comparedHours(kind, Date.parse(timestamp), periodDays).length;
  return count > 1 ? count : null;
}
