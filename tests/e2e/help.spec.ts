import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard, useLanguage } from "./helpers";

/** The help page's own texts as the translators wrote them (locales/{lng}/help.json). */
interface HelpTexts {
  title: string;
  sections: Record<string, { heading: string }>;
  topics: { heading: string };
  contact: { heading: string };
}
const helpTexts = (language: string) => JSON.parse(readFileSync(`locales/${language}/help.json`, "utf8")) as HelpTexts;

const topics = ["rating", "smileys", "co2", "indoor-climate", "cost", "room", "meter", "readout"];
const tenancyId = demoTenancyIds.jensFirst;
const helpPath = `/t/${tenancyId}/help`;

for (const language of ["da", "en", "nb"] as const) {
  test(`the help page in ${language}: its sections, the eight help topics' anchors and the contact`, async ({
    page,
  }) => {
    await signInAndWaitForDashboard(page, demoAccounts.jens.email, tenancyId);
    await useLanguage(page, language);
    const texts = helpTexts(language);
    await page.goto(helpPath);
    await expect(page.locator("main h1")).toHaveText(texts.title);
    for (const [id, { heading }] of Object.entries(texts.sections)) {
      await expect(page.locator(`main [id="${id}"]`)).toHaveText(heading);
      await expect(page.locator(`.help-toc a[href="#${id}"]`)).toHaveText(heading);
    }
    for (const topic of topics) await expect(page.locator(`main h3#help-${topic}`)).toBeVisible();
    await expect(page.locator("main h2#help-topics")).toHaveText(texts.topics.heading);
    await expect(page.locator("main h2#contact")).toHaveText(texts.contact.heading);
  });
}

test("the side menu's link shows the help page with its texts; other pages do not load them", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "js", "a client-side navigation needs JavaScript");
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, tenancyId);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.locator('link[rel="preload"][href*="/help.json"]')).toHaveCount(0);
  expect([...new Set(requested.filter((path) => path.startsWith("/locales/")))]).toEqual(["/locales/da/common.json"]);

  await page.locator(`a[href="${helpPath}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${helpPath}$`));
  const texts = helpTexts("da");
  await expect(page.locator("main h1")).toHaveText(texts.title);
  await expect(page.locator("main h2#views")).toHaveText(texts.sections.views!.heading);
  expect(requested).toContain("/locales/da/help.json");
});
