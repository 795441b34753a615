import { gzipSync } from "node:zlib";

/**
 * A rendered page is one buffer (entry.server.tsx renders it whole), so it is gzipped whole, once,
 * on the spot. The compression middleware's zlib stream costs about twice the CPU for the same
 * bytes: a dashboard (23 KB) took 355 µs through a stream on libuv's thread pool against 172 µs
 * here (measured 2026-11-23, Node 20), and most of the stream's share fell on the main thread.
 * server.ts's compression() still handles everything else (data requests, resources, assets) and
 * leaves a response alone once it carries a Content-Encoding.
 */

/** Level 4, as server.ts's compression(): about 4 % larger than zlib's default for half the CPU. */
export const pageGzipLevel = 4;
/** Below this many bytes compression saves less than its headers cost (compression's default). */
export const pageGzipThreshold = 1024;

/** Whether an Accept-Encoding header accepts gzip: named (or `*`) with a quality above 0. */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  if (!acceptEncoding) return false;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((s) => s.trim());
    const q = parameters.find((p) => /^q=/i.test(p));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    const coding = name.toLowerCase();
    if (coding === "gzip" || coding === "x-gzip") gzip = Number.isNaN(quality) ? 0 : quality;
    else if (coding === "*") any = Number.isNaN(quality) ? 0 : quality;
  }
  return (gzip ?? any ?? 0) > 0;
}

/**
 * The page's body as sent: gzipped when the request accepts gzip and the page is large enough.
 * Sets Content-Encoding and Vary on the headers it is given; leaves headers alone otherwise, except
 * Vary, which every page carries because its encoding depends on the request.
 */
export function compressPage(
  body: Buffer<ArrayBuffer>,
  acceptEncoding: string | null,
  headers: Headers,
): Buffer<ArrayBuffer> {
  appendVary(headers, "Accept-Encoding");
  if (body.length < pageGzipThreshold || headers.has("Content-Encoding") || !acceptsGzip(acceptEncoding)) return body;
  headers.set("Content-Encoding", "gzip");
  // A fresh buffer of its own (zlib allocates it), never a view of a shared one.
  return gzipSync(body, { level: pageGzipLevel }) as Buffer<ArrayBuffer>;
}

function appendVary(headers: Headers, field: string) {
  const current = headers.get("Vary");
  if (!current) headers.set("Vary", field);
  else if (!current.split(",").some((f) => f.trim() === "*" || f.trim().toLowerCase() === field.toLowerCase()))
    headers.set("Vary", `${current}, ${field}`);
}
