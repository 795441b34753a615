import { expect, type Page, test } from "@playwright/test";
import { database, demoAccounts, demoTenancyIds, signInAndWaitForDashboard, untilHydrated } from "./helpers";

/**
 * Pages whose behaviour needs no script ship none (handle.scripts = false, app/components/
 * page-scripts.ts; DESIGN.md section 5): the monthly report, the policies, help and the
 * statements. With JavaScript on, the browser is sent no script for them, yet they show what they
 * show without it; a page with behaviour (the dashboard) still has its scripts.
 */
test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "what the browser is sent; the nojs project reads the same pages",
);

const tenancy = `/t/${demoTenancyIds.jensFirst}`;

/**
 * Opens `path`, returning the scripts the browser requested for it and the document's script
 * elements, once the page has loaded or, for a page with scripts, hydrated (they start after the
 * first contentful paint, ADR 0077, which may come after the load event).
 */
async function scriptsOf(
  page: Page,
  path: string,
  until: "load" | "hydrated" = "load",
): Promise<{ requested: string[]; elements: number; preloads: number }> {
  const requested: string[] = [];
  const listen = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "script") requested.push(new URL(request.url()).pathname);
  };
  page.on("request", listen);
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForLoadState("load");
  if (until === "hydrated") await untilHydrated(page);
  page.off("request", listen);
  return {
    requested,
    elements: await page.locator("script").count(),
    preloads: await page.locator('link[rel="modulepreload"], link[rel="preload"][as="fetch"]').count(),
  };
}

function reportCode(): string {
  const db = database();
  try {
    const row = db
      .prepare("SELECT code FROM consumption_reports WHERE tenancy_id = ? ORDER BY month DESC LIMIT 1")
      .get(demoTenancyIds.jensFirst) as { code: string };
    return row.code;
  } finally {
    db.close();
  }
}

test("the report, the policies, help and statements ship no script and show their content", async ({ page }) => {
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
  const pages: [path: string, heading: RegExp][] = [
    [`/report/${reportCode()}?lng=da`, /Forbrugsrapport/],
    ["/report/AAAAAAAAAAAAAAAAAAAAAAAA?lng=da", /ikke længere tilgængelig/i],
    ["/data-policy", /Datapolitik/],
    ["/cookie-policy", /Cookiepolitik/],
    [`${tenancy}/help`, /Hjælp/],
    [`${tenancy}/statements`, /Fordelingsregnskaber/],
  ];
  for (const [path, heading] of pages) {
    const scripts = await scriptsOf(page, path);
    expect(scripts, path).toEqual({ requested: [], elements: 0, preloads: 0 });
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
  }
  // The menu's links lead on to pages with scripts, loaded whole.
  await page.locator(`a[href="${tenancy}/alarms"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${tenancy}/alarms$`));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
});

test("a page with behaviour keeps its scripts", async ({ page }) => {
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
  const scripts = await scriptsOf(page, tenancy, "hydrated");
  expect(scripts.requested.length).toBeGreaterThan(0);
  expect(scripts.elements).toBeGreaterThan(0);
});

