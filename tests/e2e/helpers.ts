import { type APIResponse, type BrowserContext, expect, type Page, type Response, test } from "@playwright/test";
import { deferredModuleType } from "../../app/http/scripts-after-paint.server";
import { DEMO_PASSWORD, demoAccounts, demoTenancyIds } from "../../backend/db/seed/demo-accounts";

export { DEMO_PASSWORD, demoAccounts, demoTenancyIds };

/** Chooses the interface language the way a resident does: the form behind 'Select a language'. */
export async function useLanguage(page: Page, language: "da" | "en" | "nb") {
  const response = await page.request.post("/language", { form: { lng: language, redirectTo: "/login" } });
  expect(response.ok()).toBeTruthy();
}

/**
 * Fails when a page's HTML holds a NUL byte (react#31134: React 18's Node renderer
 * wrote one before a multibyte character in about one page in thirty), naming what is around it.
 * Returns the page's text.
 */
export async function expectNoNulByte(response: Response | APIResponse | null, what: string): Promise<string> {
  expect(response, what).not.toBeNull();
  const body = await response!.body();
  const at = body.indexOf(0);
  const around = at < 0 ? "" : body.subarray(Math.max(0, at - 40), at + 40).toString("utf8");
  expect(at, `NUL byte at ${at} of ${what}: ${JSON.stringify(around)}`).toBe(-1);
  return body.toString("utf8");
}

/** Signs in through /login/email like a resident (works with and without JavaScript). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/login/email") {
  await page.goto(path);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('main form[method="post"] button[type="submit"]').click();
}

/**
 * Signs in the way the form does, without drawing the form: posts /login/email's fields from the
 * test through `page.request` (which shares the page's cookies, so the browser holds the session),
 * opens the page the sign-in leads to, checks that it is `landing` (its path) and, with JavaScript,
 * waits until it has hydrated: where a resident stands after the form. For tests of what comes after signing in;
 * the form itself, with and without JavaScript, is login.spec.ts's (through {@link signIn}). Not
 * loading and hydrating /login/email in the browser saves 1–2 s a test on a busy two-core machine
 * (measured 2026-11-28 during a CI run: 3.4–4.7 s through the form with JavaScript, 1.8–2.1 s this
 * way; 2.3–3.0 s and 1.1–1.8 s without).
 */
export async function signInDirectly(
  page: Page,
  email: string,
  landing: RegExp,
  options: { password?: string; timeout?: number } = {},
) {
  const response = await page.request.post("/login/email", {
    form: { email, password: options.password ?? DEMO_PASSWORD, redirectTo: "" },
    headers: { Origin: e2e.baseURL },
    maxRedirects: 0,
    timeout: options.timeout,
  });
  const location = response.headers().location;
  expect(location, `signing in ${email} answered ${response.status()}, not a redirect`).toBeDefined();
  await page.goto(location!, { timeout: options.timeout });
  expect(new URL(page.url()).pathname, `where signing in ${email} leads`).toMatch(landing);
  if (test.info().project.use.javaScriptEnabled !== false)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
      timeout: options.timeout,
    });
}

/** Signs in ({@link signInDirectly}) and opens the tenancy's dashboard (`timeout`: longer than expect's default on a slow page). */
export async function signInAndWaitForDashboard(
  page: Page,
  email: string,
  tenancyId: number,
  options: { timeout?: number } = {},
) {
  await signInDirectly(page, email, new RegExp(`^/t/${tenancyId}$`), options);
}

/**
 * The resident whose settings a project's tests change (their alarms, notifications and watches are
 * theirs alone), so the two projects can run at the same time: Emma (English, tenancy 7008) with
 * JavaScript, Mette (Jens's second home, tenancy 7022) without.
 */
export function projectResident(project: string): { email: string; tenancyId: number } {
  return project === "js"
    ? { email: demoAccounts.emma.email, tenancyId: demoTenancyIds.emma }
    : { email: demoAccounts.mette.email, tenancyId: demoTenancyIds.jensSecond };
}

/**
 * Readies the project's resident for a test (`prepare`: puts back what the spec's tests change, adds
 * what the test reads), then signs them in on their dashboard, in English.
 */
export async function startAsProjectResident(
  page: Page,
  project: string,
  prepare: (resident: { email: string; tenancyId: number }) => void,
) {
  const resident = projectResident(project);
  prepare(resident);
  await signInAndWaitForDashboard(page, resident.email, resident.tenancyId);
  await useLanguage(page, "en");
  return resident;
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "__session");
}

