import { expect, test } from "@playwright/test";
import { e2e } from "./env";
import { demoAccounts, demoTenancyIds, sessionCookie, signInAndWaitForDashboard } from "./helpers";

/**
 * A second portal instance runs with its back-end addresses pointing at a closed port: the same
 * build, the same session secret, no services. Residents get a message in their language and the
 * right status, never a stack trace or a crash.
 */
test.describe("a back-end that is down", () => {
  test("signing in says the service cannot be reached, keeping the e-mail", async ({ page }) => {
    await page.goto(`${e2e.downBaseURL}/login/email`);
    await page.locator('input[name="email"]').fill(demoAccounts.anna.email);
    await page.locator('input[name="password"]').fill("Demo-Password-2026!");
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Vi kan ikke få forbindelse til vores tjeneste lige nu." }),
    ).toBeVisible();
    await expect(page.locator('input[name="email"]')).toHaveValue(demoAccounts.anna.email);
  });

  test("a signed-in resident sees a 503 page in their language", async ({ page, context }) => {
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    const cookie = await sessionCookie(context);
    // The same session on the portal whose back-end is gone.
    await context.addCookies([{ ...cookie!, domain: "127.0.0.1", path: "/" }]);
    const response = await page.goto(`${e2e.downBaseURL}/t/${demoTenancyIds.anna}`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText("Vi kan ikke få forbindelse til vores tjeneste lige nu.");
    await expect(page.getByRole("link", { name: "Prøv igen" })).toBeVisible();
    const html = await page.content();
    expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
    // The file downloads (resource routes, no error boundary) answer with a small page too.
    for (const path of [
      `/t/${demoTenancyIds.anna}/statements/1/download`,
      `/t/${demoTenancyIds.anna}/meters/readings.csv`,
    ]) {
      const file = await page.request.get(`${e2e.downBaseURL}${path}`);
      expect(file.status(), path).toBe(503);
      expect(file.headers()["content-type"], path).toContain("text/html");
      expect(await file.text(), path).toContain("Vi kan ikke få forbindelse til vores tjeneste lige nu.");
    }
  });

  test("a monthly report link says the service cannot be reached (page and PDF), not a crash", async ({
    page,
    request,
  }) => {
    const response = await page.goto(`${e2e.downBaseURL}/report/AbCdEfGhIjKlMnOpQrStUvWx?lng=en`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText("We can't reach our service right now.");
    await expect(page.getByRole("banner")).toBeVisible();
    const pdf = await request.get(`${e2e.downBaseURL}/report/AbCdEfGhIjKlMnOpQrStUvWx/pdf?lng=en`);
    expect(pdf.status()).toBe(503);
    expect(await pdf.text()).toContain("We can&#39;t reach our service right now.");
  });

  test("the server keeps answering after back-end failures", async ({ request }) => {
    for (let i = 0; i < 3; i++) {
      const response = await request.get(`${e2e.downBaseURL}/login`);
      expect(response.status()).toBe(200);
    }
    expect((await request.get(`${e2e.downBaseURL}/livez`)).status()).toBe(200);
    // Not ready, though: a load balancer sends no resident to a portal without its back-end.
    const readiness = await request.get(`${e2e.downBaseURL}/healthz`);
    expect(readiness.status()).toBe(503);
    expect(await readiness.json()).toEqual({ status: "unavailable", backend: "unreachable" });
  });
});

test.describe("bad requests", () => {
  test("a form post to a page without an action gets a localized error page, not a crash", async ({ request }) => {
    const response = await request.post("/login", { form: { anything: "1" }, maxRedirects: 0 });
    expect(response.status()).toBe(405);
    expect(await response.text()).toContain("Den handling er ikke mulig her.");
  });

  test("the refused-request pages (403, 413) have a title naming the error, as every page does", async ({ page }) => {
    for (const [path, status, message] of [
      ["/forbidden", 403, "Du har ikke adgang til denne side."],
      ["/request-too-large", 413, "Det var mere, end formularen kan modtage."],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page, path).toHaveTitle("Der opstod en fejl – Mit Forbrug");
      await expect(page.locator("main")).toContainText(message);
    }
  });
});
