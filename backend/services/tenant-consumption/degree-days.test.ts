/**
 * tenantDegreeDays through the tenant data service: a property's outdoor meter with known samples,
 * and the degree days served recomputed here from those samples alone (per Copenhagen day the mean
 * of its hours' means, a day counting with at least 18 hours, max(0, 17 − mean) summed), not with
 * the back-end's calendar or degree-day code. Runs on PostgreSQL too when TEST_DATABASE_URL is set
 * (ADR 0031).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TenantDegreeDaysQuery } from "../../../app/services/tenant/documents";
import type { TenantDegreeDaysQuery as TenantDegreeDaysResult } from "../../../app/services/tenant/graphql.generated";
import type { Backend } from "../../app";
import type { Db } from "../../consumption/bulk-insert";
import { dailyOnlyAccount, dailyOnlyProperty, dailyOnlyTenancyId } from "../../db/seed/daily-only-property";
import { demoAccounts, demoTenancyIds } from "../../db/seed/demo-accounts";
import { demoProperty } from "../../db/seed/demo-plan";
import { firstErrorCode, graphql, signInToUsers } from "../../testing/graphql";
import { dateOf, datesThrough } from "../../testing/oracle-calendar";
import { createDemoBackend, setPropertyCountry } from "../../testing/setup";
import { addOutdoorMeter, writeOutdoorReadings } from "../../weather/outdoor-store";

const NOW = new Date("2025-11-20T10:30:00.000Z");
const HOUR = 3_600_000;

let backend: Backend;
const tokens: Record<"anna" | "ida", string> = { anna: "", ida: "" };

// ---------------------------------------------------------------------------------------------
// The samples, and the oracle: nothing of the back-end's calendar or degree-day code.

type Sample = { ts: number; value: number };

/**
 * Anna's property: hourly samples from Copenhagen's 2022-01-01 (23:00 UTC the day before) to
 * 2025-04-10, a season and a day's swing, a second sample in every seventh hour, a warm spell in
 * March 2025 (means above 17 °C), 2025-01-15 with samples in 12 hours (too few to count) and
 * 2025-01-16 in 18 (enough).
 */
function annaSamples(): Sample[] {
  const samples: Sample[] = [];
  for (let t = Date.UTC(2021, 11, 31, 23); t < Date.UTC(2025, 3, 10); t += HOUR) {
    const date = dateOf(t);
    const hourOfDay = new Date(t).getUTCHours();
    if (date === "2025-01-15" && hourOfDay % 2 === 0) continue;
    if (date === "2025-01-16" && hourOfDay < 6) continue;
    const dayOfYear = (t - Date.UTC(new Date(t).getUTCFullYear(), 0, 1)) / (24 * HOUR);
    let value = 8 - 9 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365) + 3 * Math.sin((2 * Math.PI * hourOfDay) / 24);
    if (date >= "2025-03-20" && date <= "2025-03-23") value += 20;
    value = Math.round(value * 100) / 100;
    samples.push({ ts: t / 1000, value });
    if ((t / HOUR) % 7 === 0) samples.push({ ts: t / 1000 + 1800, value: value + 1.5 });
  }
  return samples;
}

/** The degree days of each Copenhagen day that counts, by date. */
function oracleDays(samples: readonly Sample[]): Map<string, number> {
  const hours = new Map<number, number[]>();
  for (const { ts, value } of samples) {
    const hour = Math.floor(ts / 3600);
    hours.set(hour, [...(hours.get(hour) ?? []), value]);
  }
  const days = new Map<string, number[]>();
  for (const [hour, values] of hours) {
    const date = dateOf(hour * HOUR);
    days.set(date, [...(days.get(date) ?? []), values.reduce((a, b) => a + b, 0) / values.length]);
  }
  const degreeDays = new Map<string, number>();
  for (const [date, means] of days) {
    if (means.length < 18) continue;
    degreeDays.set(date, Math.max(0, 17 - means.reduce((a, b) => a + b, 0) / means.length));
  }
  return degreeDays;
}