/** The session's content: the cookie is signed, not encrypted (base64 JSON, then a signature). */
export function decodeSession(value: string): {
  auth?: { account: { refreshToken: string; token: string }; users: { refreshToken: string; token: string } };
  tenancyId?: string;
} {
  const payload = decodeURIComponent(value).split(".")[0]!;
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
}

import { execFileSync } from "node:child_process";
import { createHash, randomInt } from "node:crypto";
import { e2e } from "./env";
import { e2eDatabaseUrl, openTestDatabase } from "./test-database";

/** The e2e back-end's database (SQLite, or PostgreSQL in the multi-instance run), for what a resident would find in their mailbox or an operator's tools. */
export function database(readonly = true) {
  return openTestDatabase(e2e.dataDir, readonly);
}

/** A new unused activation code for a tenancy (as the landlord's invitation would carry). */
export function createActivationCode(tenancyId: number): string {
  const code = Array.from({ length: 12 }, () => String.fromCharCode(65 + randomInt(26))).join("");
  const db = database(false);
  try {
    db.prepare("INSERT INTO activation_codes (code_hash, tenancy_id, expires_at) VALUES (?, ?, ?)").run(
      createHash("sha256").update(code).digest("hex"),
      tenancyId,
      "2099-12-31T23:59:59.000Z",
    );
  } finally {
    db.close();
  }
  return code;
}

/** The newest e-mail sent to an address (the local back-end's outbox). */
export function latestMailTo(email: string): { subject: string; text: string } | undefined {
  const db = database();
  try {
    return db
      .prepare("SELECT subject, text FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
      .get(email.toLowerCase()) as { subject: string; text: string } | undefined;
  } finally {
    db.close();
  }
}

/** The id of the account with an e-mail address. */
export function userIdOf(email: string): number {
  const db = database();
  try {
    return (db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
  } finally {
    db.close();
  }
}

/** The ids of a tenancy's first alarm and first notification (the seed gives the demo residents both). */
export function firstAlarmAndNotification(tenancyId: number): { alarmId: number; notificationId: number } {
  const db = database();
  try {
    const alarm = db.prepare("SELECT id FROM alarms WHERE tenancy_id = ? ORDER BY id LIMIT 1").get(tenancyId) as {
      id: number;
    };
    const notification = db
      .prepare("SELECT id FROM notifications WHERE tenancy_id = ? ORDER BY id LIMIT 1")
      .get(tenancyId) as { id: number };
    return { alarmId: alarm.id, notificationId: notification.id };
  } finally {
    db.close();
  }
}

/** A one-time support link, from the support command an operator runs. */
export function impersonationLink(email: string): string {
  return execFileSync(process.execPath, ["--import", "tsx", "backend/cli/impersonation-link.ts", email], {
    env: {
      ...process.env,
      DATA_DIR: e2e.dataDir,
      PORTAL_URL: e2e.baseURL,
      ...(e2eDatabaseUrl ? { DATABASE_URL: e2eDatabaseUrl } : {}),
    },
    encoding: "utf8",
  }).trim();
}

/** An e-mail address no other test uses. */
export function uniqueEmail(label: string, project: string) {
  return `${label}-${project}-${Date.now()}-${randomInt(1_000_000)}@demo.test`.toLowerCase();
}

/**
 * Signs up with e-mail through the form (any language; fields are found by name), from a client
 * address of its own: sign-ups are limited per address (20 an hour), and the suite signs up more
 * residents than that, all from this one machine (the e2e portal trusts X-Forwarded-For from loopback).
 */
export async function signUp(page: Page, email: string, password: string, repeat = password) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.77.${randomInt(250)}.${randomInt(1, 250)}` });
  await page.goto("/signup/email");
  // With JavaScript, the browser's checks answer the form (accounts.spec.ts expects what they keep).
  await untilHydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="passwordRepeat"]').fill(repeat);
  await page.locator('input[name="dataPolicy"]').check();
  await page.locator('main form[method="post"] button[type="submit"]').click();
}

/**
 * With JavaScript on, waits until the page has hydrated and answers true; without JavaScript, or on a
 * page that ships no script (the report, the policies, help), answers false at once. A page's scripts
 * start after its first contentful paint (ADR 0077): a step that needs them (a check in the
 * browser, a key a script handles, content a script shows) taken before that gets the page without
 * JavaScript. Until then its module script is a data block (`deferredModuleType`), so a page that
 * ships scripts is known by either form, whenever this is called.
 */
export async function untilHydrated(page: Page, options: { timeout?: number } = {}): Promise<boolean> {
  if (!(await page.evaluate(() => matchMedia("(scripting: enabled)").matches))) return false;
  if ((await page.locator(`script[type=module], script[type="${deferredModuleType}"]`).count()) === 0) return false;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, options);
  return true;
}
