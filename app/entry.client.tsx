import { defaultLanguage, isLanguage } from "@common/languages";
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { defaultNamespace, i18nOptions, isNamespace, type Namespace } from "~/i18n/config";
import { fetchTranslations, rememberTranslationFiles } from "~/i18n/translation-files";

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
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    lng: lang,
    ns: namespaces,
    resources: { [lang]: Object.fromEntries(translations) },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
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
