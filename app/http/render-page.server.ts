import type { ReactNode } from "react";
// Not "react-dom/server": under Node that resolves to the Node-streams build, whose
// renderToPipeableStream writes NUL bytes into pages (react#31134, see below and ADR 0023).
import { renderToReadableStream } from "react-dom/server.browser";

export type RenderPageOptions = {
  /** The CSP nonce React puts on the inline scripts it writes. */
  nonce?: string;
  /** Aborting gives up on whatever has not rendered yet (React renders it on the client instead). */
  signal?: AbortSignal;
  /** Every error thrown while rendering, whether or not the page can still be sent. */
  onError?: (error: unknown) => void;
};

/**
 * Renders a page whole, to one buffer of UTF-8 bytes.
 *
 * React 18.3.1's Node build (renderToPipeableStream) encodes each piece of text into a 2048-byte
 * view with TextEncoder.encodeInto; when a multibyte character (å, ø, æ, €, –) does not fit at the
 * end of the view, it sends the whole view, unwritten zero bytes included, and so puts a NUL before
 * the character ("sidste \0år") in about one page in thirty (react#31134, fixed only in React 19).
 * The web-streams build used here encodes each piece with TextEncoder.encode and copies whole bytes,
 * so it cannot split a character. 18.3.1 is the last React 18; React 19 is not one Remix 2 supports.
 *
 * Rejects when not even the document's shell could be rendered (the caller answers with its error
 * page); resolves with the whole page once everything, including every Suspense boundary, is done.
 */
export async function renderPage(element: ReactNode, options: RenderPageOptions = {}): Promise<Buffer<ArrayBuffer>> {
  const stream = await renderToReadableStream(element, options);
  await stream.allReady;
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return Buffer.concat(chunks);
}
