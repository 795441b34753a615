import { defaultLanguage, isLanguage } from "@common/languages";
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { asI18next } from "~/i18n/browser-i18n";
import { defaultNamespace, isNamespace, type Namespace } from "~/i18n/config";
import { fetchTranslations, rememberTranslationFiles, startTranslations } from "~/i18n/translation-files";

/**
 * The page already works without this script; it only enhances (client navigation, pending states).
 * The page's translations are versioned files, preloaded by the page and cached for a year
 * (ADR 0013), so they are not repeated in every page's HTML: `common`, and the namespaces the page's
 * routes name in `handle.i18n`. Without them the page is left as the server rendered it: hydrating
 * with missing texts would replace them with keys.
 */
async function hydrate() {
  const html = document.documentElement;
  const lang = isLanguage(html.lang) ? html.lang : defaultLanguage;
  if (!html.dataset.translations) return;
  rememberTranslationFiles(html.dataset.translations);
  const namespaces = [...new Set<Namespace>([defaultNamespace, ...getInitialNamespaces().filter(isNamespace)])];
  let translations: (readonly [Namespace, Record<string, unknown>])[];
  try {
    translations = await Promise.all(namespaces.map(async (ns) => [ns, await fetchTranslations(ns)] as const));
  } catch {
    return; // offline or blocked: the server-rendered page still works
  }
  // The browser's translator, not i18next: the same answers for a fraction of the script (ADR 0043).
  const i18n = startTranslations(lang, Object.fromEntries(translations));
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={asI18next(i18n)}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

// A page chunk from an older deployment is gone: load the page afresh (spec section 4).
window.addEventListener("vite:preloadError", () => window.location.reload());

void hydrate();
