import { expect, test } from "@playwright/test";

test.describe("cookie consent", () => {
  test("the banner shows until a choice is made; OK stores true for a year", async ({ page, context }) => {
    await page.goto("/login");
    const banner = page.getByRole("region", { name: "Cookies" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "OK" }).click();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    const consent = async () => (await context.cookies()).find((c) => c.name === "cookieAccepted");
    await expect.poll(async () => (await consent())?.value).toBe("true");
    const cookie = await consent();
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("with JavaScript and a tag manager configured, the choice is pushed to its data layer", async ({
    page,
  }, info) => {
    test.skip(info.project.name !== "js", "the data layer exists only with JavaScript");
    await page.goto("/login");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("region", { name: "Cookies" }).getByRole("button", { name: "Afvis" }).click();
    await expect
      .poll(() => page.evaluate(() => JSON.stringify((window as { dataLayer?: unknown[] }).dataLayer ?? [])))
      .toContain('{"event":"cookieConsent","hasAccepted":false}');
  });

  test("reject stores false and hides the banner too", async ({ page, context }) => {
    await page.goto("/login/email");
    await page.getByRole("region", { name: "Cookies" }).getByRole("button", { name: "Afvis" }).click();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/login\/email$/);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "cookieAccepted")?.value)
      .toBe("false");
  });

  test("the banner links to the cookie policy", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("region", { name: "Cookies" }).getByRole("link", { name: "Læs cookiepolitikken" }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cookiepolitik" })).toBeVisible();
  });
});

test.describe("policy pages", () => {
  for (const [language, data, cookie] of [
    ["da", "Datapolitik", "Cookiepolitik"],
    ["en", "Data policy", "Cookie policy"],
    ["nb", "Personvernerklæring", "Retningslinjer for informasjonskapsler"],
  ] as const) {
    test(`/data-policy and /cookie-policy in ${language}`, async ({ page }) => {
      await page.request.post("/language", { form: { lng: language, redirectTo: "/" } });
      await page.goto("/data-policy");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1, name: data })).toBeVisible();
      expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(2);
      await page.goto("/cookie-policy");
      await expect(page.getByRole("heading", { level: 1, name: cookie })).toBeVisible();
      await expect(page.getByText("cookieAccepted").first()).toBeVisible();
    });
  }
});

test.describe("debug hook", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a keyboard shortcut needs JavaScript");

  test("Ctrl+S three times within 2 seconds logs the page state", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    await page.goto("/login");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.locator("h1").click();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Control+s");
    await expect.poll(() => messages.some((m) => m.startsWith("[debug] state"))).toBe(true);
  });
});
