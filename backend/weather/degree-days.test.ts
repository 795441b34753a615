import { describe, expect, it } from "vitest";
import {
  countryNormalYears,
  dayMeans,
  degreeDaysOfMean,
  degreeDaysOver,
  type HourReading,
  minimumHoursOfDay,
  normalDegreeDaysOver,
  normalYearFromHistory,
} from "./degree-days";

const HOUR = 3_600_000;

/** Hourly readings from `fromUtc` (inclusive) to `endUtc` (exclusive), each `celsius(hourStart)`. */
function hours(fromUtc: string, endUtc: string, celsius: (hourStart: number) => number): HourReading[] {
  const readings: HourReading[] = [];
  for (let t = Date.parse(fromUtc); t < Date.parse(endUtc); t += HOUR)
    readings.push({ hourStart: t, celsius: celsius(t) });
  return readings;
}

describe("degreeDaysOfMean", () => {
  it("counts the degrees below 17 °C, as DTI's examples do", () => {
    expect(degreeDaysOfMean(10)).toBe(7);
    expect(degreeDaysOfMean(-5)).toBe(22);
    expect(degreeDaysOfMean(17)).toBe(0);
    expect(degreeDaysOfMean(21.5)).toBe(0);
  });
});

describe("dayMeans", () => {
  it("takes the Copenhagen calendar day: 23:00 UTC in winter is the next day's first hour", () => {
    const means = dayMeans([
      { hourStart: Date.parse("2026-01-14T22:00:00Z"), celsius: 4 }, // 23:00 on the 14th
      { hourStart: Date.parse("2026-01-14T23:00:00Z"), celsius: 2 }, // 00:00 on the 15th
      { hourStart: Date.parse("2026-01-15T00:00:00Z"), celsius: 0 },
    ]);
    expect(means.get("2026-01-14")).toEqual({ day: "2026-01-14", mean: 4, hours: 1 });
    expect(means.get("2026-01-15")).toEqual({ day: "2026-01-15", mean: 1, hours: 2 });
  });

  it("gives the spring day of summer time 23 hours and the autumn day 25", () => {
    // 29 March 2026: Copenhagen's midnight is 23:00 UTC the day before, the next midnight 22:00 UTC.
    const spring = dayMeans(hours("2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", () => 3));
    expect(spring.get("2026-03-29")).toEqual({ day: "2026-03-29", mean: 3, hours: 23 });
    // 25 October 2026: from 22:00 UTC the day before to 23:00 UTC.
    const autumn = dayMeans(hours("2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", () => 8));
    expect(autumn.get("2026-10-25")).toEqual({ day: "2026-10-25", mean: 8, hours: 25 });
  });

  it("leaves out readings that are not numbers", () => {
    const means = dayMeans([
      { hourStart: Date.parse("2026-01-15T10:00:00Z"), celsius: Number.NaN },
      { hourStart: Date.parse("2026-01-15T11:00:00Z"), celsius: 6 },
    ]);
    expect(means.get("2026-01-15")).toEqual({ day: "2026-01-15", mean: 6, hours: 1 });
  });
});

describe("degreeDaysOver", () => {
  it("sums the days that have enough hours and says how many did", () => {
    // 1–3 February 2026 (Copenhagen midnight is 23:00 UTC): the 1st at 5 °C, the 2nd at −3 °C,
    // the 3rd with only 17 hours (too few), the 4th not asked for.
    const readings = [
      ...hours("2026-01-31T23:00:00Z", "2026-02-01T23:00:00Z", () => 5),
      ...hours("2026-02-01T23:00:00Z", "2026-02-02T23:00:00Z", () => -3),
      ...hours("2026-02-02T23:00:00Z", "2026-02-03T16:00:00Z", () => 0),
      ...hours("2026-02-03T23:00:00Z", "2026-02-04T23:00:00Z", () => -10),
    ];
    expect(minimumHoursOfDay).toBe(18);
    const sum = degreeDaysOver(dayMeans(readings), "2026-02-01", "2026-02-04");
    expect(sum).toEqual({ degreeDays: 12 + 20, days: 3, daysWithData: 2 });
  });

  it("weighs each hour of a day alike (the mean of 24 hours, not of the readings' extremes)", () => {
    // 18 hours at 0 °C and 6 at 12 °C: a mean of 3 °C, 14 degree days.
    const readings = hours("2026-02-09T23:00:00Z", "2026-02-10T23:00:00Z", (t) =>
      (t - Date.parse("2026-02-09T23:00:00Z")) / HOUR < 18 ? 0 : 12,
    );
    expect(degreeDaysOver(dayMeans(readings), "2026-02-10", "2026-02-11").degreeDays).toBeCloseTo(14, 10);
  });

  it("is empty for an empty or reversed span", () => {
    expect(degreeDaysOver(new Map(), "2026-02-10", "2026-02-10")).toEqual({ degreeDays: 0, days: 0, daysWithData: 0 });
    expect(degreeDaysOver(new Map(), "2026-02-10", "2026-02-01")).toEqual({ degreeDays: 0, days: 0, daysWithData: 0 });
  });
});

