import dayjs from "dayjs";
import isoWeekPlugin from "dayjs/plugin/isoWeek.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  addMonthsToMonth,
  bucketsOf,
  comparedDay,
  comparedHours,
  DAY_MS,
  dayKeyOf,
  daysOfPeriod,
  formatInstant,
  fromApiRange,
  fromWall,
  HOUR_MS,
  hoursAtClock,
  hoursInDay,
  imageOfDays,
  isoWeekOf,
  isValidDayKey,
  offsetMinutesAt,
  parseLocalDateTime,
  periodOfDays,
  periodOfMonth,
  previousPeriod,
  previousYear,
  type Resolution,
  toApiRange,
  todayInCopenhagen,
  toWall,
  wallOfApiDateTime,
  wholeBucketsOf,
} from "./calendar";

// dayjs is the oracle here only: the calendar module itself uses no date library.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeekPlugin);

const wall = (value: string) => {
  const parsed = parseLocalDateTime(value);
  if (parsed === null) throw new Error(`bad datetime ${value}`);
  return parsed;
};
const period = (begin: string, end: string) => ({ beginWall: wall(begin), endWall: wall(end) });
const starts = (resolution: Resolution, begin: string, end: string) =>
  bucketsOf(resolution, period(begin, end)).map((bucket) => formatInstant(bucket.start));

describe("Copenhagen offsets", () => {
  it("agree with the IANA database every 13 hours from 2019 to 2031", () => {
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2031, 0, 1); t += 13 * HOUR_MS) {
      expect(offsetMinutesAt(t), new Date(t).toISOString()).toBe(dayjs(t).tz("Europe/Copenhagen").utcOffset());
    }
  });

  it("switch at 01:00 UTC on the last Sundays of March and October", () => {
    expect(offsetMinutesAt(Date.UTC(2025, 2, 30, 0, 59))).toBe(60);
    expect(offsetMinutesAt(Date.UTC(2025, 2, 30, 1, 0))).toBe(120);
    expect(offsetMinutesAt(Date.UTC(2025, 9, 26, 0, 59))).toBe(120);
    expect(offsetMinutesAt(Date.UTC(2025, 9, 26, 1, 0))).toBe(60);
  });

  it("map wall times back to instants, the gap forward and the overlap to its first occurrence", () => {
    expect(new Date(fromWall(wall("2025-01-15T12:00"))).toISOString()).toBe("2025-01-15T11:00:00.000Z");
    expect(new Date(fromWall(wall("2025-07-15T12:00"))).toISOString()).toBe("2025-07-15T10:00:00.000Z");
    expect(new Date(fromWall(wall("2025-03-30T02:30"))).toISOString()).toBe("2025-03-30T01:30:00.000Z");
    expect(new Date(fromWall(wall("2025-10-26T02:30"))).toISOString()).toBe("2025-10-26T00:30:00.000Z");
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += HOUR_MS) {
      if (dayKeyOf(t) !== "2025-10-26") expect(fromWall(toWall(t))).toBe(t);
    }
  });
});

describe("parseLocalDateTime", () => {
  it("accepts the API format, minutes and bare dates", () => {
    expect(parseLocalDateTime("2025-03-30T00:00:00")).toBe(Date.UTC(2025, 2, 30));
    expect(parseLocalDateTime("2025-03-30T13:45")).toBe(Date.UTC(2025, 2, 30, 13, 45));
    expect(parseLocalDateTime("2025-03-30")).toBe(Date.UTC(2025, 2, 30));
  });
  it("rejects impossible or non-minute times", () => {
    for (const bad of [
      "2025-02-29T00:00:00",
      "2025-13-01",
      "2025-01-01T24:00:00",
      "2025-01-01T10:00:30",
      "tomorrow",
      "",
    ]) {
      expect(parseLocalDateTime(bad), bad).toBeNull();
    }
  });
});

