import type { MetaFunction } from "@remix-run/node";
import { Link, Outlet, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "~/components/language-picker";
import { RouteError } from "~/components/route-error";
import { SkipLink } from "~/components/skip-link";
import { pageMeta } from "~/i18n/meta";
import type { RootLoaderData } from "~/root";

/** A public page may name where its back link goes (the first breadcrumb), e.g. /login. */
export interface PublicHandle {
  back?: string;
}

function SplashPanel() {
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  return (
    <aside className="splash-panel" aria-label={root?.appName}>
      <p className="splash-brand">
        <svg aria-hidden="true" viewBox="0 0 32 32" width="40" height="40" className="splash-logo">
          <path d="M16 3 3 14h4v14h18V14h4z" fill="currentColor" />
        </svg>
        <span>{root?.appName}</span>
      </p>
      <p className="splash-tagline">{t("splash.tagline")}</p>
      {root ? (
        <div className="app-stores">
          <p>{t("splash.get_the_app")}</p>
          <ul>
            <li>
              <a href={root.appStores.appStore} rel="noopener">
                {t("splash.app_store")}
              </a>
            </li>
            <li>
              <a href={root.appStores.googlePlay} rel="noopener">
                {t("splash.google_play")}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </aside>
  );
}

function PublicFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const back = [...matches]
    .reverse()
    .map((m) => (m.handle as PublicHandle | undefined)?.back)
    .find(Boolean);
  return (
    <div className="public-layout">
      <SkipLink /> <SplashPanel />
      <div className="public-content">
        <header className="public-toolbar">
          {back ? (
            <Link to={back} className="back-link">
              <span aria-hidden="true">←</span> {t("public.back")}
            </Link>
          ) : (
            <span />
          )}{" "}
          <LanguagePicker />
        </header>
        <main id="main" className="public-main">
          {children}
        </main>
      </div>
    </div>
  );
}

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

/**
 * A public page whose loader refused the request (/forbidden's 403, /request-too-large's 413) is
 * shown by this layout's boundary: its title names the error, as every page has a title.
 */
export const meta: MetaFunction = ({ matches, error }) => (error ? pageMeta(matches, "errors.title") : []);

export function ErrorBoundary() {
  return (
    <PublicFrame>
      <RouteError />
    </PublicFrame>
  );
}
