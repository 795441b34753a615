/**
 * What the tests of the document pages built from their own namespace (help-page.test.ts,
 * policies.test.ts) share: the translator they build the pages with, the page in every language, and
 * the key paths of a locale file, to check that every language's file holds exactly the texts the
 * page's structure names.
 */
import { type Language, supportedLanguages } from "@common/languages";
import { createInstance, type i18n } from "i18next";
import { i18nOptions, namespaces } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";

/** An i18next instance with every namespace of every language, from the locale files as the server loads them. */
export async function documentTranslator(): Promise<i18n> {
  const instance = createInstance();
  await instance.init({ ...i18nOptions, ns: [...namespaces], lng: "en", resources });
  return instance;
}

/** What `build` makes of each language's texts: a page in every language, as the route builds it. */
export function inEveryLanguage<T>(translator: i18n, build: (t: (key: string) => string) => T): Record<Language, T> {
  return Object.fromEntries(
    supportedLanguages.map((language) => [language, build(translator.getFixedT(language))]),
  ) as Record<Language, T>;
}

/** Every key path of a locale file's texts ("sections.views.heading"). */
export function keysOf(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}
