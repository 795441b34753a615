/**
 * JavaScript per page, gzip (DESIGN.md section 5): the scripts a page makes the browser load
 * before it is interactive. From the server-rendered HTML: <script type="module" src>, <link
 * rel="modulepreload"> (also those held in a template until the first contentful paint, ADR
 * 0077), and the static imports of inline module scripts (Remix imports entry.client and the route
 * modules there); then, transitively, the static imports inside those
 * files (so a chunk missing from the preload list still counts). Dynamic import() is not followed:
 * those load on navigation, not with the page. Each file is gzipped here with zlib at level 9.
 */
import { gzipSync } from "node:zlib";
import { request } from "./http.mjs";

const staticImport = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'\s]+\.m?js)["']/g;

/**
 * @param {string} tag
 * @param {string} name
 */
function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** @param {string} html */
export function scriptsOfHtml(html) {
  /** @type {Set<string>} */
  const urls = new Set();
  /** @type {string[]} */
  const inline = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    const src = attribute(attributes, "src");
    if (src) urls.add(src);
    // The module script as Remix writes it, or held back until the first contentful paint (ADR 0077,
    // app/http/scripts-after-paint.server.ts: the same imports, run a moment later).
    else if (/type\s*=\s*["']?(?:module|text\/x-after-first-paint)\b/i.test(attributes)) {
      inline.push(body);
      for (const imported of body.matchAll(staticImport)) urls.add(/** @type {string} */ (imported[1]));
    } else if (body.trim()) inline.push(body);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(match[0], "rel");
    const href = attribute(match[0], "href");
    if (href && rel && /\bmodulepreload\b/i.test(rel)) urls.add(href);
  }
  return { urls: [...urls], inline };
}

const kb = (/** @type {number} */ bytes) => bytes / 1024;

/**
 * Measures one page; `jar` carries the session for pages behind sign-in.
 * @param {string} baseUrl
 * @param {string} path
 * @param {import("./http.mjs").CookieJar} [jar]
 */
export async function measurePage(baseUrl, path, jar) {
  const page = await request(baseUrl, path, { jar, maxRedirects: 0 });
  if (page.response.status !== 200) throw new Error(`${path} answered ${page.response.status}, not 200`);
  const { urls, inline } = scriptsOfHtml(page.body);
  const listed = new Set(urls.map((u) => new URL(u, page.url).href));
  const files = new Map();
  const unresolved = [];
  const queue = [...listed];
  while (queue.length) {
    const href = /** @type {string} */ (queue.shift());
    if (files.has(href)) continue;
    const url = new URL(href);
    if (url.origin !== new URL(baseUrl).origin) throw new Error(`${path} loads a foreign script ${href}`);
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) {
      // A listed script must load; a "static import" found in a file's text may be a false match.
      if (listed.has(href)) throw new Error(`${url.pathname} (from ${path}) answered ${response.status}`);
      unresolved.push(url.pathname);
      files.set(href, null);
      continue;
    }
    const source = Buffer.from(await response.arrayBuffer());
    files.set(href, {
      path: url.pathname,
      bytes: source.length,
      gzipBytes: gzipSync(source, { level: 9 }).length,
      preloaded: listed.has(href),
    });
    for (const imported of source.toString("utf8").matchAll(staticImport))
      queue.push(new URL(/** @type {string} */ (imported[1]), url).href);
  }
  const list = [...files.values()].filter(Boolean).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = list.reduce((sum, f) => sum + f.gzipBytes, 0);
  const inlineGzipBytes = inline.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return {
    path,
    files: list,
    fileCount: list.length,
    bytes: list.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes,
    gzipKB: kb(gzipBytes),
    notPreloaded: list.filter((f) => !f.preloaded).map((f) => f.path),
    inlineScriptsGzipBytes: inlineGzipBytes,
    unresolved,
  };
}