test("a page with behaviour loads its scripts after its first contentful paint and hydrates as Remix wrote it", async ({
  page,
}) => {
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
  for (const path of [tenancy, `${tenancy}/consumption/heat-energy`, `${tenancy}/alarms`]) {
    // As sent: the preloads in a template, the module script a data block (ADR 0077), so the
    // browser fetches no script before it has painted the page (so not while the stylesheet,
    // which that paint waits for, is still loading).
    const sent = await (await page.request.get(path, { maxRedirects: 0 })).text();
    const held = sent.match(/<template id="after-paint-preloads">([\s\S]*?)<\/template>/)?.[1] ?? "";
    const preloads = held.match(/<link rel="modulepreload"/g)?.length ?? 0;
    expect(preloads, path).toBeGreaterThan(5);
    const outside = sent.replace(/<template[\s\S]*?<\/template>/, "");
    expect(outside, path).not.toContain("modulepreload");
    expect(outside, path).not.toMatch(/<script[^>]*type="module"/);
    expect(outside, path).toContain('<script nonce="');

    const problems: string[] = [];
    const collect = (message: { type(): string; text(): string }) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    };
    const pageError = (error: Error) => problems.push(String(error));
    page.on("console", collect);
    page.on("pageerror", pageError);
    await page.goto(path);
    await untilHydrated(page);
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        // The first paint waits for the stylesheet; the scripts start after the browser reports it.
        stylesheetLoaded: resources.find((entry) => entry.initiatorType === "link" && entry.name.endsWith(".css"))
          ?.responseEnd,
        firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: resources.filter((entry) => entry.name.endsWith(".js")).map((entry) => entry.startTime),
        templates: document.querySelectorAll("template").length,
        dataBlocks: document.querySelectorAll('script[type="text/x-after-first-paint"]').length,
      };
    });
    page.off("console", collect);
    page.off("pageerror", pageError);
    expect(timing.stylesheetLoaded, path).toBeDefined();
    expect(timing.scripts.length, path).toBeGreaterThan(5);
    for (const start of timing.scripts) expect(start, path).toBeGreaterThan(timing.stylesheetLoaded as number);
    // Not after the first frame only (ADR 0051): after the paint the browser reports, which
    // Lighthouse's simulated paints are measured against (ADR 0077).
    expect(timing.firstContentfulPaint, path).toBeDefined();
    for (const start of timing.scripts) expect(start, path).toBeGreaterThan(timing.firstContentfulPaint as number);
    // Put back as Remix wrote them: React hydrated without a mismatch (error #418 and the like),
    // and owned the preloads and scripts it then takes out of a hydrated page, as without ADR 0077.
    expect({ templates: timing.templates, dataBlocks: timing.dataBlocks }, path).toEqual({
      templates: 0,
      dataBlocks: 0,
    });
    expect(problems, path).toEqual([]);
  }
});

test("a client-side navigation to a page without scripts keeps the running page's scripts", async ({ page }) => {
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
  await untilHydrated(page);
  await page.evaluate(() => {
    (window as { stillHere?: boolean }).stillHere = true;
  });
  await page.locator(`a[href="${tenancy}/statements"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${tenancy}/statements$`));
  // The same document: no reload, and Remix's scripts are still in it.
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(await page.locator("script").count()).toBeGreaterThan(0);
});

test("pages hydrate without building a date formatter in the browser", async ({ page }) => {
  // The browser's first Intl.DateTimeFormat took 50–85 ms on a slow machine, inside hydration's
  // task: the dates a page shows are written by the server (docs/performance.md).
  await page.addInitScript(() => {
    const counts = { built: 0 };
    (window as { dateFormatters?: typeof counts }).dateFormatters = counts;
    const Original = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args) {
        counts.built++;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        counts.built++;
        return Reflect.apply(target, self, args);
      },
    });
    for (const name of ["toLocaleDateString", "toLocaleString", "toLocaleTimeString"] as const) {
      const original = Date.prototype[name];
      Date.prototype[name] = function (this: Date, ...args: Parameters<typeof original>) {
        counts.built++;
        return original.apply(this, args);
      };
    }
  });
  await signInAndWaitForDashboard(page, demoAccounts.jens.email, demoTenancyIds.jensFirst);
  const built = () => page.evaluate(() => (window as { dateFormatters?: { built: number } }).dateFormatters?.built);
  // The dashboard, then its first quantity's page and the meter list (both with the period selector).
  await page.goto(tenancy);
  await untilHydrated(page);
  const quantityPage = await page.locator(".quantity-list h3 a").first().getAttribute("href");
  expect(await built(), tenancy).toBe(0);
  for (const path of [quantityPage as string, `${tenancy}/meters`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await untilHydrated(page);
    // The period is on the page, in the resident's language ("1. november 2026 – …").
    await expect(page.locator(".period-current"), path).toHaveText(
      /^\d{1,2}\. [a-zæøå]+ \d{4} – \d{1,2}\. [a-zæøå]+ \d{4}$/,
    );
    expect(await built(), path).toBe(0);
  }
});
