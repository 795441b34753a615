import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions, isLanguage, defaultLanguage } from "~/i18n/config";

/**
 * The page already works without this script; it only enhances (client navigation, pending states).
 * Translations for the page's language come with the root loader data and are added to i18next
 * by the root component, so no extra request is needed before hydration.
 */
async function hydrate() {
  const lang = document.documentElement.lang;
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    lng: isLanguage(lang) ? lang : defaultLanguage,
    resources: {},
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
