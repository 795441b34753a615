/**
 * The calendar periods alarms are evaluated over (docs/design/issue-14-alarms-contract.md):
 * a day, a week from Monday, a month or a year of the Copenhagen calendar, as local dates. Whole
 * local days, so a daylight-saving day is simply the day (23 or 25 hours) and needs no special case
 * here: the readings store sums a local day's hours, however many.
 */
import type { AlarmFrequency } from "@common/alarms";
import {
  addDays,
  daysBetween,
  firstOfYear,
  type IsoDate,
  monthKeyOfDay,
  type Period,
  periodOfMonth,
  periodOfWeek,
} from "@common/calendar";

/** The period of a frequency holding a date. */
export function periodOf(frequency: AlarmFrequency, date: IsoDate): Period {
  switch (frequency) {
    case "day":
      return { from: date, to: date };
    case "week":
      return periodOfWeek(date);
    case "month":
      return periodOfMonth(monthKeyOfDay(date));
    case "year":
      return { from: firstOfYear(date), to: `${date.slice(0, 4)}-12-31` };
  }
}

/** The period right after a period of the frequency. */
export function nextPeriod(frequency: AlarmFrequency, period: Period): Period {
  return periodOf(frequency, addDays(period.to, 1));
}

/**
 * What a comparison alarm compares a period with: the same number of days just before it (as the
 * charts' "previous period", ADR 0018), so a month of 31 days is compared with the 31 days before.
 */
export function previousPeriodOfSameLength(period: Period): Period {
  const days = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -days), to: addDays(period.to, -days) };
}

/** A period due for evaluation: the calendar period (its key) and the dates of it that count. */
export interface DuePeriod {
  /** The whole calendar period; `period.from` is the key of its evaluation and notification. */
  period: Period;
  /** The days of it inside the tenancy (a tenancy may start or end in the middle). */
  counted: Period;
}

export interface DuePeriodsInput {
  frequency: AlarmFrequency;
  /** The local date the alarm was created: its first period is the one holding this date. */
  createdOn: IsoDate;
  /** Today's local date: only periods that ended before today are closed. */
  today: IsoDate;
  tenancy: { start: IsoDate; end: IsoDate | null };
  /** How far back a catch-up reaches (days before today). */
  maxDaysBack?: number;
}

export const maxCatchUpDays = 400;

/**
 * Every closed period an alarm must have been evaluated for by `today`, oldest first: from the
 * period it was created in, at most `maxDaysBack` days back, each clipped to the tenancy; periods
 * wholly outside the tenancy are left out.
 */
export function duePeriods(input: DuePeriodsInput): DuePeriod[] {
  const { frequency, createdOn, today, tenancy, maxDaysBack = maxCatchUpDays } = input;
  const earliest = addDays(today, -maxDaysBack);
  let period = periodOf(frequency, createdOn > earliest ? createdOn : earliest);
  const due: DuePeriod[] = [];
  while (period.to < today) {
    const from = period.from > tenancy.start ? period.from : tenancy.start;
    const to = tenancy.end !== null && tenancy.end < period.to ? tenancy.end : period.to;
    if (from <= to) due.push({ period, counted: { from, to } });
    period = nextPeriod(frequency, period);
  }
  return due;
}
