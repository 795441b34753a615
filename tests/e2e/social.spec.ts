import { expect, type Page, test } from "@playwright/test";
import { e2e } from "./env";
import { demoAccounts, demoTenancyIds, sessionCookie, uniqueEmail } from "./helpers";

/** Goes through the provider's own login and consent pages as the given account. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL((url) => url.origin === e2e.oidcIssuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  // Consent, the first time this account meets the portal.
  const consent = page.locator('button[type="submit"]');
  if (new URL(page.url()).origin === e2e.oidcIssuer) await consent.click();
}

test.describe("social sign-in (Google, through a local OpenID provider)", () => {
  test("a new resident signs up with Google: account created, then onboarding", async ({ page }, info) => {
    const email = uniqueEmail("social", info.project.name);
    await page.goto("/signup");
    await page.getByRole("button", { name: "Opret med Google" }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/account-created\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Din konto er klar" })).toBeVisible();
    await expect(page.getByText(`Logget ind som ${email}`)).toBeVisible();
  });

  test("an existing resident signs in with Google and lands on their tenancy", async ({ page, context }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Fortsæt med Google" }).click();
    await signInAtProvider(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    expect(await sessionCookie(context)).toBeDefined();
  });

  test("an e-mail the provider has not verified is refused, with a message and no session", async ({
    page,
    context,
  }, info) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Fortsæt med Google" }).click();
    await signInAtProvider(page, `unverified-${uniqueEmail("social", info.project.name)}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("Vi kunne ikke logge dig ind med Google.");
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("a callback without the state this browser started with is refused", async ({ page, context }) => {
    await page.goto("/auth/google/callback?code=forged&state=forged");
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("providers without configuration stay disabled", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Fortsæt med Facebook" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Fortsæt med Apple" })).toBeDisabled();
  });
});
