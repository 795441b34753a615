import { type BrowserI18n, createBrowserI18n } from "./browser-i18n";
import { isNamespace, type Namespace } from "./config";

/**
 * The browser's side of the translation files (ADR 0013): the page names every namespace's file of
 * its language in `<html data-translations>`; the browser loads `common` and the namespaces of the
 * page's routes before hydrating, and a route's namespace before a client navigation shows it.
 */
const files = new Map<Namespace, string>();

/** Takes note of the files `<html data-translations>` names (space-separated, versioned hrefs). */
export function rememberTranslationFiles(hrefs: string | undefined): void {
  for (const href of hrefs?.split(" ") ?? []) {
    const namespace = /\/([\w-]+)\.json(?:\?|$)/.exec(href)?.[1];
    if (isNamespace(namespace)) files.set(namespace, href);
  }
}

/** A namespace's texts from its file (from the cache after the first time); throws if it cannot. */
export async function fetchTranslations(namespace: Namespace): Promise<Record<string, unknown>> {
  const href = files.get(namespace);
  if (!href) throw new Error(`No translation file for ${namespace}`);
  const response = await fetch(href, { credentials: "same-origin", mode: "cors" });
  if (!response.ok) throw new Error(`${href}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The page's translator, made once its first texts are there (entry.client.tsx). */
let translator: BrowserI18n | undefined;

/** Makes the page's translator over the texts loaded before hydrating. */
export function startTranslations(
  language: string,
  texts: Partial<Record<Namespace, Record<string, unknown>>>,
): BrowserI18n {
  translator = createBrowserI18n(language, texts);
  return translator;
}

/**
 * A text of the page's translator by its dotted key (`dashboard.title`), once the page has hydrated;
 * undefined on the server, before hydration, or when the loaded texts have no such key.
 */
export function loadedText(key: string): string | undefined {
  if (translator === undefined) return undefined;
  const text = translator.t(key);
  // A missing key comes back as itself, as with i18next.
  return typeof text === "string" && text !== key ? text : undefined;
}

/**
 * Before a client navigation shows a route with namespaces of its own (its clientLoader): adds the
 * ones not loaded yet to the page's translator, so the page never renders keys. If a file cannot be
 * loaded, the page is loaded afresh from the server, which renders every text.
 */
export async function loadNamespaces(request: Request, namespaces: readonly Namespace[]): Promise<void> {
  const i18n = translator;
  // No translator: the page was not hydrated, so no client navigation waits for this.
  if (i18n === undefined) return;
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(i18n.language, namespace));
  try {
    const loaded = await Promise.all(missing.map(async (ns) => [ns, await fetchTranslations(ns)] as const));
    for (const [namespace, texts] of loaded) i18n.addResourceBundle(i18n.language, namespace, texts);
  } catch {
    window.location.assign(request.url);
    // The document load replaces this page; the navigation stays pending until then.
    await new Promise(() => {});
  }
}
