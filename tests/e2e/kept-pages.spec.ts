import { type APIResponse, expect, test } from "@playwright/test";
import { createActivationCode, signUp, uniqueEmail, untilHydrated, useLanguage } from "./helpers";

/**
 * Pages the portal keeps once rendered (ADR 0054): a document whose data, URL, language and build
 * are those of a page rendered lately is sent again without rendering, with its own response's
 * CSP nonce, gzipped or not; anything the resident changes shows on the next request, in both
 * projects. `Server-Timing: page;desc=rendered|kept` says which.
 */

/** A tenancy no demo resident holds, per project (profile.spec.ts's; its residents do not meet these). */
const tenancyOf = (project: string) => (project === "js" ? 7031 : 7032);
const password = "Kept-Pages-Password-2026!";

function howServed(response: APIResponse): string | undefined {
  return /page;desc=(\w+)/.exec(response.headers()["server-timing"] ?? "")?.[1];
}

/** The nonce of the response's Content-Security-Policy, and every nonce attribute of its page. */
async function noncesOf(response: APIResponse) {
  const policy = response.headers()["content-security-policy"] ?? "";
  const header = /'nonce-([^']+)'/.exec(policy)?.[1];
  const html = await response.text();
  const inPage = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
  return { header, inPage, html };
}

test("a page rendered once is sent again with its own nonce, and shows a change at once", async ({ page }, info) => {
  test.setTimeout(90_000);
  const tenancyId = tenancyOf(info.project.name);
  const email = uniqueEmail("kept", info.project.name);
  await page.goto(`/signup?activationCode=${createActivationCode(tenancyId)}`);
  await signUp(page, email, password);
  await expect(page).toHaveURL(/\/account-created\?/);
  await useLanguage(page, "en");
  const profile = `/t/${tenancyId}/profile`;

  // The same page four times, gzipped (the third and later from the gzip kept with the page) and not.
  const answers: APIResponse[] = [];
  for (const encoding of ["gzip", "gzip", "gzip", "identity"]) {
    answers.push(await page.request.get(profile, { headers: { "Accept-Encoding": encoding } }));
  }
  const pages = [];
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    const { header, inPage, html } = await noncesOf(answer);
    expect(header, "the policy names a nonce").toBeTruthy();
    expect(inPage.length, "the page's scripts carry a nonce").toBeGreaterThan(0);
    // Every script of the page carries this response's nonce, not an earlier one's.
    expect(new Set(inPage)).toEqual(new Set([header]));
    pages.push({ nonce: header as string, html });
  }
  expect(answers[0]?.headers()["content-encoding"]).toBe("gzip");
  expect(answers[2]?.headers()["content-encoding"]).toBe("gzip");
  expect(answers[3]?.headers()["content-encoding"]).toBeUndefined();
  expect(new Set(pages.map((p) => p.nonce)).size, "a nonce of its own for each response").toBe(pages.length);
  // Rendered for the first request, kept for the next ones: the same page but for the nonce.
  expect(answers.slice(1).map(howServed)).toEqual(["kept", "kept", "kept"]);
  const same = (p: { nonce: string; html: string }) => p.html.split(p.nonce).join("NONCE");
  for (const later of pages.slice(1)) expect(same(later)).toBe(same(pages[0]!));

  // The resident changes their name: the next page is rendered anew and shows it.
  await page.goto(profile);
  await untilHydrated(page);
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("Kept Pages Tester");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name has been saved.")).toBeVisible();
  const after = await page.request.get(profile);
  expect(howServed(after)).toBe("rendered");
  expect(await after.text()).toContain('value="Kept Pages Tester"');
  await page.goto(profile);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Kept Pages Tester");
});
