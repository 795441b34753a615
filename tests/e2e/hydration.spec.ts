import { expect, type Page, test } from "@playwright/test";
import { alarmPages, otherAccountPages, publicPages, residentPages } from "./every-page";
import { signInDirectly } from "./helpers";

/**
 * Every page hydrates onto what the server rendered: the browser renders the same texts (its own
 * translator, not i18next: ADR 0043) from the same data, so React reports no hydration error
 * (in a production build, "Minified React error #418/#423/#425" on the console or as an uncaught
 * error) and the page runs its scripts. Pages that ship no script are only opened.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs JavaScript");
test.describe.configure({ timeout: 180_000 });

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
