import { expect, test } from "@playwright/test";
import { e2e } from "./env";
import { decodeSession, demoAccounts, demoTenancyIds, sessionCookie, signIn } from "./helpers";

test.describe("logout", () => {
  test("logging out revokes the refresh tokens, clears the session and goes to /login", async ({
    page,
    context,
    request,
  }) => {
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    const before = decodeSession((await sessionCookie(context))!.value);
    expect(before.auth?.account.refreshToken).toBeTruthy();

    await page.getByRole("button", { name: "Log ud" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("Du er logget ud.");
    expect(await sessionCookie(context)).toBeUndefined();

    await page.goto(`/t/${demoTenancyIds.anna}`);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);

    // The back-end no longer accepts the refresh tokens the session held.
    const backend = `http://127.0.0.1:${e2e.backendPort}`;
    const account = await request.post(`${backend}/account/graphql`, {
      data: {
        query: "mutation($r: String!) { refreshToken(refreshToken: $r) { token } }",
        variables: { r: before.auth!.account.refreshToken },
      },
    });
    expect((await account.json()).errors?.[0]?.extensions?.code).toBe("INVALID_REFRESH_TOKEN");
    const users = await request.post(`${backend}/users/graphql`, {
      data: {
        query: "mutation($r: String!) { refreshToken(refreshToken: $r) { ok { token } } }",
        variables: { r: before.auth!.users.refreshToken },
      },
    });
    expect((await users.json()).errors?.[0]?.extensions?.code).toBe("INVALID_REFRESH_TOKEN");
  });

  test("logging out is a POST: a GET to /logout changes nothing", async ({ page }) => {
    await signIn(page, demoAccounts.anna.email);
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
    await page.goto("/logout");
    await expect(page).toHaveURL(new RegExp(`/t/${demoTenancyIds.anna}$`));
  });

  test("a resident without tenancies can log out", async ({ page, context }) => {
    await signIn(page, demoAccounts.nora.email);
    await expect(page).toHaveURL(/\/no-tenancies$/);
    await page.getByRole("button", { name: "Log ud" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(context)).toBeUndefined();
  });
});
