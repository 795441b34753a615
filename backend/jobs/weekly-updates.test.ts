/**
 * The weekly update job (issue 47 item 4, ADR 0076) on the demo database (SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set, ADR 0031): once per resident and week, never twice however often
 * it runs, a failed SMTP delivery tried again later and then sent once, nothing for a resident with
 * it off; and Anna's figures as recomputed here from the raw registers alone (each day's heat and
 * water from the register at the day's two Copenhagen midnights; the weather adjustment by its own
 * least squares over the raw outdoor samples' degree days, by the figures oracle's
 * tests/oracle/weather.ts), formatted as the e-mail formats figures.
 */
import { formatQuantity } from "@common/quantity-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { degreeDaysByDate } from "../../tests/oracle/weather";
import type { Backend } from "../app";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { topUpDemoReadings } from "../db/seed/readings";
import { silentLogger } from "../logger";
import { createMailer, type MailMessage, type MailTransport } from "../mail/mailer";
import { headersOf, latestMessages, linksIn } from "../mail/outbox";
import { secretKey } from "../services/tokens";
import { firstErrorCode, graphql } from "../testing/graphql";
import { addDays, datesThrough, midnightOf } from "../testing/oracle-calendar";
import { createDemoBackend, meterIdsOf, outdoorSamplesOfUnit, rawRegistersOf, userIdOf } from "../testing/setup";
import { sendWeeklyUpdates } from "./weekly-updates";

/** Monday 24 November 2025, 08:00 in Copenhagen: the week 17–23 November is due. */
const NOW = new Date("2025-11-24T07:00:00.000Z");
const HOUR = 3_600_000;
const jwtSecret = "weekly-updates-test-secret-0123456789abcdef";
const portalUrl = "https://portal.test";

let backend: Backend;
let annaId = 0;
let jensId = 0;
/** Per meter, its register by epoch second. */
const registers = new Map<number, Map<number, number>>();
const metersOf = new Map<string, number[]>();
let outdoor: { ts: number; celsius: number }[] = [];

/** A quantity's use over the dates [from, toIncluded] from the raw registers; null where one is missing. */
function used(quantity: string, from: string, toIncluded: string): number | null {
  const [s, e] = [midnightOf(from) / 1000, midnightOf(addDays(toIncluded, 1)) / 1000];
  let sum = 0;
  for (const id of metersOf.get(quantity) ?? []) {
    const a = registers.get(id)?.get(s);
    const b = registers.get(id)?.get(e);
    if (a === undefined || b === undefined) return null;
    sum += b - a;
  }
  return sum;
}

/** A transport that fails while `failing` holds, and counts what it delivered. */
function testTransport() {
  const delivered: (MailMessage & { from: string })[] = [];
  const state = { failing: false };
  const transport: MailTransport = {
    description: "test transport",
    async deliver(message) {
      if (state.failing) throw new Error("421 try again later");
      delivered.push(message);
    },
    close() {},
  };
  return { transport, delivered, state };
}

function mailerWith(transport: MailTransport) {
  return createMailer({ db: backend.db, now: () => NOW, logger: silentLogger, from: "x@portal.test", transport });
}
const key = secretKey(jwtSecret);
const weeklyOf = async (to: string) =>
  (await latestMessages(backend.db, { to, limit: 50 })).filter((message) => message.headers !== null);

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW, jwtSecret });
  const tenancy = await backend.db
    .selectFrom("tenancies")
    .select("unit_id")
    .where("id", "=", demoTenancyIds.anna)
    .executeTakeFirstOrThrow();
  // A year and a half of Anna's readings: the same week last year, the fit's 365 days, the forecast.
  await topUpDemoReadings(backend.db, NOW, { unitIds: [tenancy.unit_id], fromDay: "2024-05-01" });
  annaId = await userIdOf(backend.db, demoAccounts.anna.email);
  jensId = await userIdOf(backend.db, demoAccounts.jens.email);
  for (const quantity of ["heat-energy", "cold-water-volume", "hot-water-volume"]) {
    const ids = await meterIdsOf(backend.db, tenancy.unit_id, quantity);
    metersOf.set(quantity, ids);
    for (const [id, register] of await rawRegistersOf(backend.db, ids)) registers.set(id, register);
  }
  outdoor = await outdoorSamplesOfUnit(backend.db, tenancy.unit_id);
}, 600_000);
afterAll(() => backend?.close());

