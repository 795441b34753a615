import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultLanguage, isLanguage } from "@common/languages";
import { defaultNamespace, i18nOptions } from "~/i18n/config";

/**
 * The page already works without this script; it only enhances (client navigation, pending states).
 * The page's translations are one versioned file, preloaded by the page and cached for a year
 * (ADR 0013), so they are not repeated in every page's HTML. Without them the page is left as the
 * server rendered it: hydrating with missing texts would replace them with keys.
 */
async function hydrate() {
  const html = document.documentElement;
  const lang = isLanguage(html.lang) ? html.lang : defaultLanguage;
  const href = html.dataset.translations;
  if (!href) return;
  let translations: Record<string, unknown>;
  try {
    const response = await fetch(href, { credentials: "same-origin", mode: "cors" });
    if (!response.ok) return;
    translations = (await response.json()) as Record<string, unknown>;
  } catch {
    return; // offline or blocked: the server-rendered page still works
  }
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    lng: lang,
    resources: { [lang]: { [defaultNamespace]: translations } },
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
