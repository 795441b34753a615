import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "~/components/nonce";
import { forbidStoring, withoutStoring } from "~/http/cache-control";
import { allowedMethods, isMethodNotAllowed } from "~/http/method-not-allowed.server";
import { renderPage } from "~/http/render-page.server";
import { scriptsAfterFirstPaint } from "~/http/scripts-after-paint.server";
import { createRequestI18n, languageOf } from "~/i18n/i18n.server";

/** Rendering gives up after this long; every back-end call times out well before it. */
export const streamTimeout = 10_000;

/**
 * Pages are rendered whole and sent as one body. No loader defers data (every loader has awaited
 * its back-end calls before rendering starts), so streaming would only send the same bytes in
 * dozens of small chunks, each passing a web stream, a Node stream and gzip on its own: rendering
 * to one buffer saves about a tenth of a dashboard request's CPU (measured with npm run bench).
 * server.ts's compression middleware gzips it, as every other answer (server/compression.mjs).
 * renderPage takes out the NUL bytes React 18's Node build writes into pages (ADR 0024).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await languageOf(request);
  const nonce = loadContext.cspNonce;
  const i18n = await createRequestI18n(language);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), streamTimeout + 1000);
  let rendered = false;
  try {
    const html = await renderPage(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        signal: abort.signal,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (rendered) console.error(error);
        },
      },
    );
    rendered = true;
    // The page's scripts load once it is painted: it works without them (ADR 0077).
    const page = scriptsAfterFirstPaint(html, nonce);
    // PUT to /login, POST to the dashboard: Remix answers 405; HTTP wants the methods that would do.
    if (responseStatusCode === 405) {
      responseHeaders.set("Allow", allowedMethods(remixContext.manifest.routes, new URL(request.url)));
    }
    return pageResponse(responseStatusCode, responseHeaders, page);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The page's response: HTML, never stored by a cache (every page, signed in or not, is built from
 * the visitor's cookies, ADR 0020).
 */
function pageResponse(status: number, headers: Headers, page: Buffer<ArrayBuffer>) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  forbidStoring(headers);
  return new Response(page, { headers, status });
}

/**
 * Every single-fetch data answer (`.data`: client navigations, revalidation after a form post,
 * their redirects) carries the same figures as the page it serves: no cache may keep it either
 * (ADR 0020).
 */
export const handleDataRequest: HandleDataRequestFunction = (response) => withoutStoring(response);

/** Logs server errors once, without the noise of requests the browser cancelled. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A method the page does not take is the client's mistake, answered 405 with Allow: no stack.
  if (isMethodNotAllowed(error)) return;
  console.error(error);
};

/**
 * server.ts builds each request's load context with this factory, taken from the Remix build, so
 * the context and the routes share one copy of every module (error classes, the token cache).
 */
export { createAppLoadContext } from "./context.server";
