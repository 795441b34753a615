/**
 * The watches end to end on a real database (SQLite, and PostgreSQL when TEST_DATABASE_URL is
 * set): Anna turns her watches on through the tenant service, the test writes raw hourly register
 * readings of her cold and hot water and heat and raw outdoor samples of her property, the job
 * runs every morning, and the notifications it made are compared with the test's own recomputation from those
 * raw readings (the tests' own Intl calendar, testing/oracle-calendar.ts, and loops over the
 * registers, not the job's modules or the rollups it reads), including the nights of both
 * daylight-saving changes (3 and 5 hours from 01:00 to 05:00). Also: twice is once, a watch that is
 * off finds nothing, a home without hourly values is offered no leak watch, a stranger gets
 * FORBIDDEN from every call, and the e-mails land in the outbox in the resident's language.
 */

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { mailPendingNotifications } from "../alarms/mail";
import type { Backend } from "../app";
import { ingestReadings } from "../consumption/store";
import { dailyOnlyAccount, dailyOnlyTenancyId } from "../db/seed/daily-only-property";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { demoOutdoorMeters } from "../db/seed/demo-steps";
import { latestMessages } from "../mail/outbox";
import { firstErrorCode, graphql, signInToUsers } from "../testing/graphql";
import { localOf, nextDate } from "../testing/oracle-calendar";
import { createDemoBackend, hourlyFromRegisters, meterIdsOf, testPortalUrl, userIdOf } from "../testing/setup";
import { writeOutdoorReadings } from "../weather/outdoor-store";
import { evaluateWatches } from "./watch-evaluation";

const HOUR = 3_600_000;
const annaUnit = 109;
const tenancyId = demoTenancyIds.anna;
let clock = new Date("2026-06-01T10:00:00.000Z");
let backend: Backend;

// ---------------------------------------------------------------------------------------------
// The raw readings: hourly registers built from what each hour uses (litres / Wh as whole quanta)

/** Nights of cold water (the date its 01:00 falls on): R running (every night hour above 0), Z a zero night. */
const nightPattern: Record<string, "R" | "Z"> = {
  "2026-03-27": "R",
  "2026-03-28": "R",
  "2026-03-29": "R", // the spring DST night's 3 hours (02:00 does not exist): the third, a notification
  "2026-03-30": "R",
  "2026-11-04": "R",
  "2026-11-05": "R", // two nights: nothing
  "2026-11-06": "Z",
  "2026-11-07": "R",
  "2026-11-08": "R",
  "2026-11-09": "R", // third night: a notification
  "2026-11-10": "R",
  "2026-11-11": "R", // the run continues: no second one
  "2026-11-12": "Z", // a zero night ends it
  "2026-11-13": "R",
  "2026-11-14": "R",
  "2026-11-15": "R", // a new run: a second notification
  "2026-10-25": "R", // the autumn DST night's 5 hours, and before it:
  "2026-10-23": "R",
  "2026-10-24": "R",
};

/** The spring DST night: its 3 hours are 01:00 CET, 03:00 and 04:00 CEST (00:00-03:00 UTC). */
const SPRING_NIGHT = "2026-03-29";

/** Litres of cold water in the hour starting at `ms`. */
function coldLitres(ms: number): number {
  const { date, hour } = localOf(ms);
  const night = hour >= 1 && hour < 5;
  // The hours either side of the spring night have none: a night judged on 4 hours, by winter or by
  // summer time's offset alone (its 02:00 an hour that does not exist), takes one of them and stops
  // the run. 00:00 has none every day (below).
  if (date === SPRING_NIGHT && hour === 5) return 0;
  if (!night) return hour % 3 === 0 ? 0 : 7 + (hour % 5); // the day: some hours with none
  const pattern = nightPattern[date];
  if (pattern === "R") return 2 + ((hour * 7 + Number(date.slice(8))) % 4);
  // An ordinary night: water in some hours, never all of them (03:00 is dry).
  return hour === 3 ? 0 : 1;
}

