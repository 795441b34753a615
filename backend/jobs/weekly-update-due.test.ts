import { describe, expect, it } from "vitest";
import { daysOfWeek, dueWeek, weekDueAt } from "./weekly-update-due";

const at = (iso: string) => new Date(iso);

describe("the weekly update's due time", () => {
  // Per case: a week, when its update is due, and the week due at instants around that.
  const dueTimes: { name: string; week: string; due: string; dueWeekAt: [instant: string, week: string][] }[] = [
    {
      // Week Monday 16 – Sunday 22 November 2026, due Monday 23 November 06:00 CET.
      name: "is Monday 06:00 Copenhagen time in winter (UTC+1): 05:00Z",
      week: "2026-11-16",
      due: "2026-11-23T05:00:00.000Z",
      dueWeekAt: [
        ["2026-11-23T04:59:59.999Z", "2026-11-09"],
        ["2026-11-23T05:00:00.000Z", "2026-11-16"],
      ],
    },
    {
      name: "is Monday 06:00 in summer (UTC+2): 04:00Z",
      week: "2026-06-08",
      due: "2026-06-15T04:00:00.000Z",
      dueWeekAt: [
        ["2026-06-15T03:59:59.999Z", "2026-06-01"],
        ["2026-06-15T04:00:00.000Z", "2026-06-08"],
      ],
    },
    {
      // The week reported has 167 hours; its Monday starts at 23:00Z on the Sunday before, in CET.
      name: "in the spring DST week (clocks forward Sunday 29 March 2026) is Monday 30 March 06:00 CEST",
      week: "2026-03-23",
      due: "2026-03-30T04:00:00.000Z",
      dueWeekAt: [
        ["2026-03-30T03:59:59.999Z", "2026-03-16"],
        ["2026-03-30T04:00:00.000Z", "2026-03-23"],
        // 05:00Z would be 06:00 CET, the wrong offset: by then it is long due.
        ["2026-03-30T05:00:00.000Z", "2026-03-23"],
      ],
    },
    {
      name: "in the autumn DST week (clocks back Sunday 25 October 2026) is Monday 26 October 06:00 CET",
      week: "2026-10-19",
      due: "2026-10-26T05:00:00.000Z",
      dueWeekAt: [
        // 04:00Z is 05:00 CET: not yet (06:00 CEST would have been now).
        ["2026-10-26T04:00:00.000Z", "2026-10-12"],
        ["2026-10-26T04:59:59.999Z", "2026-10-12"],
        ["2026-10-26T05:00:00.000Z", "2026-10-19"],
      ],
    },
  ];
  for (const { name, week, due, dueWeekAt } of dueTimes) {
    it(name, () => {
      expect(new Date(weekDueAt(week)).toISOString()).toBe(due);
      for (const [instant, expected] of dueWeekAt) expect(dueWeek(at(instant)), instant).toBe(expected);
    });
  }

  it("stays last week's for the rest of the week (a back-end started on Thursday still sends it)", () => {
    expect(dueWeek(at("2026-11-26T12:00:00Z"))).toBe("2026-11-16");
    expect(dueWeek(at("2026-11-29T22:59:59Z"))).toBe("2026-11-16");
    // Sunday 23:00Z is Monday 00:00 local: a new week, but last week's is not due before 06:00.
    expect(dueWeek(at("2026-11-29T23:00:00Z"))).toBe("2026-11-16");
    expect(dueWeek(at("2026-11-30T05:00:00Z"))).toBe("2026-11-23");
  });

  it("names the seven days Monday to Sunday", () => {
    expect(daysOfWeek("2026-10-19")).toEqual({ fromDay: "2026-10-19", endDay: "2026-10-26" });
  });
});
