import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  request as http,
  type Page,
  test,
} from "@playwright/test";
import { e2e } from "./env";
import {
  decodeSession,
  demoAccounts,
  demoTenancyIds,
  latestMailTo,
  sessionCookie,
  signInAndWaitForDashboard,
  signUp,
  uniqueEmail,
} from "./helpers";

/**
 * "Sessions and caching" (ADR 0020): a copy of the session cookie taken before logout
 * or a password reset gets /login on its very next request (ASVS V3.3.1), and nothing behind
 * sign-in may be kept by a cache.
 */

const backend = `http://127.0.0.1:${e2e.backendPort}`;
// Each test signs in, logs out or resets a password, and replays: several page loads on a busy machine.
test.beforeEach(() => test.slow());
/** Waiting for a sign-in (scrypt, two services, the dashboard) on a busy machine. */
const signedIn = { timeout: 20_000 };
const dashboard = `/t/${demoTenancyIds.anna}`;

/** The cookie as a thief would hold it: the raw header value. */
async function copyOfCookie(context: BrowserContext) {
  const cookie = await sessionCookie(context);
  expect(cookie, "signed in").toBeDefined();
  return { header: `__session=${cookie!.value}`, cookie: cookie!, session: decodeSession(cookie!.value) };
}

/** Signs Anna in and waits for her dashboard. */
async function signInAsAnna(page: Page) {
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna, signedIn);
}

/** Signs Anna in and takes a copy of her session cookie. */
async function signInAsAnnaAndCopyCookie(page: Page, context: BrowserContext) {
  await signInAsAnna(page);
  return copyOfCookie(context);
}

