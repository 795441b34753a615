import { defaultLanguage, isLanguage } from "@common/languages";
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { browserI18nOptions, defaultNamespace, isNamespace } from "~/i18n/config";
import { hasNamespaces, rememberTranslationFiles, translationFiles } from "~/i18n/translation-files";

/**
 * The page already works without this script; it only enhances (client navigation, pending states).
 * i18next is set up as remix-i18next's README shows, with the portal's options: the language the
 * server chose (`<html lang>`), `common` and the namespaces the page's routes name in `handle.i18n`.
 * They come from versioned files, preloaded by the page and cached for a year (ADR 0013, 0063).
 * Without them the page is left as the server rendered it: hydrating with missing texts would
 * replace them with keys.
 */
async function hydrate() {
  const html = document.documentElement;
  if (!html.dataset.translations) return;
  rememberTranslationFiles(html.dataset.translations);
  const ns = [...new Set([defaultNamespace, ...getInitialNamespaces().filter(isNamespace)])];
  await i18next
    .use(initReactI18next)
    .use(translationFiles)
    .init({ ...browserI18nOptions, lng: isLanguage(html.lang) ? html.lang : defaultLanguage, ns });
  if (!hasNamespaces(ns)) return; // offline or blocked: the server-rendered page still works
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
