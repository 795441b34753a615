/** Language settings shared by server and browser (spec sections 1 and 9). */
export const supportedLanguages = ["da", "en", "nb"] as const;
export type Language = (typeof supportedLanguages)[number];

/** The language a first-time visitor gets. */
export const defaultLanguage: Language = "da";
/** The language used for a text missing in the chosen one. */
export const fallbackLanguage: Language = "en";
export const defaultNamespace = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** i18next options common to the server and the browser. */
export const i18nOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  ns: [defaultNamespace],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
