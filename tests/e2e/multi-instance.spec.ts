/**
 * Two portals and two back-ends on one PostgreSQL database, only in the multi-instance
 * run (playwright.postgres.config.ts; the proxy marks each answer with the portal that served it).
 */
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, database, demoAccounts, signIn } from "./helpers";
import { e2eDatabaseUrl } from "./test-database";

test.skip(!e2eDatabaseUrl, "only in the multi-instance run on PostgreSQL");

test("a resident's pages are served by both portals, and the session holds across them", async ({ page }) => {
  const servedBy = new Set<string>();
  page.on("response", (response) => {
    const portal = response.headers()["x-served-by"];
    if (portal && response.request().resourceType() === "document") servedBy.add(portal);
  });
  await signIn(page, demoAccounts.anna.email);
  await expect(page).toHaveURL(/\/t\/\d+$/);
  // The proxy takes turns per request, whatever asked: when each reload sends an even number of
  // requests (the document and what it loads), documents can keep landing on one portal, so the
  // page is reloaded until both have served it (at least 4 times), each time still signed in.
  for (let i = 0; i < 4 || (servedBy.size < 2 && i < 16); i++) {
    await page.reload();
    await expect(page).toHaveURL(/\/t\/\d+$/);
    if (servedBy.size === 1 && i % 2 === 1) {
      // Shift the turn by one request that is not a document.
      await page.request.get("/healthz");
    }
  }
  expect([...servedBy].sort()).toEqual(["portal-1", "portal-2"]);
});

test("wrong passwords through both portals count against one limit", async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const address = info.project.name === "js" ? "203.0.113.71" : "203.0.113.72";
  const servedBy = new Set<string>();
  const attempt = (password: string) =>
    request.post("/login/email", {
      form: { email: `nobody-multi-${info.project.name}@demo.test`, password },
      headers: { "X-Forwarded-For": address },
      maxRedirects: 0,
    });
  for (let i = 0; i < 30; i++) {
    const response = await attempt("Wrong-Password-2026!");
    expect(response.status()).toBe(401);
    servedBy.add(response.headers()["x-served-by"] ?? "");
  }
  // Each portal saw only 15 of them: a limit in one portal's memory would not stop the next one.
  expect([...servedBy].sort()).toEqual(["portal-1", "portal-2"]);
  for (let i = 0; i < 2; i++) {
    const refused = await attempt(DEMO_PASSWORD);
    expect(refused.status()).toBe(429);
    servedBy.add(refused.headers()["x-served-by"] ?? "");
  }
  await request.dispose();
});

test("both back-ends ran the scheduled jobs, and each job's work exists once", async () => {
  const db = database();
  try {
    // Every notification once per user, kind, alarm and period; every report once per tenancy and month.
    expect(
      db
        .prepare(
          "SELECT user_id, kind, alarm_id, period_start, report_code, COUNT(*) AS n FROM notifications GROUP BY user_id, kind, alarm_id, period_start, report_code HAVING COUNT(*) > 1",
        )
        .all(),
    ).toEqual([]);
    expect(
      db
        .prepare(
          "SELECT tenancy_id, month, COUNT(*) AS n FROM consumption_reports GROUP BY tenancy_id, month HAVING COUNT(*) > 1",
        )
        .all(),
    ).toEqual([]);
    expect((db.prepare("SELECT COUNT(*) AS n FROM consumption_reports").get() as { n: number }).n).toBeGreaterThan(0);
    // No e-mail went out twice.
    expect(
      db
        .prepare(
          "SELECT to_address, subject, text, COUNT(*) AS n FROM mail_outbox GROUP BY to_address, subject, text HAVING COUNT(*) > 1",
        )
        .all(),
    ).toEqual([]);
    // The demo was seeded once.
    expect(db.prepare("SELECT name, COUNT(*) AS n FROM seed_steps GROUP BY name HAVING COUNT(*) > 1").all()).toEqual(
      [],
    );
  } finally {
    db.close();
  }
});
