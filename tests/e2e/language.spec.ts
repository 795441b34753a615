import { expect, test } from "@playwright/test";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard } from "./helpers";

test.describe("language", () => {
  test("Danish is the default; the 'Select a language' dialog switches to English and the choice is kept", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "da");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log ind");

    await page.getByRole("link", { name: /Sprog/ }).click();
    await expect(page).toHaveURL(/\/login\?dialog=language$/);
    const dialog = page.getByRole("dialog", { name: "Vælg et sprog" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "English" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  });

  test("Norwegian Bokmål in the tenancy area", async ({ page }) => {
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    await page.getByRole("link", { name: /Sprog/ }).click();
    await page.getByRole("dialog", { name: "Vælg et sprog" }).getByRole("button", { name: "Norsk bokmål" }).click();
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await expect(page.getByRole("heading", { level: 2, name: "Ditt forbruk" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Inneklima" })).toBeVisible();
  });

  test("the page title is in the page's language, the same once the scripts run (ADR 0063)", async ({
    page,
    javaScriptEnabled,
  }) => {
    const titles = [
      ["da", "/login", "Log ind – Mit Forbrug"],
      ["en", "/login", "Log in – My Consumption"],
      ["nb", "/login", "Logg inn – Mitt Forbruk"],
      ["nb", "/cookie-policy", "Retningslinjer for informasjonskapsler – Mitt Forbruk"],
    ] as const;
    for (const [lng, path, title] of titles) {
      const response = await page.goto(`${path}?lng=${lng}`);
      expect(await response?.text()).toContain(`<title>${title}</title>`);
      // The policies ship no script (handle.scripts = false): nothing to wait for there.
      if (javaScriptEnabled && (await page.locator("script[type=module]").count()) > 0)
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
          timeout: 20_000,
        });
      await expect(page, `${lng} ${path}`).toHaveTitle(title);
    }
  });

  test("the language dialog closes without choosing", async ({ page }) => {
    await page.goto("/login/email?dialog=language");
    const dialog = page.getByRole("dialog", { name: "Vælg et sprog" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Luk" }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a language this deployment does not offer is ignored", async ({ page }) => {
    const response = await page.request.post("/language", { form: { lng: "xx", redirectTo: "/login" } });
    expect(response.ok()).toBeTruthy();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "da");
  });

  test("the language form only redirects to our own pages", async ({ page }) => {
    const response = await page.request.post("/language", {
      form: { lng: "en", redirectTo: "https://evil.example/phish" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
  });
});
