import { useTranslation } from "react-i18next";

/** The first thing a keyboard reaches on every frame: straight to the page's own content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="skip-link">
      {t("app.skip_to_content")}
    </a>
  );
}
