import { type Browser, expect, test } from "@playwright/test";
import { e2e } from "./env";
import {
  createActivationCode,
  database,
  demoAccounts,
  demoTenancyIds,
  impersonationLink,
  signIn,
  signUp,
  uniqueEmail,
  useLanguage,
} from "./helpers";
import { changePassword, confirmEmailChange, deleteAccount, mailsTo, requestEmailChange } from "./profile-steps";

/**
 * Profile settings, with and without JavaScript, for a resident who signs up in the
 * test: name, language, e-mail notifications, password (the other sessions end), e-mail (the
 * confirmation link from the outbox, then logged out, then signed in with the new address), the
 * data download, and deleting the account (no sign-in afterwards; the address can sign up anew).
 */

/** A tenancy no demo resident holds, per project (accounts.spec uses 7023–7030). */
const tenancyOf = (project: string) => (project === "js" ? 7031 : 7032);
const firstPassword = "Profile-Password-2026!";
const secondPassword = "Changed-Password-2027#";

async function newPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: e2e.baseURL });
  return { context, page: await context.newPage() };
}

test("a resident changes name, language, notifications, password and e-mail, downloads their data and deletes the account", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const js = info.project.name === "js";
  const tenancyId = tenancyOf(info.project.name);
  const email = uniqueEmail("profile", info.project.name);
  const profile = `/t/${tenancyId}/profile`;

  // A new resident with a home.
  await page.goto(`/signup?activationCode=${createActivationCode(tenancyId)}`);
  await signUp(page, email, firstPassword);
  await expect(page).toHaveURL(/\/account-created\?/);
  await useLanguage(page, "en");
  await page.goto(profile);
  await expect(page.getByRole("heading", { level: 1, name: "Profile settings" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Profile settings" }),
  ).toBeVisible();

  // Name: an empty one is refused, a real one saved.
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Enter your name.")).toBeVisible();
  await name.fill("Profile Tester");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name has been saved.")).toBeVisible();
  await expect(name).toHaveValue("Profile Tester");

  // Language, e-mail notifications and the weekly update (off for a new resident), stored on the
  // account: the page switches at once.
  await expect(page.getByLabel("E-mail me a weekly update")).not.toBeChecked();
  await page.getByLabel("Language", { exact: true }).selectOption("nb");
  await page.getByLabel("E-mail me notifications and monthly reports").uncheck();
  await page.getByLabel("E-mail me a weekly update").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profilinnstillinger" })).toBeVisible();
  await expect(page.getByLabel("Send meg varsler og månedsrapporter på e-post")).not.toBeChecked();
  await expect(page.getByLabel("Send meg en ukentlig oppdatering")).toBeChecked();
  const stored = database();
  expect(
    stored
      .prepare(
        "SELECT language, email_notifications AS notifications, weekly_update AS weekly, name FROM users WHERE email = ?",
      )
      .get(email),
  ).toEqual({ language: "nb", notifications: 0, weekly: 1, name: "Profile Tester" });
  stored.close();
  await page.getByLabel("Språk", { exact: true }).selectOption("en");
  await page.getByLabel("Send meg en ukentlig oppdatering").uncheck();
  await page.getByRole("button", { name: "Lagre innstillinger" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile settings" })).toBeVisible();
  await expect(page.getByLabel("E-mail me a weekly update")).not.toBeChecked();

  // Password: another browser is signed in too; after the change only this one is.
  const other = await newPage(browser, js);
  await signIn(other.page, email, firstPassword);
  await other.page.waitForURL(/\/(t\/\d+|welcome)/);
  await page.getByRole("link", { name: "Change password" }).click();
  await changePassword(page, firstPassword, secondPassword);
  await expect(page).toHaveURL(new RegExp(`${profile}$`));
  await other.page.goto(`/t/${tenancyId}`);
  await expect(other.page).toHaveURL(/\/login/);
  await other.context.close();

  // E-mail: a link to the new address; nothing changes until it is opened; then logged out.
  const newEmail = uniqueEmail("profile-new", info.project.name);
  await page.goto(`${profile}/email`);
  await confirmEmailChange(page, await requestEmailChange(page, newEmail, secondPassword));
  expect(mailsTo(email).length).toBeGreaterThan(0);
  await signIn(page, newEmail, secondPassword);
  await page.waitForURL(/\/(t\/\d+|welcome)/);

  // My data: the profile, the home, where the readings are.
  const download = await page.request.get(`${profile}/my-data.json`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain("my-data.json");
  const exported = JSON.parse(await download.text());
  expect(JSON.stringify(exported)).toContain(newEmail);
  expect(JSON.stringify(exported)).not.toContain("password_hash");
  expect(exported.readings[0].csv).toContain(`/t/${tenancyId}/meters/readings.csv`);

  // Delete: the wrong password keeps everything; the right one deletes the account.
  await page.goto(`${profile}/delete`);
  await deleteAccount(page, secondPassword);
  await signIn(page, newEmail, secondPassword);
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/email/);
  // The address is free again.
  await signUp(page, newEmail, firstPassword);
  await expect(page).toHaveURL(/\/(account-created|no-tenancies)/);
});

test("a support session sees the profile but cannot change e-mail or password, nor delete the account", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "js", "one support session is enough");
  await page.goto(impersonationLink(demoAccounts.anna.email));
  await page.waitForURL(/\/t\/\d+/);
  await useLanguage(page, "en");
  const profile = `/t/${demoTenancyIds.anna}/profile`;
  await page.goto(profile);
  await expect(page.getByText("You are signed in as support for this resident", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Change e-mail" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Change password" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Delete my account" })).toHaveCount(0);
  for (const [path, form] of [
    [
      `${profile}/password`,
      { currentPassword: "x", password: "Another-Password-2026!", passwordRepeat: "Another-Password-2026!" },
    ],
    [`${profile}/email`, { newEmail: "support-took-over@demo.test", currentPassword: "x" }],
    [`${profile}/delete`, { password: "x" }],
  ] as const) {
    const response = await page.request.post(path, { form, headers: { Origin: e2e.baseURL }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
  }
});
