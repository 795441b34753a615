import { createHash } from "node:crypto";
import da from "../../locales/da/common.json";
import en from "../../locales/en/common.json";
import nb from "../../locales/nb/common.json";
import type { Language } from "@common/languages";
import { metaTextsOf } from "./meta";

/** Every translation, bundled into the server build; the browser receives only its own language. */
export const resources = {
  da: { common: da },
  en: { common: en },
  nb: { common: nb },
} satisfies Record<Language, { common: unknown }>;

export type Translations = typeof en;

interface Published {
  body: string;
  version: string;
  metaTexts: Record<string, string>;
}

const published = new Map<Language, Published>();

/**
 * A language's translations as the browser gets them: one JSON file, versioned by its content so
 * it can be cached for a year (ADR 0013), and the few texts page titles need, which go with the
 * page data instead.
 */
export function publishedTranslations(language: Language): Published {
  let entry = published.get(language);
  if (!entry) {
    const body = JSON.stringify(resources[language].common);
    entry = {
      body,
      version: createHash("sha256").update(body).digest("hex").slice(0, 12),
      metaTexts: metaTextsOf(resources[language].common),
    };
    published.set(language, entry);
  }
  return entry;
}

/** Where the browser loads a language's translations from. */
export function translationsHref(language: Language): string {
  return `/locales/${language}/common.json?v=${publishedTranslations(language).version}`;
}
