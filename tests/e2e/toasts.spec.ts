import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { e2e } from "./env";
import {
  createActivationCode,
  database,
  demoAccounts,
  demoTenancyIds,
  signIn,
  signInAndWaitForDashboard,
} from "./helpers";

/** Spec sections 8 and 9 in Danish, the default language. */
const texts = {
  signedOut: "Du er logget ud.",
  languageChanged: "Sproget er skiftet.",
  codeInvalid: "Den aktiveringskode, du har indtastet, er ugyldig.",
  codeInUse: "Aktiveringskoden er allerede brugt: der findes allerede en bruger på lejemålet.",
};

const toasts = (page: Page) => page.getByRole("region", { name: "Beskeder" }).locator("li.toast");

/** Marks an activation code used, as if another resident had used it meanwhile. */
function markCodeUsed(code: string) {
  const db = database(false);
  try {
    db.prepare("UPDATE activation_codes SET used_at = ? WHERE code_hash = ?").run(
      new Date().toISOString(),
      createHash("sha256").update(code).digest("hex"),
    );
  } finally {
    db.close();
  }
}

/**
 * Records, in the page's own clock, when a toast with this text starts its time (it is on the page
 * and the page's scripts run), when it is hidden (dismissed, fading out) and when it is removed.
 * Installed before any page of the test loads, so a toast the server rendered is seen too.
 */
async function watchToast(page: Page, text: string) {
  await page.addInitScript((wanted) => {
    const times: Record<string, number> = {};
    (window as unknown as { toastTimes: Record<string, number> }).toastTimes = times;
    let element: Element | null = null;
    const observer = new MutationObserver(() => {
      const now = performance.now();
      if (!element) {
        element = [...document.querySelectorAll("li.toast")].find((li) => li.textContent?.includes(wanted)) ?? null;
      }
      if (element && times.start === undefined && document.documentElement.dataset.hydrated) times.start = now;
      if (element && times.hidden === undefined && element.getAttribute("aria-hidden") === "true") times.hidden = now;
      if (element && times.removed === undefined && !element.isConnected) {
        times.removed = now;
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  }, text);
}

async function toastTimes(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { toastTimes: { removed?: number } }).toastTimes.removed !== undefined,
    undefined,
    { timeout: 10_000 },
  );
  return page.evaluate(() => (window as unknown as { toastTimes: Record<string, number> }).toastTimes);
}

/**
 * The watched toast was hidden `shownMs` after it appeared and left the page 1 s later: with a little
 * leeway for a busy machine's timers, never enough to pass for another type's duration.
 */
async function expectShownFor(page: Page, shownMs: number) {
  const times = await toastTimes(page);
  expect(times.hidden! - times.start!).toBeGreaterThanOrEqual(shownMs - 100);
  expect(times.hidden! - times.start!).toBeLessThan(shownMs + 600);
  expect(times.removed! - times.hidden!).toBeGreaterThanOrEqual(900);
  expect(times.removed! - times.hidden!).toBeLessThan(1500);
}

test.describe("toasts with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the durations need the page's scripts");

  test("a success toast is hidden after 2 s and leaves the page 1 s later", async ({ page }) => {
    await watchToast(page, texts.signedOut);
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna, { timeout: 30_000 });
    await page.getByRole("button", { name: "Log ud" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText(texts.signedOut);
    await expectShownFor(page, 2000);
  });

  test("an error toast is still shown at 3 s, and gone after 4 s + 1 s", async ({ page }) => {
    // Timed in the page's own clock: a busy machine's slow assertions must not eat into the 4 s.
    await watchToast(page, texts.codeInvalid);
    await page.goto("/login?activationCode=ABCDEFGHIJKL");
    await expect(page).toHaveURL(/\/login$/);
    await expect(toasts(page).filter({ hasText: texts.codeInvalid })).toBeVisible();
    await expectShownFor(page, 4000);
  });

  test("a toast can be dismissed at once, by keyboard", async ({ page }) => {
    await page.goto("/login?activationCode=ABCDEFGHIJKL");
    const toast = toasts(page).filter({ hasText: texts.codeInvalid });
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await toast.getByRole("button", { name: "Luk" }).focus();
    await page.keyboard.press("Enter");
    await expect(toast).toHaveAttribute("aria-hidden", "true");
    await expect(toast).toHaveCount(0, { timeout: 2000 });
  });
});

test.describe("toasts", () => {
  test("without JavaScript a toast shows once, and the next page has none", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the no-JavaScript view");
    await signIn(page, demoAccounts.anna.email);
    await page.getByRole("button", { name: "Log ud" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText(texts.signedOut);
    // Readable as long as the resident likes: no script hides it, and no button that would not work.
    await page.waitForTimeout(2500);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page).getByRole("button")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
  });

  test("toasts of several redirects queue up, oldest first", async ({ page }) => {
    await page.goto("/login");
    // The language form's answer (a toast) leads to a page whose link carries a wrong code (a second toast).
    const answer = await page.request.post("/language", {
      form: { lng: "da", redirectTo: "/login?activationCode=ABCDEFGHIJKL" },
      headers: { Origin: e2e.baseURL },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    await page.goto(answer.headers().location!);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toasts(page).locator("p")).toHaveText([texts.languageChanged, texts.codeInvalid]);
    await expect(toasts(page).first()).toHaveAttribute("data-toast-type", "success");
    await expect(toasts(page).last()).toHaveAttribute("data-toast-type", "error");
  });

  test("a pending activation code that was used meanwhile is told at sign-in, for 3 s", async ({
    page,
    javaScriptEnabled,
  }) => {
    const code = createActivationCode(demoTenancyIds.anna);
    await page.goto(`/login?activationCode=${code}`);
    await expect(page).toHaveURL(/\/login$/);
    markCodeUsed(code);
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    const toast = toasts(page).filter({ hasText: texts.codeInUse });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute("data-toast-type", "error");
    if (javaScriptEnabled) {
      // 3 s, then the 1 s removal: gone well before an error toast's usual 4 s + 1 s.
      await expect(toast).toHaveCount(0, { timeout: 4600 });
    }
    // The code is forgotten: the next page neither tells it again nor offers to add it.
    await page.goto(`/t/${demoTenancyIds.anna}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
