import { expect, type Page, test } from "@playwright/test";
import { axeViolations, describeViolations } from "./axe";
import { demoAccounts, demoTenancyIds, firstAlarmAndNotification, signInAndWaitForDashboard } from "./helpers";

/**
 * The tenancy area's header (spec section 2): below 1280 px a back link to the page one level up
 * on pages with breadcrumbs, else the menu button; pages of the side menu clear the breadcrumbs.
 */
const anna = demoTenancyIds.anna;
const base = `/t/${anna}`;

const header = (page: Page) => page.locator("header.app-header");
const backLink = (page: Page) => header(page).getByRole("link", { name: /^Tilbage til / });
const menuButton = (page: Page) => header(page).getByRole("link", { name: "Menu", exact: true });
const breadcrumbs = (page: Page) => page.getByRole("navigation", { name: "Brødkrummer" });

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, anna, { timeout: 30_000 });
  });

  test("pages of the side menu clear the breadcrumbs and show the menu button", async ({ page }) => {
    for (const path of [base, `${base}/alarms`, `${base}/profile`, `${base}/settings`, `${base}/help`]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(menuButton(page), path).toBeVisible();
      await expect(backLink(page), path).toHaveCount(0);
      await expect(breadcrumbs(page), path).toHaveCount(0);
    }
    // The menu button opens the drawer (a link to it: no script needed).
    await menuButton(page).click();
    await expect(page.getByRole("navigation", { name: "Hovedmenu" })).toBeInViewport();
  });

  test("a page below them has a back link, by keyboard too, to the page one level up", async ({ page }) => {
    const { alarmId } = firstAlarmAndNotification(anna);
    await page.goto(`${base}/alarms/${alarmId}`);
    await expect(page.locator("main h1")).toBeVisible();
    await expect(menuButton(page)).toHaveCount(0);
    await expect(backLink(page)).toHaveAccessibleName("Tilbage til Alarmindstillinger");
    await expect(backLink(page)).toHaveText("‹ Tilbage");
    await backLink(page).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${base}/alarms$`));
    await expect(menuButton(page)).toBeVisible();

    await page.goto(`${base}/consumption/heat-energy/price`);
    await expect(page.locator("main h1")).toBeVisible();
    await backLink(page).click();
    await expect(page).toHaveURL(new RegExp(`${base}/consumption/heat-energy$`));
    // A quantity's page is below the overview (the dashboard).
    await backLink(page).click();
    await expect(page).toHaveURL(new RegExp(`${base}$`));
  });

  test("pages whose address is not nested under their parent go back to it", async ({ page }) => {
    await page.goto(`${base}/profile/password`);
    await expect(backLink(page)).toHaveAccessibleName("Tilbage til Profilindstillinger");
    await backLink(page).click();
    await expect(page).toHaveURL(new RegExp(`${base}/profile$`));

    await page.goto(`${base}/settings/leave`);
    await backLink(page).click();
    await expect(page).toHaveURL(new RegExp(`${base}/settings$`));
  });

  test("the header does not scroll sideways at 320 px, and is axe clean at 390 px", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { alarmId } = firstAlarmAndNotification(anna);
    await page.goto(`${base}/alarms/${alarmId}/edit`);
    await expect(backLink(page)).toBeVisible();
    if (javaScriptEnabled) {
      expect(describeViolations(await axeViolations(page))).toEqual([]);
    }
    await page.setViewportSize({ width: 320, height: 700 });
    const overflow = await header(page).evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("on a wide screen (1366 px)", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the menu is open: neither back link nor menu button; the trail shows below the menu pages", async ({
    page,
  }) => {
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, anna, { timeout: 30_000 });
    const { alarmId } = firstAlarmAndNotification(anna);
    await page.goto(`${base}/alarms/${alarmId}`);
    await expect(page.locator("main h1")).toBeVisible();
    await expect(backLink(page)).toBeHidden();
    await expect(menuButton(page)).toHaveCount(0);
    await expect(breadcrumbs(page).getByRole("link")).toHaveText(["Overblik", "Alarmindstillinger"]);
    await breadcrumbs(page).getByRole("link", { name: "Alarmindstillinger" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/alarms$`));
    await expect(breadcrumbs(page)).toHaveCount(0);
    await expect(menuButton(page)).toBeHidden();
  });
});