/**
 * Litres of hot water in the hour starting at `ms` (only around the spring DST night): water in every
 * hour of the day and night from the 27th to the 31st of March but 03:00 local on the spring night,
 * one of its 3 hours: that night is not running, so neither run around it (2 nights each) makes a
 * notification.
 */
function hotLitres(ms: number): number {
  const { date, hour } = localOf(ms);
  if (date < "2026-03-27" || date > "2026-03-31") return hour >= 1 && hour < 5 ? 0 : 4;
  return date === SPRING_NIGHT && hour === 3 ? 0 : 1 + (hour % 2);
}

/** Outdoor temperature in July per date (°C, every hour the same but for a swing that averages out). */
const warmDays: Record<string, number> = {};
for (let day = 1; day <= 31; day++) {
  const date = `2026-07-${String(day).padStart(2, "0")}`;
  // 2-7 warm (6 days), 8 cool, 9-15 warm (7: a notification; the 12th exactly 17.0), 16 warm but
  // no heat, 17-24 warm (8: the heating watch is off by then), the rest cool.
  warmDays[date] = day === 12 ? 17 : (day >= 2 && day <= 7) || (day >= 9 && day <= 24) ? 19.5 : day === 8 ? 16.9 : 14;
}
/** Wh of heat in the hour starting at `ms`: some heat every day but the 16th. */
function heatWh(ms: number): number {
  const { date, hour } = localOf(ms);
  if (date === "2026-07-16") return 0;
  return hour >= 6 && hour < 9 ? 150 + hour : 0;
}

function register(from: string, to: string, perHour: (ms: number) => number, scale: number) {
  const readings: { ts: number; value: number }[] = [];
  let quanta = 1_000_000;
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += HOUR) {
    readings.push({ ts: ms / 1000, value: quanta / scale });
    quanta += perHour(ms);
  }
  return readings;
}

function outdoorSamples(from: string, to: string) {
  const samples: { ts: number; value: number }[] = [];
  for (let ms = Date.parse(from); ms < Date.parse(to); ms += HOUR) {
    const { date, hour } = localOf(ms);
    // A swing of ±2 °C over 00-11 / 12-23 local hours, which averages out on a 24-hour day;
    // the 17.0 °C day stays flat, so its mean is exactly 17.
    const swing = date === "2026-07-12" ? 0 : hour < 12 ? -2 : 2;
    samples.push({ ts: ms / 1000, value: (warmDays[date] ?? 14) + swing });
  }
  return samples;
}

// ---------------------------------------------------------------------------------------------
// The oracle: nights and days from the raw readings, runs by its own loop

interface Expected {
  kind: string;
  quantity: string;
  days: { date: string; value: number }[];
}

/**
 * The notifications a job running every morning makes: per date from `from` to `to`, whether it
 * counts, and a run notified on the day it reaches `length` (with those `length` dates).
 */
function expectedRuns(
  dates: readonly { date: string; counts: boolean; value: number }[],
  length: number,
  kind: string,
  quantity: string,
): Expected[] {
  const found: Expected[] = [];
  let run: { date: string; value: number }[] = [];
  for (const day of dates) {
    if (!day.counts) {
      run = [];
      continue;
    }
    run.push({ date: day.date, value: day.value });
    if (run.length === length) found.push({ kind, quantity, days: [...run] });
  }
  return found;
}

/** The hours from 01:00 to 05:00 on the DST nights of 2026 (written out, not computed); 4 on the others. */
const nightLength: Record<string, number> = { [SPRING_NIGHT]: 3, "2026-10-25": 5 };