const copenhagenMonth = new Intl.DateTimeFormat("en", { timeZone: "Europe/Copenhagen", month: "numeric" });

/** Whole years of hourly readings, each Copenhagen month at its own constant temperature. */
function yearsAt(firstYear: number, lastYear: number, monthly: readonly number[]): HourReading[] {
  // Copenhagen's 1 January starts at 23:00 UTC on 31 December.
  return hours(`${firstYear - 1}-12-31T23:00:00Z`, `${lastYear}-12-31T23:00:00Z`, (t) => {
    return monthly[Number(copenhagenMonth.format(t)) - 1]!;
  });
}

const monthlyCelsius = [-1, 0, 2, 6, 11, 15, 17, 17, 13, 9, 5, 1];
const daysOfMonth2023 = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

describe("normalYearFromHistory", () => {
  it("averages each month over three whole years before this one", () => {
    const means = dayMeans(yearsAt(2023, 2025, monthlyCelsius));
    const normal = normalYearFromHistory(means, "2026-03-10");
    expect(normal).not.toBeNull();
    // 2024 is a leap year: February has 28, 29 and 28 days of 17 − 0 = 17 degree days.
    expect(normal![1]).toBeCloseTo((17 * 28 + 17 * 29 + 17 * 28) / 3, 9);
    monthlyCelsius.forEach((celsius, month) => {
      if (month === 1) return;
      expect(normal![month], `month ${month + 1}`).toBeCloseTo(daysOfMonth2023[month]! * Math.max(0, 17 - celsius), 9);
    });
  });

  it("has none with two whole years, or when a year misses a day", () => {
    expect(normalYearFromHistory(dayMeans(yearsAt(2024, 2025, monthlyCelsius)), "2026-03-10")).toBeNull();
    const gap = yearsAt(2023, 2025, monthlyCelsius).filter(
      (reading) =>
        !(
          reading.hourStart >= Date.parse("2024-06-09T22:00:00Z") &&
          reading.hourStart < Date.parse("2024-06-10T22:00:00Z")
        ),
    );
    expect(normalYearFromHistory(dayMeans(gap), "2026-03-10")).toBeNull();
  });

  it("does not count this year, however much of it has passed", () => {
    expect(normalYearFromHistory(dayMeans(yearsAt(2024, 2026, monthlyCelsius)), "2026-12-31")).toBeNull();
  });
});

describe("normalDegreeDaysOver", () => {
  it("spreads a month's normal evenly over its days", () => {
    const dk = countryNormalYears.DK;
    expect(dk.reduce((a, b) => a + b, 0)).toBe(3009);
    expect(normalDegreeDaysOver(dk, "2026-01-01", "2026-02-01")).toBeCloseTo(468, 9);
    expect(normalDegreeDaysOver(dk, "2026-01-01", "2026-01-16")).toBeCloseTo((468 * 15) / 31, 9);
    // 30 January to 2 February: two January days and one February day.
    expect(normalDegreeDaysOver(dk, "2026-01-30", "2026-02-02")).toBeCloseTo((2 * 468) / 31 + 421 / 28, 9);
    expect(normalDegreeDaysOver(dk, "2026-01-01", "2027-01-01")).toBeCloseTo(3009, 9);
  });
});

