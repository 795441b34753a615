import { type APIResponse, expect, test } from "@playwright/test";
import { createActivationCode, signUp, uniqueEmail, untilHydrated, useLanguage } from "./helpers";

/**
 * Every page response carries a CSP nonce of its own, on every one of its scripts, gzipped or not,
 * and a page asked for again shows what the resident changed meanwhile, in both projects. (Until
 * 2026-12-01 the portal kept rendered pages and sent them again with a new nonce, ADR 0054; the
 * checks of the nonces and of a change showing at once stay.)
 */

/** A tenancy no demo resident holds, per project (profile.spec.ts's; its residents do not meet these). */
const tenancyOf = (project: string) => (project === "js" ? 7031 : 7032);
const password = "Page-Nonces-Password-2026!";

/** The nonce of the response's Content-Security-Policy, and every nonce attribute of its page. */
async function noncesOf(response: APIResponse) {
  const policy = response.headers()["content-security-policy"] ?? "";
  const header = /'nonce-([^']+)'/.exec(policy)?.[1];
  const html = await response.text();
  const inPage = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
  return { header, inPage, html };
}

test("a page asked for again has its own nonce on every script, and shows a change at once", async ({ page }, info) => {
  test.setTimeout(90_000);
  const tenancyId = tenancyOf(info.project.name);
  const email = uniqueEmail("nonces", info.project.name);
  await page.goto(`/signup?activationCode=${createActivationCode(tenancyId)}`);
  await signUp(page, email, password);
  await expect(page).toHaveURL(/\/account-created\?/);
  await useLanguage(page, "en");
  const profile = `/t/${tenancyId}/profile`;

  // The same page four times, gzipped and not.
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
  // The same page but for the nonce.
  const same = (p: { nonce: string; html: string }) => p.html.split(p.nonce).join("NONCE");
  for (const later of pages.slice(1)) expect(same(later)).toBe(same(pages[0]!));

  // The resident changes their name: the next page shows it.
  await page.goto(profile);
  await untilHydrated(page);
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("Page Nonces Tester");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name has been saved.")).toBeVisible();
  const after = await page.request.get(profile);
  expect(await after.text()).toContain('value="Page Nonces Tester"');
  await page.goto(profile);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Page Nonces Tester");
});