/** Anna's nights of a quantity: per date (of its 01:00) the night hours' values, by local hour. */
async function oracleNights(from: string, to: string, quantity = "cold-water-volume") {
  const hourly = await hourlyFromRegisters(backend.db, await meterIdsOf(backend.db, annaUnit, quantity));
  const nights = new Map<string, number[]>();
  const nightHours = new Map<string, number[]>();
  for (const [ms, value] of [...hourly].sort(([a], [b]) => a - b)) {
    const { date, hour } = localOf(ms);
    if (hour < 1 || hour >= 5) continue;
    nights.set(date, [...(nights.get(date) ?? []), value]);
    nightHours.set(date, [...(nightHours.get(date) ?? []), hour]);
  }
  const dates = [];
  for (let date = from; date <= to; date = nextDate(date)) {
    const values = nights.get(date) ?? [];
    const expectedHours = nightLength[date] ?? 4;
    dates.push({
      date,
      counts: values.length === expectedHours && values.every((v) => v > 1e-9),
      value: Math.min(...values),
    });
  }
  return { dates, nights, nightHours };
}

async function oracleWarmDays(from: string, to: string) {
  const heat = new Map<string, number>();
  for (const [ms, value] of await hourlyFromRegisters(
    backend.db,
    await meterIdsOf(backend.db, annaUnit, "heat-energy"),
  )) {
    const { date } = localOf(ms);
    heat.set(date, (heat.get(date) ?? 0) + value);
  }
  const samples = await backend.db
    .selectFrom("outdoor_readings")
    .select(["ts", "celsius"])
    .where("meter_id", "=", demoOutdoorMeters[0].id)
    .execute();
  const hours = new Map<number, number[]>();
  for (const { ts, celsius } of samples) {
    const hour = Math.floor(Number(ts) / 3600);
    hours.set(hour, [...(hours.get(hour) ?? []), celsius]);
  }
  const means = new Map<string, number[]>();
  for (const [hour, values] of hours) {
    const { date } = localOf(hour * HOUR);
    means.set(date, [...(means.get(date) ?? []), values.reduce((a, b) => a + b, 0) / values.length]);
  }
  const dates = [];
  for (let date = from; date <= to; date = nextDate(date)) {
    const dayMeans = means.get(date) ?? [];
    const mean = dayMeans.reduce((a, b) => a + b, 0) / dayMeans.length;
    const used = heat.get(date) ?? 0;
    dates.push({ date, counts: mean >= 17 && used > 1e-9, value: used });
  }
  return dates;
}

// ---------------------------------------------------------------------------------------------

async function call(email: string, query: string, variables: Record<string, unknown>) {
  const { token } = await signInToUsers(backend, email);
  return graphql<Record<string, unknown>>(backend, "tenant", query, { token, variables });
}
const setWatch = (email: string, tenancy: number, kind: string, enabled: boolean) =>
  call(
    email,
    /* GraphQL */ `mutation($t: Int!, $k: WatchKind!, $e: Boolean!) { setWatch(tenancyId: $t, kind: $k, enabled: $e) { kind enabled available unavailableReason } }`,
    { t: tenancy, k: kind, e: enabled },
  );
const watchesOf = (email: string, tenancy: number) =>
  call(
    email,
    /* GraphQL */ `query($t: Int!) { watches(tenancyId: $t) { watches { kind enabled available unavailableReason } suggestionDismissed } }`,
    { t: tenancy },
  );
const dismiss = (email: string, tenancy: number) =>
  call(email, /* GraphQL */ `mutation($t: Int!) { dismissWatchSuggestion(tenancyId: $t) }`, { t: tenancy });

/** The language Anna's e-mails are written in. */
const setAnnasLanguage = (language: string) =>
  backend.db.updateTable("users").set({ language }).where("email", "=", demoAccounts.anna.email).execute();

const watchRows = () =>
  backend.db
    .selectFrom("notifications")
    .selectAll()
    .where("kind", "in", ["leak_watch", "heating_left_on"])
    .orderBy("id")
    .execute();

