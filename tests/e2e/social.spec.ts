import { expect, type Page, test } from "@playwright/test";
import { accountRefusals } from "./account-refusals";
import { e2e } from "./env";
import { demoAccounts, demoTenancyIds, sessionCookie, uniqueEmail, useLanguage } from "./helpers";
import { expectSignInRefused, signUpWithPolicyTicked, testNewEmailThroughSignIn, userRow } from "./social-steps";

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

/** Google's sign-in button (in Danish) and its provider's pages. */
const google = { button: "Fortsæt med Google", signInAt: signInAtProvider };

test.describe("social sign-in (Google, through a local OpenID provider)", () => {
  test("a new resident signs up with Google: account created, then onboarding", async ({ page }, info) => {
    const email = uniqueEmail("social", info.project.name);
    await page.goto("/signup");
    await page.getByRole("checkbox", { name: "Jeg har læst datapolitikken" }).check();
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
    await expectSignInRefused(
      page,
      context,
      google,
      `unverified-${uniqueEmail("social", info.project.name)}`,
      "Vi kunne ikke logge dig ind med Google.",
    );
  });

  test("a callback without the state this browser started with is refused", async ({ page, context }) => {
    await page.goto("/auth/google/callback?code=forged&state=forged");
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("providers without configuration stay disabled", async ({ page }) => {
    // The run configures Google and Apple (social-apple.spec.ts), not Facebook.
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Fortsæt med Facebook" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Fortsæt med Google" })).toBeEnabled();
  });
});

test.describe("social sign-up asks for the data-policy confirmation (spec section 4)", () => {
  test("with the box ticked the account is created and the time of the confirmation stored", async ({ page }, info) => {
    const email = uniqueEmail("social-policy", info.project.name);
    const before = await signUpWithPolicyTicked(page, "Sign up with Google", signInAtProvider, email);
    const at = userRow(email)?.acknowledgedAt;
    expect(at).toBeTruthy();
    expect(at! >= before && at! <= new Date().toISOString()).toBe(true);
  });

  test("without the box nothing leaves for the provider: the browser and the server require it", async ({ page }) => {
    await useLanguage(page, "en");
    await page.goto("/signup");
    const box = page.getByRole("checkbox", { name: "I have read the data policy" });
    await expect(box).not.toBeChecked();
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    // The browser's own validation (no script needed) keeps the resident on the form.
    await expect(page).toHaveURL(/\/signup$/);
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    // A post without the box (no browser validation) is sent back to sign-up with the reason.
    const answer = await page.request.post("/auth/google", { form: { purpose: "signup" }, maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/signup");
    await page.goto("/signup");
    await expect(page.getByRole("status")).toContainText("Please confirm that you have read the data policy.");
  });

  testNewEmailThroughSignIn({
    label: "social-no-policy",
    button: "Fortsett med Google",
    signInAt: signInAtProvider,
    message:
      "Det finnes ingen konto med denne e-postadressen ennå. Bekreft at du har lest personvernerklæringen, og fortsett med Google igjen for å opprette en.",
  });
});

test.describe("accounts the portal does not serve (spec section 8), with Google", () => {
  for (const refusal of accountRefusals) {
    test(`${refusal.what} signing in gets its own text and no session`, async ({ page, context }) => {
      await useLanguage(page, "da");
      await expectSignInRefused(page, context, google, refusal.email, refusal.text.da);
    });

    test(`${refusal.what} signing up gets its own text and no session`, async ({ page, context }) => {
      await useLanguage(page, "en");
      await page.goto("/signup");
      await page.getByRole("checkbox", { name: "I have read the data policy" }).check();
      await page.getByRole("button", { name: "Sign up with Google" }).click();
      await signInAtProvider(page, refusal.email);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("status")).toContainText(refusal.text.en);
      expect(await sessionCookie(context)).toBeUndefined();
    });
  }
});
