import { addDays } from "@common/calendar";
import { describe, expect, it } from "vitest";
import {
  type Judged,
  judgeNight,
  judgeWarmDay,
  LEAK_NIGHTS,
  nightHours,
  runsOf,
  runValue,
  WARM_DAY_CELSIUS,
  WARM_DAYS,
} from "./detect";

/** The hour starts of a night read from ISO instants, so the expected hours are written out by hand. */
const at = (iso: string) => Date.parse(iso) / 1000;

/** Hourly values where every hour of the given nights has `value`. */
function flowing(nights: Record<string, number>): Map<number, number> {
  const hourly = new Map<number, number>();
  for (const [date, value] of Object.entries(nights)) for (const hour of nightHours(date)) hourly.set(hour, value);
  return hourly;
}

/** Consecutive judged dates from `first`, counting where `pattern` has 1. */
function judged(first: string, pattern: string, value = 1): Judged[] {
  return [...pattern].map((flag, index) => ({ date: addDays(first, index), counts: flag === "1", value }));
}

describe("a night's hours (01:00 to 05:00 Copenhagen time)", () => {
  it("are the four hours starting 01, 02, 03 and 04 local on an ordinary winter and summer night", () => {
    expect(nightHours("2026-11-10")).toEqual([
      at("2026-11-10T00:00:00Z"),
      at("2026-11-10T01:00:00Z"),
      at("2026-11-10T02:00:00Z"),
      at("2026-11-10T03:00:00Z"),
    ]);
    expect(nightHours("2026-07-10")).toEqual([
      at("2026-07-09T23:00:00Z"),
      at("2026-07-10T00:00:00Z"),
      at("2026-07-10T01:00:00Z"),
      at("2026-07-10T02:00:00Z"),
    ]);
  });

  it("are three on the spring DST night (02:00 does not exist)", () => {
    expect(nightHours("2026-03-29")).toEqual([
      at("2026-03-29T00:00:00Z"), // 01:00 CET
      at("2026-03-29T01:00:00Z"), // 03:00 CEST
      at("2026-03-29T02:00:00Z"), // 04:00 CEST
    ]);
  });

  it("are five on the autumn DST night (02:00 happens twice)", () => {
    expect(nightHours("2026-10-25")).toEqual([
      at("2026-10-24T23:00:00Z"), // 01:00 CEST
      at("2026-10-25T00:00:00Z"), // 02:00 CEST
      at("2026-10-25T01:00:00Z"), // 02:00 CET
      at("2026-10-25T02:00:00Z"), // 03:00 CET
      at("2026-10-25T03:00:00Z"), // 04:00 CET
    ]);
  });
});

describe("a running night", () => {
  it("has the quantity above zero in every night hour; its value is the lowest hourly flow", () => {
    const hourly = flowing({ "2026-11-10": 0.004 });
    hourly.set(at("2026-11-10T02:00:00Z"), 0.001);
    expect(judgeNight("2026-11-10", hourly)).toEqual({ date: "2026-11-10", counts: true, value: 0.001 });
  });

  it("runs on both DST nights with all their 3 and 5 hours, and not with one of them zero", () => {
    expect(judgeNight("2026-03-29", flowing({ "2026-03-29": 0.002 })).counts).toBe(true);
    const autumn = flowing({ "2026-10-25": 0.002 });
    expect(judgeNight("2026-10-25", autumn).counts).toBe(true);
    // The second 02:00 (CET) is an hour of the night like the others.
    autumn.set(at("2026-10-25T01:00:00Z"), 0);
    expect(judgeNight("2026-10-25", autumn)).toEqual({ date: "2026-10-25", counts: false, value: 0 });
  });

  it("is not running when an hour is missing (a missing hour is not above zero)", () => {
    const hourly = flowing({ "2026-11-10": 0.004 });
    hourly.delete(at("2026-11-10T03:00:00Z"));
    expect(judgeNight("2026-11-10", hourly)).toMatchObject({ counts: false, value: 0 });
  });

  it("ignores the hours outside 01:00 to 05:00", () => {
    const hourly = flowing({ "2026-11-10": 0.004 });
    hourly.set(at("2026-11-09T23:00:00Z"), 0); // 00:00 local
    hourly.set(at("2026-11-10T04:00:00Z"), 0); // 05:00 local
    expect(judgeNight("2026-11-10", hourly).counts).toBe(true);
  });
});