/** The job, then the e-mails, every morning at 07:00 Copenhagen time from `from` to `to`. */
async function everyMorning(from: string, to: string, beforeRun?: (date: string) => Promise<void>) {
  const made: number[] = [];
  for (let date = from; date <= to; date = nextDate(date)) {
    clock = new Date(`${date}T06:00:00.000Z`);
    await beforeRun?.(date);
    made.push(...(await evaluateWatches(backend.db, clock)).notificationIds);
    await mailPendingNotifications(backend.db, backend.mailer, testPortalUrl, clock, "dk");
  }
  return made;
}

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => clock });
  const [cold] = await meterIdsOf(backend.db, annaUnit, "cold-water-volume");
  const [hot] = await meterIdsOf(backend.db, annaUnit, "hot-water-volume");
  const [heat] = await meterIdsOf(backend.db, annaUnit, "heat-energy");
  await ingestReadings(backend.db, [
    {
      meterId: cold!,
      aggregation: "addition",
      // One register from before the spring night to after the autumn runs (no gap in it).
      readings: register("2026-03-20T00:00:00Z", "2026-11-21T00:00:00Z", coldLitres, 1000),
    },
    {
      meterId: hot!,
      aggregation: "addition",
      readings: register("2026-03-20T00:00:00Z", "2026-04-05T00:00:00Z", hotLitres, 1000),
    },
    {
      meterId: heat!,
      aggregation: "addition",
      readings: register("2026-06-25T00:00:00Z", "2026-08-01T00:00:00Z", heatWh, 1000),
    },
  ]);
  await writeOutdoorReadings(backend.db, [
    { meterId: demoOutdoorMeters[0].id, readings: outdoorSamples("2026-06-25T00:00:00Z", "2026-08-01T00:00:00Z") },
  ]);
  // Ida's home (a property without hourly values) has water running every night too.
  await ingestReadings(backend.db, [
    {
      meterId: 30_003,
      aggregation: "addition",
      readings: register("2026-10-15T00:00:00Z", "2026-11-21T00:00:00Z", () => 5, 1000),
    },
  ]);
  // The demo's own watches (seed step 0014) are not this test's.
  await backend.db.deleteFrom("watches").execute();
}, 180_000);
afterAll(() => backend?.close());

describe("the watch settings (tenant service)", () => {
  it("are off by default, LEAK first, and the suggestion shows until dismissed or a watch is on", async () => {
    const answer = await watchesOf(demoAccounts.anna.email, tenancyId);
    expect(answer.body.data?.watches).toEqual({
      watches: [
        { kind: "LEAK", enabled: false, available: true, unavailableReason: null },
        { kind: "HEATING_LEFT_ON", enabled: false, available: true, unavailableReason: null },
      ],
      suggestionDismissed: false,
    });
    // Jens dismisses it on his first home; Anna's own stays.
    expect((await dismiss(demoAccounts.jens.email, demoTenancyIds.jensFirst)).body.data).toEqual({
      dismissWatchSuggestion: true,
    });
    expect((await dismiss(demoAccounts.jens.email, demoTenancyIds.jensFirst)).body.data).toEqual({
      dismissWatchSuggestion: true,
    });
    const jens = await watchesOf(demoAccounts.jens.email, demoTenancyIds.jensFirst);
    expect(jens.body.data?.watches).toMatchObject({ suggestionDismissed: true });
    expect((await watchesOf(demoAccounts.anna.email, tenancyId)).body.data?.watches).toMatchObject({
      suggestionDismissed: false,
    });
  });

  it("offer no leak watch where the property has no hourly values: WATCH_UNAVAILABLE with the reason", async () => {
    const ida = await watchesOf(dailyOnlyAccount.email, dailyOnlyTenancyId);
    expect(ida.body.data?.watches).toMatchObject({
      watches: [{ kind: "LEAK", enabled: false, available: false, unavailableReason: "NO_HOURLY_VALUES" }, {}],
    });
    const refused = await setWatch(dailyOnlyAccount.email, dailyOnlyTenancyId, "LEAK", true);
    expect(firstErrorCode(refused)).toBe("WATCH_UNAVAILABLE");
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ reason: "NO_HOURLY_VALUES" });
    // Turning it off is always allowed (and changes nothing).
    expect((await setWatch(dailyOnlyAccount.email, dailyOnlyTenancyId, "LEAK", false)).body.data).toEqual({
      setWatch: { kind: "LEAK", enabled: false, available: false, unavailableReason: "NO_HOURLY_VALUES" },
    });
  });

  it("answer FORBIDDEN to a resident who does not hold the tenancy, from every call, changing nothing", async () => {
    const stranger = demoAccounts.jens.email;
    expect(firstErrorCode(await watchesOf(stranger, tenancyId))).toBe("FORBIDDEN");
    expect(firstErrorCode(await setWatch(stranger, tenancyId, "LEAK", true))).toBe("FORBIDDEN");
    expect(firstErrorCode(await dismiss(stranger, tenancyId))).toBe("FORBIDDEN");
    expect(await backend.db.selectFrom("watches").selectAll().execute()).toEqual([]);
    expect(
      await backend.db.selectFrom("watch_suggestions").selectAll().where("tenancy_id", "=", tenancyId).execute(),
    ).toEqual([]);
  });
});

