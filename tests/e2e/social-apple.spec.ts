import { expect, type Page, test } from "@playwright/test";
import { e2e } from "./env";
import { demoAccounts, demoTenancyIds, sessionCookie, uniqueEmail, useLanguage } from "./helpers";
import { expectSignInRefused, signUpWithPolicyTicked, testNewEmailThroughSignIn, userRow } from "./social-steps";

/**
 * Sign in with Apple (ADR 0056) through the local OpenID provider standing in for Apple on another
 * site (tests/e2e/oidc-provider.mjs): Apple's scopes, its form post back to the portal (cross-site,
 * no SameSite=Lax cookie on it), the nonce, and the ID token the back-end verifies against the
 * provider's published keys.
 */

/**
 * The provider's login page as the given account, its consent page the first time, and without
 * JavaScript the form post's own button (with JavaScript the page posts itself).
 */
async function signInAtApple(page: Page, login: string) {
  await expect(page).toHaveURL((url) => url.origin === e2e.appleIssuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  for (let step = 0; step < 3; step += 1) {
    const submit = page.locator('button[type="submit"]');
    const next = await Promise.race([
      page
        .waitForURL((url) => url.origin !== e2e.appleIssuer)
        .then(
          () => "left",
          () => "timeout",
        ),
      submit.waitFor({ state: "visible" }).then(
        () => "button",
        () => "timeout",
      ),
    ]);
    if (next !== "button") return;
    await submit.click();
  }
}

/**
 * Changes the nonce of the authorization request on its way to the provider, so the provider
 * issues a token for another sign-in. The portal's redirect is changed (Playwright does not route
 * the requests a redirect leads to); returns how many were changed.
 */
async function swapNonce(page: Page): Promise<() => number> {
  let swapped = 0;
  await page.route(
    (url) => url.origin === e2e.baseURL && url.pathname === "/auth/apple",
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers().location ?? "", e2e.baseURL);
      if (location.origin !== e2e.appleIssuer || !location.searchParams.get("nonce")) {
        await route.fulfill({ response });
        return;
      }
      location.searchParams.set("nonce", "the-nonce-of-another-sign-in");
      swapped += 1;
      await route.fulfill({ response, headers: { ...response.headers(), location: location.toString() } });
    },
  );
  return () => swapped;
}

test.describe("Sign in with Apple (through a local OpenID provider standing in for Apple)", () => {
  test("the button is offered with Google's in every language; Facebook without configuration stays off", async ({
    page,
  }) => {
    for (const [language, login, signup] of [
      ["da", "Log ind med Apple", "Opret med Apple"],
      ["en", "Sign in with Apple", "Sign up with Apple"],
      ["nb", "Logg på med Apple", "Registrer deg med Apple"],
    ] as const) {
      await useLanguage(page, language);
      await page.goto("/login");
      await expect(page.getByRole("button", { name: login })).toBeEnabled();
      await page.goto("/signup");
      await expect(page.getByRole("button", { name: signup })).toBeEnabled();
    }
    await useLanguage(page, "da");
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Fortsæt med Facebook" })).toBeDisabled();
  });

  test("an existing resident signs in with Apple and lands on their tenancy", async ({ page, context }) => {
    await useLanguage(page, "da");
    await page.goto("/login");
    const request = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.origin === e2e.appleIssuer && url.pathname === "/auth";
    });
    await page.getByRole("button", { name: "Log ind med Apple" }).click();
    // Apple's authorization request: its scopes, the answer by form post, a nonce, PKCE.
    const authorization = new URL((await request).url()).searchParams;
    expect(authorization.get("scope")).toBe("name email");
    expect(authorization.get("response_mode")).toBe("form_post");
    expect(authorization.get("client_id")).toBe(e2e.appleClientId);
    expect(authorization.get("nonce")?.length).toBeGreaterThanOrEqual(32);
    expect(authorization.get("code_challenge_method")).toBe("S256");
    await signInAtApple(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    expect(await sessionCookie(context)).toBeDefined();
  });

  test("a new resident signs up with Apple's private relay address, after the data-policy confirmation", async ({
    page,
  }, info) => {
    const relay = uniqueEmail("apple", info.project.name).replace(/@demo\.test$/, "@privaterelay.appleid.com");
    const before = await signUpWithPolicyTicked(page, "Sign up with Apple", signInAtApple, relay);
    await expect(page.getByText(`Signed in as ${relay}`)).toBeVisible();
    const row = userRow(relay);
    expect(row?.type).toBe("APPLE");
    expect(row!.acknowledgedAt! >= before).toBe(true);
  });

  testNewEmailThroughSignIn({
    label: "apple-no-policy",
    button: "Logg på med Apple",
    signInAt: signInAtApple,
    message: "fortsett med Apple igjen for å opprette en.",
  });

  test("an ID token issued for another sign-in's nonce is refused: a message, no account, no session", async ({
    page,
    context,
  }, info) => {
    const email = uniqueEmail("apple-nonce", info.project.name);
    const swapped = await swapNonce(page);
    await useLanguage(page, "da");
    await page.goto("/signup");
    await page.getByRole("checkbox", { name: "Jeg har læst datapolitikken" }).check();
    await page.getByRole("button", { name: "Opret med Apple" }).click();
    await signInAtApple(page, email);
    expect(swapped()).toBe(1);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("Vi kunne ikke logge dig ind med Apple.");
    expect(userRow(email)).toBeUndefined();
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("an e-mail Apple has not verified is refused", async ({ page, context }, info) => {
    await useLanguage(page, "en");
    await expectSignInRefused(
      page,
      context,
      { button: "Sign in with Apple", signInAt: signInAtApple },
      `unverified-${uniqueEmail("apple", info.project.name)}`,
      "We could not sign you in with Apple.",
    );
  });

  test("a forged cross-site post to the callback is only relayed, and then refused by the state check", async ({
    page,
    context,
  }) => {
    const crossSite = { origin: "https://attacker.example", "sec-fetch-site": "cross-site" };
    const relayed = await page.request.post("/auth/apple/callback", {
      form: { code: "forged", state: "forged", user: '{"name":{"firstName":"Eve"}}' },
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(relayed.status()).toBe(303);
    expect(relayed.headers().location).toBe("/auth/apple/callback?code=forged&state=forged");
    await page.goto(relayed.headers().location!);
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(context)).toBeUndefined();
    // Every other cross-site post is still refused.
    for (const path of ["/auth/apple", "/auth/google/callback"]) {
      const refused = await page.request.post(path, {
        form: { purpose: "login" },
        headers: crossSite,
        maxRedirects: 0,
      });
      expect(refused.status(), path).toBe(403);
    }
  });
});
