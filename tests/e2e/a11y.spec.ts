import { expect, type Page, test } from "@playwright/test";
import { axeViolations, describeViolations } from "./axe";
import {
  database,
  demoAccounts,
  demoTenancyIds,
  firstAlarmAndNotification,
  signIn,
  signInAndWaitForDashboard,
  signUp,
  uniqueEmail,
  untilHydrated,
  useLanguage,
} from "./helpers";

// axe injects a script, so it runs in the JavaScript project only (STACK-NOTES).
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");

async function expectNoViolations(page: Page) {
  // The page residents use is the hydrated one: a page with scripts is scanned once React has
  // hydrated it (pages without scripts, the report and the policies, as they are).
  await untilHydrated(page);
  // A page still fading something (a toast leaving takes 0.3 s) is scanned once the fade ends: text
  // half faded out fails the contrast rule though no resident reads it, and only sometimes.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  expect(describeViolations(await axeViolations(page))).toEqual([]);
}

/** Each page, once its main heading shows. */
async function expectAccessiblePages(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    await expectNoViolations(page);
  }
}

/**
 * A phone (the width the issue found violations at) and a laptop. At the phone's width only what
 * every-page.spec.ts does not scan runs: pages in a state (errors shown, a dialog or a table opened, a
 * form half filled). every-page.spec.ts runs axe at 320 px on every page route of every-page.ts and the
 * views it adds (help dialogs, tabs, comparisons), which lay out
 * as 390 px does (the stylesheet's narrowest breakpoint is 30rem, 480 px), so a test that only opens
 * such pages is skipped here at 390 px (`pagesOnly`), and one that also opens pages in a state leaves
 * such pages out there (`notOnPhone`).
 */
const widths = [
  { name: "390 px", viewport: { width: 390, height: 844 }, phone: true },
  { name: "1366 px", viewport: { width: 1366, height: 768 }, phone: false },
] as const;

/** For a test that only opens pages every-page.spec.ts scans with axe at 320 px: skipped on the phone's width. */
const pagesOnly = (phone: boolean) =>
  test.skip(phone, "every-page.spec.ts runs axe on these pages at 320 px, the phone's layout");

/** Within a test that also opens pages in a state: the pages every-page.spec.ts scans at 320 px, left out on the phone's width. */
const notOnPhone = (phone: boolean, paths: readonly string[]): readonly string[] => (phone ? [] : paths);

test("the dashboard on a phone with the menu open", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
  await page.goto(`/t/${demoTenancyIds.anna}#side-menu`);
  await expectNoViolations(page);
});