describe("runs of running nights (LEAK)", () => {
  it("make nothing with 2 nights in a row and one notification with 3, at the third night", () => {
    expect(runsOf(judged("2026-11-01", "0110"), LEAK_NIGHTS, false)).toEqual([]);
    expect(runsOf(judged("2026-11-01", "0111"), LEAK_NIGHTS, false)).toEqual([
      {
        first: "2026-11-02",
        last: "2026-11-04",
        days: [
          { date: "2026-11-02", value: 1 },
          { date: "2026-11-03", value: 1 },
          { date: "2026-11-04", value: 1 },
        ],
      },
    ]);
  });

  it("end at a zero night: a new run after it is a second notification", () => {
    const runs = runsOf(judged("2026-11-01", "011101110"), LEAK_NIGHTS, false);
    expect(runs.map((run) => [run.first, run.last])).toEqual([
      ["2026-11-02", "2026-11-04"],
      ["2026-11-06", "2026-11-08"],
    ]);
  });

  it("keep their first date while they continue, so the unique key makes no second notification", () => {
    const third = runsOf(judged("2026-11-01", "0111"), LEAK_NIGHTS, false);
    const sixth = runsOf(judged("2026-11-01", "0111111"), LEAK_NIGHTS, false);
    expect(third.map((run) => run.first)).toEqual(["2026-11-02"]);
    expect(sixth.map((run) => run.first)).toEqual(["2026-11-02"]);
    expect(sixth[0]!.days).toHaveLength(6);
  });

  it("leave out a run whose start lies before the window, unless the window's first date is its start", () => {
    expect(runsOf(judged("2026-11-01", "11110"), LEAK_NIGHTS, false)).toEqual([]);
    expect(runsOf(judged("2026-11-01", "11110"), LEAK_NIGHTS, true).map((run) => run.first)).toEqual(["2026-11-01"]);
  });

  it("carry the lowest flow of all the nights (LEAK) and the heat over the days (HEATING)", () => {
    const run = {
      first: "2026-11-02",
      last: "2026-11-04",
      days: [0.003, 0.001, 0.002].map((value, i) => ({ date: addDays("2026-11-02", i), value })),
    };
    expect(runValue("leak", run)).toBe(0.001);
    expect(runValue("heating_left_on", run)).toBeCloseTo(0.006, 12);
  });

  it("refuse dates that are not consecutive", () => {
    expect(() => runsOf([judged("2026-11-01", "1")[0]!, judged("2026-11-03", "1")[0]!], 3, false)).toThrow();
  });
});

describe("warm days with heat (HEATING_LEFT_ON)", () => {
  const warm = { celsiusSum: WARM_DAY_CELSIUS * 24, hours: 24 };

  it("count at exactly 17.0 °C mean with heat above zero, not just below 17 or without heat", () => {
    expect(judgeWarmDay("2026-07-01", warm, 3.5)).toEqual({ date: "2026-07-01", counts: true, value: 3.5 });
    expect(judgeWarmDay("2026-07-01", { celsiusSum: 16.99 * 24, hours: 24 }, 3.5).counts).toBe(false);
    expect(judgeWarmDay("2026-07-01", { celsiusSum: 17 * 23, hours: 23 }, 3.5).counts).toBe(true);
    expect(judgeWarmDay("2026-07-01", warm, 0)).toEqual({ date: "2026-07-01", counts: false, value: 0 });
    expect(judgeWarmDay("2026-07-01", warm, undefined).counts).toBe(false);
    expect(judgeWarmDay("2026-07-01", undefined, 3.5).counts).toBe(false);
    expect(judgeWarmDay("2026-07-01", { celsiusSum: 0, hours: 0 }, 3.5).counts).toBe(false);
  });

  it("make nothing with 6 days in a row and one notification with 7", () => {
    expect(runsOf(judged("2026-07-01", "01111110"), WARM_DAYS, false)).toEqual([]);
    const runs = runsOf(judged("2026-07-01", "011111110"), WARM_DAYS, false);
    expect(runs.map((run) => [run.first, run.last, run.days.length])).toEqual([["2026-07-02", "2026-07-08", 7]]);
  });

  it("break at a cool day or a day without heat", () => {
    const days = [
      ...Array.from({ length: 4 }, (_, i) => judgeWarmDay(addDays("2026-07-01", i), warm, 2)),
      judgeWarmDay("2026-07-05", { celsiusSum: 15 * 24, hours: 24 }, 2), // cool
      ...Array.from({ length: 4 }, (_, i) => judgeWarmDay(addDays("2026-07-06", i), warm, 2)),
      judgeWarmDay("2026-07-10", warm, 0), // no heat
      ...Array.from({ length: 3 }, (_, i) => judgeWarmDay(addDays("2026-07-11", i), warm, 2)),
    ];
    expect(runsOf(days, WARM_DAYS, true)).toEqual([]);
  });
});
