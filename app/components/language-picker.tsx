import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RootLoaderData } from "~/root";
import { withSearchParam } from "~/domain/url-state";
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
        <span aria-hidden="true" className="language-icon">🌐</span> {t("language.button")}: {t(`language.${current}`)}
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