describe("the watch job", () => {
  it("judges the spring DST night on its 3 hours: running with water in each, not with none at 03:00", async () => {
    await setAnnasLanguage("en");
    clock = new Date("2026-03-25T10:00:00.000Z");
    expect((await setWatch(demoAccounts.anna.email, tenancyId, "LEAK", true)).body.data).toEqual({
      setWatch: { kind: "LEAK", enabled: true, available: true, unavailableReason: null },
    });
    // Anna turns it off after the spring (also when this test fails, so the tests below stand on
    // their own); switched on again in October, it starts afresh.
    onTestFinished(async () => {
      expect((await setWatch(demoAccounts.anna.email, tenancyId, "LEAK", false)).body.data).toMatchObject({
        setWatch: { kind: "LEAK", enabled: false },
      });
    });
    const made = await everyMorning("2026-03-26", "2026-04-01");
    const rows = await watchRows();
    expect(made).toEqual(rows.map((row) => row.id));

    // The oracle's own night of the 29th: 01:00, 03:00 and 04:00 local, every one with water, and
    // no water in the hours either side (the ones a 4-hour night would take).
    const cold = await oracleNights("2026-03-21", "2026-03-31");
    expect(cold.nightHours.get(SPRING_NIGHT)).toEqual([1, 3, 4]);
    expect(cold.nights.get(SPRING_NIGHT)!.every((value) => value > 0)).toBe(true);
    const hourly = await hourlyFromRegisters(backend.db, await meterIdsOf(backend.db, annaUnit, "cold-water-volume"));
    expect(hourly.get(Date.parse("2026-03-28T23:00:00Z"))).toBe(0); // 00:00 CET
    expect(hourly.get(Date.parse("2026-03-29T03:00:00Z"))).toBe(0); // 05:00 CEST
    const oracle = expectedRuns(cold.dates, 3, "leak_watch", "cold-water-volume");
    expect(oracle.map((run) => run.days.map((day) => day.date))).toEqual([["2026-03-27", "2026-03-28", SPRING_NIGHT]]);

    // Hot water: the spring night has none at 03:00 local, so it is not running, and the two
    // nights either side of it make no run of three.
    const hot = await oracleNights("2026-03-21", "2026-03-31", "hot-water-volume");
    expect(hot.nightHours.get(SPRING_NIGHT)).toEqual([1, 3, 4]);
    expect(hot.dates.filter((night) => night.counts).map((night) => night.date)).toEqual([
      "2026-03-27",
      "2026-03-28",
      "2026-03-30",
      "2026-03-31",
    ]);
    expect(expectedRuns(hot.dates, 3, "leak_watch", "hot-water-volume")).toEqual([]);

    // The notification: the cold water's run, naming the spring night with its lowest flow of 3 hours.
    expect(rows.map((row) => ({ kind: row.kind, quantity: row.quantity, days: JSON.parse(row.watch_days!) }))).toEqual(
      oracle.map((run) => ({
        ...run,
        days: run.days.map((day) => ({ date: day.date, value: expect.closeTo(day.value, 9) })),
      })),
    );
    const spring = JSON.parse(rows[0]!.watch_days!).at(-1);
    expect(spring.value).toBeCloseTo(Math.min(...cold.nights.get(SPRING_NIGHT)!), 9);
    expect(rows[0]).toMatchObject({
      tenancy_id: tenancyId,
      period_start: "2026-03-27",
      period_end: SPRING_NIGHT,
    });
    expect(rows[0]!.value).toBeCloseTo(Math.min(...oracle[0]!.days.map((day) => day.value)), 9);
    expect((await evaluateWatches(backend.db, clock)).notificationIds).toEqual([]);

    // Mailed once, in English, naming the spring night.
    const mails = (await latestMessages(backend.db, { to: demoAccounts.anna.email, limit: 20 })).filter((mail) =>
      mail.subject.includes("Water may be running: check taps and toilets"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("29 March 2026");
  }, 180_000);

  it("makes a heating-left-on notification at the 7th warm day with heat, once; nothing once the watch is off", async () => {
    await setAnnasLanguage("en");
    const before = (await watchRows()).length;
    clock = new Date("2026-07-01T10:00:00.000Z");
    expect((await setWatch(demoAccounts.anna.email, tenancyId, "HEATING_LEFT_ON", true)).body.data).toEqual({
      setWatch: { kind: "HEATING_LEFT_ON", enabled: true, available: true, unavailableReason: null },
    });
    // A watch on: the dashboard's suggestion is not shown any more.
    expect((await watchesOf(demoAccounts.anna.email, tenancyId)).body.data?.watches).toEqual({
      watches: [
        { kind: "LEAK", enabled: false, available: true, unavailableReason: null },
        { kind: "HEATING_LEFT_ON", enabled: true, available: true, unavailableReason: null },
      ],
      suggestionDismissed: true,
    });
    const made = await everyMorning("2026-07-02", "2026-07-30", async (date) => {
      // Anna turns the heating watch off on the 17th (the 16th's run has seen the 15th, the run's
      // 7th day): the warm run of the 17th-24th finds nothing.
      if (date === "2026-07-17") await setWatch(demoAccounts.anna.email, tenancyId, "HEATING_LEFT_ON", false);
    });
    const rows = (await watchRows()).slice(before);
    expect(rows.every((row) => row.kind === "heating_left_on")).toBe(true);
    expect(made).toEqual(rows.map((row) => row.id));

    const oracle = expectedRuns(await oracleWarmDays("2026-06-17", "2026-07-29"), 7, "heating_left_on", "heat-energy");
    // With the watch on it would have found the 17th-24th too; it was off.
    expect(oracle.map((run) => [run.days[0]!.date, run.days.at(-1)!.date])).toEqual([
      ["2026-07-09", "2026-07-15"],
      ["2026-07-17", "2026-07-23"],
    ]);
    const notified = oracle.filter((run) => run.days[0]!.date < "2026-07-16");
    expect(rows.map((row) => ({ kind: row.kind, quantity: row.quantity, days: JSON.parse(row.watch_days!) }))).toEqual(
      notified.map((run) => ({
        ...run,
        days: run.days.map((day) => ({ date: day.date, value: expect.closeTo(day.value, 9) })),
      })),
    );
    const [row] = rows;
    expect(row).toMatchObject({
      user_id: await userIdOf(backend.db, demoAccounts.anna.email),
      tenancy_id: tenancyId,
      alarm_id: null,
      period_start: "2026-07-09",
      period_end: "2026-07-15",
    });
    expect(row!.value).toBeCloseTo(
      notified[0]!.days.reduce((sum, day) => sum + day.value, 0),
      9,
    );
    // Twice is once: the job run again that morning and later adds nothing.
    expect((await evaluateWatches(backend.db, new Date("2026-07-15T06:00:00.000Z"))).notificationIds).toEqual([]);
    expect((await evaluateWatches(backend.db, clock)).notificationIds).toEqual([]);

    // Mailed once, in English, with the watch's own subject and every day.
    const mails = (await latestMessages(backend.db, { to: demoAccounts.anna.email, limit: 20 })).filter((mail) =>
      mail.subject.includes("Heating seems to be on while it is warm outside"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("15 July 2026");
    expect(mails[0]!.text).toContain(`${testPortalUrl}/t/${tenancyId}/notifications/${row!.id}`);
  }, 180_000);

  it("makes a leak-watch notification at the third running night, once per run, for cold water only", async () => {
    await setAnnasLanguage("da");
    const before = (await watchRows()).length;
    clock = new Date("2026-10-20T10:00:00.000Z");
    await setWatch(demoAccounts.anna.email, tenancyId, "LEAK", true);
    // Ida's leak watch forced on in the database: still not evaluated (no hourly values there).
    await backend.db
      .insertInto("watches")
      .values({
        user_id: dailyOnlyAccount.id,
        tenancy_id: dailyOnlyTenancyId,
        kind: "leak",
        enabled: 1,
        since: "2026-10-20",
        evaluated_through: null,
        updated_at: clock.toISOString(),
      })
      .execute();
    const made = await everyMorning("2026-10-21", "2026-11-20", async (date) => {
      // The second run's e-mail in Norwegian.
      if (date === "2026-11-13") await setAnnasLanguage("nb");
    });
    const rows = (await watchRows()).slice(before);
    expect(made).toEqual(rows.map((row) => row.id));

    const { dates } = await oracleNights("2026-10-13", "2026-11-20");
    const oracle = expectedRuns(dates, 3, "leak_watch", "cold-water-volume");
    expect(oracle.map((run) => run.days.map((day) => day.date))).toEqual([
      ["2026-10-23", "2026-10-24", "2026-10-25"],
      ["2026-11-07", "2026-11-08", "2026-11-09"],
      ["2026-11-13", "2026-11-14", "2026-11-15"],
    ]);
    expect(rows.map((row) => ({ kind: row.kind, quantity: row.quantity, days: JSON.parse(row.watch_days!) }))).toEqual(
      oracle.map((run) => ({
        ...run,
        days: run.days.map((day) => ({ date: day.date, value: expect.closeTo(day.value, 9) })),
      })),
    );
    for (const [index, row] of rows.entries()) {
      const days = oracle[index]!.days;
      expect(row.value).toBeCloseTo(Math.min(...days.map((day) => day.value)), 9);
      expect([row.period_start, row.period_end, row.tenancy_id]).toEqual([days[0]!.date, days[2]!.date, tenancyId]);
    }
    expect(rows.some((row) => row.tenancy_id === dailyOnlyTenancyId)).toBe(false);
    expect((await evaluateWatches(backend.db, clock)).notificationIds).toEqual([]);

    // The e-mails: the first two in Danish, the third in Norwegian, each once.
    const mails = await latestMessages(backend.db, { to: demoAccounts.anna.email, limit: 50 });
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects.filter((s) => s.includes("Der løber måske vand: tjek haner og toiletter"))).toHaveLength(2);
    expect(subjects.filter((s) => s.includes("Det renner kanskje vann: sjekk kraner og toaletter"))).toHaveLength(1);
  }, 180_000);

  it("makes nothing for a user whose e-mail notifications are off, in the outbox; the notification still exists", async () => {
    // Covered by alarms/mail.ts's own tests for every kind; here: the watch's notification is not mailed.
    await backend.db
      .updateTable("users")
      .set({ email_notifications: 0 })
      .where("email", "=", demoAccounts.anna.email)
      .execute();
    await backend.db.deleteFrom("notifications").where("kind", "=", "leak_watch").execute();
    const count = async () => (await latestMessages(backend.db, { to: demoAccounts.anna.email, limit: 100 })).length;
    const mailsBefore = await count();
    await backend.db.updateTable("watches").set({ evaluated_through: null }).execute();
    clock = new Date("2026-11-20T06:00:00.000Z");
    // One watch a batch (the batches' edges): the same three runs as before.
    const run = await evaluateWatches(backend.db, clock, { watchesPerBatch: 1 });
    expect(run.notificationIds).toHaveLength(3);
    expect(run.watches).toBe(1);
    await mailPendingNotifications(backend.db, backend.mailer, testPortalUrl, clock, "dk");
    expect(await count()).toBe(mailsBefore);
  }, 60_000);
});
