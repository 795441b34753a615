import { expect, test } from "@playwright/test";
import { residentPages } from "./every-page";
import { signInDirectly } from "./helpers";
import { servedTitle } from "./page-html";

/**
 * A client-side navigation titles each page as the server does: the browser makes the title from its
 * own texts (i18next with the page's language and files: ADR 0063). That every page hydrates onto
 * what the server rendered, without an error and with the server's title, is checked in
 * every-page.spec.ts, which opens every page once.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs JavaScript");
test.describe.configure({ timeout: 180_000 });

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
