import compression from "compression";

/**
 * How the portal compresses its answers (server.ts; the bench's bare page uses the same, so the
 * two are measured alike).
 *
 * Everything that is not a fingerprinted asset (pages, data requests, resource routes) is gzipped
 * here. Until 2026-12-01 entry.server.tsx gzipped pages itself, in one gzipSync call: 172 against
 * 355 µs for a dashboard (2026-11-23), and on new consumption pages 29.7 against 31.2 ms of portal
 * CPU per page (medians of 3 alternating rounds on a busy machine, 2026-12-01). About 5 %, under the
 * tenth a trick must earn (issue 45), so pages take the framework's usual path again.
 *
 * For these one-body answers brotli at the compression package's quality 4 takes about twice the
 * CPU of gzip level 4 (470 against 260 µs for 23 KB, measured 2026-11-23) for 4 % fewer bytes. The
 * fingerprinted assets keep `br` in their Accept-Encoding: server.ts serves them after this, and
 * its static middleware picks by that header between the brotli and gzip copies the build wrote
 * beside each file (ADR 0078). Taking `br` out here would send every browser the larger gzip copy.
 *
 * Level 4 instead of zlib's default 6: about 4 % larger for about half the CPU time, which the
 * dashboard's SSR budget needs more (measured when the consumption screens landed). A response that
 * already carries a Content-Encoding is passed through untouched.
 *
 * Plain JavaScript, so the bare page's server runs it as it is, without a TypeScript loader (tsx
 * made that reference server 5-15 % slower per request).
 * @returns {import("express").RequestHandler[]}
 */
export function responseCompression() {
  /** @type {import("express").RequestHandler} */
  const gzipUnlessAsset = (req, _res, next) => {
    const accepted = req.headers["accept-encoding"];
    if (accepted && !req.path.startsWith("/assets/")) {
      req.headers["accept-encoding"] = accepted
        .split(",")
        .filter((part) => part.trim().split(";")[0] !== "br")
        .join(",");
    }
    next();
  };
  return [gzipUnlessAsset, compression({ level: 4 })];
}