/** A GET with exactly this Cookie header, from a client that keeps no cookies of its own. */
async function getWithCookie(path: string, cookie: string) {
  const client = await http.newContext({ baseURL: e2e.baseURL });
  try {
    const response = await client.get(path, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
    return { status: response.status(), headers: response.headers(), text: await response.text() };
  } finally {
    await client.dispose();
  }
}

/** Seconds until an access token expires (its exp claim). */
function secondsLeft(token: string) {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { exp: number };
  return payload.exp - Date.now() / 1000;
}

/**
 * What the back-end answers the cookie's access tokens, while they have not expired: without the
 * revocation check they would still open every service for up to the access-token lifetime.
 */
async function backendAnswers(
  request: APIRequestContext,
  tokens: { account: { token: string }; users: { token: string } },
) {
  expect(secondsLeft(tokens.account.token), "the copied access token has not expired yet").toBeGreaterThan(1);
  const call = async (service: string, query: string, token: string) => {
    const response = await request.post(`${backend}/${service}/graphql`, {
      data: { query },
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    return body.errors?.[0]?.extensions?.code ?? "ok";
  };
  return [
    await call("account", "{ currentUser { email } }", tokens.account.token),
    await call("users", "{ me { email } }", tokens.users.token),
    await call("tenant", "{ tenantUnits { objectDetails { id } } }", tokens.users.token),
  ];
}

test.describe("a copied session cookie", () => {
  test("gets /login on its next request after logout, for pages and data requests", async ({
    page,
    context,
    request,
    browser,
  }) => {
    const copy = await signInAsAnnaAndCopyCookie(page, context);
    expect(await backendAnswers(request, copy.session.auth!)).toEqual(["ok", "ok", "ok"]);

    await page.getByRole("button", { name: "Log ud" }).click();
    await expect(page).toHaveURL(/\/login$/, signedIn);

    // The cause, at the source: the back-end refuses the session's unexpired access tokens.
    expect(await backendAnswers(request, copy.session.auth!)).toEqual([
      "UNAUTHENTICATED",
      "UNAUTHENTICATED",
      "UNAUTHENTICATED",
    ]);

    // The copy, replayed in another browser: the sign-in page, not the resident's figures.
    const thief = await browser.newContext();
    try {
      await thief.addCookies([copy.cookie]);
      const stolen = await thief.newPage();
      await stolen.goto(dashboard);
      await expect(stolen).toHaveURL(/\/login/, signedIn);
      await expect(stolen.getByText("Nørrebrogade 148A")).toHaveCount(0);
      expect((await thief.cookies()).find((c) => c.name === "__session")?.value ?? "").not.toBe(copy.cookie.value);
    } finally {
      await thief.close();
    }

    // A single-fetch data request with the copy is redirected to /login too.
    const body = (await getWithCookie(`${dashboard}.data`, copy.header)).text;
    expect(body).toContain("/login");
    expect(body).not.toContain("Nørrebrogade");
  });

  test("gets /login on its next request after the account's password is reset", async ({
    page,
    context,
    request,
  }, info) => {
    const email = uniqueEmail("revoked", info.project.name);
    const password = "Stolen-Password-2026!";
    await signUp(page, email, password);
    await expect(page).toHaveURL(/\/account-created/, signedIn);
    await page.goto("/no-tenancies");
    await expect(page.getByText(email)).toBeVisible();
    const copy = await copyOfCookie(context);

    // The resident resets the password elsewhere, through the portal's own forms and the e-mail's link.
    const resident = await http.newContext({ baseURL: e2e.baseURL });
    try {
      expect((await resident.post("/login/email/forgot-password", { form: { email } })).ok()).toBe(true);
      const link = new URL(latestMailTo(email)!.text.match(/https?:\/\/\S+\/set-password\?\S+/)![0]);
      expect((await resident.get(link.pathname + link.search)).ok()).toBe(true);
      const newPassword = "Renewed-Password-2026!";
      const saved = await resident.post("/set-password", {
        form: { password: newPassword, passwordRepeat: newPassword },
        maxRedirects: 0,
      });
      expect(saved.status()).toBe(302);
      expect(saved.headers().location).toBe("/login/email");
    } finally {
      await resident.dispose();
    }
    // The cause, at the source: the back-end refuses the old session's unexpired access tokens.
    expect(await backendAnswers(request, copy.session.auth!)).toEqual([
      "UNAUTHENTICATED",
      "UNAUTHENTICATED",
      "UNAUTHENTICATED",
    ]);

    // The old session (its cookie never changed) is over at once.
    await page.reload();
    await expect(page).toHaveURL(/\/login/, signedIn);
    await expect(page.getByText(email)).toHaveCount(0);
    expect((await getWithCookie("/no-tenancies.data", copy.header)).text).not.toContain(email);
  });
});

test.describe("caching", () => {
  test("signed-in pages and their data requests are private, no-store; fingerprinted assets stay cacheable", async ({
    page,
    context,
    request,
  }) => {
    const copy = await signInAsAnnaAndCopyCookie(page, context);

    const document = await getWithCookie(dashboard, copy.header);
    expect(document.status).toBe(200);
    expect(document.text).toContain("Nørrebrogade");
    expect(document.headers["cache-control"]).toBe("private, no-store");

    const data = await getWithCookie(`${dashboard}.data`, copy.header);
    expect(data.status).toBe(200);
    expect(data.text).toContain("Nørrebrogade");
    expect(data.headers["cache-control"]).toBe("private, no-store");

    const consumption = await getWithCookie(`${dashboard}/consumption/heat-energy.data`, copy.header);
    expect(consumption.status).toBe(200);
    expect(consumption.headers["cache-control"]).toBe("private, no-store");

    // The redirect a signed-out data request gets is no exception.
    const signedOut = await getWithCookie(`${dashboard}.data`, "");
    expect(signedOut.text).toContain("/login");
    expect(signedOut.headers["cache-control"]).toBe("private, no-store");

    // The page's fingerprinted script and stylesheet stay cacheable for a year.
    for (const asset of [/"(\/assets\/[^"]+\.js)"/, /"(\/assets\/[^"]+\.css)"/]) {
      const assetPath = document.text.match(asset)?.[1];
      expect(assetPath, String(asset)).toBeDefined();
      const answer = await request.get(assetPath!);
      expect(answer.ok()).toBe(true);
      expect(answer.headers()["cache-control"]).toContain("immutable");
    }
  });

  test("a client-side navigation's data answer is private, no-store", async ({ page }, info) => {
    test.skip(info.project.name === "nojs", "only a page with JavaScript fetches .data");
    await signInAsAnna(page);
    const dataAnswer = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
    await page.locator(`a[href^="${dashboard}/consumption/"]`).first().click();
    expect((await dataAnswer).headers()["cache-control"]).toBe("private, no-store");
  });
});
