import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

export type RenderPageOptions = {
  /** The CSP nonce React puts on the inline scripts it writes. */
  nonce?: string;
  /** Aborting gives up on whatever has not rendered yet (React renders it on the client instead). */
  signal?: AbortSignal;
  /** Every error thrown while rendering, whether or not the page can still be sent. */
  onError?: (error: unknown) => void;
};

/**
 * Renders a page whole, to one buffer of UTF-8 bytes, with React's streaming Node build, and takes
 * out the NUL bytes that build writes (ADR 0024).
 *
 * Streaming is needed even though the page is sent whole: with Remix's single fetch, the loader
 * data travels inside the document through a Suspense boundary (RemixServer's stream transfer)
 * that only a streaming renderer waits for; renderToString leaves it empty and the browser never
 * hydrates. Of React's two streaming builds, the Node one costs about half the CPU of the
 * web-streams one (ADR 0023's renderer broke the dashboard's p99 budget).
 *
 * React 18.3.1's Node build encodes text into a 2048-byte view with TextEncoder.encodeInto; when a
 * multibyte character (å, ø, æ, €, –) does not fit at the end of the view, it sends the whole view,
 * the bytes it never wrote included, and starts a new one (react#31134, fixed only in React 19,
 * which Remix 2 does not support). Each view is a fresh `new Uint8Array`, so the bytes it never
 * wrote are always zero: removing every 0x00 byte from the page restores exactly what React meant
 * to send. A NUL byte is never part of a valid HTML page (browsers turn one into U+FFFD), so
 * nothing legitimate is lost.
 *
 * RemixServer renders single fetch's stream transfer (the loader data, as inline scripts) after the
 * document, so after its `</html>`; it is moved inside the body (withLateContentInBody).
 *
 * Rejects when not even the document's shell could be rendered (the caller answers with its error
 * page); resolves with the whole page once everything, including every Suspense boundary, is done.
 */
export function renderPage(element: ReactNode, options: RenderPageOptions = {}): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(element, {
      nonce: options.nonce,
      onAllReady() {
        const chunks: Buffer[] = [];
        stream.pipe(
          new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              done();
            },
            final(done) {
              resolve(withLateContentInBody(withoutNulBytes(Buffer.concat(chunks) as Buffer<ArrayBuffer>)));
              done();
            },
          }),
        );
      },
      onShellError: reject,
      onError: options.onError,
    });
    if (options.signal) {
      if (options.signal.aborted) stream.abort(options.signal.reason);
      else options.signal.addEventListener("abort", () => stream.abort(options.signal!.reason), { once: true });
    }
  });
}

/** The bytes without any 0x00 (see renderPage); the same buffer when it has none, as most pages. */
export function withoutNulBytes(bytes: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let at = bytes.indexOf(0);
  if (at === -1) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  let from = 0;
  while (at !== -1) {
    length += bytes.copy(out, length, from, at);
    from = at + 1;
    at = bytes.indexOf(0, from);
  }
  length += bytes.copy(out, length, from);
  return out.subarray(0, length) as Buffer<ArrayBuffer>;
}

const endOfBody = Buffer.from("</body>");
const endOfDocument = Buffer.from("</html>");

/**
 * The page with whatever was rendered after the document's `</html>` moved to just before its
 * `</body>`. RemixServer renders single fetch's stream transfer (a Suspense boundary of inline
 * `<script>`s handing the loader data to the browser) as the document's sibling, and HTML allows
 * nothing after `</html>` (the Nu Html Checker stops there; browsers move it into the body
 * themselves). The scripts run after the body's own, as before: `<Scripts />` ends the body and
 * the entry modules wait for the whole document. A page without a body is left as it is.
 */
export function withLateContentInBody(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const end = page.lastIndexOf(endOfDocument);
  if (end === -1) return page;
  const after = end + endOfDocument.length;
  const late = page.subarray(after);
  if (late.toString("latin1").trim() === "") return page;
  const body = page.lastIndexOf(endOfBody, end);
  if (body === -1) return page;
  return Buffer.concat([page.subarray(0, body), late, page.subarray(body, after)]) as Buffer<ArrayBuffer>;
}
