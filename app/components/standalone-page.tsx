import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RootLoaderData } from "~/root";
import { LanguagePicker } from "./language-picker";

/** The frame of the standalone pages (policies, reports): the app's name, the language, the page. */
export function StandalonePage({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  return (
    <div className="standalone">
      <a href="#main" className="skip-link">
        {t("app.skip_to_content")}
      </a>
      <header className="standalone-header">
        <Link to="/" className="standalone-brand">
          {root?.appName}
        </Link>
        <LanguagePicker />
      </header>
      <main id="main" className="standalone-main">
        {children}
      </main>
      {footer}
    </div>
  );
}
