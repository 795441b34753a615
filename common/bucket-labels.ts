/**
 * Labels for the buckets of a consumption graph: short ones under the chart's x axis, long ones in
 * the data table beside it. The back-end's timestamps carry the Copenhagen offset
 * ("2026-03-29T03:00:00+02:00"); the label is read from the local part of the string, so neither
 * the server's nor the resident's time zone can shift a bucket to another hour or day.
 */
import { hoursInDay, isoWeekOf, zoneName } from "./calendar";
import { dateLocale } from "./format";
import { RecentlyUsed } from "./recently-used";
import type { SpanType } from "./span";

export { dateLocale, zoneName };

const weekWord: Record<string, string> = { da: "uge", nb: "uke", en: "week" };

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The local date and time written in an ISO timestamp, ignoring its offset. */
export function localParts(timestamp: string): LocalParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(timestamp);
  if (!match) throw new Error(`Not an ISO timestamp: ${timestamp}`);
  return {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
  };
}

function utcDate(parts: LocalParts): Date {
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute));
}

/** ISO 8601 week number and week-year of a calendar date (weeks start Monday). */
export function isoWeek(parts: Pick<LocalParts, "year" | "month" | "day">): { week: number; year: number } {
  return isoWeekOf(`${String(parts.year).padStart(4, "0")}-${pad(parts.month)}-${pad(parts.day)}`);
}

// Intl formatters are expensive to build and cheap to use: one per locale and pattern.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, pattern: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${pattern}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formats.set(key, formatter);
  }
  return formatter;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Short label for an axis tick: "14:00", "3. mar.", "uge 12", "mar. 2026", "2026". */
export function shortBucketLabel(timestamp: string, span: SpanType, language: string): string {
  const parts = localParts(timestamp);
  const locale = dateLocale(language);
  switch (span) {
    case "hour":
      return `${pad(parts.hour)}:${pad(parts.minute)}`;
    case "day":
      return format(locale, "day-short", { day: "numeric", month: "short" }).format(utcDate(parts));
    case "week":
      return `${weekWord[language] ?? weekWord.en} ${isoWeek(parts).week}`;
    case "month":
      return format(locale, "month-short", { month: "short", year: "numeric" }).format(utcDate(parts));
    case "year":
      return format(locale, "year", { year: "numeric" }).format(utcDate(parts));
  }
}

