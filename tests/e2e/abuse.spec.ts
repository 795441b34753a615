import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, demoAccounts, demoTenancyIds, signIn } from "./helpers";

/** A fresh client address for this test (the e2e portal trusts X-Forwarded-For from loopback). */
function address(testId: string, n = 0) {
  let hash = 0;
  for (const ch of testId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `198.51.${hash % 250}.${(n % 250) + 1}`;
}

async function postLogin(request: APIRequestContext, email: string, password: string, clientAddress: string) {
  return request.post("/login/email", {
    form: { email, password },
    headers: { "X-Forwarded-For": clientAddress },
    maxRedirects: 0,
  });
}

test.describe("abuse limits and request checks", () => {
  test("a burst of wrong passwords from one address hits the limit; other addresses are unaffected", async ({
    playwright,
  }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    const attacker = address(info.testId, 1);
    let lastStatus = 0;
    for (let i = 0; i < 30; i++) {
      lastStatus = (await postLogin(request, `nobody${i}@demo.test`, "Wrong-Password-2026!", attacker)).status();
      expect(lastStatus).toBe(401);
    }
    const refused = await postLogin(request, demoAccounts.anna.email, DEMO_PASSWORD, attacker);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await refused.text()).toContain("For mange forsøg.");

    const other = await postLogin(request, demoAccounts.anna.email, DEMO_PASSWORD, address(info.testId, 2));
    expect(other.status()).toBe(302);
    await request.dispose();
  });

  test("failures against one account stop at 100 an hour, but its owner's known browser still signs in", async ({
    page,
    playwright,
  }, info) => {
    test.setTimeout(120_000);
    // One account per project, so the two projects do not share a lockout, and both accounts only
    // for this test: a locked account would fail any other test that signs in with it.
    const victim = info.project.name === "js" ? demoAccounts.lars : demoAccounts.karen;
    const owner = address(info.testId, 200);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": owner });
    await signIn(page, victim.email);
    await expect(page).toHaveURL(/\/t\/\d+$/);
    await page.getByRole("button", { name: "Log ud" }).click();
    await expect(page).toHaveURL(/\/login$/);

    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    for (let i = 0; i < 100; i++) {
      const response = await postLogin(
        request,
        victim.email,
        "Wrong-Password-2026!",
        address(info.testId, 1 + Math.floor(i / 20)),
      );
      expect(response.status()).toBe(401);
    }
    // A new browser from yet another address is refused, even with the right password…
    const stranger = await postLogin(request, victim.email, DEMO_PASSWORD, address(info.testId, 150));
    expect(stranger.status()).toBe(429);
    await request.dispose();

    // …while the owner's browser, known to the account, still gets in.
    await signIn(page, victim.email);
    await expect(page).toHaveURL(/\/t\/\d+$/);
  });

  test("sign-up is no password oracle: 120 wrong passwords from 120 addresses end in 429 and a locked account", async ({
    playwright,
  }, info) => {
    test.setTimeout(180_000);
    // An account of this test's own: a locked account would fail any other test that signs in with it.
    const email = `oracle-${info.project.name}-${Date.now()}@example.test`;
    const password = "Oracle-Password-2026!";
    const newClient = () => playwright.request.newContext({ baseURL: info.project.use.baseURL });
    const postSignup = (client: APIRequestContext, typed: string, clientAddress: string) =>
      client.post("/signup/email", {
        form: { email, password: typed, passwordRepeat: typed, dataPolicy: "on" },
        headers: { "X-Forwarded-For": clientAddress },
        maxRedirects: 0,
      });
    const owner = await newClient();
    expect((await postSignup(owner, password, address(info.testId, 0))).status()).toBe(302);
    await owner.dispose();

    // The attacker: another browser, without the owner's session or known-device cookie.
    const request = await newClient();

    const statuses: number[] = [];
    for (let i = 1; i <= 120; i++) {
      const response = await postSignup(request, `Wrong-Password-${i}!`, address(info.testId, i));
      statuses.push(response.status());
      if (i === 1) expect(await response.text()).toContain("men adgangskoden er forkert");
    }
    // 100 answers about the password (the account's limit), then only the 429 page.
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(400));
    expect(statuses.slice(100)).toEqual(Array(20).fill(429));

    // The account is locked on every path, with the right password too, with the same text.
    for (const response of [
      await postSignup(request, password, address(info.testId, 200)),
      await postLogin(request, email, password, address(info.testId, 201)),
    ]) {
      expect(response.status()).toBe(429);
      expect(response.headers().location).toBeUndefined();
      expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
      expect(await response.text()).toContain("For mange forsøg.");
    }
    await request.dispose();
  });

  test("a form post from another site is refused and changes nothing", async ({ request }) => {
    const response = await request.post("/login/email", {
      form: { email: demoAccounts.anna.email, password: DEMO_PASSWORD },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("__session");
    expect(await response.text()).toContain("Du har ikke adgang til denne side.");
  });

  test("a form post from our own pages is accepted", async ({ request, baseURL }) => {
    const response = await request.post("/login/email", {
      form: { email: demoAccounts.anna.email, password: DEMO_PASSWORD },
      headers: { Origin: new URL(baseURL!).origin, "X-Forwarded-For": address("own-origin") },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/t/${demoTenancyIds.anna}`);
  });
});
