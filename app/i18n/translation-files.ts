import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { isNamespace, type Namespace } from "./config";

/**
 * The browser's side of the translation files (ADR 0013): the page names every namespace's file of
 * its language in `<html data-translations>`; the browser's i18next loads `common` and the
 * namespaces of the page's routes from them before hydrating (entry.client.tsx), and a route's
 * namespace before a client navigation shows it (`loadNamespaces`).
 */
const files = new Map<string, string>();

/** Takes note of the files `<html data-translations>` names (space-separated, versioned hrefs). */
export function rememberTranslationFiles(hrefs: string | undefined): void {
  for (const href of hrefs?.split(" ") ?? []) {
    const file = /\/locales\/([\w-]+)\/([\w-]+)\.json(?:\?|$)/.exec(href);
    if (file && isNamespace(file[2])) files.set(`${file[1]}/${file[2]}`, href);
  }
}

/** A namespace's texts in a language from its file (from the cache after the first time); throws if it cannot. */
export async function fetchTranslations(language: string, namespace: string): Promise<Record<string, unknown>> {
  const href = files.get(`${language}/${namespace}`);
  if (!href) throw new Error(`No translation file for ${language}/${namespace}`);
  // As the page's <link rel="preload" as="fetch" crossorigin="anonymous">, so the preloaded answer is used.
  const response = await fetch(href, { credentials: "same-origin", mode: "cors" });
  if (!response.ok) throw new Error(`${href}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * i18next's back-end in the browser: a namespace comes from the versioned file the page names
 * (ADR 0013), which the page has preloaded and the browser caches for a year, rather than
 * i18next-http-backend with a language detector (ADR 0063: 8 KB gzip more on every page, for
 * what these lines do). A file that cannot be loaded is not asked for again: i18next retries only
 * when the callback's second argument is true.
 */
export const translationFiles: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetchTranslations(language, namespace).then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

/** Whether the browser's i18next holds each namespace in its language (a file may have failed). */
export function hasNamespaces(namespaces: readonly string[], instance: I18n = i18next): boolean {
  return namespaces.every((namespace) => instance.hasResourceBundle(instance.language, namespace));
}

/**
 * Before a client navigation shows a route with namespaces of its own (its clientLoader): i18next
 * loads the ones it does not hold yet, so the page never renders keys. If a file cannot be loaded,
 * the page is loaded afresh from the server, which renders every text.
 */
export async function loadNamespaces(request: Request, namespaces: readonly Namespace[]): Promise<void> {
  // Not initialised: the page was not hydrated, so no client navigation waits for this.
  if (!i18next.isInitialized) return;
  await i18next.loadNamespaces([...namespaces]);
  if (hasNamespaces(namespaces)) return;
  window.location.assign(request.url);
  // The document load replaces this page; the navigation stays pending until then.
  await new Promise(() => {});
}
