import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  classifyPeriod,
  defaultPeriod,
  isIsoDate,
  isoWeekNumber,
  matchNamedPeriod,
  namedPeriod,
  namedPeriods,
  type Periodicity,
  periodDays,
  stepPeriod,
  toApiRange,
  todayInCopenhagen,
} from "./period";

// These tests are run with TZ=America/New_York and TZ=Europe/Copenhagen as well as the machine's
// own zone; dates around the 2025 European (30 March, 26 October) and US (9 March, 2 November)
// DST switches are used throughout so a time-zone dependency would show.

describe("isIsoDate", () => {
  it.each(["2026-02-28", "2024-02-29", "2000-02-29", "2025-12-31", "2025-01-01", "2025-03-30", "2025-10-26"])(
    "accepts %s",
    (value) => expect(isIsoDate(value)).toBe(true),
  );

  it.each([
    "2026-02-30",
    "2025-02-29",
    "1900-02-29",
    "2025-04-31",
    "2025-13-01",
    "2025-00-10",
    "2025-01-00",
    "2025-1-01",
    "2025-01-1",
    "25-01-01",
    "2025-01-01T00:00:00",
    " 2025-01-01",
    "2025/01/01",
    "",
  ])("rejects %j", (value) => expect(isIsoDate(value)).toBe(false));

  it("rejects what is not a string", () => {
    expect(isIsoDate(null)).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
    expect(isIsoDate(20250101)).toBe(false);
    expect(isIsoDate(new Date(Date.UTC(2025, 0, 1)))).toBe(false);
  });
});

describe("addDays", () => {
  it.each([
    ["2025-03-29", 1, "2025-03-30"],
    ["2025-03-30", 1, "2025-03-31"],
    ["2025-10-26", 1, "2025-10-27"],
    ["2025-10-27", -1, "2025-10-26"],
    ["2025-03-08", 2, "2025-03-10"],
    ["2025-11-02", -1, "2025-11-01"],
    ["2025-12-31", 1, "2026-01-01"],
    ["2026-01-01", -1, "2025-12-31"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2025-02-28", 1, "2025-03-01"],
    ["2025-01-01", 365, "2026-01-01"],
    ["2025-05-01", 0, "2025-05-01"],
  ] as const)("%s + %i days = %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("adds a whole year of days one at a time without drifting", () => {
    let date = "2025-01-01";
    for (let i = 0; i < 365; i++) date = addDays(date, 1);
    expect(date).toBe("2026-01-01");
  });

  it("throws on a date that is not a calendar date", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow();
  });
});

describe("addMonths (dayjs semantics)", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2026-05-31", 1, "2026-06-30"],
    ["2025-12-01", 1, "2026-01-01"],
    ["2026-01-15", -1, "2025-12-15"],
    ["2026-01-15", -13, "2024-12-15"],
    ["2024-02-29", 12, "2025-02-28"],
    ["2025-08-31", 6, "2026-02-28"],
    ["2025-03-30", 0, "2025-03-30"],
  ] as const)("%s + %i months = %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe("periodDays", () => {
  it("counts both ends", () => {
    expect(periodDays({ from: "2025-05-01", to: "2025-05-01" })).toBe(1);
    expect(periodDays({ from: "2025-05-01", to: "2025-05-31" })).toBe(31);
    expect(periodDays({ from: "2024-01-01", to: "2024-12-31" })).toBe(366);
  });

  it("counts a DST day as one day", () => {
    expect(periodDays({ from: "2025-03-30", to: "2025-03-30" })).toBe(1);
    expect(periodDays({ from: "2025-03-29", to: "2025-03-31" })).toBe(3);
    expect(periodDays({ from: "2025-10-25", to: "2025-10-27" })).toBe(3);
    expect(periodDays({ from: "2025-03-01", to: "2025-03-31" })).toBe(31);
    expect(periodDays({ from: "2025-11-01", to: "2025-11-30" })).toBe(30);
  });
});

