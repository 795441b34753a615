import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { RootLoaderData } from "~/root";
import { LanguagePicker } from "./language-picker";
import { SkipLink } from "./skip-link";

/** The frame of the standalone pages (policies, reports): the app's name, the language, the page. */
export function StandalonePage({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  return (
    <div className="standalone">
      <SkipLink />{" "}
      <header className="standalone-header">
        <Link to="/" className="standalone-brand">
          {root?.appName}
        </Link>{" "}
        <LanguagePicker />
      </header>
      <main id="main" className="standalone-main">
        {children}
      </main>
      {footer}
    </div>
  );
}
