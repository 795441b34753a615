import { expect, type Page } from "@playwright/test";
import { database } from "./helpers";

/**
 * The steps on the profile's own pages (change password, change e-mail, delete the account) that a
 * resident in a tenancy (profile.spec.ts, under /t/<id>/profile) and one without (no-tenancy-account
 * .spec.ts, under /account) take alike, in English: the same forms with the same checks, so one place
 * says what each must refuse and confirm. Each step starts on its page.
 */

/** A current password that is not the account's: every step tries it first and must be refused. */
const wrongPassword = "Wrong-Password-2026!";

/** Every e-mail sent to an address (the local back-end's outbox), oldest first. */
export function mailsTo(email: string): { subject: string; text: string }[] {
  const db = database();
  try {
    return db
      .prepare("SELECT subject, text FROM mail_outbox WHERE to_address = ? ORDER BY id")
      .all(email.toLowerCase()) as { subject: string; text: string }[];
  } finally {
    db.close();
  }
}

/** On the change-password page: the wrong current password is refused, the right one changes it. */
export async function changePassword(page: Page, current: string, next: string) {
  for (const [password, answer] of [
    [wrongPassword, "Password update failed. Please try again."],
    [current, "Your password has been changed. Every other session has been logged out."],
  ] as const) {
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password").fill(next);
    await page.getByLabel("Repeat password").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(answer)).toBeVisible();
  }
}

/**
 * On the change-e-mail page: asks for the change; the page says where the link went, and the link
 * is in the outbox. Opening it (from the returned address) changes the address and logs out.
 */
export async function requestEmailChange(page: Page, newEmail: string, password: string): Promise<string> {
  await page.getByLabel("New e-mail").fill(newEmail);
  await page.getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(`We have sent a link to ${newEmail}.`, { exact: false })).toBeVisible();
  const confirmation = mailsTo(newEmail).flatMap(
    (mail) => mail.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/g) ?? [],
  )[0];
  expect(confirmation).toBeDefined();
  return confirmation!;
}

/** Opens the confirmation link: the address is changed and the resident logged out. */
export async function confirmEmailChange(page: Page, confirmation: string) {
  await page.goto(confirmation);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Your e-mail has been changed. Log in with the new address.")).toBeVisible();
}

/** On the delete page: the wrong password keeps everything; the right one deletes the account and logs out. */
export async function deleteAccount(page: Page, password: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Delete account" })).toBeVisible();
  await page.getByLabel("Current password").fill(wrongPassword);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("The password is not correct.")).toBeVisible();
  await page.getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
}