describe("buckets", () => {
  it("give 23 hours on 2025-03-30 and 25 on 2025-10-26", () => {
    expect(hoursInDay("2025-03-30")).toBe(23);
    expect(hoursInDay("2025-10-26")).toBe(25);
    expect(hoursInDay("2025-06-01")).toBe(24);
    const spring = starts("HOURLY", "2025-03-30T00:00:00", "2025-03-31T00:00:00");
    expect(spring).toHaveLength(23);
    expect(spring.slice(1, 3)).toEqual(["2025-03-30T01:00:00+01:00", "2025-03-30T03:00:00+02:00"]);
    const autumn = starts("HOURLY", "2025-10-26T00:00:00", "2025-10-27T00:00:00");
    expect(autumn).toHaveLength(25);
    expect(autumn.slice(2, 4)).toEqual(["2025-10-26T02:00:00+02:00", "2025-10-26T02:00:00+01:00"]);
  });

  it("give daily buckets of 23 and 25 hours across the changes", () => {
    const days = bucketsOf("DAILY", period("2025-03-29T00:00:00", "2025-04-01T00:00:00"));
    expect(days.map((day) => (day.end - day.start) / HOUR_MS)).toEqual([24, 23, 24]);
    const autumn = bucketsOf("DAILY", period("2025-10-25T00:00:00", "2025-10-28T00:00:00"));
    expect(autumn.map((day) => (day.end - day.start) / HOUR_MS)).toEqual([24, 25, 24]);
    expect(autumn.map((day) => formatInstant(day.start))).toEqual([
      "2025-10-25T00:00:00+02:00",
      "2025-10-26T00:00:00+02:00",
      "2025-10-27T00:00:00+01:00",
    ]);
  });

  it("start weeks on Monday; whole weeks reach beyond the period", () => {
    // 2025-03-26 is a Wednesday; the week holding 2025-03-30 (Sunday) ends 2025-03-31.
    const weeks = wholeBucketsOf("WEEKLY", period("2025-03-26T00:00:00", "2025-04-02T00:00:00"));
    expect(weeks.map((week) => week.firstDay)).toEqual(["2025-03-24", "2025-03-31"]);
    expect(weeks.map((week) => (week.end - week.start) / HOUR_MS)).toEqual([167, 168]);
  });

  it("clip weeks, months and years to the period's days and mark them partial (ADR 0018)", () => {
    const weeks = bucketsOf("WEEKLY", period("2025-03-26T00:00:00", "2025-04-02T00:00:00"));
    expect(weeks.map((week) => [week.firstDay, week.endDay, week.partial === true])).toEqual([
      ["2025-03-26", "2025-03-31", true],
      ["2025-03-31", "2025-04-02", true],
    ]);
    expect(weeks.map((week) => (week.end - week.start) / HOUR_MS)).toEqual([5 * 24 - 1, 48]);
    // The week: Wednesday 10 June to Thursday 20 August 2026.
    const summer = bucketsOf("WEEKLY", period("2026-06-10T00:00:00", "2026-08-21T00:00:00"));
    expect(summer[0]).toMatchObject({ firstDay: "2026-06-10", endDay: "2026-06-15", partial: true });
    expect(summer[1]!.partial).toBeUndefined();
    expect(summer.at(-1)).toMatchObject({ firstDay: "2026-08-17", endDay: "2026-08-21", partial: true });
    const year = bucketsOf("MONTHLY", period("2024-11-20T00:00:00", "2025-11-20T00:00:00"));
    expect(year).toHaveLength(13);
    expect(year[0]).toMatchObject({ firstDay: "2024-11-20", endDay: "2024-12-01", partial: true });
    expect(year[12]).toMatchObject({ firstDay: "2025-11-01", endDay: "2025-11-20", partial: true });
    expect(year.slice(1, 12).every((month) => month.partial === undefined)).toBe(true);
    expect(
      bucketsOf("DAILY", period("2025-03-26T00:00:00", "2025-04-02T00:00:00")).some((bucket) => bucket.partial),
    ).toBe(false);
  });

  it("cut calendar months and years", () => {
    const months = wholeBucketsOf("MONTHLY", period("2024-01-15T00:00:00", "2025-01-01T00:00:00"));
    expect(months.map((month) => month.firstDay)).toEqual(
      ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"].map((m) => `2024-${m}-01`),
    );
    expect((months[1]!.end - months[1]!.start) / HOUR_MS).toBe(29 * 24); // leap year
    expect((months[2]!.end - months[2]!.start) / HOUR_MS).toBe(31 * 24 - 1); // March loses an hour
    const years = wholeBucketsOf("YEARLY", period("2024-06-01T00:00:00", "2026-02-01T00:00:00"));
    expect(years.map((year) => [year.firstDay, year.endDay])).toEqual([
      ["2024-01-01", "2025-01-01"],
      ["2025-01-01", "2026-01-01"],
      ["2026-01-01", "2027-01-01"],
    ]);
  });

  it("treat the end as exclusive: a period ending at midnight does not include the next day", () => {
    expect(bucketsOf("DAILY", period("2025-01-01T00:00:00", "2025-01-08T00:00:00"))).toHaveLength(7);
    expect(bucketsOf("DAILY", period("2025-01-01T00:00:00", "2025-01-07T23:59:00"))).toHaveLength(7);
  });
});

