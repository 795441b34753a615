import { expect, type Page, test } from "@playwright/test";
import { axeViolations, describeViolations } from "./axe";
import { alarmPages, aReportPage, otherAccountPages, publicPages, residentPages } from "./every-page";
import { signInDirectly, untilHydrated } from "./helpers";
import { servedTitle } from "./page-html";
import { sidewaysOverflow } from "./page-texts";

/**
 * Every page of every-page.ts, opened once in each project, with everything that reads a whole page:
 *
 * - WCAG 2.1 criterion 1.4.10 (Reflow): at 320 CSS px no page may scroll sideways; a table either
 *   stacks or scrolls inside its own labelled region. axe does not test this, so every page is
 *   measured here, with and without JavaScript (the server's markup and the hydrated page can
 *   differ).
 * - With JavaScript, every page hydrates onto what the server rendered: the browser renders the same
 *   texts (i18next with the page's language and files: ADR 0063) from the same data, so React
 *   reports no hydration error (in a production build, "Minified React error #418/#423/#425" on the
 *   console or as an uncaught error), and the title it makes from its own texts is the server's.
 *   Pages that ship no script are only opened.
 * - With JavaScript, axe (WCAG 2.2 AA and best practices) on the hydrated page at this width.
 *
 * These were two specs, reflow.spec.ts and hydration.spec.ts, which each opened every page with
 * JavaScript (docs/performance.md, "The test suite's run time"). A client-side navigation's titles
 * stay in hydration.spec.ts.
 */
test.use({ viewport: { width: 320, height: 640 } });

/**
 * Each page at 320 px: no sideways scrolling, and with JavaScript hydration without an error, the
 * server's title and no axe violation. Every page is checked before the test fails.
 */
async function expectEveryCheck(page: Page, paths: readonly string[], javaScriptEnabled: boolean) {
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
    // The browser makes the title from its own texts (the root data carries none): the server's.
    if (await untilHydrated(page, { timeout: 20_000 }))
      expect.soft(await page.title(), `${path}'s title after hydration`).toBe(servedTitle(await response!.text()));
    await expect(page.locator("h1").first()).toBeVisible();
    expect.soft(await sidewaysOverflow(page), `${path} scrolls sideways at 320 px`).toEqual([]);
    // A stacked table's cell shows its column's name from data-label; without it the value stands alone.
    const unlabelled = await page.locator("table.table-stacked td:not([data-label])").count();
    expect.soft(unlabelled, `${path}: cells of stacked tables without their column's name`).toBe(0);
    if (javaScriptEnabled)
      expect.soft(describeViolations(await axeViolations(page)), `axe on ${path} at 320 px`).toEqual([]);
  }
  expect(errors, "errors on the console or uncaught (hydration)").toEqual([]);
}

/** Splits a long list of pages into several tests, so one slow page does not time out the rest. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

test.describe("every page at 320 px: reflow (WCAG 1.4.10), hydration, axe", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the public pages", async ({ page, javaScriptEnabled }) => {
    await expectEveryCheck(page, publicPages, javaScriptEnabled);
  });

  test("the monthly report", async ({ page, javaScriptEnabled }) => {
    const report = aReportPage();
    expect(report, "the seed makes a monthly report").toBeDefined();
    await expectEveryCheck(page, [report!, report!.replace("lng=da", "lng=en")], javaScriptEnabled);
  });

  const resident = residentPages();
  for (const [index, paths] of chunks(resident.paths, 7).entries()) {
    test(`a resident's pages, part ${index + 1}`, async ({ page, javaScriptEnabled }) => {
      await signInDirectly(page, resident.account, /^\/(t\/\d+|select-tenancy)$/);
      await expectEveryCheck(page, paths, javaScriptEnabled);
    });
  }

  test("alarm and notification pages", async ({ page, javaScriptEnabled }) => {
    // Reads the seeded database, which exists once the run's back-end has started.
    const alarms = alarmPages();
    await signInDirectly(page, alarms.account, new RegExp(`^/t/${alarms.tenancyId}$`));
    await expectEveryCheck(page, alarms.paths, javaScriptEnabled);
  });

  for (const group of otherAccountPages()) {
    test(`${group.account}'s pages`, async ({ page, javaScriptEnabled }) => {
      await signInDirectly(page, group.account, new RegExp(`^${group.landing}$`));
      await expectEveryCheck(page, group.paths, javaScriptEnabled);
    });
  }
});