describe("classifyPeriod (spec section 4)", () => {
  const ofDays = (days: number) => ({ from: "2025-01-01", to: addDays("2025-01-01", days - 1) });
  it.each([
    [1, "day"],
    [2, "custom"],
    [6, "custom"],
    [7, "week"],
    [8, "custom"],
    [27, "custom"],
    [28, "month"],
    [31, "month"],
    [32, "custom"],
    [89, "custom"],
    [90, "quarter"],
    [93, "quarter"],
    [94, "custom"],
    [179, "custom"],
    [180, "half-year"],
    [183, "half-year"],
    [184, "custom"],
    [363, "custom"],
    [364, "year"],
    [366, "year"],
    [367, "custom"],
  ] as const)("%i days is %s", (days, expected) => {
    expect(classifyPeriod(ofDays(days))).toBe(expected);
  });

  it("classifies the second half of a year (184 days) as custom, as the spec's 180-183 says", () => {
    expect(classifyPeriod({ from: "2025-01-01", to: "2025-06-30" })).toBe("half-year");
    expect(classifyPeriod({ from: "2025-07-01", to: "2025-12-31" })).toBe("custom");
  });

  it("classifies a single DST day as a day", () => {
    expect(classifyPeriod({ from: "2025-10-26", to: "2025-10-26" })).toBe("day");
  });
});

