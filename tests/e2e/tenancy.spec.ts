import { expect, test } from "@playwright/test";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard, useLanguage } from "./helpers";

test.describe("tenancy area", () => {
  test("a resident with two tenancies switches between them with the dropdown", async ({ page }) => {
    await useLanguage(page, "en");
    await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
    const firstAddress = await page.getByRole("heading", { level: 1 }).innerText();

    const select = page.getByLabel("Select tenancy");
    await expect(select.locator("option")).toHaveCount(2);
    await select.selectOption(String(demoTenancyIds.jensSecond));
    await page.getByRole("button", { name: "Switch tenancy" }).click();

    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.jensSecond}$`));
    // With JavaScript the address bar changes when the navigation commits, a moment before React
    // renders the new tenancy (startTransition): wait for the heading to change, then read it.
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).not.toHaveText(firstAddress);
    const secondAddress = await heading.innerText();
    await expect(page.getByRole("status")).toContainText(`Showing ${secondAddress}.`);
    await expect(select).toHaveValue(String(demoTenancyIds.jensSecond));

    // The choice is remembered: the application root now opens the second tenancy.
    await page.goto("/");
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.jensSecond}$`));
  });

  test("switching to a tenancy the resident does not hold changes nothing", async ({ page }) => {
    await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
    await page.request.post("/select-tenancy", { form: { tenancyId: String(demoTenancyIds.anna) } });
    await page.goto("/");
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.jensFirst}$`));
  });

  test("a resident with one tenancy has no tenancy dropdown", async ({ page }) => {
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    await expect(page.locator("#tenancy-select")).toHaveCount(0);
  });

  test("the dashboard shows the latest allocation statement when there is one", async ({ page }) => {
    await useLanguage(page, "en");
    await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
    const statement = page.locator("section", {
      has: page.getByRole("heading", { name: "Latest allocation statement" }),
    });
    await expect(statement).toContainText(/Period \d+ \w+ \d{4} – \d+ \w+ \d{4}/);
    await expect(statement).not.toContainText("No allocation statements yet.");
  });

  test("on a narrow screen the side menu is a drawer that opens and closes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await useLanguage(page, "en");
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Consumption" })).toBeVisible();
    await menu.getByRole("link", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    // Opened again, its logout button is usable even while the cookie banner is showing.
    await expect(page.getByRole("region", { name: "Cookies" })).toBeVisible();
    await page.getByRole("link", { name: "Menu" }).click();
    await menu.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("on a wide screen the side menu is always there", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await useLanguage(page, "en");
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Menu" })).toBeHidden();
  });
});