const daysInMonth = (date: string) =>
  new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

/** The Monday of a date's week. */
const mondayOf = (date: string) => {
  const t = Date.parse(`${date}T12:00:00Z`);
  return new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * 24 * HOUR).toISOString().slice(0, 10);
};

/** Sums of the days per key, in the order of the dates. */
function sumsBy(dates: readonly string[], keyOf: (date: string) => string, value: (date: string) => number) {
  const sums = new Map<string, { firstDay: string; lastDay: string; sum: number; days: number }>();
  for (const date of dates) {
    const key = keyOf(date);
    const entry = sums.get(key) ?? { firstDay: date, lastDay: date, sum: 0, days: 0 };
    entry.lastDay = date;
    entry.sum += value(date);
    entry.days++;
    sums.set(key, entry);
  }
  return [...sums.values()];
}

// ---------------------------------------------------------------------------------------------

/** Removes a property's outdoor meter, if the demo has given it one, so the test's samples are all it has. */
async function withoutOutdoorMeter(db: Db, propertyId: number): Promise<void> {
  const meters = db.selectFrom("outdoor_meters").select("id").where("property_id", "=", propertyId);
  await db.deleteFrom("outdoor_daily").where("meter_id", "in", meters).execute();
  await db.deleteFrom("outdoor_readings").where("meter_id", "in", meters).execute();
  await db.deleteFrom("outdoor_meters").where("property_id", "=", propertyId).execute();
}

async function writeSamples(propertyId: number, number: string, samples: readonly Sample[]): Promise<void> {
  await backend.db.transaction().execute(async (trx) => {
    const meterId = await addOutdoorMeter(trx, propertyId, number);
    await writeOutdoorReadings(trx, [{ meterId, readings: samples }]);
  });
}

let anna: { samples: Sample[]; days: Map<string, number> };

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
  await withoutOutdoorMeter(backend.db, demoProperty.id);
  await withoutOutdoorMeter(backend.db, dailyOnlyProperty.id);
  const samples = annaSamples();
  await writeSamples(demoProperty.id, "OUTDOOR-TEST-1", samples);
  anna = { samples, days: oracleDays(samples) };
  tokens.anna = (await signInToUsers(backend, demoAccounts.anna.email)).token;
  tokens.ida = (await signInToUsers(backend, dailyOnlyAccount.email)).token;
}, 120_000);
afterAll(() => backend?.close());

type DegreeDays = TenantDegreeDaysResult["tenantDegreeDays"];

async function degreeDaysOf(user: "anna" | "ida", input: Record<string, unknown>) {
  const tenancyId = user === "anna" ? demoTenancyIds.anna : dailyOnlyTenancyId;
  const result = await graphql<TenantDegreeDaysResult>(backend, "tenant", TenantDegreeDaysQuery, {
    token: tokens[user],
    variables: { input: { tenancyId, resolution: "MONTHLY", ...input } },
  });
  return { code: firstErrorCode(result), data: result.body.data?.tenantDegreeDays as DegreeDays };
}

/** The API's range of the dates [from, to]. */
const period = (from: string, to: string) => ({ periodBegin: `${from}T00:00:00`, periodEnd: `${to}T23:59:00` });

