/** Language settings shared by server and browser (spec sections 1 and 9). */
export const supportedLanguages = ["da", "en", "nb"] as const;
export type Language = (typeof supportedLanguages)[number];

/** The language a first-time visitor gets. */
export const defaultLanguage: Language = "da";
/** The language used for a text missing in the chosen one. */
export const fallbackLanguage: Language = "en";
export const defaultNamespace = "common";
/**
 * Every namespace (a file locales/{lng}/{namespace}.json). `common` goes to every page; the others
 * hold long texts of a few pages, which name them in `handle.i18n` and get them only there.
 */
export const namespaces = [defaultNamespace, "help", "policies"] as const;
export type Namespace = (typeof namespaces)[number];

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (namespaces as readonly string[]).includes(value);
}

/** The namespaces a route names in its `handle.i18n` (as remix-i18next reads them), known ones only. */
export function namespacesOfHandle(handle: unknown): Namespace[] {
  if (typeof handle !== "object" || handle === null || !("i18n" in handle)) return [];
  const declared = (handle as { i18n: unknown }).i18n;
  const names = Array.isArray(declared) ? declared : [declared];
  return names.filter(isNamespace);
}

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