/** Full label for a table row: "3. marts 2026 14:00–15:00", "mandag 3. marts 2026", "uge 12 2026", "marts 2026", "2026". */
export function longBucketLabel(timestamp: string, span: SpanType, language: string): string {
  const parts = localParts(timestamp);
  const locale = dateLocale(language);
  const date = utcDate(parts);
  switch (span) {
    case "hour": {
      const day = format(locale, "date-long", { day: "numeric", month: "long", year: "numeric" }).format(date);
      return `${day} ${pad(parts.hour)}:${pad(parts.minute)}–${pad((parts.hour + 1) % 24)}:${pad(parts.minute)}`;
    }
    case "day":
      return format(locale, "weekday-long", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(
        date,
      );
    case "week": {
      const { week, year } = isoWeek(parts);
      const from = format(locale, "date-long", { day: "numeric", month: "long", year: "numeric" }).format(date);
      return `${weekWord[language] ?? weekWord.en} ${week} ${year} (${from})`;
    }
    case "month":
      return format(locale, "month-long", { month: "long", year: "numeric" }).format(date);
    case "year":
      return format(locale, "year", { year: "numeric" }).format(date);
  }
}

/** The dates a bucket covers (tenantGraph's buckets, ADR 0018). */
export interface BucketDates {
  firstDay: string;
  lastDay: string;
  /** Its week, month or year reaches beyond the period: it covers only firstDay to lastDay. */
  partial: boolean;
}

/** Texts of the labels, in the resident's language (locales' chart_buckets block). */
export interface BucketTexts {
  /** "part of the week", "del af ugen" … */
  partOfWeek: string;
  partOfMonth: string;
  partOfYear: string;
  /** "summer time" / "winter time": the autumn day's two 02:00 hours. */
  summerTime: string;
  winterTime: string;
}

/** "10–14 June 2026", "10.–14. juni 2026", "28. maj–3. juni 2026": a range of calendar dates. */
export function formatDateRange(firstDay: string, lastDay: string, language: string): string {
  return formattedRanges.remember(`${language} ${firstDay} ${lastDay}`, () => {
    const formatter = format(dateLocale(language), "date-long", { day: "numeric", month: "long", year: "numeric" });
    const first = utcDate(localParts(firstDay));
    const last = utcDate(localParts(lastDay));
    // en-GB writes "10 – 14 June"; the portal writes ranges with a plain en dash everywhere.
    return formatter.formatRange(first, last).replace(/\s*–\s*/g, "–");
  });
}

/**
 * Ranges written lately: Intl's formatRange took 3 % of the portal's CPU on a dashboard under load
 * (docs/performance.md), for the same few ranges page after page.
 */
const formattedRanges = new RecentlyUsed<string, string>(2000);

/**
 * A partial bucket's label (ADR 0018): "week 24 2026 (10–14 June 2026, part of the week)",
 * "juni 2026 (10.–30. juni 2026, del af måneden)".
 */
function partialLabel(
  timestamp: string,
  span: SpanType,
  language: string,
  dates: BucketDates,
  texts: BucketTexts,
): string | null {
  const range = formatDateRange(dates.firstDay, dates.lastDay, language);
  const parts = localParts(timestamp);
  if (span === "week") {
    const { week, year } = isoWeek(parts);
    return `${weekWord[language] ?? weekWord.en} ${week} ${year} (${range}, ${texts.partOfWeek})`;
  }
  if (span === "month") {
    const month = format(dateLocale(language), "month-long", { month: "long", year: "numeric" }).format(utcDate(parts));
    return `${month} (${range}, ${texts.partOfMonth})`;
  }
  if (span === "year") {
    const year = format(dateLocale(language), "year", { year: "numeric" }).format(utcDate(parts));
    return `${year} (${range}, ${texts.partOfYear})`;
  }
  return null;
}

/**
 * Whether an hour is the one at 01:00 winter time on the last Sunday of March, which ends at 03:00
 * summer time: the clocks jump from 02:00 to 03:00 (the EU rule of Copenhagen and Oslo).
 */
export function isSpringGapHour(timestamp: string): boolean {
  const parts = localParts(timestamp);
  if (parts.hour !== 1 || !timestamp.endsWith("+01:00")) return false;
  return hoursInDay(timestamp.slice(0, 10)) === 23;
}

/**
 * Table labels for a whole series.
 * - A partial week, month or year names the dates it covers and says it is part of its week,
 *   month or year.
 * - The spring day's hour at 01:00 ends at 03:00 (the clocks jump from 02:00 to 03:00): "01:00–03:00".
 * - The hour the clocks go back (02:00–03:00 on the last Sunday of October) happens twice; its
 *   two rows are told apart as "(summer time)" then "(winter time)" (without texts: "(CEST)", "(CET)").
 */
export function longBucketLabels(
  timestamps: readonly string[],
  span: SpanType,
  language: string,
  options: { buckets?: readonly BucketDates[]; texts?: BucketTexts } = {},
): string[] {
  const { buckets, texts } = options;
  const labels = timestamps.map((ts, i) => {
    const dates = buckets?.[i];
    if (dates?.partial && texts) {
      const label = partialLabel(ts, span, language, dates, texts);
      if (label !== null) return label;
    }
    if (span === "hour" && isSpringGapHour(ts)) {
      const parts = localParts(ts);
      const day = format(dateLocale(language), "date-long", { day: "numeric", month: "long", year: "numeric" }).format(
        utcDate(parts),
      );
      return `${day} 01:00–03:00`;
    }
    return longBucketLabel(ts, span, language);
  });
  const seen = new Map<string, number>();
  for (const label of labels) seen.set(label, (seen.get(label) ?? 0) + 1);
  return labels.map((label, i) => {
    if ((seen.get(label) ?? 0) <= 1) return label;
    const zone = zoneName(timestamps[i]!);
    const name =
      texts === undefined ? zone : zone === "CEST" ? texts.summerTime : zone === "CET" ? texts.winterTime : zone;
    return `${label} (${name})`;
  });
}

/**
 * The buckets a chart draws lighter because its period covers only part of their week, month or
 * year, each named exactly as the chart's table names it: "uge 3 2026 (15.–18. januar 2026, del af
 * ugen)" (issue 45: the note once wrote the week's first shown day and then the range again).
 */
export function partialBucketNames(
  timestamps: readonly string[],
  buckets: readonly BucketDates[],
  span: SpanType,
  language: string,
  texts: BucketTexts,
): string[] {
  const labels = longBucketLabels(timestamps, span, language, { buckets, texts });
  return labels.filter((_, i) => buckets[i]?.partial === true && timestamps[i] !== undefined);
}

/** A moment for residents: "3. marts 2026 14:05" / "3 March 2026 14:05", in Copenhagen time as written. */
export function formatDateTime(timestamp: string, language: string): string {
  const parts = localParts(timestamp);
  const day = format(dateLocale(language), "date-long", { day: "numeric", month: "long", year: "numeric" }).format(
    utcDate(parts),
  );
  return `${day} ${pad(parts.hour)}:${pad(parts.minute)}`;
}
