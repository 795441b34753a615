import { expect, test } from "@playwright/test";
import { useLanguage } from "./helpers";

/**
 * With JavaScript, a form checks itself as the resident types, with the server's messages (ADR
 * 0042): a field is checked when it is left and then at every key, and a form with a message is not
 * sent. Without JavaScript the same messages come from the server (accounts.spec.ts, profile.spec.ts).
 */
test("sign-up checks its fields in the browser, in the resident's language, and sends nothing until they pass", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the checks in the browser need JavaScript; the server's are tested in both projects");
  await useLanguage(page, "en");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/signup/email");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  const email = page.locator('input[name="email"]');
  const password = page.locator('input[name="password"]');
  const invalidEmail = page.getByText("Invalid e-mail address.");

  // Checked when left…
  await email.fill("not-an-address");
  await expect(invalidEmail).toBeHidden();
  await email.press("Tab");
  await expect(invalidEmail).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // …then at every key.
  await email.fill("new-resident@demo.test");
  await expect(invalidEmail).toBeHidden();
  await expect(email).not.toHaveAttribute("aria-invalid", "true");

  // Every broken password rule at once, as the server says them.
  await password.fill("weakpass");
  await password.press("Tab");
  for (const message of [
    "The password must be at least 12 characters long.",
    "The password must contain a capital letter.",
    "The password must contain a digit.",
    "The password must contain a special character.",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByText("The passwords do not match.")).toBeHidden();

  // Sending checks every field, keeps the form and goes to the first field with a message.
  await page.locator('main form[method="post"] button[type="submit"]').click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  await expect(page.getByText("Please confirm that you have read the data policy.")).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveValue("weakpass");

  // Mended, the messages go; nothing was sent to the server on the way.
  await password.fill("Fresh-Password-2026!");
  await page.locator('input[name="passwordRepeat"]').fill("Fresh-Password-2026!");
  await expect(page.getByText("The password must contain a digit.")).toBeHidden();
  expect(posts).toEqual([]);
});
