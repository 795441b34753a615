import { expect, type Page, test } from "@playwright/test";
import { dailyOnlyAccount, dailyOnlyTenancyId } from "../../backend/db/seed/daily-only-property";
import { parseDisplayedNumber } from "../oracle/page-figures";
import { agreesToDisplayedDecimals } from "../oracle/recompute";
import { axeViolations, describeViolations } from "./axe";
import {
  database,
  signInAndWaitForDashboard,
  signInDirectly,
  startAsProjectResident,
  untilHydrated,
  useLanguage,
  userIdOf,
} from "./helpers";
import { sidewaysOverflow, text } from "./page-texts";
import { copenhagenHour, copenhagenMidnight, datesThrough, nextDay } from "./readings";

/**
 * The watches in the portal (issue 47 items 1–3), as residents use them, with and without
 * JavaScript: turning a watch on and off on the alarm settings page, the dashboard's suggestion and
 * its "Dismiss", a home where the leak watch is not offered, and the demo's leak and heating
 * notifications, whose nights and days (and each one's figure) are recomputed here from the raw
 * readings the e2e back-end holds. Each project has its own resident for the flows that change
 * settings (projectResident): Emma (tenancy 7008) with JavaScript, Mette (tenancy 7022) without.
 */

/** The resident's watches off (no row is off) and the dashboard's suggestion not dismissed. */
function resetWatches(email: string, tenancyId: number) {
  const userId = userIdOf(email);
  const db = database(false);
  try {
    db.prepare("DELETE FROM watches WHERE user_id = ? AND tenancy_id = ?").run(userId, tenancyId);
    db.prepare("DELETE FROM watch_suggestions WHERE user_id = ? AND tenancy_id = ?").run(userId, tenancyId);
  } finally {
    db.close();
  }
}

const startAs = (page: Page, project: string) =>
  startAsProjectResident(page, project, (resident) => resetWatches(resident.email, resident.tenancyId));

// The tests of a project share its resident: one after the other (the two projects still run side by side).
test.describe.configure({ mode: "default" });

const en = (key: string, values: Record<string, string> = {}) => text("en", key, values);

