/**
 * The page's scripts start loading after the browser reports its first contentful paint (ADR 0077,
 * which revives ADR 0051 with that trigger).
 *
 * Every page works without JavaScript; its scripts only enhance it. Remix's `<Scripts />` writes a
 * `<link rel="modulepreload">` for each of the page's script files (20–35 of them, 110–150 KB gzip)
 * and the module script that imports them, so the browser fetches them all at once, beside the
 * stylesheet the first paint waits for: on a slow line they share it with the stylesheet, and
 * Lighthouse's simulated first and largest paints count every request that started before the
 * browser's own first contentful paint.
 *
 * Here, in the rendered page:
 * - the preloads go into a `<template>` (inert: the browser fetches nothing in it);
 * - the module script becomes a data block (`type="text/x-after-first-paint"`, not run);
 * - a small script at the end of the body puts both back, exactly as Remix wrote them, once the
 *   browser has reported the page's first contentful paint. The files are then fetched together,
 *   as before, and the page hydrates.
 *
 * React hydrates against the page as Remix wrote it: by the time the module script runs, the
 * preloads are back in their place and the template is gone. A page whose scripts are not written
 * as expected (another Remix version) is left as it is.
 */

export const deferredModuleType = "text/x-after-first-paint";
export const deferredPreloadsId = "after-paint-preloads";

const preloadTag = /<link rel="modulepreload" href="[^"<>]*"\/>/y;
const moduleScriptTag = /<script(?: nonce="[^"<>]*")? type="module" async="">/g;

/**
 * The script that puts the preloads and the module script back after the first contentful paint:
 * - it starts when the browser reports that paint (a `PerformanceObserver` of "paint" entries,
 *   buffered, so one reported before the script ran counts). ADR 0051 started a task after the
 *   first frame instead; a browser reports the paint later than that (headless Chromium about a
 *   second later), and every script fetched in between was still counted in Lighthouse's
 *   simulated paints. A hidden page, which paints nothing, starts at once; a browser without paint
 *   entries after the first frame, as ADR 0051 did; and any page after 3 s at the latest;
 * - the preloads go back one per task: each makes the browser start a fetch, 1–4 ms apiece on a
 *   slow machine (a few took 19–25 ms in one Lighthouse trace, 2026-12-03), and 30 at once blocked
 *   the page for a long task (Lighthouse's total blocking time; tried again for ADR 0077: no better);
 * - the module script goes back last, so when it runs the page is exactly as Remix wrote it. It is
 *   a new element: a script runs when inserted, and the data block the parser saw never will.
 */
export const afterPaintScript = [
  "(()=>{",
  `const s=()=>{const t=document.getElementById("${deferredPreloadsId}");const p=t?[...t.content.children]:[];`,
  "const n=()=>{if(p.length){t.before(p.shift());setTimeout(n,0);return}t&&t.remove();",
  `const o=document.querySelector('script[type="${deferredModuleType}"]');if(!o)return;`,
  'const m=document.createElement("script");m.type="module";m.async=!0;m.nonce=o.nonce;m.textContent=o.textContent;o.replaceWith(m)};n()};',
  "let d=!1;const go=()=>{if(!d){d=!0;setTimeout(s,0)}};",
  "if(document.hidden)go();",
  'else if(window.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).includes("paint")){',
  'new PerformanceObserver((l,b)=>{if(l.getEntriesByName("first-contentful-paint").length){b.disconnect();go()}}).observe({type:"paint",buffered:!0});',
  "setTimeout(go,3e3)}",
  "else requestAnimationFrame(()=>setTimeout(go,0))",
  "})()",
].join("");

const endOfBody = "</body>";

/**
 * The page (UTF-8 bytes) with its scripts loading after the first contentful paint the browser
 * reports; the same buffer when it has no Remix scripts (a page that ships none) or they are not
 * where expected.
 */
export function scriptsAfterFirstPaint(page: Buffer<ArrayBuffer>, nonce: string | undefined): Buffer<ArrayBuffer> {
  // latin1: one character per byte, so the offsets are the bytes' and the round trip is exact.
  const html = page.toString("latin1");
  const firstPreload = html.indexOf('<link rel="modulepreload"');
  if (firstPreload === -1) return page;
  preloadTag.lastIndex = firstPreload;
  let preloadsEnd = firstPreload;
  while (preloadTag.exec(html)) preloadsEnd = preloadTag.lastIndex;
  if (preloadsEnd === firstPreload) return page;

  moduleScriptTag.lastIndex = preloadsEnd;
  const moduleScript = moduleScriptTag.exec(html);
  const body = html.lastIndexOf(endOfBody);
  if (!moduleScript || body < moduleScript.index) return page;
  const moduleScriptEnd = moduleScript.index + moduleScript[0].length;
  const deferredOpening = moduleScript[0].replace(' type="module" async=""', ` type="${deferredModuleType}"`);

  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return Buffer.from(
    html.slice(0, firstPreload) +
      `<template id="${deferredPreloadsId}">` +
      html.slice(firstPreload, preloadsEnd) +
      "</template>" +
      html.slice(preloadsEnd, moduleScript.index) +
      deferredOpening +
      html.slice(moduleScriptEnd, body) +
      `<script${nonceAttribute}>${afterPaintScript}</script>` +
      html.slice(body),
    "latin1",
  ) as Buffer<ArrayBuffer>;
}