describe("comparison periods", () => {
  const show = (value: { beginWall: number; endWall: number }) => [
    new Date(value.beginWall).toISOString().slice(0, 16),
    new Date(value.endWall).toISOString().slice(0, 16),
  ];

  // The previous period is the same number of days just before, or the same number of whole months
  // when the period is whole months; the previous year is the same dates a year earlier.
  it.each([
    ["period", "DAILY", "2025-03-01T00:00:00", "2025-03-31T00:00:00", "2025-01-30T00:00", "2025-03-01T00:00"],
    // A 23-hour day compares with the whole day before.
    ["period", "HOURLY", "2025-03-30T00:00:00", "2025-03-31T00:00:00", "2025-03-29T00:00", "2025-03-30T00:00"],
    ["period", "HOURLY", "2025-03-30T10:00:00", "2025-03-30T16:00:00", "2025-03-30T04:00", "2025-03-30T10:00"],
    ["period", "MONTHLY", "2025-01-01T00:00:00", "2026-01-01T00:00:00", "2024-01-01T00:00", "2025-01-01T00:00"],
    ["period", "YEARLY", "2025-01-01T00:00:00", "2025-12-31T23:59:00", "2024-01-01T00:00", "2025-01-01T00:00"],
    ["year", "DAILY", "2025-10-20T00:00:00", "2025-11-03T00:00:00", "2024-10-20T00:00", "2024-11-03T00:00"],
    ["year", "DAILY", "2024-02-29T00:00:00", "2024-03-01T00:00:00", "2023-02-28T00:00", "2023-03-01T00:00"],
  ] as const)("previous %s by %s of %s–%s is %s–%s", (comparison, resolution, begin, end, ...expected) => {
    const compared = comparison === "year" ? previousYear : previousPeriod;
    expect(show(compared(resolution, period(begin, end)))).toEqual(expected);
  });

  it("a year before 29 February is 28 February", () => {
    expect(addMonths("2024-02-29", -12)).toBe("2023-02-28");
  });
});

