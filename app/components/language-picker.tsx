import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withSearchParam } from "~/domain/url-state";
import type { RootLoaderData } from "~/root";
import { Modal } from "./modal";

export const languageDialogParam = "dialog";
export const languageDialogValue = "language";

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
          <form method="post" action="/language" className="language-options">
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
                {t(`language.${language}`)}
              </button>
            ))}
          </form>
        </Modal>
      ) : null}
    </>
  );
}
