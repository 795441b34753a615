import { expect, type Page, test } from "@playwright/test";
import { accountRefusals } from "./account-refusals";
import { DEMO_PASSWORD, demoAccounts, demoTenancyIds, sessionCookie, signIn, useLanguage } from "./helpers";

/** Signs in through the form, as this file tests it, and waits for the tenancy's dashboard. */
async function signInThroughTheFormToDashboard(page: Page, email: string, tenancyId: number) {
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`/t/${tenancyId}$`));
}

test.describe("login with e-mail", () => {
  test("a resident with the right password lands on their tenancy dashboard", async ({ page, context }) => {
    await signInThroughTheFormToDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nørrebrogade 148A, 2. tv.");
    await expect(page.locator(".header-address")).toContainText("2200 København N");
    // The dashboard's sections, in Danish (the default language).
    for (const heading of ["Forbrugsvurdering", "Dit forbrug", "Indeklima", "Seneste fordelingsregnskab"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    // Her figures: a rating letter, and no allocation statement yet (Anna has none).
    await expect(page.getByText(/^Vurdering [A-G]$/).first()).toBeVisible();
    await expect(page.getByText("Ingen fordelingsregnskaber endnu.")).toBeVisible();
    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
  });

  test("e-mail addresses are not case-sensitive", async ({ page }) => {
    await signInThroughTheFormToDashboard(page, demoAccounts.anna.email.toUpperCase(), demoTenancyIds.anna);
  });

  test("a wrong password shows the localized error, keeps the e-mail and leaves no session", async ({
    page,
    context,
  }) => {
    await signIn(page, demoAccounts.anna.email, "Wrong-Password-2026!");
    await expect(
      page.getByRole("alert").filter({ hasText: "Ugyldige loginoplysninger. Prøv venligst igen." }),
    ).toBeVisible();
    await expect(page.locator('input[name="email"]')).toHaveValue(demoAccounts.anna.email);
    await expect(page.locator('input[name="password"]')).toHaveValue("");
    expect(await sessionCookie(context)).toBeUndefined();

    await useLanguage(page, "en");
    await signIn(page, demoAccounts.anna.email, "Wrong-Password-2026!");
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid login credentials. Please try again." }),
    ).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("an unknown e-mail gets the same answer as a wrong password", async ({ page }) => {
    await useLanguage(page, "nb");
    await signIn(page, "nobody@demo.test", "Wrong-Password-2026!");
    await expect(
      page.getByRole("alert").filter({ hasText: "Ugyldige innloggingsopplysninger. Vennligst prøv igjen." }),
    ).toBeVisible();
  });

  test("the server validates the form and answers 400 with localized messages", async ({ page }) => {
    await useLanguage(page, "en");
    const response = await page.request.post("/login/email", {
      form: { email: "not-an-address", password: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid e-mail address.");
    expect(html).toContain("Enter your password.");
    expect(html).toContain('value="not-an-address"');
  });

  test("the login entry offers e-mail and the three social providers", async ({ page }) => {
    await useLanguage(page, "en");
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in with e-mail" })).toHaveAttribute("href", "/login/email");
    // The e2e deployment configures Google and Apple (local providers, ADR 0056); Facebook has no client id.
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Sign in with Apple" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Continue with Facebook" })).toBeDisabled();
    await page.getByRole("link", { name: "Log in with e-mail" }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a signed-in resident who opens /login goes to their tenancy", async ({ page }) => {
    await signInThroughTheFormToDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    await page.goto("/login");
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
  });

  test("the session cookie stays under 4096 bytes for the resident with the most tenancies", async ({
    page,
    context,
  }) => {
    await signInThroughTheFormToDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    const setCookieLength = `${cookie!.name}=${cookie!.value}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`
      .length;
    expect(setCookieLength).toBeLessThan(4096);
  });
});

test("the splash panel names the Danish-market brand and links to its two app stores", async ({ page }) => {
  await page.goto("/login");
  const splash = page.getByRole("complementary", { name: "Mit Forbrug" });
  await expect(splash).toContainText("Dit hjems forbrug på et øjeblik");
  await expect(splash.getByRole("link", { name: "Hent i App Store" })).toHaveAttribute(
    "href",
    /apps\.apple\.com\/dk\//,
  );
  await expect(splash.getByRole("link", { name: "Hent i Google Play" })).toHaveAttribute("href", /play\.google\.com/);
});

test("without 'remember me' the session ends with the browser; with it, it lasts 30 days", async ({
  page,
  context,
}) => {
  await signInThroughTheFormToDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
  expect((await sessionCookie(context))?.expires).toBe(-1);

  await page.getByRole("button", { name: "Log ud" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/login/email");
  await page.locator('input[name="email"]').fill(demoAccounts.anna.email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByLabel("Husk mig").check();
  await page.locator('main form[method="post"] button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
  const expires = (await sessionCookie(context))!.expires;
  expect(expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
});

test.describe("accounts the portal does not serve (spec section 8), signing in by e-mail", () => {
  for (const refusal of accountRefusals) {
    test(`${refusal.what} with the right password gets its own text and no session`, async ({ page, context }) => {
      await useLanguage(page, "en");
      await signIn(page, refusal.email, refusal.password);
      await expect(page.getByRole("alert").filter({ hasText: refusal.text.en })).toBeVisible();
      await expect(page.getByText("Our service answered in a way we did not expect")).toHaveCount(0);
      await expect(page.locator('input[name="email"]')).toHaveValue(refusal.email);
      expect(await sessionCookie(context)).toBeUndefined();
    });

    test(`${refusal.what} with a wrong password gets the invalid-credentials text, as any address would`, async ({
      page,
    }) => {
      await useLanguage(page, "da");
      await signIn(page, refusal.email, "Wrong-Password-2026!");
      await expect(
        page.getByRole("alert").filter({ hasText: "Ugyldige loginoplysninger. Prøv venligst igen." }),
      ).toBeVisible();
      await expect(page.getByText(refusal.text.da)).toHaveCount(0);
    });
  }
});