describe("the comparison map (ADR 0018)", () => {
  const hours = (values: number[]) => values.map(formatInstant);
  const at = (value: string) => fromWall(wall(value));

  it("previous period: every date n days earlier, n the period's number of days, at every resolution", () => {
    expect(comparedDay("PREVIOUS_PERIOD", "2026-06-10", 72)).toBe("2026-03-30");
    expect(imageOfDays("PREVIOUS_PERIOD", { fromDay: "2026-06-10", endDay: "2026-06-15" }, 72)).toEqual([
      { fromDay: "2026-03-30", endDay: "2026-04-04" },
    ]);
  });

  it("previous year: the same dates a year earlier, 29 February to 28 February, no date to a 29 February", () => {
    expect(comparedDay("PREVIOUS_YEAR", "2026-06-10", 1)).toBe("2025-06-10");
    expect(comparedDay("PREVIOUS_YEAR", "2028-02-29", 1)).toBe("2027-02-28");
    // Week 24 2026 clipped to 10–14 June: 10–14 June 2025 (not the week of 2–8 June 2025).
    expect(imageOfDays("PREVIOUS_YEAR", { fromDay: "2026-06-10", endDay: "2026-06-15" }, 5)).toEqual([
      { fromDay: "2025-06-10", endDay: "2025-06-15" },
    ]);
    expect(imageOfDays("PREVIOUS_YEAR", { fromDay: "2025-02-27", endDay: "2025-03-02" }, 3)).toEqual([
      { fromDay: "2024-02-27", endDay: "2024-02-29" },
      { fromDay: "2024-03-01", endDay: "2024-03-02" },
    ]);
    expect(imageOfDays("PREVIOUS_YEAR", { fromDay: "2028-02-28", endDay: "2028-03-02" }, 3)).toEqual([
      { fromDay: "2027-02-28", endDay: "2027-03-02" },
    ]);
  });

  it("finds a day's hours by clock time: none in the spring gap, two in the autumn overlap", () => {
    expect(hours(hoursAtClock("2026-03-29", 2))).toEqual([]);
    expect(hours(hoursAtClock("2026-03-29", 1))).toEqual(["2026-03-29T01:00:00+01:00"]);
    expect(hours(hoursAtClock("2026-10-25", 2))).toEqual(["2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00"]);
    expect(hours(hoursAtClock("2026-03-28", 23))).toEqual(["2026-03-28T23:00:00+01:00"]);
  });

  it("compares the spring day's hours by clock time: 01:00–03:00 with 01:00 and 02:00, 03:00 with 03:00", () => {
    // /t/7009/consumption/electricity-energy?from=2026-03-29&to=2026-03-29&compare=previous-period
    expect(hours(comparedHours("PREVIOUS_PERIOD", at("2026-03-29T01:00:00"), 1))).toEqual([
      "2026-03-28T01:00:00+01:00",
      "2026-03-28T02:00:00+01:00",
    ]);
    expect(hours(comparedHours("PREVIOUS_PERIOD", at("2026-03-29T03:00:00"), 1))).toEqual([
      "2026-03-28T03:00:00+01:00",
    ]);
    expect(hours(comparedHours("PREVIOUS_PERIOD", at("2026-03-29T23:00:00"), 1))).toEqual([
      "2026-03-28T23:00:00+01:00",
    ]);
    // Every hour of the compared day belongs to exactly one row.
    const day = Array.from({ length: 23 }, (_, index) => at("2026-03-29T00:00:00") + index * HOUR_MS);
    const compared = day.flatMap((hour) => comparedHours("PREVIOUS_PERIOD", hour, 1));
    expect(new Set(compared).size).toBe(24);
  });

  it("compares the autumn day's first 02:00 (summer time) with 02:00, its second (winter time) with nothing", () => {
    const summer = at("2026-10-25T02:00:00");
    expect(hours(comparedHours("PREVIOUS_PERIOD", summer, 1))).toEqual(["2026-10-24T02:00:00+02:00"]);
    expect(comparedHours("PREVIOUS_PERIOD", summer + HOUR_MS, 1)).toEqual([]);
    const day = Array.from({ length: 25 }, (_, index) => at("2026-10-25T00:00:00") + index * HOUR_MS);
    expect(new Set(day.flatMap((hour) => comparedHours("PREVIOUS_PERIOD", hour, 1))).size).toBe(24);
  });

  it("compares a normal day's 02:00 with both 02:00 hours of an autumn day and with none of a spring day", () => {
    expect(hours(comparedHours("PREVIOUS_PERIOD", at("2026-10-26T02:00:00"), 1))).toEqual([
      "2026-10-25T02:00:00+02:00",
      "2026-10-25T02:00:00+01:00",
    ]);
    expect(comparedHours("PREVIOUS_PERIOD", at("2026-03-30T02:00:00"), 1)).toEqual([]);
    expect(hours(comparedHours("PREVIOUS_PERIOD", at("2026-03-30T01:00:00"), 1))).toEqual([
      "2026-03-29T01:00:00+01:00",
    ]);
  });
});

