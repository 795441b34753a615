import { brandFor } from "@common/brands";
import { defaultLanguage } from "@common/languages";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { CookieBanner } from "~/components/cookie-banner";
import { DebugHook } from "~/components/debug-hook";
import { useNonce } from "~/components/nonce";
import { documentHasScripts } from "~/components/page-scripts";
import { PendingBar } from "~/components/pending-bar";
import { PageError } from "~/components/route-error";
import { Toasts } from "~/components/toasts";
import { defaultNamespace, type Namespace, namespacesOfHandle } from "~/i18n/config";
import { enabledLanguages, languageOf } from "~/i18n/i18n.server";
import { translationsHrefs } from "~/i18n/resources.server";
import { readConsent } from "~/security/cookie-consent.server";
import { handleActivationCodeInUrl } from "~/session/activation-code.server";
import { readToasts } from "~/session/toast.server";
import stylesheet from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await handleActivationCodeInUrl(request, context);
  const language = await languageOf(request);
  const { toasts, headers } = await readToasts(request);
  const brand = brandFor(context.config.brand);
  return data(
    {
      // Page titles are read from i18next in this language (app/i18n/meta.ts): no texts here.
      language,
      languages: enabledLanguages(),
      translations: translationsHrefs(language),
      appName: brand.appName[language],
      appStores: brand.appStores,
      toasts,
      showCookieBanner: readConsent(request.headers.get("Cookie")) === null,
      tagManagerId: context.config.tagManagerId,
    },
    // The toast cookies are removed only when the request brought some.
    headers.has("Set-Cookie") ? { headers } : undefined,
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
  // The files of the namespaces this page's routes name (handle.i18n), besides `common`.
  const matches = useMatches();
  const namespaces = new Set<Namespace>([
    defaultNamespace,
    ...matches.flatMap((match) => namespacesOfHandle(match.handle)),
  ]);
  // A page that needs no script ships none (handle.scripts = false; page-scripts.ts).
  const scripts = documentHasScripts(matches, typeof document !== "undefined");
  const files = root && scripts ? [...namespaces].map((namespace) => root.translations[namespace]) : [];
  return (
    <html
      lang={root?.language ?? defaultLanguage}
      data-translations={root ? Object.values(root.translations).join(" ") : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5563" />
        <Meta />
        <Links />
        {/* After the stylesheet, the only resources the first paint waits for. */}
        {files.map((href) => (
          <link key={href} rel="preload" href={href} as="fetch" crossOrigin="anonymous" />
        ))}
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toasts, showCookieBanner, tagManagerId } = useLoaderData<typeof loader>();
  useEffect(() => {
    // A marker for support and tests: the page's scripts are running.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <PendingBar />
      <DebugHook />
      <Outlet />
      <Toasts toasts={toasts} />
      {showCookieBanner ? <CookieBanner tagManagerId={tagManagerId} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <PageError />;
}