for (const { name, viewport, phone } of widths) {
  test.describe(`accessibility (axe, WCAG 2.2 AA) at ${name}`, () => {
    test.use({ viewport });

    test("/login", async ({ page }) => {
      pagesOnly(phone);
      await page.goto("/login");
      await expectNoViolations(page);
    });

    test("/login/email, also with errors shown", async ({ page }) => {
      await page.goto("/login/email");
      await expectNoViolations(page);
      await signIn(page, demoAccounts.anna.email, "Wrong-Password-2026!");
      await expect(page.getByRole("alert").filter({ hasText: "Ugyldige" })).toBeVisible();
      await expectNoViolations(page);
    });

    test("the language dialog", async ({ page }) => {
      pagesOnly(phone);
      await page.goto("/login?dialog=language");
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page);
    });

    test.describe("Jens, on his first home", () => {
      const first = `/t/${demoTenancyIds.jensFirst}`;
      test.beforeEach(async ({ page }) => {
        await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
      });

      test("the dashboard, in each language", async ({ page }) => {
        await expectNoViolations(page);
        for (const language of ["en", "nb"] as const) {
          await useLanguage(page, language);
          await page.goto(first);
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          await expectNoViolations(page);
        }
      });

      test("the consumption screens: overview, detailed, price, CO2 with its dialog, room, meter, indoor climate, 404", async ({
        page,
      }) => {
        pagesOnly(phone);
        test.setTimeout(180_000);
        const period = "from=2026-10-01&to=2026-10-31";
        await expectAccessiblePages(page, [
          `${first}/consumption/heat-energy?${period}`,
          `${first}/consumption/heat-energy?${period}&help=smileys`,
          `${first}/consumption/hca?${period}&tab=detailed&group=room`,
          `${first}/consumption/gas-volume/price?${period}`,
          `${first}/consumption/heat-energy/price?${period}&view=co2&per=m2&help=co2`,
          `${first}/consumption/hca/room/stue?${period}&compare=property-average`,
          `${first}/consumption/electricity-energy?from=2026-10-25&to=2026-10-25`,
          `${first}/consumption/indoor-climate?${period}&help=indoor-climate`,
          `${first}?help=rating`,
          `${first}/statements`,
          `${first}/meters?${period}`,
        ]);
        await page.goto(`${first}/consumption/hca`);
        await page.locator('main a[href*="/consumption/hca/meter/"]').first().click();
        await expect(page).toHaveURL(/\/meter\/\d+/);
        await expectNoViolations(page);
        await expectAccessiblePages(page, [`${first}/consumption/cooling-energy`]);
      });

      test("tenancy info (as admin, with the invite form's errors, and as a plain user), leaving, removing a user, help, profile settings", async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const db = database();
        const sofie = db
          .prepare(
            "SELECT user_id AS id FROM tenancy_members WHERE tenancy_id = ? AND user_id != (SELECT id FROM users WHERE email = ?) LIMIT 1",
          )
          .get(demoTenancyIds.jensFirst, demoAccounts.jens.email) as { id: number } | undefined;
        db.close();
        await expectAccessiblePages(page, [
          ...notOnPhone(phone, [
            `${first}/settings`,
            `/t/${demoTenancyIds.jensSecond}/settings`,
            `${first}/settings/leave`,
            `${first}/help`,
            `${first}/profile`,
            `${first}/profile/password`,
            `${first}/profile/email`,
            `${first}/profile/delete`,
          ]),
          // every-page.spec.ts scans Mette's page removing Jens; this is Jens's, as an admin, removing Sofie.
          ...(sofie ? [`${first}/settings/users/${sofie.id}/remove`] : []),
        ]);
        await page.goto(`${first}/settings`);
        await page.locator('.invite-form input[name="email"]').fill("not-an-address");
        await page.locator(".invite-form button[type=submit]").click();
        await expect(page.locator(".invite-form .field-error p").first()).toBeVisible();
        await expectNoViolations(page);
        await page.goto(`${first}/profile/password`);
        await page.locator('input[name="currentPassword"]').fill("x");
        await page.locator('input[name="password"]').fill("weak");
        await page.locator('main form button[type="submit"]').click();
        await expect(page.locator(".field-error p").first()).toBeVisible();
        await expectNoViolations(page);
      });
    });

    test("the monthly report, available and no longer available", async ({ page }) => {
      const db = database();
      const { code } = db
        .prepare("SELECT code FROM consumption_reports WHERE tenancy_id = ? ORDER BY month DESC LIMIT 1")
        .get(demoTenancyIds.jensFirst) as { code: string };
      db.close();
      await page.goto(`/report/${code}?lng=en`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Consumption report");
      await expectNoViolations(page);
      // The chart's figures as a table, opened.
      await page.locator(".report-chart-table summary").first().click();
      await expectNoViolations(page);
      await page.goto("/report/AAAAAAAAAAAAAAAAAAAAAAAA");
      await expectNoViolations(page);
    });

    test("the policy pages and the cookie banner", async ({ page }) => {
      // every-page.spec.ts opens them in a fresh context too, where the banner shows.
      pagesOnly(phone);
      await page.goto("/data-policy");
      await expect(page.getByRole("region", { name: "Cookies" })).toBeVisible();
      await expectNoViolations(page);
      await page.goto("/cookie-policy");
      await expectNoViolations(page);
    });

    test("the sign-up, code, password and onboarding pages", async ({ page }, info) => {
      const pages = ["/signup", "/signup/email", "/enter-code", "/login/email/forgot-password", "/set-password"];
      for (const path of notOnPhone(phone, pages)) {
        await page.goto(path);
        await expect(page.locator("h1")).toBeVisible();
        await expectNoViolations(page);
      }
      // With every password message showing.
      await signUp(page, uniqueEmail("a11y", info.project.name), "weak", "weaker");
      await expect(page.getByText("Adgangskoden skal være på mindst 12 tegn.")).toBeVisible();
      await expectNoViolations(page);
      await signUp(page, uniqueEmail("a11y", info.project.name), "Fine-Password-2026!");
      await expect(page).toHaveURL(/\/account-created/);
      await expectNoViolations(page);
      await page.goto("/welcome?step=2");
      await expectNoViolations(page);
    });

    test("the alarm and notification pages, with errors shown", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
      const base = `/t/${demoTenancyIds.anna}`;
      const { alarmId, notificationId } = firstAlarmAndNotification(demoTenancyIds.anna);
      const wizard = `${base}/alarms/new-alarm`;
      await expectAccessiblePages(page, [
        ...notOnPhone(phone, [
          `${base}/alarms`,
          `${wizard}?step=1`,
          `${wizard}?step=2&quantity=heat-energy`,
          `${wizard}?step=3&quantity=indoor-relative-humidity&type=maximum`,
          `${base}/alarms/${alarmId}`,
          `${base}/alarms/${alarmId}/edit`,
          `${base}/alarms/${alarmId}/delete`,
          `${base}/notifications`,
          `${base}/notifications/${notificationId}`,
        ]),
        `${wizard}?step=4&quantity=cold-water-volume&type=threshold&frequency=week&level=abc`,
        `${wizard}?step=4&quantity=cold-water-volume&type=zero&frequency=week`,
        `${base}/alarms/999999`,
      ]);
    });

    test("/no-tenancies and the account's pages of a resident without a tenancy", async ({ page }) => {
      pagesOnly(phone);
      await signIn(page, demoAccounts.nora.email);
      await expect(page).toHaveURL(/\/no-tenancies$/);
      await expectNoViolations(page);
      await expectAccessiblePages(page, ["/account", "/account/password", "/account/email", "/account/delete"]);
    });
  });
}