test.describe("watches", () => {
  test("a resident turns each watch on and off on the alarm settings page", async ({ page }, info) => {
    const { tenancyId } = await startAs(page, info.project.name);
    await page.goto(`/t/${tenancyId}/alarms`);
    const section = page.getByRole("region", { name: en("watches.heading") });
    await expect(section).toContainText(en("watches.leak_what"));
    await expect(section).toContainText(en("watches.heating_what"));
    await untilHydrated(page);

    for (const watch of ["leak", "heating"] as const) {
      const item = section.locator(".watch").filter({ hasText: en(`watches.${watch}_name`) });
      await expect(item.getByRole("heading")).toContainText("Off");
      await item.getByRole("button", { name: en(`watches.${watch}_turn_on`) }).click();
      await expect(page.getByText(en(`toast.${watch}_watch_on`))).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/t/${tenancyId}/alarms#watches-heading$`));
      await expect(item.getByRole("heading")).toContainText("On");
      await expect(item.getByRole("button", { name: en(`watches.${watch}_turn_off`) })).toBeVisible();
    }
    // Kept: another visit shows both on, and the stored settings say so.
    await page.goto(`/t/${tenancyId}/alarms`);
    await expect(section.locator(".watch .status-on")).toHaveCount(2);

    for (const watch of ["leak", "heating"] as const) {
      const item = section.locator(".watch").filter({ hasText: en(`watches.${watch}_name`) });
      await item.getByRole("button", { name: en(`watches.${watch}_turn_off`) }).click();
      await expect(page.getByText(en(`toast.${watch}_watch_off`))).toBeVisible();
      await expect(item.getByRole("heading")).toContainText("Off");
      await expect(item.getByRole("button", { name: en(`watches.${watch}_turn_on`) })).toBeVisible();
    }
    await page.goto(`/t/${tenancyId}/alarms`);
    await expect(section.locator(".watch .status-off")).toHaveCount(2);
  });

  test("the dashboard suggests the watches until dismissed, and then no more", async ({ page }, info) => {
    const { tenancyId } = await startAs(page, info.project.name);
    await page.goto(`/t/${tenancyId}`);
    const card = page.getByRole("region", { name: en("watches.suggestion_heading") });
    await expect(card).toContainText(en("watches.suggestion_text"));
    // Its link leads to the watches on the alarm settings page.
    await expect(card.getByRole("link", { name: en("watches.suggestion_link") })).toHaveAttribute(
      "href",
      `/t/${tenancyId}/alarms#watches-heading`,
    );
    await untilHydrated(page);
    await card.getByRole("button", { name: en("watches.suggestion_dismiss") }).click();
    await expect(page.getByText(en("toast.watch_suggestion_dismissed"))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/t/${tenancyId}$`));
    await expect(card).toHaveCount(0);
    // It stays gone: on the next visit and after signing in again.
    await page.goto(`/t/${tenancyId}`);
    await expect(page.locator("h1")).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("a resident with a watch on is not asked to turn the watches on", async ({ page }, info) => {
    const { tenancyId } = await startAs(page, info.project.name);
    await page.goto(`/t/${tenancyId}/alarms`);
    await untilHydrated(page);
    await page.getByRole("button", { name: en("watches.leak_turn_on") }).click();
    await expect(page.getByText(en("toast.leak_watch_on"))).toBeVisible();
    await page.goto(`/t/${tenancyId}`);
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.getByRole("region", { name: en("watches.suggestion_heading") })).toHaveCount(0);
  });

  test("a home on a property without hourly values is not offered the leak watch, and is told why", async ({
    page,
  }) => {
    await signInAndWaitForDashboard(page, dailyOnlyAccount.email, dailyOnlyTenancyId);
    await page.goto(`/t/${dailyOnlyTenancyId}/alarms`);
    const section = page.getByRole("region", { name: text("da", "watches.heading") });
    const leak = section.locator(".watch").filter({ hasText: text("da", "watches.leak_name") });
    await expect(leak.locator(".watch-unavailable")).toHaveText(
      `${text("da", "watches.not_offered")} ${text("da", "watches.reason_no_hourly_values")}`,
    );
    await expect(leak.getByRole("button")).toHaveCount(0);
    // Posting the form by hand is refused in words, and the watch stays off.
    const response = await page.request.post(`/t/${dailyOnlyTenancyId}/alarms?index`, {
      form: { intent: "watch-leak", enabled: "on" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    // The page comes back saying again why the watch is not offered.
    expect(await response.text()).toContain(text("da", "watches.reason_no_hourly_values"));
    const db = database();
    try {
      const row = db
        .prepare("SELECT enabled FROM watches WHERE user_id = ? AND tenancy_id = ? AND kind = 'leak'")
        .get(dailyOnlyAccount.id, dailyOnlyTenancyId) as { enabled: number | boolean } | undefined;
      expect(Boolean(row?.enabled)).toBe(false);
    } finally {
      db.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The demo's watch notifications against the raw readings.

interface StoredWatchNotification {
  id: number;
  tenancyId: number;
  email: string;
  quantity: string;
  value: number;
  periodStart: string;
  periodEnd: string;
  watchDays: string;
}

/** The demo's first notification of a watch kind, with its resident's e-mail. */
function demoNotification(kind: "leak_watch" | "heating_left_on"): StoredWatchNotification | undefined {
  const db = database();
  try {
    return db
      .prepare(
        `SELECT n.id AS id, n.tenancy_id AS tenancyId, u.email AS email, n.quantity AS quantity, n.value AS value,
          n.period_start AS periodStart, n.period_end AS periodEnd, n.watch_days AS watchDays
         FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = ? ORDER BY n.id LIMIT 1`,
      )
      .get(kind) as StoredWatchNotification | undefined;
  } finally {
    db.close();
  }
}

/** The register meters of the tenancy's home that measure a quantity (total water: cold and hot). */
function metersOf(tenancyId: number, quantity: string): number[] {
  const quantities = quantity === "total-water-volume" ? ["cold-water-volume", "hot-water-volume"] : [quantity];
  const db = database();
  try {
    const rows = db
      .prepare(
        `SELECT m.id AS id, m.quantity AS quantity FROM meters m JOIN tenancies t ON t.unit_id = m.unit_id WHERE t.id = ?`,
      )
      .all(tenancyId) as { id: number; quantity: string }[];
    return rows.filter((row) => quantities.includes(row.quantity)).map((row) => Number(row.id));
  } finally {
    db.close();
  }
}

/** The meters' register readings from..to (epoch seconds, both included), summed per instant. */
function summedRegisters(meterIds: readonly number[], from: number, to: number): Map<number, number> {
  const db = database();
  try {
    const select = db.prepare("SELECT ts, value FROM meter_readings WHERE meter_id = ? AND ts >= ? AND ts <= ?");
    const perMeter = meterIds.map(
      (id) =>
        new Map(
          (select.all(id, from, to) as { ts: number; value: number }[]).map((r) => [Number(r.ts), Number(r.value)]),
        ),
    );
    const sums = new Map<number, number>();
    for (let ts = from; ts <= to; ts += 3600) {
      if (perMeter.every((readings) => readings.has(ts)))
        sums.set(
          ts,
          perMeter.reduce((sum, readings) => sum + readings.get(ts)!, 0),
        );
    }
    return sums;
  } finally {
    db.close();
  }
}

/**
 * A night's hours from 01:00 to 05:00 Copenhagen time on the date (3 on the spring night, 5 on the
 * autumn one), each hour's consumption of the meters together; null for an hour without both readings.
 */
function nightHours(meterIds: readonly number[], date: string): (number | null)[] {
  const start = copenhagenHour(date, 1);
  const end = copenhagenHour(date, 5);
  const registers = summedRegisters(meterIds, start, end);
  const hours: (number | null)[] = [];
  for (let ts = start; ts < end; ts += 3600) {
    const a = registers.get(ts);
    const b = registers.get(ts + 3600);
    hours.push(a === undefined || b === undefined ? null : b - a);
  }
  return hours;
}

/** A day's consumption of register meters: the readings at its midnight and the next, subtracted. */
function dayConsumption(meterIds: readonly number[], date: string): number {
  const start = copenhagenMidnight(date);
  const end = copenhagenMidnight(nextDay(date));
  const registers = summedRegisters(meterIds, start, end);
  if (!registers.has(start) || !registers.has(end)) throw new Error(`no midnight readings around ${date}`);
  return registers.get(end)! - registers.get(start)!;
}

/** A day's mean outdoor temperature on the tenancy's property: the mean of its local hours' means. */
function outdoorDayMean(tenancyId: number, date: string): number {
  const db = database();
  try {
    const rows = db
      .prepare(
        `SELECT o.ts AS ts, o.celsius AS celsius FROM outdoor_readings o JOIN outdoor_meters m ON m.id = o.meter_id
         JOIN units u ON u.property_id = m.property_id JOIN tenancies t ON t.unit_id = u.id
         WHERE t.id = ? AND o.ts >= ? AND o.ts < ?`,
      )
      .all(tenancyId, copenhagenMidnight(date), copenhagenMidnight(nextDay(date))) as { ts: number; celsius: number }[];
    const byHour = new Map<number, number[]>();
    for (const row of rows) {
      const hour = Math.floor(Number(row.ts) / 3600);
      byHour.set(hour, [...(byHour.get(hour) ?? []), Number(row.celsius)]);
    }
    const means = [...byHour.values()].map((values) => values.reduce((a, b) => a + b, 0) / values.length);
    if (means.length === 0) throw new Error(`no outdoor readings on ${date}`);
    return means.reduce((a, b) => a + b, 0) / means.length;
  } finally {
    db.close();
  }
}

/** The figure at the end of a line ("…: lowest hourly flow 0.004 m³", "14 July 2026: 3 kWh"). */
function figureAtEnd(line: string) {
  const match = /(\d[\d.,]*)\s*(?:m³|kWh|units?)\s*$/.exec(line.replace(/[\u00a0\u202f]/g, " "));
  return match ? parseDisplayedNumber(match[1]!, "en") : null;
}

/**
 * The demo's notification of a watch, the register meters of its home that measure the quantity, and
 * the run's nights or days: at least `fewest` in a row (all of them when the job first saw a longer run).
 */
function demoRun(kind: "leak_watch" | "heating_left_on", fewest: number) {
  const stored = demoNotification(kind);
  expect(stored, `the demo has a ${kind.replaceAll("_", "-")} notification`).toBeDefined();
  const meters = metersOf(stored!.tenancyId, stored!.quantity);
  expect(meters.length).toBeGreaterThan(0);
  const dates = datesThrough(stored!.periodStart, stored!.periodEnd);
  expect(dates.length).toBeGreaterThanOrEqual(fewest);
  return { stored: stored!, meters, dates };
}

/**
 * Checks the nights or days the notification stored, then reads them from the list and the detail
 * page, and checks each figure and the run's.
 */
async function expectWatchNotification(
  page: Page,
  stored: StoredWatchNotification,
  kind: "leak_watch" | "heating_left_on",
  expected: { date: string; value: number }[],
  run: number,
) {
  expect(JSON.parse(stored.watchDays).map((d: { date: string }) => d.date)).toEqual(expected.map((day) => day.date));
  // The resident may hold more than one home: signing in leads to the one last chosen.
  await signInDirectly(page, stored.email, /^\/t\/\d+$/);
  await useLanguage(page, "en");
  await page.goto(`/t/${stored.tenancyId}/notifications`);
  const item = page.locator(".notification").filter({ has: page.locator(`a[href$="/notifications/${stored.id}"]`) });
  await expect(item).toContainText(en(`notifications.what.${kind}`));
  await expect(
    item.getByRole("img", { name: en(kind === "leak_watch" ? "watches.icon_leak" : "watches.icon_heating") }),
  ).toBeVisible();
  const lines = item.locator(".watch-days li");
  await expect(lines).toHaveCount(expected.length);
  for (const [index, day] of expected.entries()) {
    const line = lines.nth(index);
    await expect(line).toHaveAttribute("data-date", day.date);
    const shown = figureAtEnd((await line.textContent()) ?? "");
    expect(agreesToDisplayedDecimals(shown, day.value), `${day.date}: ${shown?.text} against ${day.value}`).toBe(true);
  }

  // The detail page: the same days in a table, and the run's figure.
  await item.getByRole("link").first().click();
  await expect(page.locator("h1")).toContainText(en(`notifications.kind.${kind}`));
  await expect(page.locator(".notification-text")).toHaveText(en(`notifications.what.${kind}`));
  const rows = page.locator(".watch-day-table tbody tr");
  await expect(rows).toHaveCount(expected.length);
  for (const [index, day] of expected.entries()) {
    await expect(rows.nth(index)).toHaveAttribute("data-date", day.date);
    const shown = parseDisplayedNumber((await rows.nth(index).locator("td").textContent()) ?? "", "en");
    expect(agreesToDisplayedDecimals(shown, day.value), `${day.date}: ${shown?.text} against ${day.value}`).toBe(true);
  }
  const total = page.locator(".summary-list dd").last();
  expect(agreesToDisplayedDecimals(parseDisplayedNumber((await total.textContent()) ?? "", "en"), run)).toBe(true);
}

test.describe("the demo's watch notifications", () => {
  test("the running toilet: three nights with water in every night hour, each with its lowest hourly flow", async ({
    page,
  }) => {
    const { stored, meters, dates: nights } = demoRun("leak_watch", 3);
    const expected = nights.map((date) => {
      const hours = nightHours(meters, date);
      // Running: above zero in every hour of the night.
      expect(
        hours.every((h) => h !== null && h > 0),
        `${date}: water in every hour 01-05 (${hours.join(", ")})`,
      ).toBe(true);
      return { date, value: Math.min(...(hours as number[])) };
    });
    await expectWatchNotification(
      page,
      stored,
      "leak_watch",
      expected,
      Math.min(...expected.map((night) => night.value)),
    );
  });

  test("the heating left on: seven warm days in a row, each with the heat it used", async ({ page }) => {
    const { stored, meters, dates: days } = demoRun("heating_left_on", 7);
    const expected = days.map((date) => {
      expect(outdoorDayMean(stored.tenancyId, date), `${date}: a warm day`).toBeGreaterThanOrEqual(17);
      const heat = dayConsumption(meters, date);
      expect(heat, `${date}: heat used`).toBeGreaterThan(0);
      return { date, value: heat };
    });
    await expectWatchNotification(
      page,
      stored,
      "heating_left_on",
      expected,
      expected.reduce((sum, day) => sum + day.value, 0),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// axe and reflow of the pages the watches change, at a phone's, a small phone's and a desktop's width.

for (const width of [320, 390, 1366]) {
  test(`the alarm settings, the dashboard with the suggestion and the notifications at ${width} px: axe-clean, no sideways scrolling`, async ({
    page,
    javaScriptEnabled,
  }, info) => {
    await page.setViewportSize({ width, height: 800 });
    const { tenancyId } = await startAs(page, info.project.name);
    const leak = demoNotification("leak_watch");
    const paths = [`/t/${tenancyId}/alarms`, `/t/${tenancyId}`];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      if (path === `/t/${tenancyId}`)
        await expect(page.getByRole("region", { name: en("watches.suggestion_heading") })).toBeVisible();
      expect.soft(await sidewaysOverflow(page), `${path} at ${width} px`).toEqual([]);
      if (javaScriptEnabled) expect.soft(describeViolations(await axeViolations(page)), `axe on ${path}`).toEqual([]);
    }
    // The notifications with a watch's: the demo resident's list and the notification itself.
    if (leak) {
      await signInDirectly(page, leak.email, /^\/t\/\d+$/);
      for (const path of [`/t/${leak.tenancyId}/notifications`, `/t/${leak.tenancyId}/notifications/${leak.id}`]) {
        await page.goto(path);
        await expect(page.locator(".watch-icon").first()).toBeVisible();
        expect.soft(await sidewaysOverflow(page), `${path} at ${width} px`).toEqual([]);
        if (javaScriptEnabled) expect.soft(describeViolations(await axeViolations(page)), `axe on ${path}`).toEqual([]);
      }
    }
    expect(leak, "the demo has a leak-watch notification").toBeDefined();
  });
}
