import { expect, type Page, test } from "@playwright/test";
import { axeViolations, describeViolations } from "./axe";
import { alarmPages, aReportPage, otherAccountPages, publicPages, residentPages } from "./every-page";
import { signInDirectly } from "./helpers";
import { sidewaysOverflow } from "./page-texts";

/**
 * WCAG 2.1 criterion 1.4.10 (Reflow): at 320 CSS px no page may scroll sideways; a table either
 * stacks or scrolls inside its own labelled region. axe does not test this, so every page is
 * measured here, with and without JavaScript (the server's markup and the hydrated page can
 * differ), and axe runs at this width too in the JavaScript project.
 */
test.use({ viewport: { width: 320, height: 640 } });

/** Each page at 320 px: no sideways scrolling, and (with JavaScript) no axe violation. Every page is checked before the test fails. */
async function expectReflow(page: Page, paths: readonly string[], javaScriptEnabled: boolean) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect.soft(response?.status() ?? 0, `${path} answers`).toBeLessThan(500);
    await expect(page.locator("h1").first()).toBeVisible();
    expect.soft(await sidewaysOverflow(page), `${path} scrolls sideways at 320 px`).toEqual([]);
    // A stacked table's cell shows its column's name from data-label; without it the value stands alone.
    const unlabelled = await page.locator("table.table-stacked td:not([data-label])").count();
    expect.soft(unlabelled, `${path}: cells of stacked tables without their column's name`).toBe(0);
    if (javaScriptEnabled)
      expect.soft(describeViolations(await axeViolations(page)), `axe on ${path} at 320 px`).toEqual([]);
  }
}

/** Splits a long list of pages into several tests, so one slow page does not time out the rest. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

test.describe("every page at 320 px (WCAG 1.4.10 Reflow)", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the public pages", async ({ page, javaScriptEnabled }) => {
    await expectReflow(page, publicPages, javaScriptEnabled);
  });

  test("the monthly report", async ({ page, javaScriptEnabled }) => {
    const report = aReportPage();
    expect(report, "the seed makes a monthly report").toBeDefined();
    await expectReflow(page, [report!, report!.replace("lng=da", "lng=en")], javaScriptEnabled);
  });

  const resident = residentPages();
  for (const [index, paths] of chunks(resident.paths, 7).entries()) {
    test(`a resident's pages, part ${index + 1}`, async ({ page, javaScriptEnabled }) => {
      await signInDirectly(page, resident.account, /^\/(t\/\d+|select-tenancy)$/);
      await expectReflow(page, paths, javaScriptEnabled);
    });
  }

  test("alarm and notification pages", async ({ page, javaScriptEnabled }) => {
    // Reads the seeded database, which exists once the run's back-end has started.
    const alarms = alarmPages();
    await signInDirectly(page, alarms.account, new RegExp(`^/t/${alarms.tenancyId}$`));
    await expectReflow(page, alarms.paths, javaScriptEnabled);
  });

  for (const group of otherAccountPages()) {
    test(`${group.account}'s pages`, async ({ page, javaScriptEnabled }) => {
      await signInDirectly(page, group.account, new RegExp(`^${group.landing}$`));
      await expectReflow(page, group.paths, javaScriptEnabled);
    });
  }
});
