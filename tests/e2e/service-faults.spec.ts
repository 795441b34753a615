import { readFileSync } from "node:fs";
import type http from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { type ExtraPortal, startBackendProxy, startPortal } from "./extra-portal";
import {
  DEMO_PASSWORD,
  database,
  demoAccounts,
  demoTenancyIds,
  sessionCookie,
  signInAndWaitForDashboard,
} from "./helpers";

/**
 * A service that breaks, as the portal sees it (issue 44, items 4 and 5). A third portal instance
 * (the same build and session secret) talks to the e2e back-end through a proxy that, for the
 * operations a test names, answers instead of the back-end:
 *
 * - `faults`: a GraphQL error `INTERNAL_SERVER_ERROR`, the service reporting its own fault (ADR
 *   0055): pages, forms and sign-in must answer the localized "cannot reach our service", never
 *   the portal's own 500 page;
 * - `huge`: a 64 MiB answer (ADR 0059): the page answers 502 with its localized text, the portal
 *   closes the connection long before the end, and its memory stays near its idle level.
 *
 * Operations are named as the portal sends them; queries started together go as one operation
 * named after all of them (`Dashboard_TenancyMenu`, ADR 0046), so a name matches any of its parts.
 */

const faults = new Set<string>();
let huge: { operation: string; withLength: boolean } | null = null;
/** What the proxy saw of each huge answer: bytes written, and whether the portal hung up first. */
const hugeAnswers: { written: number; closedEarly: Promise<boolean> }[] = [];
const hugeBytes = 64 * 1024 * 1024;

let proxy: http.Server;
let portal: ExtraPortal;
let portalURL: string;

// A portal to start and a sign-in per test: more than the default on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

type Texts = { errors: { service_unavailable: string; invalid_response: string; unexpected: string } };
const texts = JSON.parse(readFileSync("locales/da/common.json", "utf8")) as Texts;

const operationOf = (body: Buffer) => {
  try {
    const { query } = JSON.parse(body.toString("utf8")) as { query?: string };
    return /^\s*(?:query|mutation)\s+(\w+)/.exec(query ?? "")?.[1] ?? "";
  } catch {
    return "";
  }
};
const names = (operation: string, name: string) => operation.split("_").includes(name);

/** The 64 MiB answer, written as fast as the portal reads it, until it has all gone or the portal hangs up. */
function answerHuge(response: http.ServerResponse, withLength: boolean) {
  const record = { written: 0, closedEarly: Promise.resolve(false) };
  record.closedEarly = new Promise((resolve) => response.on("close", () => resolve(record.written < hugeBytes)));
  hugeAnswers.push(record);
  response.writeHead(200, {
    "content-type": "application/json",
    ...(withLength ? { "content-length": String(hugeBytes) } : {}),
  });
  const head = Buffer.from('{"data":{"filler":"');
  const tail = Buffer.from('"}}');
  const filler = Buffer.alloc(256 * 1024, 0x61);
  response.write(head);
  record.written = head.length;
  const writeMore = () => {
    while (!response.destroyed && record.written < hugeBytes - tail.length) {
      const part = filler.subarray(0, Math.min(filler.length, hugeBytes - tail.length - record.written));
      record.written += part.length;
      if (!response.write(part)) return void response.once("drain", writeMore);
    }
    if (!response.destroyed) {
      record.written += tail.length;
      response.end(tail);
    }
  };
  writeMore();
}

/** Forwards every request to the e2e back-end, except the operations a test makes fail. */
async function startFaultyProxy(): Promise<number> {
  const started = await startBackendProxy((_request, response, body, forward) => {
    const operation = operationOf(body);
    if (huge && names(operation, huge.operation)) return answerHuge(response, huge.withLength);
    if ([...faults].some((name) => names(operation, name))) {
      // What graphql-yoga answers for an exception a resolver did not expect.
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          data: null,
          errors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
        }),
      );
      return;
    }
    forward();
  });
  proxy = started.server;
  return started.port;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const proxyPort = await startFaultyProxy();
  // The default cap (8 MiB) is what is tested.
  portal = await startPortal({ servicesPort: proxyPort, env: { API_MAX_ANSWER_BYTES: undefined } });
  portalURL = portal.url;
});

test.afterAll(async () => {
  portal?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
});

test.beforeEach(async ({ page, context }) => {
  faults.clear();
  huge = null;
  // Signed in on the main portal; the same session opens the third one (same secret, same back-end).
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
  const cookie = await sessionCookie(context);
  await context.addCookies([{ ...cookie!, domain: "127.0.0.1", path: "/" }]);
});

