import { expect, test } from "@playwright/test";
import { e2e } from "./env";
import { decodeSession, demoAccounts, demoTenancyIds, sessionCookie, signIn } from "./helpers";

test.describe("session tokens", () => {
  test("access tokens about to expire are refreshed on the server and the session goes on", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    const before = decodeSession((await sessionCookie(context))!.value);

    // Tokens live 40 s in this run and are refreshed within 30 s of expiry: wait into that window.
    await page.waitForTimeout((e2e.accessTokenTtlSeconds - e2e.refreshLeadSeconds + 2) * 1000);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nørrebrogade 148A, 2. tv.");

    const after = decodeSession((await sessionCookie(context))!.value);
    expect(after.auth?.account.token).not.toBe(before.auth?.account.token);
    expect(after.auth?.account.refreshToken).not.toBe(before.auth?.account.refreshToken);
    expect(after.auth?.users.refreshToken).not.toBe(before.auth?.users.refreshToken);
    expect(after.tenancyId).toBe(String(demoTenancyIds.anna));
  });

  test("a session whose refresh token was revoked is logged out to /login", async ({ page, context, request }) => {
    test.setTimeout(60_000);
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    const session = decodeSession((await sessionCookie(context))!.value);
    await request.post(`http://127.0.0.1:${e2e.backendPort}/account/graphql`, {
      data: {
        query: "mutation($r: String!) { revokeToken(refreshToken: $r) { revoked } }",
        variables: { r: session.auth!.account.refreshToken },
      },
    });
    await page.waitForTimeout((e2e.accessTokenTtlSeconds - e2e.refreshLeadSeconds + 2) * 1000);
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("status")).toContainText("Dit login er udløbet. Log venligst ind igen.");
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("a tampered session cookie is not accepted", async ({ page, context }) => {
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    const cookie = (await sessionCookie(context))!;
    const [payload, signature] = decodeURIComponent(cookie.value).split(".");
    const data = JSON.parse(Buffer.from(payload!, "base64").toString("utf8"));
    data.tenancyId = String(demoTenancyIds.jensFirst);
    const forged = `${Buffer.from(JSON.stringify(data)).toString("base64")}.${signature}`;
    await context.addCookies([{ ...cookie, value: encodeURIComponent(forged) }]);
    await page.goto("/t");
    await expect(page).toHaveURL(/\/login$/);
  });
});
