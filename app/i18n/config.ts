/**
 * The i18next options the server and the browser share, built from the languages of
 * @common/languages (which the back-end's e-mails use too).
 */
import { fallbackLanguage, supportedLanguages } from "@common/languages";

export const defaultNamespace = "common";

export const i18nOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  ns: [defaultNamespace],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