describe("sendWeeklyUpdates", () => {
  it("sends the demo resident who has it on one e-mail for last week, and nothing more however often it runs", async () => {
    const { transport, delivered } = testTransport();
    const mailer = mailerWith(transport);
    // The watches' findings: one of the last 7 days is in the e-mail, an older one is not.
    const finding = (createdAt: string, periodStart: string) => ({
      user_id: annaId,
      tenancy_id: demoTenancyIds.anna,
      alarm_id: null,
      kind: "leak_watch" as const,
      quantity: "cold-water-volume",
      alarm_type: null,
      frequency: null,
      direction: null,
      threshold: null,
      value: 0.004,
      compared_value: null,
      period_start: periodStart,
      period_end: addDays(periodStart, 2),
      report_code: null,
      created_at: createdAt,
      read_at: null,
      emailed_at: createdAt,
    });
    const [recent, old] = await Promise.all([
      backend.db
        .insertInto("notifications")
        .values(finding("2025-11-22T05:00:00.000Z", "2025-11-19"))
        .returning("id")
        .executeTakeFirstOrThrow(),
      backend.db
        .insertInto("notifications")
        .values(finding("2025-11-10T05:00:00.000Z", "2025-11-05"))
        .returning("id")
        .executeTakeFirstOrThrow(),
    ]);
    const first = await sendWeeklyUpdates(backend.db, NOW, { mailer, portalUrl, brand: "dk", key });
    expect(first).toEqual({ week: "2025-11-17", sent: 1, failed: 0 });
    const again = await sendWeeklyUpdates(backend.db, new Date(NOW.getTime() + 3 * HOUR), {
      mailer,
      portalUrl,
      brand: "dk",
      key,
    });
    expect(again).toEqual({ week: "2025-11-17", sent: 0, failed: 0 });
    expect(delivered.map((message) => message.to)).toEqual([demoAccounts.anna.email]);
    const [mail] = await weeklyOf(demoAccounts.anna.email);
    const headers = headersOf(mail!.headers);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(
      /^<https:\/\/portal\.test\/unsubscribe\/weekly-update\/wu\.\d+\.[\w-]{43}\?lng=da>$/,
    );
    // The footer's link is the header's address.
    expect(linksIn(mail!.text)).toContain(headers["List-Unsubscribe"]!.slice(1, -1));
    expect(delivered[0]!.headers).toEqual(headers);
    expect(mail!.text).toContain(
      "Koldt vand, 19.–21. november 2025: Der løber måske vand: tjek vandhaner og toiletter",
    );
    expect(mail!.text).toContain(`${portalUrl}/t/${demoTenancyIds.anna}/notifications/${recent.id}`);
    expect(mail!.text).not.toContain(`/notifications/${old.id}`);
    const row = await backend.db
      .selectFrom("weekly_update_sends")
      .selectAll()
      .where("user_id", "=", annaId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      week: "2025-11-17",
      status: "sent",
      attempts: 1,
      last_error: null,
      outbox_id: mail!.id,
    });
  });

  it("gives a resident with it off nothing, and one who turns it on gets the week still due", async () => {
    const { transport, delivered } = testTransport();
    const mailer = mailerWith(transport);
    expect((await weeklyOf(demoAccounts.jens.email)).length).toBe(0);
    await backend.db.updateTable("users").set({ weekly_update: 0 }).where("id", "=", annaId).execute();
    // A week later: Anna has it off now, nobody gets anything.
    const nextWeek = new Date(NOW.getTime() + 7 * 24 * HOUR);
    expect(await sendWeeklyUpdates(backend.db, nextWeek, { mailer, portalUrl, brand: "dk", key })).toEqual({
      week: "2025-11-24",
      sent: 0,
      failed: 0,
    });
    expect(delivered).toEqual([]);
    await backend.db.updateTable("users").set({ weekly_update: 1 }).where("id", "=", annaId).execute();
  });

  it("tries a failed SMTP delivery again on a later run and then sends it once", async () => {
    await backend.db.updateTable("users").set({ weekly_update: 1 }).where("id", "=", jensId).execute();
    const { transport, delivered, state } = testTransport();
    const mailer = mailerWith(transport);
    state.failing = true;
    expect(await sendWeeklyUpdates(backend.db, NOW, { mailer, portalUrl, brand: "dk", key })).toEqual({
      week: "2025-11-17",
      sent: 0,
      failed: 1,
    });
    const failed = await backend.db
      .selectFrom("weekly_update_sends")
      .selectAll()
      .where("user_id", "=", jensId)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "failed", attempts: 1, sent_at: null });
    expect(failed.last_error).toContain("421 try again later");
    state.failing = false;
    const later = new Date(NOW.getTime() + HOUR);
    expect(await sendWeeklyUpdates(backend.db, later, { mailer, portalUrl, brand: "dk", key })).toMatchObject({
      sent: 1,
      failed: 0,
    });
    expect(await sendWeeklyUpdates(backend.db, later, { mailer, portalUrl, brand: "dk", key })).toMatchObject({
      sent: 0,
      failed: 0,
    });
    expect(delivered.map((message) => message.to)).toEqual([demoAccounts.jens.email]);
    expect(
      await backend.db
        .selectFrom("weekly_update_sends")
        .select(["status", "attempts", "last_error"])
        .where("user_id", "=", jensId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "sent", attempts: 2, last_error: null });
    // Anna's was sent before and is not sent again.
    expect((await weeklyOf(demoAccounts.anna.email)).length).toBe(1);
  });

  it("says Anna's figures of the week as recomputed from the raw registers", async () => {
    const [mail] = await weeklyOf(demoAccounts.anna.email);
    const text = mail!.text;
    const format = (value: number, quantity: string) => formatQuantity(value, quantity as never, "da");
    const week = { from: "2025-11-17", to: "2025-11-23" };
    for (const quantity of ["heat-energy", "cold-water-volume", "hot-water-volume"]) {
      if ((metersOf.get(quantity) ?? []).length === 0) continue;
      const total = used(quantity, week.from, week.to)!;
      const before = used(quantity, "2025-11-10", "2025-11-16")!;
      const lastYear = used(quantity, "2024-11-17", "2024-11-23")!;
      const days = datesThrough(week.from, week.to).map((date) => ({ date, value: used(quantity, date, date)! }));
      const highest = days.reduce((a, b) => (b.value > a.value ? b : a));
      expect(text).toContain(`: ${format(total, quantity)}\n`);
      expect(text).toContain(`Ugen før: ${format(before, quantity)}`);
      expect(text).toContain(`Samme uge sidste år: ${format(lastYear, quantity)}`);
      expect(text).toContain(`, ${format(highest.value, quantity)}`);
    }
    // Heat against the week before at this week's weather: the fit over the 365 days before today.
    const degreeDays = degreeDaysByDate(outdoor);
    const fitDays = datesThrough(addDays("2025-11-24", -365), addDays("2025-11-24", -1)).flatMap((date) => {
      const heat = used("heat-energy", date, date);
      const x = degreeDays.get(date);
      return heat === null || x === undefined ? [] : [{ x, y: heat }];
    });
    const meanX = fitDays.reduce((sum, day) => sum + day.x, 0) / fitDays.length;
    const meanY = fitDays.reduce((sum, day) => sum + day.y, 0) / fitDays.length;
    const slope =
      fitDays.reduce((sum, day) => sum + (day.x - meanX) * (day.y - meanY), 0) /
      fitDays.reduce((sum, day) => sum + (day.x - meanX) ** 2, 0);
    const sumDegreeDays = (from: string, to: string) =>
      datesThrough(from, to).reduce((sum, date) => sum + (degreeDays.get(date) ?? Number.NaN), 0);
    const adjusted =
      used("heat-energy", "2025-11-10", "2025-11-16")! +
      slope * (sumDegreeDays(week.from, week.to) - sumDegreeDays("2025-11-10", "2025-11-16"));
    expect(text).toContain(`Ugen før ved denne uges vejr: ${format(adjusted, "heat-energy")}`);
  });

  it("one-click unsubscribes with the e-mail's token (only this e-mail) and refuses a tampered one", async () => {
    const [mail] = await weeklyOf(demoAccounts.anna.email);
    const address = headersOf(mail!.headers)["List-Unsubscribe"]!.slice(1, -1);
    const token = decodeURIComponent(new URL(address).pathname.split("/").at(-1)!);
    const mutation = `mutation ($token: String!) { unsubscribeWeeklyUpdate(token: $token) { ok } }`;
    const tampered = token.replace(/\.(\d+)\./, (_, id: string) => `.${Number(id) + 1}.`);
    expect(firstErrorCode(await graphql(backend, "account", mutation, { variables: { token: tampered } }))).toBe(
      "BAD_USER_INPUT",
    );
    const ok = await graphql(backend, "account", mutation, { variables: { token } });
    expect(ok.body).toEqual({ data: { unsubscribeWeeklyUpdate: { ok: true } } });
    const user = await backend.db
      .selectFrom("users")
      .select(["weekly_update", "email_notifications"])
      .where("id", "=", annaId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ weekly_update: 0, email_notifications: 1 });
  });
});