describe("stepPeriod (spec section 4)", () => {
  it("steps months by calendar month, keeping month ends", () => {
    expect(stepPeriod({ from: "2026-02-01", to: "2026-02-28" }, 1)).toEqual({ from: "2026-03-01", to: "2026-03-31" });
    expect(stepPeriod({ from: "2026-03-01", to: "2026-03-31" }, -1)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(stepPeriod({ from: "2025-12-01", to: "2025-12-31" }, 1)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(stepPeriod({ from: "2026-01-01", to: "2026-01-31" }, -1)).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(stepPeriod({ from: "2024-01-01", to: "2024-01-31" }, 1)).toEqual({ from: "2024-02-01", to: "2024-02-29" });
  });

  it("steps a month that does not start on the 1st by a calendar month", () => {
    expect(stepPeriod({ from: "2026-01-15", to: "2026-02-14" }, 1)).toEqual({ from: "2026-02-15", to: "2026-03-14" });
  });

  it("steps quarters, half-years and years by 3, 6 and 12 months", () => {
    expect(stepPeriod({ from: "2026-01-01", to: "2026-03-31" }, 1)).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(stepPeriod({ from: "2026-01-01", to: "2026-03-31" }, -1)).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(stepPeriod({ from: "2026-01-01", to: "2026-06-30" }, 1)).toEqual({ from: "2026-07-01", to: "2026-12-31" });
    expect(stepPeriod({ from: "2025-07-01", to: "2025-12-31" }, -1, "half-year")).toEqual({
      from: "2025-01-01",
      to: "2025-06-30",
    });
    expect(stepPeriod({ from: "2024-01-01", to: "2024-12-31" }, 1)).toEqual({ from: "2025-01-01", to: "2025-12-31" });
    expect(stepPeriod({ from: "2025-01-01", to: "2025-12-31" }, -1)).toEqual({ from: "2024-01-01", to: "2024-12-31" });
  });

  it("shifts days, weeks and custom periods by their length", () => {
    expect(stepPeriod({ from: "2025-03-30", to: "2025-03-30" }, 1)).toEqual({ from: "2025-03-31", to: "2025-03-31" });
    expect(stepPeriod({ from: "2025-03-30", to: "2025-03-30" }, -1)).toEqual({ from: "2025-03-29", to: "2025-03-29" });
    expect(stepPeriod({ from: "2025-10-20", to: "2025-10-26" }, 1)).toEqual({ from: "2025-10-27", to: "2025-11-02" });
    expect(stepPeriod({ from: "2025-12-29", to: "2026-01-04" }, -1)).toEqual({ from: "2025-12-22", to: "2025-12-28" });
    expect(stepPeriod({ from: "2025-01-01", to: "2025-01-10" }, 1)).toEqual({ from: "2025-01-11", to: "2025-01-20" });
    expect(stepPeriod({ from: "2025-01-01", to: "2025-01-10" }, -1)).toEqual({ from: "2024-12-22", to: "2024-12-31" });
  });

  it("uses a given periodicity over the classified one", () => {
    // 31 days classifies as month; as custom it shifts by 31 days.
    expect(stepPeriod({ from: "2026-01-01", to: "2026-01-31" }, 1, "custom")).toEqual({
      from: "2026-02-01",
      to: "2026-03-03",
    });
    expect(stepPeriod({ from: "2026-01-01", to: "2026-01-31" }, 1, "month")).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
  });

  it("throws on an invalid periodicity", () => {
    const p = { from: "2026-01-01", to: "2026-01-31" };
    expect(() => stepPeriod(p, 1, "fortnight" as Periodicity)).toThrow(new Error("Invalid periodicity: fortnight"));
    expect(() => stepPeriod(p, 1, "toString" as Periodicity)).toThrow(new Error("Invalid periodicity: toString"));
  });

  it("steps back and forth to where it started", () => {
    const periods = [
      { from: "2026-02-01", to: "2026-02-28" },
      { from: "2025-03-30", to: "2025-03-30" },
      { from: "2025-10-20", to: "2025-10-26" },
      { from: "2025-01-01", to: "2025-12-31" },
      { from: "2025-01-05", to: "2025-01-17" },
    ];
    for (const p of periods) expect(stepPeriod(stepPeriod(p, 1), -1)).toEqual(p);
  });
});

describe("namedPeriod (spec section 4; weeks start Monday)", () => {
  // Wednesday 2026-03-18.
  const today = "2026-03-18";
  it.each([
    ["today", "2026-03-18", "2026-03-18"],
    ["this-week", "2026-03-16", "2026-03-22"],
    ["last-week", "2026-03-09", "2026-03-15"],
    ["this-month", "2026-03-01", "2026-03-31"],
    ["last-month", "2026-02-01", "2026-02-28"],
    ["this-year", "2026-01-01", "2026-12-31"],
    ["last-year", "2025-01-01", "2025-12-31"],
    ["last-7-days", "2026-03-12", "2026-03-18"],
    ["last-30-days", "2026-02-17", "2026-03-18"],
    ["last-365-days", "2025-03-19", "2026-03-18"],
  ] as const)("%s is %s..%s", (name, from, to) => {
    expect(namedPeriod(name, today)).toEqual({ from, to });
  });

  it("covers every named period", () => {
    expect(namedPeriods).toHaveLength(10);
  });

  it("puts Monday and Sunday in the right week", () => {
    expect(namedPeriod("this-week", "2026-03-16")).toEqual({ from: "2026-03-16", to: "2026-03-22" });
    expect(namedPeriod("this-week", "2026-03-22")).toEqual({ from: "2026-03-16", to: "2026-03-22" });
    expect(namedPeriod("last-week", "2026-03-22")).toEqual({ from: "2026-03-09", to: "2026-03-15" });
  });

  it("crosses the turn of the year", () => {
    expect(namedPeriod("this-week", "2026-01-01")).toEqual({ from: "2025-12-29", to: "2026-01-04" });
    expect(namedPeriod("last-week", "2026-01-01")).toEqual({ from: "2025-12-22", to: "2025-12-28" });
    expect(namedPeriod("last-month", "2026-01-31")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(namedPeriod("last-7-days", "2026-01-03")).toEqual({ from: "2025-12-28", to: "2026-01-03" });
  });

  it("knows leap years", () => {
    expect(namedPeriod("this-month", "2024-02-10")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(namedPeriod("last-month", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodDays(namedPeriod("last-365-days", "2024-12-31"))).toBe(365);
  });

  it("gives periods of the named lengths", () => {
    expect(periodDays(namedPeriod("last-7-days", today))).toBe(7);
    expect(periodDays(namedPeriod("last-30-days", today))).toBe(30);
    expect(periodDays(namedPeriod("last-365-days", today))).toBe(365);
  });
});

describe("defaultPeriod (spec section 9: 30 days)", () => {
  it("is the 30 days ending today", () => {
    expect(defaultPeriod("2026-03-18")).toEqual({ from: "2026-02-17", to: "2026-03-18" });
    expect(defaultPeriod("2026-03-18")).toEqual(namedPeriod("last-30-days", "2026-03-18"));
    expect(periodDays(defaultPeriod("2025-03-30"))).toBe(30);
  });

  it("starts 29 days before today, not 30 (ADR 0035): 30 whole days, the picker naming it", () => {
    const today = "2026-11-26";
    const period = defaultPeriod(today);
    expect(period.from).toBe(addDays(today, -29));
    expect(period.to).toBe(today);
    // What the picker calls it, and what its length makes it (spec section 4: a month is 28–31 days).
    expect(matchNamedPeriod(period, today)).toBe("last-30-days");
    expect(classifyPeriod(period)).toBe("month");
    expect(periodDays(period)).toBe(30);
  });
});

describe("matchNamedPeriod", () => {
  const today = "2026-03-18";

  it("finds each named period", () => {
    for (const name of namedPeriods) expect(matchNamedPeriod(namedPeriod(name, today), today)).toBe(name);
  });

  it("returns the first match in namedPeriods order", () => {
    // On a Sunday this week and the last 7 days are the same period.
    const sunday = "2026-03-22";
    expect(namedPeriod("last-7-days", sunday)).toEqual(namedPeriod("this-week", sunday));
    expect(matchNamedPeriod(namedPeriod("last-7-days", sunday), sunday)).toBe("this-week");
  });

  it("returns null for a custom period", () => {
    expect(matchNamedPeriod({ from: "2026-03-01", to: "2026-03-10" }, today)).toBeNull();
    // The same dates are a named period only relative to the right today.
    expect(matchNamedPeriod(namedPeriod("this-week", today), "2026-04-01")).toBeNull();
  });
});

describe("todayInCopenhagen (spec section 9)", () => {
  it.each([
    // Winter (UTC+1): 23:00 UTC is already tomorrow in Copenhagen.
    ["2025-01-14T22:59:59Z", "2025-01-14"],
    ["2025-01-14T23:00:00Z", "2025-01-15"],
    // Summer (UTC+2).
    ["2025-06-30T21:59:59Z", "2025-06-30"],
    ["2025-06-30T22:00:00Z", "2025-07-01"],
    // The DST switches themselves.
    ["2025-03-29T23:00:00Z", "2025-03-30"],
    ["2025-03-30T21:59:00Z", "2025-03-30"],
    ["2025-03-30T22:00:00Z", "2025-03-31"],
    ["2025-10-26T22:59:00Z", "2025-10-26"],
    ["2025-10-26T23:00:00Z", "2025-10-27"],
    // New Year's Eve: 2025 already in Copenhagen while New York is still in 2024.
    ["2024-12-31T23:30:00Z", "2025-01-01"],
  ])("at %s it is %s", (instant, expected) => {
    expect(todayInCopenhagen(new Date(instant))).toBe(expected);
  });

  it("defaults to now", () => {
    const before = todayInCopenhagen(new Date());
    const today = todayInCopenhagen();
    const after = todayInCopenhagen(new Date());
    expect(isIsoDate(today)).toBe(true);
    expect([before, after]).toContain(today);
  });
});

describe("toApiRange (spec section 9: Copenhagen local times, end exclusive)", () => {
  it("runs from the first midnight to the midnight after the last day", () => {
    expect(toApiRange({ from: "2026-02-01", to: "2026-02-28" })).toEqual({
      periodBegin: "2026-02-01T00:00:00",
      periodEnd: "2026-03-01T00:00:00",
    });
    expect(toApiRange({ from: "2025-10-26", to: "2025-10-26" })).toEqual({
      periodBegin: "2025-10-26T00:00:00",
      periodEnd: "2025-10-27T00:00:00",
    });
    expect(toApiRange({ from: "2025-12-01", to: "2025-12-31" }).periodEnd).toBe("2026-01-01T00:00:00");
  });
});

describe("isoWeekNumber", () => {
  it.each([
    ["2026-01-01", 1], // Thursday
    ["2025-12-29", 1], // Monday of the week holding 1 January 2026
    ["2025-12-28", 52],
    ["2021-01-03", 53], // Sunday: still the last week of 2020
    ["2021-01-04", 1],
    ["2020-12-31", 53],
    ["2024-12-30", 1],
    ["2027-01-01", 53], // Friday: week 53 of 2026
    ["2026-12-31", 53],
    ["2026-03-18", 12],
    ["2025-03-30", 13],
    ["2025-03-31", 14],
    ["2025-10-26", 43],
    ["2025-10-27", 44],
  ] as const)("%s is in week %i", (date, week) => {
    expect(isoWeekNumber(date)).toBe(week);
  });
});
