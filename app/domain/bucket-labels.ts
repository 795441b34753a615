/**
 * Labels for the buckets of a consumption graph: short ones under the chart's x axis, long ones in
 * the data table beside it. The back-end's timestamps carry the Copenhagen offset
 * ("2026-03-29T03:00:00+02:00"); the label is read from the local part of the string, so neither
 * the server's nor the resident's time zone can shift a bucket to another hour or day.
 */
import { dateLocale } from "./format";
import type { SpanType } from "./span";

export { dateLocale };

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
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the Thursday of this week
  const weekYear = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(weekYear, 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  firstThursday.setUTCDate(firstThursday.getUTCDate() - firstWeekday + 3);
  return { week: 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000)), year: weekYear };
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

/** Short label for an axis tick: "14:00", "3. mar.", "uge 12", "mar. 2026". */
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
  }
}

/** Full label for a table row: "3. marts 2026 14:00–15:00", "mandag 3. marts 2026", "uge 12 2026", "marts 2026". */
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
      return format(locale, "weekday-long", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(date);
    case "week": {
      const { week, year } = isoWeek(parts);
      const from = format(locale, "date-long", { day: "numeric", month: "long", year: "numeric" }).format(date);
      return `${weekWord[language] ?? weekWord.en} ${week} ${year} (${from})`;
    }
    case "month":
      return format(locale, "month-long", { month: "long", year: "numeric" }).format(date);
  }
}

/**
 * The zone a timestamp's offset stands for: Copenhagen's summer and winter time by their usual
 * abbreviations, anything else as an offset from UTC.
 */
export function zoneName(timestamp: string): string {
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(timestamp)?.[1];
  if (offset === "+02:00") return "CEST";
  if (offset === "+01:00") return "CET";
  return offset === undefined || offset === "Z" ? "UTC" : `UTC${offset}`;
}

/**
 * Table labels for a whole series. The hour the clocks go back (02:00–03:00 on the last Sunday of
 * October) happens twice; its two rows are told apart by their zone, "(CEST)" then "(CET)".
 */
export function longBucketLabels(timestamps: readonly string[], span: SpanType, language: string): string[] {
  const labels = timestamps.map((ts) => longBucketLabel(ts, span, language));
  const seen = new Map<string, number>();
  for (const label of labels) seen.set(label, (seen.get(label) ?? 0) + 1);
  return labels.map((label, i) => ((seen.get(label) ?? 0) > 1 ? `${label} (${zoneName(timestamps[i]!)})` : label));
}

/** A moment for residents: "3. marts 2026 14:05" / "3 March 2026 14:05", in Copenhagen time as written. */
export function formatDateTime(timestamp: string, language: string): string {
  const parts = localParts(timestamp);
  const day = format(dateLocale(language), "date-long", { day: "numeric", month: "long", year: "numeric" }).format(utcDate(parts));
  return `${day} ${pad(parts.hour)}:${pad(parts.minute)}`;
}
