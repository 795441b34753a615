import { randomInt } from "node:crypto";
import type { Browser } from "@playwright/test";
import { alarmPages, aReportPage, otherAccountPages, publicPages, residentPages } from "./every-page";
import { expectNoNulByte, signInDirectly } from "./helpers";

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
  const visit = async (who: string, paths: readonly string[], session?: { account: string; landing: string }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      if (session) {
        await signInDirectly(page, session.account, new RegExp(`^${session.landing}$`), { timeout: 30_000 });
      }
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
  await visitErrorStates(browser, pages);
  for (const group of [residentPages(), alarmPages()]) {
    await visit(group.account, group.paths, { account: group.account, landing: `/t/${group.tenancyId}` });
  }
  for (const group of otherAccountPages()) await visit(group.account, group.paths, group);
  return pages;
}

/**
 * Forms as they come back with errors (no JavaScript: the server's page), which add alerts and
 * error texts to the markup. From an address of their own (rate limits count per address).
 */
async function visitErrorStates(browser: Browser, pages: PageHtml[]) {
  const address = `198.51.100.${randomInt(1, 255)}`;
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  try {
    const posts: { path: string; form: Record<string, string> }[] = [
      { path: "/login/email", form: { email: "nobody@demo.test", password: "Wrong-Password-2026!" } },
      { path: "/signup/email", form: { email: "not-an-address", password: "weak", passwordRepeat: "weaker" } },
    ];
    for (const { path, form } of posts) {
      const response = await context.request.post(path, { form, maxRedirects: 0 });
      const html = await expectNoNulByte(response, `${path} with errors`);
      pages.push({
        who: "anonymous",
        path: `${path} (posted with errors)`,
        url: response.url(),
        status: response.status(),
        html,
      });
    }
  } finally {
    await context.close();
  }
}

/** The `<title>` of a page as the server sent it, its entities read. */
export function servedTitle(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  return title
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
