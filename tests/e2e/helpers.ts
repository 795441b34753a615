import { expect, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, demoAccounts, demoTenancyIds } from "../../backend/db/seed/demo-accounts";

export { DEMO_PASSWORD, demoAccounts, demoTenancyIds };

/** Chooses the interface language the way a resident does: the form behind 'Select a language'. */
export async function useLanguage(page: Page, language: "da" | "en" | "nb") {
  const response = await page.request.post("/language", { form: { lng: language, redirectTo: "/login" } });
  expect(response.ok()).toBeTruthy();
}

/** Signs in through /login/email like a resident (works with and without JavaScript). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/login/email") {
  await page.goto(path);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[method="post"] button[type="submit"]').click();
}

export async function signInAndWaitForDashboard(page: Page, email: string, tenancyId: number) {
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`/t/${tenancyId}$`));
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "__session");
}

/** The session's content: the cookie is signed, not encrypted (base64 JSON, then a signature). */
export function decodeSession(value: string): {
  auth?: { account: { refreshToken: string; token: string }; users: { refreshToken: string; token: string } };
  tenancyId?: string;
} {
  const payload = decodeURIComponent(value).split(".")[0]!;
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
}