describe("tenantDegreeDays", () => {
  it("sums the property's degree days as recomputed from the raw samples, per month", async () => {
    const { code, data } = await degreeDaysOf("anna", { ...period("2025-01-01", "2025-03-31"), resolution: "MONTHLY" });
    expect(code).toBeUndefined();
    const dates = datesThrough("2025-01-01", "2025-03-31");
    const counted = dates.filter((date) => anna.days.has(date));
    // 2025-01-15 does not count; the 23-hour 2025-03-30 and the 18-hour 2025-01-16 do.
    expect(counted).toHaveLength(dates.length - 1);
    expect(anna.days.has("2025-01-16") && anna.days.has("2025-03-30")).toBe(true);
    // The warm spell has no degree days.
    expect(anna.days.get("2025-03-21")).toBe(0);
    expect(data).toMatchObject({ firstDay: "2025-01-01", lastDay: "2025-03-31", days: 90, daysWithData: 89 });
    expect(data.degreeDays).toBeCloseTo(
      counted.reduce((sum, date) => sum + anna.days.get(date)!, 0),
      6,
    );
    const months = sumsBy(
      dates,
      (date) => date.slice(0, 7),
      (date) => anna.days.get(date) ?? 0,
    );
    expect(data.buckets).toHaveLength(3);
    data.buckets.forEach((bucket, index) => {
      const month = months[index]!;
      expect(bucket).toMatchObject({
        firstDay: month.firstDay,
        lastDay: month.lastDay,
        partial: false,
        days: month.days,
      });
      expect(bucket.degreeDays).toBeCloseTo(month.sum, 6);
    });
    expect(data.buckets.map((bucket) => bucket.daysWithData)).toEqual([30, 28, 31]);
  });

  it("takes the normal year from the property's own three whole years before this year", async () => {
    const { data } = await degreeDaysOf("anna", { ...period("2025-01-01", "2025-03-31") });
    expect(data.normalYearSource).toBe("OWN_HISTORY");
    expect(data.normalYearCountry).toBeNull();
    // Per month, the mean of its degree days in 2022, 2023 and 2024; a day gets its month's share.
    const normalOfMonth = (month: string) =>
      ["2022", "2023", "2024"]
        .map((year) =>
          datesThrough(`${year}-${month}-01`, `${year}-${month}-${daysInMonth(`${year}-${month}-01`)}`).reduce(
            (sum, date) => sum + anna.days.get(date)!,
            0,
          ),
        )
        .reduce((a, b) => a + b, 0) / 3;
    const normalOfDate = (date: string) => normalOfMonth(date.slice(5, 7)) / daysInMonth(date);
    const dates = datesThrough("2025-01-01", "2025-03-31");
    expect(data.normalDegreeDays).toBeCloseTo(
      dates.reduce((sum, date) => sum + normalOfDate(date), 0),
      6,
    );
    expect(data.buckets[1]?.normalDegreeDays).toBeCloseTo(normalOfMonth("02"), 6);
  });

  it("cuts weeks from Monday, clipped to the period, and reads days before the tenancy (the weather is the property's)", async () => {
    // Anna's tenancy starts after 2022; a Thursday to a Sunday five weeks on.
    const { code, data } = await degreeDaysOf("anna", { ...period("2022-02-03", "2022-03-13"), resolution: "WEEKLY" });
    expect(code).toBeUndefined();
    const dates = datesThrough("2022-02-03", "2022-03-13");
    const weeks = sumsBy(dates, mondayOf, (date) => anna.days.get(date)!);
    expect(
      data.buckets.map(({ firstDay, lastDay, partial, days, daysWithData }) => ({
        firstDay,
        lastDay,
        partial,
        days,
        daysWithData,
      })),
    ).toEqual(
      weeks.map((week) => ({
        firstDay: week.firstDay,
        lastDay: week.lastDay,
        partial: week.days < 7,
        days: week.days,
        daysWithData: week.days,
      })),
    );
    expect(data.buckets[0]).toMatchObject({ firstDay: "2022-02-03", lastDay: "2022-02-06", partial: true });
    expect(data.buckets.map((bucket) => bucket.degreeDays)).toEqual(weeks.map((week) => expect.closeTo(week.sum, 6)));
    expect(data.degreeDays).toBeCloseTo(
      dates.reduce((sum, date) => sum + anna.days.get(date)!, 0),
      6,
    );
  });

  it("serves a property without an outdoor meter no degree days, and Denmark's table as its normal year", async () => {
    const { code, data } = await degreeDaysOf("ida", { ...period("2025-01-30", "2025-02-02"), resolution: "DAILY" });
    expect(code).toBeUndefined();
    expect(data).toMatchObject({
      degreeDays: 0,
      days: 4,
      daysWithData: 0,
      normalYearSource: "COUNTRY_TABLE",
      normalYearCountry: "DK",
    });
    // DTI's normal year: January 468, February 421.
    expect(data.normalDegreeDays).toBeCloseTo((2 * 468) / 31 + (2 * 421) / 28, 6);
    expect(data.buckets.map((bucket) => bucket.firstDay)).toEqual([
      "2025-01-30",
      "2025-01-31",
      "2025-02-01",
      "2025-02-02",
    ]);
  });

  /** Runs `check` with Ida's property in `country`, then puts its own country back. */
  async function withIdaIn(country: string, check: () => Promise<void>) {
    await setPropertyCountry(backend.db, dailyOnlyProperty.id, country);
    try {
      await check();
    } finally {
      await setPropertyCountry(backend.db, dailyOnlyProperty.id, dailyOnlyProperty.country);
    }
  }

  it("gives a Norwegian property with too little history of its own Norway's table (ADR 0074), not Denmark's", async () => {
    const samples = annaSamples().filter(({ ts }) => ts * 1000 >= Date.UTC(2025, 0, 1));
    await writeSamples(dailyOnlyProperty.id, "OUTDOOR-TEST-2", samples);
    await withIdaIn("NO", async () => {
      const { code, data } = await degreeDaysOf("ida", { ...period("2025-01-30", "2025-02-02"), resolution: "DAILY" });
      expect(code).toBeUndefined();
      expect(data).toMatchObject({ normalYearSource: "COUNTRY_TABLE", normalYearCountry: "NO" });
      // met.no's daily normals of Oslo - Blindern 1961-1990 summed per month: January 660.4, February 589.2.
      expect(data.normalDegreeDays).toBeCloseTo((2 * 660.4) / 31 + (2 * 589.2) / 28, 6);
      expect(data.buckets[0]?.normalDegreeDays).toBeCloseTo(660.4 / 31, 6);
      expect(data.buckets[3]?.normalDegreeDays).toBeCloseTo(589.2 / 28, 6);
      // The property's own degree days are its samples', whatever the normal year.
      const days = oracleDays(samples);
      expect(data.degreeDays).toBeCloseTo(
        datesThrough("2025-01-30", "2025-02-02").reduce((sum, date) => sum + days.get(date)!, 0),
        6,
      );
    });
  });

  it("gives a property of a country without a table, and too little history of its own, no normal year", async () => {
    await withIdaIn("SE", async () => {
      const { data } = await degreeDaysOf("ida", { ...period("2025-02-01", "2025-02-28") });
      expect(data.normalYearSource).toBeNull();
      expect(data.normalYearCountry).toBeNull();
      expect(data.normalDegreeDays).toBeNull();
      expect(data.buckets[0]?.normalDegreeDays).toBeNull();
    });
  });

  it("is FORBIDDEN for another resident's tenancy", async () => {
    const result = await graphql(backend, "tenant", TenantDegreeDaysQuery, {
      token: tokens.ida,
      variables: {
        input: { tenancyId: demoTenancyIds.anna, resolution: "MONTHLY", ...period("2025-01-01", "2025-03-31") },
      },
    });
    expect(firstErrorCode(result)).toBe("FORBIDDEN");
    expect(result.body.data?.tenantDegreeDays ?? null).toBeNull();
  });

  it("refuses HOURLY, a period that is not one and one of over 1100 days as BAD_USER_INPUT", async () => {
    const refused = [
      { ...period("2025-01-01", "2025-01-31"), resolution: "HOURLY" },
      { periodBegin: "2025-02-30T00:00:00", periodEnd: "2025-03-31T23:59:00" },
      { periodBegin: "2025-01-01", periodEnd: "yesterday" },
      period("2025-03-01", "2025-01-31"),
      period("2022-01-01", "2025-01-05"),
    ];
    for (const input of refused)
      expect((await degreeDaysOf("anna", input)).code, JSON.stringify(input)).toBe("BAD_USER_INPUT");
    // 1100 days exactly are served.
    expect((await degreeDaysOf("anna", period("2022-01-01", "2025-01-04"))).data.days).toBe(1100);
  });
});