const tenancy = `/t/${demoTenancyIds.anna}`;

/** The page's document status, and that it shows `text` as its alert, never the portal's own 500 page. */
async function expectMessagePage(page: Page, path: string, status: number, text: string) {
  const response = await page.goto(`${portalURL}${path}`);
  expect(response?.status(), path).toBe(status);
  await expect(page.getByRole("alert")).toContainText(text);
  await expect(page.locator("body")).not.toContainText(texts.errors.unexpected);
  expect(await page.content()).not.toMatch(/at .*\.(js|ts):\d+/);
}

test.describe("a service that reports its own fault (INTERNAL_SERVER_ERROR)", () => {
  test("the dashboard, whose tenant service fails, is the localized service-unavailable page (503)", async ({
    page,
  }) => {
    faults.add("Dashboard");
    await expectMessagePage(page, tenancy, 503, texts.errors.service_unavailable);
  });

  test("every page whose guard asks the account service is the same page (503)", async ({ page }) => {
    faults.add("CurrentUser");
    await expectMessagePage(page, `${tenancy}/alarms`, 503, texts.errors.service_unavailable);
  });

  test("the profile, whose users service fails, is the same page (503)", async ({ page }) => {
    faults.add("Me");
    await expectMessagePage(page, `${tenancy}/profile`, 503, texts.errors.service_unavailable);
  });

  test("a saved alarm says so on its form, keeping what was typed", async ({ page }) => {
    const db = database();
    const alarm = db
      .prepare("SELECT id FROM alarms WHERE tenancy_id = ? AND type <> 'zero' ORDER BY id LIMIT 1")
      .get(demoTenancyIds.anna) as { id: number };
    db.close();
    await page.goto(`${portalURL}${tenancy}/alarms/${alarm.id}/edit`);
    await page.locator("#level").fill("42");
    faults.add("UpdateAlarm");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.locator("main form[method='post'] button[type='submit']").click();
    expect((await answer).status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText(texts.errors.service_unavailable);
    await expect(page.locator("#level")).toHaveValue("42");
  });

  for (const operation of ["TokenAuth", "LoginWithEmailAndPassword"]) {
    test(`sign-in whose ${operation} fails says so on the form, keeping the e-mail`, async ({ page, context }) => {
      await context.clearCookies();
      await page.goto(`${portalURL}/login/email`);
      await page.locator("input[name='email']").fill(demoAccounts.anna.email);
      await page.locator("input[name='password']").fill(DEMO_PASSWORD);
      faults.add(operation);
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await page.locator("main form[method='post'] button[type='submit']").click();
      expect((await answer).status()).toBe(503);
      await expect(page.getByRole("alert").filter({ hasText: texts.errors.service_unavailable })).toBeVisible();
      await expect(page.locator("input[name='email']")).toHaveValue(demoAccounts.anna.email);
      expect(new URL(page.url()).pathname).toBe("/login/email");
    });
  }
});

/** The portal process's resident memory, in bytes (Linux: /proc/<pid>/status). */
function portalRss(): number {
  const status = readFileSync(`/proc/${portal.child.pid}/status`, "utf8");
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  expect(kilobytes).toBeGreaterThan(0);
  return kilobytes * 1024;
}

test("a 64 MiB answer to the dashboard's call is a 502 page, not read to its end, and memory stays near idle", async ({
  page,
}) => {
  // Idle: the dashboard rendered a few times (modules, translations and caches loaded).
  for (let i = 0; i < 3; i++) expect((await page.goto(`${portalURL}${tenancy}`))?.status()).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = portalRss();

  hugeAnswers.length = 0;
  for (const withLength of [false, true, false]) {
    huge = { operation: "Dashboard", withLength };
    await expectMessagePage(page, tenancy, 502, texts.errors.invalid_response);
  }
  expect(hugeAnswers.length).toBeGreaterThanOrEqual(3);
  for (const answer of hugeAnswers) {
    expect(await answer.closedEarly).toBe(true);
    // Stopped at the cap: what the sockets' buffers held beyond it at most, never the 64 MiB.
    expect(answer.written).toBeLessThan(hugeBytes / 2);
  }

  huge = null;
  expect((await page.goto(`${portalURL}${tenancy}`))?.status()).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = portalRss();
  test.info().annotations.push({
    type: "portal memory",
    description: `${Math.round(idle / 2 ** 20)} MiB idle, ${Math.round(after / 2 ** 20)} MiB after three 64 MiB answers`,
  });
  expect(after - idle).toBeLessThan(100 * 1024 * 1024);
});
