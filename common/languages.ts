/**
 * The languages of the portal and of the back-end's e-mails (spec sections 1 and 9), named once so
 * a page and an e-mail never disagree on which languages exist or which one stands in for another.
 */
export const supportedLanguages = ["da", "en", "nb"] as const;
export type Language = (typeof supportedLanguages)[number];

/** The language a first-time visitor gets. */
export const defaultLanguage: Language = "da";
/** The language used for a text missing in the chosen one, and for a language nobody offers. */
export const fallbackLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** A stored or requested language if it is one of ours, else the fallback (e.g. a user's "sv" gets English). */
export function languageOrFallback(value: unknown): Language {
  return isLanguage(value) ? value : fallbackLanguage;
}
