import { expect, type Page, test } from "@playwright/test";
import { alarmPages, otherAccountPages, publicPages, residentPages } from "./every-page";
import { signInDirectly } from "./helpers";

/**
 * Every page hydrates onto what the server rendered: the browser renders the same texts (i18next
 * with the page's language and files: ADR 0063) from the same data, so React reports no hydration error
 * (in a production build, "Minified React error #418/#423/#425" on the console or as an uncaught
 * error) and the page runs its scripts. Pages that ship no script are only opened.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs JavaScript");
test.describe.configure({ timeout: 180_000 });

/** The `<title>` of a page as the server sent it, its entities read. */
function servedTitle(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  return title
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

async function expectHydrated(page: Page, paths: readonly string[]) {
  const errors: string[] = [];
  page.on("console", (message) => {
    // A page that answers 404 (an expired report) is logged as a failed load: not a script's error.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  for (const path of paths) {
    const response = await page.goto(path);
    expect.soft(response?.status() ?? 0, `${path} answers`).toBeLessThan(500);
    if ((await page.locator("script[type=module]").count()) === 0) continue;
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
      timeout: 20_000,
    });
    // The browser makes the title from its own texts (the root data carries none): the server's.
    expect.soft(await page.title(), `${path}'s title after hydration`).toBe(servedTitle(await response!.text()));
  }
  expect(errors).toEqual([]);
}

test("the public pages", async ({ page }) => {
  await expectHydrated(page, publicPages);
});

test("a resident's pages", async ({ page }) => {
  const resident = residentPages();
  await signInDirectly(page, resident.account, /^\/(t\/\d+|select-tenancy)$/);
  await expectHydrated(page, resident.paths);
});

test("alarm and notification pages", async ({ page }) => {
  const alarms = alarmPages();
  await signInDirectly(page, alarms.account, new RegExp(`^/t/${alarms.tenancyId}$`));
  await expectHydrated(page, alarms.paths);
});

test("the other accounts' pages", async ({ page }) => {
  for (const group of otherAccountPages()) {
    await page.context().clearCookies();
    await signInDirectly(page, group.account, new RegExp(`^${group.landing}$`));
    await expectHydrated(page, group.paths);
  }
});

test("a client-side navigation titles the page as the server does", async ({ page }) => {
  const resident = residentPages();
  await signInDirectly(page, resident.account, /^\/(t\/\d+|select-tenancy)$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const menu = page.getByRole("navigation", { name: /./ }).first();
  const links = await menu
    .getByRole("link")
    .evaluateAll((anchors) =>
      anchors.map((a) => a.getAttribute("href") ?? "").filter((href) => href.startsWith("/t/")),
    );
  expect(links.length).toBeGreaterThan(2);
  for (const href of links.slice(0, 6)) {
    await menu.locator(`a[href="${href}"]`).first().click();
    await page.waitForURL((url) => url.pathname + url.search === href);
    const served = servedTitle(await (await page.request.get(href)).text());
    await expect(page, href).toHaveTitle(served);
  }
});
