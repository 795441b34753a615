import type { Language } from "@common/languages";
import { languagePath } from "@common/portal-paths";
import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { withSearchParam } from "~/domain/url-state";
import type { RootLoaderData } from "~/root";
import { Modal } from "./modal";

export const languageDialogParam = "dialog";
export const languageDialogValue = "language";

/**
 * Each language option's icon (spec section 3, "Language option: i18n key, icon, value"): the flag
 * of the country whose language it is, drawn inline (no request, nothing for the CSP to allow).
 * Decorative: the option's name says the same, so the icon is hidden from assistive technology.
 */
const flags: Record<Language, () => ReactElement> = {
  da: () => (
    <svg aria-hidden="true" focusable="false" className="language-flag" viewBox="0 0 37 28" width="24" height="18">
      <rect width="37" height="28" fill="#c8102e" />
      <rect x="12" width="4" height="28" fill="#fff" />
      <rect y="12" width="37" height="4" fill="#fff" />
    </svg>
  ),
  nb: () => (
    <svg aria-hidden="true" focusable="false" className="language-flag" viewBox="0 0 22 16" width="24" height="18">
      <rect width="22" height="16" fill="#ba0c2f" />
      <rect x="6" width="4" height="16" fill="#fff" />
      <rect y="6" width="22" height="4" fill="#fff" />
      <rect x="7" width="2" height="16" fill="#00205b" />
      <rect y="7" width="22" height="2" fill="#00205b" />
    </svg>
  ),
  en: () => (
    <svg aria-hidden="true" focusable="false" className="language-flag" viewBox="0 0 60 30" width="24" height="18">
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#c8102e" strokeWidth="2" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  ),
};

/** The icon of a language option, or none for a language without one. */
export function LanguageFlag({ language }: { language: string }) {
  const flag = flags[language as Language];
  return flag ? flag() : null;
}

/**
 * The language switcher: a link that opens the 'Select a language' dialog (a URL, so it works
 * without JavaScript), whose buttons post the choice to /language. The form reloads the whole
 * document so every text, including the <html lang>, switches at once.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  const params = new URLSearchParams(location.search);
  const open = params.get(languageDialogParam) === languageDialogValue;
  const openHref = withSearchParam(location.pathname, location.search, languageDialogParam, languageDialogValue);
  const closeHref = withSearchParam(location.pathname, location.search, languageDialogParam, null);
  const current = root?.language ?? "da";

  return (
    <>
      <Link to={openHref} className="language-button" preventScrollReset>
        <svg
          aria-hidden="true"
          className="language-icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
        {t("language.button")}: {t(`language.${current}`)}
      </Link>
      {open ? (
        <Modal title={t("language.select_a_language")} closeHref={closeHref} maxWidth={484}>
          <form method="post" action={languagePath} className="language-options">
            <input type="hidden" name="redirectTo" value={closeHref} />
            {(root?.languages ?? ["da", "en", "nb"]).map((language) => (
              <button
                key={language}
                type="submit"
                name="lng"
                value={language}
                lang={language}
                className="language-option"
                aria-current={language === current ? "true" : undefined}
              >
                <LanguageFlag language={language} />
                {t(`language.${language}`)}
              </button>
            ))}
          </form>
        </Modal>
      ) : null}
    </>
  );
}