describe("Norway's normal year (ADR 0074)", () => {
  // met.no, "Døgnnormal – årsliste (1961–1990)", Oslo – Blindern (station 18700), element TAM
  // (daily mean temperature, °C), one row per calendar day, 29 February included (CC BY 3.0).
  const blindernDailyNormals: readonly (readonly number[])[] = [
    [
      -4.0, -4.0, -4.0, -4.0, -4.0, -4.1, -4.1, -4.1, -4.1, -4.2, -4.2, -4.2, -4.2, -4.2, -4.3, -4.3, -4.3, -4.3, -4.4,
      -4.4, -4.4, -4.5, -4.5, -4.5, -4.5, -4.6, -4.6, -4.6, -4.6, -4.6, -4.6,
    ],
    [
      -4.6, -4.6, -4.6, -4.6, -4.6, -4.6, -4.6, -4.6, -4.5, -4.5, -4.5, -4.4, -4.4, -4.3, -4.2, -4.1, -4.1, -4.0, -3.9,
      -3.8, -3.7, -3.5, -3.4, -3.3, -3.2, -3.0, -2.9, -2.7, -2.6,
    ],
    [
      -2.5, -2.3, -2.2, -2.0, -1.8, -1.7, -1.5, -1.4, -1.2, -1.1, -0.9, -0.8, -0.6, -0.4, -0.3, -0.1, 0.0, 0.1, 0.3,
      0.4, 0.6, 0.7, 0.8, 1.0, 1.1, 1.2, 1.4, 1.5, 1.6, 1.8, 1.9,
    ],
    [
      2.1, 2.2, 2.3, 2.5, 2.6, 2.8, 2.9, 3.1, 3.2, 3.4, 3.6, 3.7, 3.9, 4.1, 4.3, 4.4, 4.6, 4.8, 5.0, 5.2, 5.4, 5.6, 5.9,
      6.1, 6.3, 6.5, 6.7, 7.0, 7.2, 7.4,
    ],
    [
      7.6, 7.9, 8.1, 8.3, 8.5, 8.8, 9.0, 9.2, 9.4, 9.7, 9.9, 10.1, 10.3, 10.5, 10.7, 10.9, 11.1, 11.3, 11.5, 11.7, 11.9,
      12.1, 12.3, 12.4, 12.6, 12.8, 12.9, 13.1, 13.3, 13.4, 13.6,
    ],
    [
      13.7, 13.8, 14.0, 14.1, 14.2, 14.4, 14.5, 14.6, 14.7, 14.8, 14.9, 15.0, 15.1, 15.2, 15.3, 15.4, 15.5, 15.5, 15.6,
      15.7, 15.7, 15.8, 15.9, 15.9, 16.0, 16.0, 16.0, 16.1, 16.1, 16.2,
    ],
    [
      16.2, 16.2, 16.2, 16.3, 16.3, 16.3, 16.3, 16.4, 16.4, 16.4, 16.4, 16.4, 16.4, 16.4, 16.4, 16.4, 16.5, 16.5, 16.5,
      16.5, 16.5, 16.5, 16.5, 16.5, 16.5, 16.5, 16.5, 16.4, 16.4, 16.4, 16.4,
    ],
    [
      16.4, 16.3, 16.3, 16.3, 16.2, 16.2, 16.1, 16.1, 16.0, 15.9, 15.9, 15.8, 15.7, 15.6, 15.5, 15.4, 15.3, 15.2, 15.1,
      14.9, 14.8, 14.7, 14.5, 14.4, 14.2, 14.1, 13.9, 13.8, 13.6, 13.5, 13.3,
    ],
    [
      13.1, 12.9, 12.8, 12.6, 12.4, 12.3, 12.1, 11.9, 11.8, 11.6, 11.4, 11.3, 11.1, 10.9, 10.8, 10.6, 10.5, 10.3, 10.2,
      10.1, 9.9, 9.8, 9.7, 9.5, 9.4, 9.3, 9.1, 9.0, 8.9, 8.7,
    ],
    [
      8.6, 8.5, 8.3, 8.2, 8.1, 7.9, 7.8, 7.6, 7.5, 7.4, 7.2, 7.1, 6.9, 6.8, 6.6, 6.4, 6.3, 6.1, 5.9, 5.7, 5.5, 5.4, 5.2,
      5.0, 4.8, 4.6, 4.4, 4.2, 4.0, 3.8, 3.6,
    ],
    [
      3.4, 3.2, 3.0, 2.8, 2.6, 2.4, 2.2, 2.0, 1.8, 1.6, 1.4, 1.2, 1.1, 0.9, 0.7, 0.5, 0.3, 0.2, 0.0, -0.2, -0.3, -0.5,
      -0.7, -0.8, -1.0, -1.1, -1.2, -1.4, -1.5, -1.6,
    ],
    [
      -1.8, -1.9, -2.0, -2.1, -2.3, -2.4, -2.5, -2.6, -2.7, -2.8, -2.9, -2.9, -3.0, -3.1, -3.2, -3.2, -3.3, -3.4, -3.4,
      -3.5, -3.5, -3.6, -3.6, -3.7, -3.7, -3.8, -3.8, -3.8, -3.9, -3.9, -3.9,
    ],
  ];

  it("is the daily normals' degree days summed per month, 29 February left out", () => {
    expect(blindernDailyNormals.map((days) => days.length)).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    const months = blindernDailyNormals.map((days, index) =>
      days.slice(0, index === 1 ? 28 : days.length).reduce((sum, celsius) => sum + Math.max(0, 17 - celsius), 0),
    );
    // The table keeps one decimal.
    expect(countryNormalYears.NO).toEqual(months.map((month) => expect.closeTo(month, 1)));
    expect(countryNormalYears.NO.reduce((a, b) => a + b, 0)).toBeCloseTo(4108.9, 6);
    // The ADR's worked figure: January's 31 normals sum to −133.4 °C, all below 17 °C, so 31 × 17 + 133.4 = 660.4.
    expect(blindernDailyNormals[0]!.reduce((a, b) => a + b, 0)).toBeCloseTo(-133.4, 6);
    expect(normalDegreeDaysOver(countryNormalYears.NO, "2026-01-01", "2027-01-01")).toBeCloseTo(4108.9, 6);
  });
});
