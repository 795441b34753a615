import { defaultLanguage, isLanguage, type Language, supportedLanguages } from "@common/languages";
import { createCookie } from "@remix-run/node";
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { config } from "~/config.server";
import { i18nOptions, namespaces } from "./config";
import { rememberTranslations } from "./remembered-translations";
import { resources } from "./resources.server";

/** The resident's language choice, kept for a year (spec section 4, "Language"). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 31_536_000,
});

/** The languages this deployment offers (LANGUAGES); Danish and English always. */
export function enabledLanguages(): Language[] {
  const configured = config().languages.filter(isLanguage);
  return supportedLanguages.filter((l) => l === "da" || l === "en" || configured.includes(l));
}

export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    // The spec: the stored choice, else the default (da); the browser's language is not used. A
    // link's ?lng= counts only without a stored choice (the report e-mail's link, ADR 0028).
    order: ["cookie", "searchParams"],
    searchParamKey: "lng",
  },
  i18next: { ...i18nOptions, ns: [...namespaces], resources },
});

/**
 * The language of this request: the stored choice if this deployment offers it; without one, a
 * link's `?lng=` (the report e-mail's link carries the resident's language, ADR 0028); else Danish.
 */
export async function languageOf(request: Request): Promise<Language> {
  const detected = await remixI18n.getLocale(request);
  return isLanguage(detected) && enabledLanguages().includes(detected) ? detected : defaultLanguage;
}

/** A translation function for server-side texts (page titles, error messages, chart labels). */
export async function translatorFor(request: Request) {
  return (await createRequestI18n(await languageOf(request))).getFixedT(null, "common");
}

/**
 * One i18next instance holding every translation, initialised once per process: i18next's own
 * (the module's default), which page titles read in the page's language (meta.ts), as they read
 * the browser's.
 */
let base: Promise<I18n> | undefined;
function baseI18n(): Promise<I18n> {
  base ??= (async () => {
    // The server holds every namespace; the browser gets `common` and those of the page it shows.
    await i18next.use(initReactI18next).init({ ...i18nOptions, ns: [...namespaces], lng: defaultLanguage, resources });
    return i18next;
  })();
  return base;
}

/**
 * The i18next instance for rendering in a language on the server: one clone of the shared one per
 * language (same translations, its own language), made once. Nothing changes an instance's
 * language or texts while rendering (a language switch reloads the page), so requests share it,
 * and it remembers the texts it has given (remembered-translations.ts).
 */
const byLanguage = new Map<Language, Promise<I18n>>();
export function createRequestI18n(language: Language): Promise<I18n> {
  let instance = byLanguage.get(language);
  if (!instance) {
    instance = baseI18n().then((shared) => rememberTranslations(shared.cloneInstance({ lng: language })));
    byLanguage.set(language, instance);
  }
  return instance;
}
