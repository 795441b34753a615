import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { parseDisplayedNumber } from "../oracle/page-figures";
import { agreesToDisplayedDecimals, expectedFigures, type PageRequest } from "../oracle/recompute";
import { openRawSource, type RawSource } from "../oracle/sqlite-source";
import { e2e } from "./env";
import { database, demoAccounts, demoTenancyIds } from "./helpers";
import { problemsAtEveryWidth } from "./page-texts";

/**
 * The monthly consumption report, as a resident meets it: a link in an e-mail, opened
 * on a browser that has never signed in, with and without JavaScript. Its figures are checked
 * against an independent recomputation from the raw readings (tests/oracle), its PDF by rendering
 * it (pdftoppm) and reading its text (pdftotext).
 */

/** The last closed month in Copenhagen, "YYYY-MM". */
function lastClosedMonth(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date());
  const [year, month] = today.split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}
const monthDays = (month: string) => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return {
    from: `${month}-01`,
    to: `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, "0")}`,
  };
};
const previousMonth = (month: string) => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
};

/** The report links e-mailed to an address (the back-end's outbox), waiting for the schedule's first run. */
async function reportLinksTo(email: string): Promise<string[]> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const db = database();
    try {
      const rows = db
        .prepare("SELECT text FROM mail_outbox WHERE to_address = ? AND text LIKE '%/report/%' ORDER BY id")
        .all(email) as { text: string }[];
      const links = rows.flatMap((row) => row.text.match(/https?:\/\/\S+\/report\/\S+/g) ?? []);
      if (links.length > 0) return links;
    } finally {
      db.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no report e-mail to ${email}`);
}

function reportCode(tenancyId: number, month: string): string {
  const db = database();
  try {
    return (
      db.prepare("SELECT code FROM consumption_reports WHERE tenancy_id = ? AND month = ?").get(tenancyId, month) as {
        code: string;
      }
    ).code;
  } finally {
    db.close();
  }
}

const plain = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

async function downloadPdf(page: Page): Promise<{ text: string; info: string; fonts: string[]; fileName: string }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download PDF|Hent PDF|Last ned PDF/ }).click();
  const download = await downloading;
  const dir = mkdtempSync(path.join(tmpdir(), "report-e2e-"));
  const file = path.join(dir, "report.pdf");
  copyFileSync((await download.path())!, file);
  // pdftoppm renders the first page: a PDF poppler cannot draw fails here.
  execFileSync("pdftoppm", ["-r", "30", "-png", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
  return {
    text: plain(execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })),
    info: execFileSync("pdfinfo", [file], { encoding: "utf8" }),
    // pdffonts' rows below its two heading lines: name, type, encoding, emb, sub, uni, object id.
    fonts: execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2),
    fileName: download.suggestedFilename(),
  };
}

test.describe("the monthly consumption report", () => {
  let opened: RawSource | undefined;
  const sourceOf = () => (opened ??= openRawSource(e2e.dataDir));
  test.afterAll(() => opened?.close());

  test("Anna's e-mailed link opens without signing in, with the figures of her raw readings, and its PDF has the same totals", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const month = lastClosedMonth();
    const links = await reportLinksTo(demoAccounts.anna.email);
    const code = reportCode(demoTenancyIds.anna, month);
    const link = links.find((candidate) => candidate.includes(`/report/${code}`));
    expect(link, `the e-mail of ${month}'s report`).toBeDefined();
    expect(link).toBe(`${e2e.baseURL}/report/${code}?lng=da`);

    // A browser that has never signed in; English, as the e-mail's link would with ?lng=en.
    const response = await page.goto(link!.replace("?lng=da", "?lng=en"));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page).toHaveURL(new RegExp(`/report/${code}`));
    const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${month}-15T00:00:00Z`),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Consumption report, ${monthName}`);

    const source = sourceOf();
    const tenancy = source.tenancy(demoTenancyIds.anna);
    const totals = page.locator(".report-total");
    const count = await totals.count();
    expect(count).toBeGreaterThan(3);
    const checked: string[] = [];
    for (let index = 0; index < count; index++) {
      const quantity = (await totals.nth(index).getAttribute("data-quantity"))!;
      const request = (period: { from: string; to: string }): PageRequest => ({
        period,
        span: "month",
        compare: "previous-year",
        tenancy,
        timeZone: tenancy.timeZone,
        series: source.seriesOf(tenancy.unitId, quantity),
        otherUnits: source.otherUnitsOf(tenancy.unitId, quantity),
      });
      const expected = expectedFigures(source, request(monthDays(month)))!;
      const before = expectedFigures(source, request(monthDays(previousMonth(month))))!;
      const card = totals.nth(index).locator("xpath=..");
      const facts = card.locator(".report-facts dd");
      const shown = {
        total: parseDisplayedNumber(await totals.nth(index).innerText(), "en"),
        previousMonth: parseDisplayedNumber(await facts.nth(0).innerText(), "en"),
        lastYear: parseDisplayedNumber(await facts.nth(1).innerText(), "en"),
        average: parseDisplayedNumber(await facts.nth(2).innerText(), "en"),
      };
      expect(
        agreesToDisplayedDecimals(shown.total, expected.cards.total),
        `${quantity} total ${shown.total?.text} vs ${expected.cards.total}`,
      ).toBe(true);
      expect(
        agreesToDisplayedDecimals(shown.lastYear, expected.cards.previousYear),
        `${quantity} last year ${shown.lastYear?.text} vs ${expected.cards.previousYear}`,
      ).toBe(true);
      expect(
        agreesToDisplayedDecimals(shown.previousMonth, before.cards.total),
        `${quantity} previous month ${shown.previousMonth?.text} vs ${before.cards.total}`,
      ).toBe(true);
      expect(
        agreesToDisplayedDecimals(shown.average, expected.cards.propertyAverage),
        `${quantity} average ${shown.average?.text} vs ${expected.cards.propertyAverage}`,
      ).toBe(true);
      checked.push(plain(await totals.nth(index).innerText()));
    }

    // Heat's weather-adjusted comparisons (ADR 0070), against the same month last year and the month
    // before: the change, then both months' whole degree days or the reason in words. Their figures
    // are recomputed in backend/reports/month-figures.test.ts; here they must be there, and in the PDF.
    const heatCard = page.locator('.report-total[data-quantity="heat-energy"]').locator("xpath=..");
    await expect(heatCard.locator(".report-weather")).toHaveCount(2);
    const weather = (await heatCard.locator(".report-weather p").allInnerTexts()).map(plain);
    expect(weather[0]).toMatch(/^Weather-adjusted: (\d+% (less|more) than in|About the same as in) /);
    expect(weather.join("\n")).toMatch(
      /(It was \d+ % (colder|warmer)|The weather was the same): \d+ against \d+ degree days/,
    );
    // Water does not follow the weather.
    await expect(
      page.locator('.report-total[data-quantity="cold-water-volume"]').locator("xpath=..").locator(".report-weather"),
    ).toHaveCount(0);

    // The sections of the spec and the EU's consumption information.
    for (const heading of [
      "What your water costs",
      "Good to know",
      "Energy advice and your supply",
      "About these figures",
      "Get My Consumption on your phone",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByText(/per litre/).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
      "href",
      /apps\.apple\.com\/dk\//,
    );
    await expect(page.getByRole("link", { name: "SparEnergi (Energistyrelsen)" })).toBeVisible();

    const pdf = await downloadPdf(page);
    expect(pdf.fileName).toBe(`consumption-report-${month}.pdf`);
    expect(pdf.info).toMatch(/Tagged:\s+yes/);
    expect(pdf.info).toContain(`Consumption report, ${monthName}`);
    // PDF/UA: every font embedded (the column before sub, uni and the object's id and generation).
    expect(pdf.fonts.length).toBeGreaterThan(0);
    for (const row of pdf.fonts) expect(row.split(/\s+/).at(-5), row).toBe("yes");
    // The PDF embeds its fonts, so CO₂ is written as on the page.
    for (const total of checked) expect(pdf.text, total).toContain(total);
    for (const line of weather) expect(pdf.text, line).toContain(line);

    // The report with its weather-adjusted lines: no sideways scrolling at 1366, 390 and 320 px, and
    // (axe needs JavaScript in the page) axe-clean at each.
    expect(await problemsAtEveryWidth(page, { axe: javaScriptEnabled })).toEqual([]);
  });

  test("the report and its PDF in Danish and Norwegian, æ ø å right", async ({ page }) => {
    const month = lastClosedMonth();
    const code = reportCode(demoTenancyIds.jensFirst, month);
    await page.goto(`/report/${code}?lng=nb`);
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Forbruksrapport");
    const nb = await downloadPdf(page);
    expect(nb.fileName).toBe(`forbruksrapport-${month}.pdf`);
    expect(nb.text).toContain("Nørrebrogade");
    expect(nb.text).toContain("Gjennomsnittsbolig i eiendommen din");

    await page.goto(`/report/${code}?lng=da`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Forbrugsrapport");
    const da = await downloadPdf(page);
    expect(da.text).toContain("Samme måned sidste år");
    expect(da.text).toContain("Gennemsnitsbolig i din ejendom");
  });

  test("a made-up code says the report is no longer available (404), a revoked one too (410); neither asks to sign in", async ({
    page,
  }) => {
    const made = await page.goto("/report/AAAAAAAAAAAAAAAAAAAAAAAA?lng=en");
    expect(made?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report no longer available");
    await expect(
      page.getByText("This consumption report is no longer available. Please contact your landlord."),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);

    // An older report of Emma's, revoked by the landlord.
    const db = database(false);
    const { code } = db
      .prepare("SELECT code FROM consumption_reports WHERE tenancy_id = ? ORDER BY month LIMIT 1")
      .get(demoTenancyIds.emma) as { code: string };
    db.prepare("UPDATE consumption_reports SET revoked_at = ? WHERE code = ?").run(new Date().toISOString(), code);
    db.close();
    const revoked = await page.goto(`/report/${code}?lng=da`);
    expect(revoked?.status()).toBe(410);
    await expect(
      page.getByText("Denne forbrugsrapport er ikke længere tilgængelig. Kontakt venligst din udlejer."),
    ).toBeVisible();
    const pdf = await page.request.get(`/report/${code}/pdf`);
    expect(pdf.status()).toBe(410);
    expect(await pdf.text()).not.toContain("%PDF");
  });

  test("200 made-up codes from one client are cut off by the limit; other clients still open their reports", async ({
    playwright,
  }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    let hash = 0;
    for (const ch of info.testId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
    const attacker = `203.0.${hash % 250}.7`;
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const code = `guess${String(i).padStart(4, "0")}${"x".repeat(15)}`;
      statuses.push((await request.get(`/report/${code}`, { headers: { "X-Forwarded-For": attacker } })).status());
    }
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);
    const code = reportCode(demoTenancyIds.anna, lastClosedMonth());
    // Limited: even a real code is not looked up for this client now.
    const limited = await request.get(`/report/${code}`, { headers: { "X-Forwarded-For": attacker } });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    const other = await request.get(`/report/${code}`, { headers: { "X-Forwarded-For": `203.0.${hash % 250}.8` } });
    expect(other.status()).toBe(200);
    await request.dispose();
  });

  test("every demo tenancy's reports of the last 12 closed months open, and so do their PDFs", async ({
    request,
  }, info) => {
    // Requests only, no page: once, in the project the PostgreSQL run keeps for every spec.
    test.skip(info.project.name !== "nojs", "requests only: checked once, in the project without JavaScript");
    // Some 200 pages and PDFs, one after another: 1.6 min on the CI at load 15, over 3 min at load 19
    // with other engineers' work on the machine (2026-11-26).
    test.setTimeout(420_000);
    const db = database();
    const reports = db
      .prepare(
        "SELECT r.code, r.month, r.tenancy_id AS tenancyId, r.revoked_at AS revokedAt FROM consumption_reports r ORDER BY r.tenancy_id, r.month",
      )
      .all() as { code: string; month: string; tenancyId: number; revokedAt: string | null }[];
    const tenancies = db.prepare("SELECT id, start_date AS start, end_date AS end FROM tenancies").all() as {
      id: number;
      start: string;
      end: string | null;
    }[];
    db.close();
    // Every tenancy that covers the last closed month has its report, and the 11 before as far as it covers them.
    const last = lastClosedMonth();
    for (const tenancy of tenancies.filter(
      (t) => t.start <= `${last}-01` && (t.end === null || t.end >= monthDays(last).to),
    )) {
      const months = reports.filter((r) => r.tenancyId === tenancy.id).map((r) => r.month);
      expect(months.at(-1), `tenancy ${tenancy.id}`).toBe(last);
      let month = last;
      for (let i = 0; i < 12 && monthDays(month).from >= tenancy.start; i++, month = previousMonth(month))
        expect(months, `tenancy ${tenancy.id} ${month}`).toContain(month);
    }
    // Another test, maybe in the other worker at this moment, revokes one of Emma's: it was made all
    // the same, and a 410 for a report revoked by the time it is asked for is right.
    const revokedNow = (code: string) => {
      const check = database();
      try {
        return (
          (
            check.prepare("SELECT revoked_at AS revokedAt FROM consumption_reports WHERE code = ?").get(code) as {
              revokedAt: string | null;
            }
          ).revokedAt !== null
        );
      } finally {
        check.close();
      }
    };
    const failures: string[] = [];
    for (const report of reports.filter((r) => r.revokedAt === null)) {
      const page = await request.get(`/report/${report.code}`);
      const pdf = await request.get(`/report/${report.code}/pdf`);
      const body = await pdf.body();
      const pageOk = page.status() === 200;
      const pdfOk = pdf.status() === 200 && body.subarray(0, 5).equals(Buffer.from("%PDF-"));
      if ((!pageOk || !pdfOk) && !(page.status() === 410 && revokedNow(report.code))) {
        failures.push(`${report.tenancyId} ${report.month}: page ${page.status()}, pdf ${pdf.status()}`);
      }
    }
    expect(failures).toEqual([]);
    expect(reports.length).toBeGreaterThan(100);
  });

  test("a new report is a notification of its residents that opens the report", async ({ page }) => {
    const { signInAndWaitForDashboard, useLanguage } = await import("./helpers");
    await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
    await useLanguage(page, "en");
    await page.goto(`/t/${demoTenancyIds.anna}/notifications`);
    const code = reportCode(demoTenancyIds.anna, lastClosedMonth());
    await page
      .locator(`a[href^="/t/${demoTenancyIds.anna}/notifications/"]`)
      .filter({ hasText: "consumption report" })
      .first()
      .click();
    await page.locator(`a[href="/report/${code}"]`).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Consumption report");
  });
});
