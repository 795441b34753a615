import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { e2e } from "./env";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard, useLanguage } from "./helpers";

/**
 * Allocation statements, with and without JavaScript: Jens downloads each of his
 * statements (the bytes of the stored file, with the right headers); Anna has none and no menu
 * entry; another tenancy's statement or a forged id answers 404.
 */
const storedFile = (relative: string) => readFileSync(path.join(e2e.dataDir, "files", relative));

/** Jens's first home, the one with the statements, in English. */
async function openJensFirstInEnglish(page: Page) {
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
  await useLanguage(page, "en");
  await page.goto(`/t/${demoTenancyIds.jensFirst}`);
}

test("Jens downloads each of his statements: the stored file, as an attachment that is not cached", async ({
  page,
}) => {
  await openJensFirstInEnglish(page);
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Allocation statements" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Allocation statements" })).toBeVisible();
  const rows = page.locator(".statement-table tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("1 May 2025–30 April 2026");
  await expect(rows.nth(1)).toContainText("1 May 2024–30 April 2025");

  for (const [index, file] of [
    [0, "statements/1042/DK1042-0403/2025-05-01_2026-04-30.pdf"],
    [1, "statements/1042/DK1042-0403/2024-05-01_2025-04-30.pdf"],
  ] as const) {
    const link = rows.nth(index).getByRole("link", { name: /^Download/ });
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Fordelingsregnskab 202\d-202\d DK1042-0403\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.equals(storedFile(file))).toBe(true);

    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="Fordelingsregnskab/);
  }
});

test("the dashboard's latest statement downloads, and another tenancy's statement or a made-up id is 404", async ({
  page,
}) => {
  await openJensFirstInEnglish(page);
  const latest = page.locator(`a[href="/t/${demoTenancyIds.jensFirst}/statements/1/download"]`);
  await expect(latest).toBeVisible();
  const downloading = page.waitForEvent("download");
  await latest.click();
  expect((await downloading).suggestedFilename()).toBe("Fordelingsregnskab 2025-2026 DK1042-0403.pdf");

  for (const path of [
    `/t/${demoTenancyIds.jensSecond}/statements/1/download`,
    `/t/${demoTenancyIds.jensFirst}/statements/999/download`,
    `/t/${demoTenancyIds.jensFirst}/statements/abc/download`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("We could not find that allocation statement.")).toBeVisible();
  }
});

test("Anna has no statements: no menu entry, the empty page, and Jens's statement is 404 for her", async ({ page }) => {
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
  await useLanguage(page, "en");
  await page.goto(`/t/${demoTenancyIds.anna}`);
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Allocation statements" }),
  ).toHaveCount(0);
  await page.goto(`/t/${demoTenancyIds.anna}/statements`);
  await expect(page.getByText("There are no allocation statements for this home yet.")).toBeVisible();
  const response = await page.request.get(`/t/${demoTenancyIds.anna}/statements/1/download`);
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain("%PDF");
});
