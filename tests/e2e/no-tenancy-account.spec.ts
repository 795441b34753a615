import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { e2e } from "./env";
import {
  database,
  demoAccounts,
  demoTenancyIds,
  signIn,
  signInAndWaitForDashboard,
  signUp,
  uniqueEmail,
  useLanguage,
} from "./helpers";
import { changePassword, confirmEmailChange, deleteAccount, requestEmailChange } from "./profile-steps";

/**
 * Issue 44 item 6 (ADR 0057), with and without JavaScript: a resident who never redeemed a code
 * reaches their profile from /no-tenancies — language, password, e-mail — downloads their data and
 * deletes the account, on the profile's own pages served under /account, with the same checks and
 * confirmations as in a tenancy (profile.spec.ts); afterwards the account cannot sign in.
 */

const firstPassword = "No-Home-Password-2026!";
const secondPassword = "No-Home-Changed-2027#";

/** The page does not scroll sideways (WCAG 1.4.10; every-page.spec.ts names what sticks out). */
async function expectNoSidewaysScroll(page: Page, at: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${at} scrolls sideways at 320 px`).toBeLessThanOrEqual(widths.client);
}

test("a resident without a tenancy changes language, password and e-mail, downloads their data and deletes the account from /no-tenancies", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("no-home", info.project.name);

  // A new account, no code: its landing page offers the account's pages.
  await useLanguage(page, "en");
  await signUp(page, email, firstPassword);
  await expect(page).toHaveURL(/\/account-created/);
  await page.goto("/no-tenancies");
  await expect(page.getByRole("heading", { level: 1, name: "No tenancy yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a tenancy with an activation code" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  const account = page.getByRole("region", { name: "Your account" });
  await account.getByRole("link", { name: "Profile settings" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profile settings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/no-tenancies");
  // Every link of the page stays outside the tenancy area.
  for (const [name, href] of [
    ["Change e-mail", "/account/email"],
    ["Change password", "/account/password"],
    ["Download my data", "/account/my-data.json"],
    ["Delete my account", "/account/delete"],
  ] as const)
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);

  // Language, stored on the account: the page switches at once, and back.
  await page.getByLabel("Language", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profilindstillinger" })).toBeVisible();
  await expect(page.getByText("Dine indstillinger er gemt.")).toBeVisible();
  const stored = database();
  expect(stored.prepare("SELECT language FROM users WHERE email = ?").get(email)).toEqual({ language: "da" });
  stored.close();
  await page.getByLabel("Sprog", { exact: true }).selectOption("en");
  await page.getByRole("button", { name: "Gem indstillinger" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile settings" })).toBeVisible();

  // Password: the current one is required and checked; then back on /account with the confirmation.
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/account");
  await changePassword(page, firstPassword, secondPassword);
  await expect(page).toHaveURL(/\/account$/);

  // E-mail: the same confirmation link to the new address; opening it changes it and logs out.
  const newEmail = uniqueEmail("no-home-new", info.project.name);
  await page.getByRole("link", { name: "Change e-mail" }).click();
  await expect(page).toHaveURL(/\/account\/email$/);
  const confirmation = await requestEmailChange(page, newEmail, secondPassword);
  await expect(page.getByRole("link", { name: "Profile settings" })).toHaveAttribute("href", "/account");
  await confirmEmailChange(page, confirmation);
  await signIn(page, newEmail, secondPassword);
  await page.waitForURL(/\/(welcome|no-tenancies)/);

  // My data: the download from /no-tenancies holds the account, and no home's readings.
  await page.goto("/no-tenancies");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("my-data.json");
  const exported = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(JSON.stringify(exported)).toContain(newEmail);
  expect(JSON.stringify(exported)).not.toContain("password_hash");
  expect(exported.readings).toEqual([]);

  // Delete, from /no-tenancies: the wrong password keeps everything; the right one deletes it.
  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account\/delete$/);
  await deleteAccount(page, secondPassword);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await signIn(page, newEmail, secondPassword);
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/email/);
  const gone = database();
  expect(gone.prepare("SELECT COUNT(*) AS n FROM users WHERE email IN (?, ?)").get(email, newEmail)).toEqual({ n: 0 });
  gone.close();
});

test("the account's pages fit a 320 px screen", async ({ page }, info) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await useLanguage(page, "da");
  await signUp(page, uniqueEmail("no-home-narrow", info.project.name), firstPassword);
  await expect(page).toHaveURL(/\/account-created/);
  for (const path of ["/no-tenancies", "/account", "/account/password", "/account/email", "/account/delete"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator("main h1")).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});

test("a resident with a tenancy is sent from /account to the same page of their tenancy's profile", async ({
  page,
}) => {
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
  const profile = `/t/${demoTenancyIds.jensFirst}/profile`;
  for (const [from, to] of [
    ["/account", profile],
    ["/account/password", `${profile}/password`],
    ["/account/email", `${profile}/email`],
    ["/account/delete", `${profile}/delete`],
  ] as const) {
    await page.goto(from);
    await expect(page, from).toHaveURL(new RegExp(`${to}$`));
  }
  const response = await page.request.get("/account/my-data.json", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`${profile}/my-data.json`);
});

test("malformed posts to the account's forms get a 4xx page, never a 5xx, and change nothing", async ({
  page,
}, info) => {
  const email = uniqueEmail("no-home-malformed", info.project.name);
  await signUp(page, email, firstPassword);
  await expect(page).toHaveURL(/\/account-created/);
  const account = () => {
    const db = database();
    try {
      return db.prepare("SELECT email, language, password_hash FROM users WHERE email = ?").get(email);
    } finally {
      db.close();
    }
  };
  const before = account();
  expect(before).toBeDefined();
  for (const [path, form] of [
    ["/account", {}],
    ["/account", { intent: "name", name: "" }],
    ["/account", { intent: "settings", language: "xx" }],
    ["/account/password", {}],
    ["/account/password", { currentPassword: "x".repeat(5000), password: "short", passwordRepeat: "other" }],
    ["/account/email", { newEmail: "not-an-address" }],
    ["/account/delete", {}],
    ["/account/delete", { password: "Wrong-Password-2026!" }],
  ] as const) {
    const response = await page.request.post(path, { form, headers: { Origin: e2e.baseURL }, maxRedirects: 0 });
    const status = response.status();
    expect(status >= 400 && status < 500, `${path} ${JSON.stringify(form)} answered ${status}`).toBe(true);
  }
  // Nothing above changed or deleted the account, and its owner is still signed in.
  expect(account()).toEqual(before);
  expect((await page.request.get("/account", { maxRedirects: 0 })).status()).toBe(200);
});
