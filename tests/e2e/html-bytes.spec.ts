import { type APIRequestContext, expect, test } from "@playwright/test";
import { demoAccounts, demoTenancyIds, expectNoNulByte, signInAndWaitForDashboard, useLanguage } from "./helpers";

/**
 * No page carries a NUL byte (react#31134: React 18's Node renderer wrote one
 * before a multibyte character in about one page in thirty, "Samme periode sidste \0år"). Which page
 * is hit depends on where the text's "å", "ø", "æ", "³" or "–" falls against React's 2048-byte
 * write buffer, so this crawls a hundred signed-in pages in each of the languages with the most of them,
 * following the links each page offers (periods, resolutions, comparisons, tabs, rooms and meters).
 * Only the bytes are checked, so the JavaScript project alone runs it (the same HTML goes to both).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "checks the server's bytes, the same for both projects");

/**
 * Fetches a page (following redirects) and fails on a NUL byte in its HTML, or on anything after
 * its `</html>` (HTML allows nothing there; single fetch's data scripts used to stand there).
 */
async function fetchPage(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  // Downloads (a statement's PDF) are binary; only pages are rendered by React.
  if (!response.headers()["content-type"]?.startsWith("text/html")) return "";
  const html = await expectNoNulByte(response, path);
  expect(html.trimEnd().endsWith("</html>"), `${path} ends with </html>`).toBe(true);
  return html;
}

/** The tenancy's own page links in a page (hrefs in the HTML, entities decoded). */
function linksOf(html: string, tenancyId: number): string[] {
  const links = new Set<string>();
  for (const [, href = ""] of html.matchAll(/href="([^"]+)"/g)) {
    const path = href.replace(/&amp;/g, "&");
    // Dialogs (?help=, ?dialog=) are the same page with an overlay; they are crawled once by a11y.
    if (path.startsWith(`/t/${tenancyId}`) && !/[?&](help|dialog)=/.test(path)) links.add(path.split("#")[0]!);
  }
  return [...links];
}

/** Visits up to `limit` pages reachable from `start`, breadth first, checking each one's bytes. */
async function crawl(request: APIRequestContext, start: string, tenancyId: number, limit: number) {
  const seen = new Set([start]);
  const queue = [start];
  let visited = 0;
  while (queue.length > 0 && visited < limit) {
    const path = queue.shift()!;
    const html = await fetchPage(request, path);
    visited++;
    for (const link of linksOf(html, tenancyId)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return visited;
}

for (const language of ["da", "nb"] as const) {
  test(`no NUL byte in the consumption pages, in ${language}`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
    await useLanguage(page, language);
    const base = `/t/${demoTenancyIds.jensFirst}`;
    const starts = [
      base,
      `${base}/consumption/heat-energy?from=2026-10-01&to=2026-10-31&compare=previous-year`,
      `${base}/consumption/hca?from=2025-11-01&to=2026-10-31&tab=detailed&group=room`,
      `${base}/consumption/heat-energy/price?from=2026-01-01&to=2026-10-31&view=co2&per=m2`,
      `${base}/consumption/indoor-climate?from=2026-10-01&to=2026-10-31`,
    ];
    let pages = 0;
    for (const start of starts) pages += await crawl(page.request, start, demoTenancyIds.jensFirst, 20);
    // The crawl really went through the pages (a broken link pattern would visit only the starts).
    expect(pages).toBeGreaterThanOrEqual(80);
  });
}
