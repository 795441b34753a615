import { createHash } from "node:crypto";
import type { Language } from "@common/languages";
import { localeFilePath } from "@common/portal-paths";
import da from "../../locales/da/common.json";
import daHelp from "../../locales/da/help.json";
import daPolicies from "../../locales/da/policies.json";
import en from "../../locales/en/common.json";
import enHelp from "../../locales/en/help.json";
import enPolicies from "../../locales/en/policies.json";
import nb from "../../locales/nb/common.json";
import nbHelp from "../../locales/nb/help.json";
import nbPolicies from "../../locales/nb/policies.json";
import { defaultNamespace, type Namespace, namespaces } from "./config";

/**
 * Every translation, bundled into the server build; the browser receives only its own language's
 * `common` and the namespaces of the page it shows (each a file of its own).
 */
export const resources = {
  da: { common: da, help: daHelp, policies: daPolicies },
  en: { common: en, help: enHelp, policies: enPolicies },
  nb: { common: nb, help: nbHelp, policies: nbPolicies },
} satisfies Record<Language, Record<Namespace, unknown>>;

export type Translations = typeof en;

interface Published {
  body: string;
  version: string;
}

const published = new Map<string, Published>();

/**
 * A namespace's translations in a language as the browser gets them: one JSON file, versioned by
 * its content so it can be cached for a year (ADR 0013).
 */
export function publishedTranslations(language: Language, namespace: Namespace = defaultNamespace): Published {
  const id = `${language}/${namespace}`;
  let entry = published.get(id);
  if (!entry) {
    const body = JSON.stringify(resources[language][namespace]);
    entry = { body, version: createHash("sha256").update(body).digest("hex").slice(0, 12) };
    published.set(id, entry);
  }
  return entry;
}

/** Where the browser loads a namespace's translations in a language from. */
export function translationsHref(language: Language, namespace: Namespace = defaultNamespace): string {
  return `${localeFilePath(language, namespace)}?v=${publishedTranslations(language, namespace).version}`;
}

/** Where the browser loads each namespace's translations in a language from. */
export function translationsHrefs(language: Language): Record<Namespace, string> {
  return Object.fromEntries(
    namespaces.map((namespace) => [namespace, translationsHref(language, namespace)]),
  ) as Record<Namespace, string>;
}
