import { describe, expect, it } from "vitest";
import { daysOfWeek, dueWeek, weekDueAt } from "./weekly-update-due";

const at = (iso: string) => new Date(iso);

describe("the weekly update's due time", () => {
  it("is Monday 06:00 Copenhagen time in winter (UTC+1): 05:00Z", () => {
    // Week Monday 16 – Sunday 22 November 2026, due Monday 23 November 06:00 CET.
    expect(new Date(weekDueAt("2026-11-16")).toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(dueWeek(at("2026-11-23T04:59:59.999Z"))).toBe("2026-11-09");
    expect(dueWeek(at("2026-11-23T05:00:00.000Z"))).toBe("2026-11-16");
  });

  it("is Monday 06:00 in summer (UTC+2): 04:00Z", () => {
    expect(new Date(weekDueAt("2026-06-08")).toISOString()).toBe("2026-06-15T04:00:00.000Z");
    expect(dueWeek(at("2026-06-15T03:59:59.999Z"))).toBe("2026-06-01");
    expect(dueWeek(at("2026-06-15T04:00:00.000Z"))).toBe("2026-06-08");
  });

  it("in the spring DST week (clocks forward Sunday 29 March 2026) is Monday 30 March 06:00 CEST", () => {
    // The week reported has 167 hours; its Monday starts at 23:00Z on the Sunday before, in CET.
    expect(new Date(weekDueAt("2026-03-23")).toISOString()).toBe("2026-03-30T04:00:00.000Z");
    expect(dueWeek(at("2026-03-30T03:59:59.999Z"))).toBe("2026-03-16");
    expect(dueWeek(at("2026-03-30T04:00:00.000Z"))).toBe("2026-03-23");
    // 05:00Z would be 06:00 CET, the wrong offset: by then it is long due.
    expect(dueWeek(at("2026-03-30T05:00:00.000Z"))).toBe("2026-03-23");
  });

  it("in the autumn DST week (clocks back Sunday 25 October 2026) is Monday 26 October 06:00 CET", () => {
    expect(new Date(weekDueAt("2026-10-19")).toISOString()).toBe("2026-10-26T05:00:00.000Z");
    // 04:00Z is 05:00 CET: not yet (06:00 CEST would have been now).
    expect(dueWeek(at("2026-10-26T04:00:00.000Z"))).toBe("2026-10-12");
    expect(dueWeek(at("2026-10-26T04:59:59.999Z"))).toBe("2026-10-12");
    expect(dueWeek(at("2026-10-26T05:00:00.000Z"))).toBe("2026-10-19");
  });

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
