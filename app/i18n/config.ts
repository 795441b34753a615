/**
 * The i18next options the server and the browser share, built from the languages of
 * @common/languages (which the back-end's e-mails use too).
 */
import { fallbackLanguage, supportedLanguages } from "@common/languages";

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

export const i18nOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  ns: [defaultNamespace],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

/**
 * The browser's i18next: the same options for the page's one language. Its files hold every text of
 * that language (locales.test.ts), so it needs no other language's: with a fallback language it
 * would ask for that language's files too.
 */
export const browserI18nOptions = { ...i18nOptions, fallbackLng: false } as const;
