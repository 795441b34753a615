import type { Browser } from "@playwright/test";
import { alarmPages, aReportPage, publicPages, residentPages } from "./every-page";
import { expectNoNulByte, signInAndWaitForDashboard } from "./helpers";

/** One page of every-page.ts as the server sent it, with who asked for it. */
export interface PageHtml {
  /** "anonymous" or the signed-in account's e-mail. */
  who: string;
  path: string;
  /** Where it ended, after redirects. */
  url: string;
  status: number;
  html: string;
}

/**
 * The HTML of every page of every-page.ts: the public pages and the monthly report without a
 * session, each resident's pages with theirs (signed in through the form in a context of its own,
 * then fetched with that context's cookies through `page.request`, as a text browser would ask).
 */
export async function everyPageHtml(browser: Browser): Promise<PageHtml[]> {
  const pages: PageHtml[] = [];
  const visit = async (who: string, paths: readonly string[], signIn?: { account: string; tenancyId: number }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      if (signIn) await signInAndWaitForDashboard(page, signIn.account, signIn.tenancyId, { timeout: 30_000 });
      for (const path of paths) {
        const response = await page.request.get(path, { headers: { accept: "text/html" } });
        const html = await expectNoNulByte(response, path);
        pages.push({ who, path, url: response.url(), status: response.status(), html });
      }
    } finally {
      await context.close();
    }
  };
  const report = aReportPage();
  await visit("anonymous", report ? [...publicPages, report] : publicPages);
  for (const group of [residentPages(), alarmPages()]) await visit(group.account, group.paths, group);
  return pages;
}
