/**
 * Display formatting (spec section 9): Danish conventions unless the language is English, then
 * British ones. Calendar dates are formatted as the dates they are, whatever the server's or the
 * resident's time zone.
 */
export type FormatLanguage = "da" | "en" | "nb";

export function formatLocale(language: FormatLanguage | string): "da-DK" | "en-GB" {
  return language === "en" ? "en-GB" : "da-DK";
}

/**
 * Dates read naturally in the resident's language: Danish, Norwegian or British English. (Numbers
 * keep the spec's Danish conventions in Norwegian too; month and weekday names cannot.)
 */
export function dateLocale(language: FormatLanguage | string): "da-DK" | "nb-NO" | "en-GB" {
  if (language === "en") return "en-GB";
  if (language === "nb") return "nb-NO";
  return "da-DK";
}

/** "2025-05-01" → "1. maj 2025" (da), "1. mai 2025" (nb) or "1 May 2025" (en). */
export function formatCalendarDate(isoDate: string, language: FormatLanguage | string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return calendarDateFormat(dateLocale(language)).format(date);
}

// Building an Intl formatter costs far more than using one: keep one per locale.
const calendarDateFormats = new Map<string, Intl.DateTimeFormat>();
function calendarDateFormat(locale: string): Intl.DateTimeFormat {
  let format = calendarDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    calendarDateFormats.set(locale, format);
  }
  return format;
}

/** "2026-10" → "oktober 2026" (da), "oktober 2026" (nb) or "October 2026" (en). */
export function formatMonth(month: string, language: FormatLanguage | string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const locale = dateLocale(language);
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)));
}
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A file's size as a resident reads it: "48 KB", "1.2 MB" ("1,2 MB" in Danish and Norwegian). */
export function formatFileSize(bytes: number, language: FormatLanguage | string): string {
  const locale = formatLocale(language);
  if (bytes < 1024) return `${new Intl.NumberFormat(locale).format(bytes)} B`;
  if (bytes < 1024 * 1024)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}

/**
 * A text whose sentences end in a word that is itself abbreviated with a period ("kr.", "m³ pr.
 * md."): the sentence's own period is left out, as one writes it ("I alt 67,83 kr." and not
 * "I alt 67,83 kr.."). An ellipsis is left alone.
 */
export function withoutDoubledPeriods(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/g, ".");
}
