import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { database, sessionCookie, uniqueEmail, useLanguage } from "./helpers";

/**
 * The steps of a social sign-in that Google (social.spec.ts) and Apple (social-apple.spec.ts) take
 * alike. `signInAt` is the provider's own pages as the given account: each local provider has its
 * own, so each spec passes its own.
 */
type SignInAtProvider = (page: Page, login: string) => Promise<void>;

/** The user row's type and data-policy confirmation time, or undefined when there is no such user. */
export function userRow(email: string): { type: string; acknowledgedAt: string | null } | undefined {
  const db = database();
  try {
    return db
      .prepare("SELECT user_type AS type, data_policy_acknowledged_at AS acknowledgedAt FROM users WHERE email = ?")
      .get(email) as { type: string; acknowledgedAt: string | null } | undefined;
  } finally {
    db.close();
  }
}

/**
 * In English, signs up with the data-policy box ticked through the provider's button `button`, as
 * `email`, and lands on the new account's page. Returns the time just before the box was ticked.
 */
export async function signUpWithPolicyTicked(
  page: Page,
  button: string,
  signInAt: SignInAtProvider,
  email: string,
): Promise<string> {
  await useLanguage(page, "en");
  await page.goto("/signup");
  const before = new Date().toISOString();
  await page.getByRole("checkbox", { name: "I have read the data policy" }).check();
  await page.getByRole("button", { name: button }).click();
  await signInAt(page, email);
  await expect(page).toHaveURL(/\/account-created\?/);
  return before;
}

/**
 * The test that an e-mail with no account yet, arriving through sign-in (in Norwegian) with the
 * provider's button `button`, is sent to sign-up to confirm the data policy first, saying `message`,
 * and that neither an account nor a session is made. `label` is for the new e-mail address.
 */
export function testNewEmailThroughSignIn(provider: {
  label: string;
  button: string;
  signInAt: SignInAtProvider;
  message: string;
}) {
  test("a new e-mail arriving through sign-in is sent to sign-up to confirm first, and no account is made", async ({
    page,
    context,
  }, info) => {
    const email = uniqueEmail(provider.label, info.project.name);
    await useLanguage(page, "nb");
    await page.goto("/login");
    await page.getByRole("button", { name: provider.button }).click();
    await provider.signInAt(page, email);
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("status")).toContainText(provider.message);
    expect(userRow(email)).toBeUndefined();
    expect(await sessionCookie(context)).toBeUndefined();
  });
}

/**
 * Signs in through the provider's button `button` as `login` and is refused: back on /login, the
 * status saying `message`, and no session.
 */
export async function expectSignInRefused(
  page: Page,
  context: BrowserContext,
  provider: { button: string; signInAt: SignInAtProvider },
  login: string,
  message: string,
) {
  await page.goto("/login");
  await page.getByRole("button", { name: provider.button }).click();
  await provider.signInAt(page, login);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toContainText(message);
  expect(await sessionCookie(context)).toBeUndefined();
}