describe("the arithmetic agrees with dayjs", () => {
  const everyDay = (from: string, to: string) => {
    const days: string[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
    return days;
  };

  it("day keys of instants, every 7 hours from 2019 to 2031", () => {
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2031, 0, 1); t += 7 * HOUR_MS) {
      expect(dayKeyOf(t), new Date(t).toISOString()).toBe(dayjs(t).tz("Europe/Copenhagen").format("YYYY-MM-DD"));
    }
  });

  it("adding days and months (months clamped to the end of a shorter month), every day of 2023–2025", () => {
    for (const day of everyDay("2023-01-01", "2025-12-31")) {
      for (const months of [-25, -12, -1, 1, 3, 12]) {
        expect(addMonths(day, months), `${day} ${months}`).toBe(
          dayjs.utc(day).add(months, "month").format("YYYY-MM-DD"),
        );
      }
      expect(addDays(day, 40)).toBe(dayjs.utc(day).add(40, "day").format("YYYY-MM-DD"));
    }
    expect(addMonthsToMonth("2026-01", -1)).toBe("2025-12");
    expect(addMonthsToMonth("2026-12", 1)).toBe("2027-01");
  });

  it("which strings are calendar dates", () => {
    for (const day of everyDay("2024-01-01", "2024-12-31")) expect(isValidDayKey(day)).toBe(true);
    for (const bad of [
      "2025-02-29",
      "2100-02-29",
      "2024-04-31",
      "2024-13-01",
      "2024-00-01",
      "2024-01-00",
      "2024-1-01",
      "20240101",
    ]) {
      expect(isValidDayKey(bad), bad).toBe(false);
    }
    expect(isValidDayKey("2000-02-29")).toBe(true);
  });

  it("today in Copenhagen is the day key of now (every 13 hours) and dayjs's date there (every 61 hours), 2019 to 2031", () => {
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2031, 0, 1); t += 13 * HOUR_MS) {
      expect(todayInCopenhagen(new Date(t)), new Date(t).toISOString()).toBe(dayKeyOf(t));
    }
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2031, 0, 1); t += 61 * HOUR_MS) {
      expect(todayInCopenhagen(new Date(t)), new Date(t).toISOString()).toBe(
        dayjs(t).tz("Europe/Copenhagen").format("YYYY-MM-DD"),
      );
    }
    // The minutes around midnight and the daylight-saving switches of 2026.
    for (const iso of [
      "2026-01-14T22:59:59Z",
      "2026-01-14T23:00:00Z",
      "2026-03-28T22:59:59Z",
      "2026-03-28T23:00:00Z",
      "2026-03-29T21:59:59Z",
      "2026-03-29T22:00:00Z",
      "2026-10-24T21:59:59Z",
      "2026-10-24T22:00:00Z",
      "2026-10-25T22:59:59Z",
      "2026-10-25T23:00:00Z",
    ]) {
      expect(todayInCopenhagen(new Date(iso)), iso).toBe(dayjs(iso).tz("Europe/Copenhagen").format("YYYY-MM-DD"));
    }
  });

  it("ISO weeks and week-years of every day from 2015 to 2032 agree with dayjs", () => {
    for (const day of everyDay("2015-01-01", "2032-12-31")) {
      const date = dayjs.utc(day);
      expect(isoWeekOf(day), day).toEqual({ week: date.isoWeek(), year: date.isoWeekYear() });
    }
  });

  it("ISO weeks of the turns of the years", () => {
    expect(isoWeekOf("2026-01-01")).toEqual({ week: 1, year: 2026 });
    expect(isoWeekOf("2027-01-01")).toEqual({ week: 53, year: 2026 });
    expect(isoWeekOf("2024-12-30")).toEqual({ week: 1, year: 2025 });
    expect(isoWeekOf("2021-01-03")).toEqual({ week: 53, year: 2020 });
  });
});

describe("ranges: days as named, days as computed, the API's strings", () => {
  it("a period's days are half-open, and back", () => {
    const february = { from: "2026-02-01", to: "2026-02-28" };
    const days = { fromDay: "2026-02-01", endDay: "2026-03-01" };
    expect(daysOfPeriod(february)).toEqual(days);
    expect(periodOfDays(days)).toEqual(february);
    expect(periodOfMonth("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodOfMonth("2026-10")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });

  it("the API's range ends at the midnight after the last day; an end at :59 includes that minute", () => {
    const range = toApiRange({ from: "2026-10-01", to: "2026-10-31" });
    expect(range).toEqual({ periodBegin: "2026-10-01T00:00:00", periodEnd: "2026-11-01T00:00:00" });
    const wall = fromApiRange(range);
    expect(wall).toEqual({ beginWall: Date.UTC(2026, 9, 1), endWall: Date.UTC(2026, 10, 1) });
    // The same month written with its last minute, as older callers of the API do.
    expect(fromApiRange({ periodBegin: "2026-10-01T00:00:00", periodEnd: "2026-10-31T23:59:00" })).toEqual(wall);
    expect(wallOfApiDateTime("2026-10-31T23:59:00", "begin")).toBe(Date.UTC(2026, 9, 31) + DAY_MS - 60_000);
    expect(fromApiRange({ periodBegin: "2026-10-01", periodEnd: "2026-02-30T00:00:00" })).toBeNull();
  });
});
