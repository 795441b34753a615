import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { getToast } from "~/session/toast.server";
import { brandFor } from "~/brand/brands";
import { useNonce } from "~/components/nonce";
import { CookieBanner } from "~/components/cookie-banner";
import { DebugHook } from "~/components/debug-hook";
import { PendingBar } from "~/components/pending-bar";
import { RouteError } from "~/components/route-error";
import { Toasts } from "~/components/toasts";
import { defaultLanguage, defaultNamespace } from "~/i18n/config";
import { enabledLanguages, languageOf } from "~/i18n/i18n.server";
import { resources } from "~/i18n/resources.server";
import { readConsent } from "~/security/cookie-consent.server";
import { handleActivationCodeInUrl } from "~/session/activation-code.server";
import stylesheet from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await handleActivationCodeInUrl(request, context);
  const language = await languageOf(request);
  const { toast, headers } = await getToast(request);
  const brand = brandFor(context.config.brand);
  return data(
    {
      language,
      languages: enabledLanguages(),
      translations: resources[language].common,
      appName: brand.appName[language],
      appStores: brand.appStores,
      toast: toast ?? null,
      showCookieBanner: readConsent(request.headers.get("Cookie")) === null,
      tagManagerId: context.config.tagManagerId,
    },
    // The flash cookie is rewritten only when a toast was read from it.
    toast ? { headers } : undefined,
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * The root data (translations, language list, app name) changes only after a form post (language
 * switch, sign-in, toasts) — plain navigations reuse it instead of downloading it again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang={root?.language ?? defaultLanguage}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5563" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Adds the page language's translations (from the root data) to i18next before rendering. The
 * language itself changes only with a full page load (the language form reloads the document).
 */
function useTranslationsFromRoot(language: string | undefined, translations: object | undefined) {
  const { i18n } = useTranslation();
  if (!language || !translations) return;
  if (!i18n.hasResourceBundle(language, defaultNamespace)) {
    i18n.addResourceBundle(language, defaultNamespace, translations, true, true);
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export default function App() {
  const { language, translations, toast, showCookieBanner, tagManagerId } = useLoaderData<typeof loader>();
  useTranslationsFromRoot(language, translations);
  useEffect(() => {
    // A marker for support and tests: the page's scripts are running.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <PendingBar />
      <DebugHook />
      <Outlet />
      <Toasts toast={toast} />
      {showCookieBanner ? <CookieBanner tagManagerId={tagManagerId} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof loader>("root");
  useTranslationsFromRoot(root?.language, root?.translations);
  return (
    <main id="main" className="error-page">
      <RouteError />
    </main>
  );
}
