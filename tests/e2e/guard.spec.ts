import { expect, test } from "@playwright/test";
import { demoAccounts, demoTenancyIds, signIn } from "./helpers";

test.describe("guard on tenancy pages", () => {
  test("without a session, a tenancy page goes to /login and remembers where the resident was going", async ({
    page,
  }) => {
    await page.goto(`/t/${demoTenancyIds.jensSecond}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Ft%2F${demoTenancyIds.jensSecond}$`));
    await page.getByRole("link", { name: "Log ind med e-mail" }).click();
    await expect(page).toHaveURL(/\/login\/email\?redirectTo=/);
    await signIn(page, demoAccounts.jens.email, undefined, page.url());
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.jensSecond}$`));
  });

  test("a tenancyId query parameter picks the tenancy after login", async ({ page }) => {
    await signIn(page, demoAccounts.jens.email, undefined, `/login/email?tenancyId=${demoTenancyIds.jensSecond}`);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.jensSecond}$`));
  });

  test("the application root and /t go to /login when signed out", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/t");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("any unknown path goes to /login", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("another resident's tenancy id goes to the resident's own dashboard and shows nothing of the other", async ({
    page,
  }) => {
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    for (const foreign of [demoTenancyIds.jensFirst, demoTenancyIds.annaPredecessor, 999999]) {
      const response = await page.goto(`/t/${foreign}`);
      await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nørrebrogade 148A, 2. tv.");
    }
  });

  test("the application root goes to the selected tenancy when signed in", async ({ page }) => {
    await signIn(page, demoAccounts.jens.email, undefined, `/login/email?tenancyId=${demoTenancyIds.jensSecond}`);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.jensSecond}$`));
    await page.goto("/");
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.jensSecond}$`));
  });

  test("a resident without tenancies goes to /no-tenancies", async ({ page }) => {
    await signIn(page, demoAccounts.nora.email);
    await expect(page).toHaveURL(/\/no-tenancies$/);
    await expect(page.getByRole("heading", { level: 1, name: "Intet lejemål endnu" })).toBeVisible();
    await page.goto(`/t/${demoTenancyIds.anna}`);
    await expect(page).toHaveURL(/\/no-tenancies$/);
  });

  test("a resident with tenancies is sent on from /no-tenancies", async ({ page }) => {
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    await page.goto("/no-tenancies");
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
  });

  test("/no-tenancies without a session goes to /login", async ({ page }) => {
    await page.goto("/no-tenancies");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fno-tenancies$/);
  });
});
