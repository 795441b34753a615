import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";

/**
 * Renders a page whole, to one buffer of UTF-8 bytes, with `renderToString`.
 *
 * React 18.3.1's streaming Node build (renderToPipeableStream) encodes each piece of text into a
 * 2048-byte view with TextEncoder.encodeInto; when a multibyte character (å, ø, æ, €, –) does not
 * fit at the end of the view, it sends the whole view, unwritten zero bytes included, and so puts a
 * NUL before the character ("sidste \0år") in about one page in thirty (react#31134, fixed only in
 * React 19, which Remix 2 does not support). `renderToString` builds a JavaScript string and never
 * touches bytes: the one conversion to UTF-8 is Buffer.from below, which cannot split a character.
 *
 * It is also the cheapest of React's renderers for a page sent whole: no loader defers data and no
 * component suspends, so nothing is gained by streaming. The web-streams build used before
 * (renderToReadableStream, ADR 0023) had correct bytes too but cost twice the CPU per page and broke
 * the dashboard's p99 budget under load (ADR 0024).
 *
 * Throws what a component throws; the caller answers with its error page. A component that suspends
 * would render its Suspense fallback here and be rendered on the client: the unit test pins that.
 */
export function renderPage(element: ReactNode): Buffer<ArrayBuffer> {
  const markup = renderToString(element);
  // renderToString leaves out the doctype the streaming renderers add before a root <html>.
  return Buffer.from(markup.startsWith("<html") ? `<!DOCTYPE html>${markup}` : markup, "utf8") as Buffer<ArrayBuffer>;
}
