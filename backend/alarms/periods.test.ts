import { describe, expect, it } from "vitest";
import { duePeriods, nextPeriod, periodOf, previousPeriodOfSameLength } from "./periods";

type DueInput = Parameters<typeof duePeriods>[0];
/** The due periods of an alarm made on `createdOn`, as of `today`; a tenancy since 2020 unless given. */
const dueFor = (
  frequency: DueInput["frequency"],
  createdOn: string,
  today: string,
  tenancy: DueInput["tenancy"] = { start: "2020-01-01", end: null },
) => duePeriods({ frequency, createdOn, today, tenancy });

describe("alarm periods", () => {
  it("are calendar days, weeks from Monday, months and years", () => {
    expect(periodOf("day", "2026-03-29")).toEqual({ from: "2026-03-29", to: "2026-03-29" });
    // 2026-03-29 is a Sunday (the spring daylight-saving day): its week began on Monday the 23rd.
    expect(periodOf("week", "2026-03-29")).toEqual({ from: "2026-03-23", to: "2026-03-29" });
    expect(periodOf("week", "2026-03-30")).toEqual({ from: "2026-03-30", to: "2026-04-05" });
    expect(periodOf("month", "2028-02-15")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(periodOf("month", "2026-10-25")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(periodOf("year", "2026-06-10")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(nextPeriod("month", { from: "2026-01-01", to: "2026-01-31" })).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    // A week across the year end.
    expect(periodOf("week", "2027-01-01")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
  });

  it.each([
    ["2026-03-29", "2026-03-29", "2026-03-28", "2026-03-28"],
    ["2026-03-01", "2026-03-31", "2026-01-29", "2026-02-28"],
    ["2026-03-23", "2026-03-29", "2026-03-16", "2026-03-22"],
  ])("compare with the same number of days just before: %s–%s with %s–%s", (from, to, previousFrom, previousTo) => {
    expect(previousPeriodOfSameLength({ from, to })).toEqual({ from: previousFrom, to: previousTo });
  });

  it("are due once closed, from the period the alarm was created in", () => {
    const due = dueFor("day", "2026-11-20", "2026-11-24");
    expect(due.map((d) => d.period.from)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]);
    // Today's day has not closed; neither has this week.
    expect(dueFor("week", "2026-11-23", "2026-11-24")).toEqual([]);
    expect(dueFor("week", "2026-11-18", "2026-11-24")).toEqual([
      { period: { from: "2026-11-16", to: "2026-11-22" }, counted: { from: "2026-11-16", to: "2026-11-22" } },
    ]);
  });

  it("catch up after downtime, at most 400 days back", () => {
    const due = dueFor("day", "2026-11-01", "2026-11-24");
    expect(due).toHaveLength(23);
    const old = dueFor("month", "2020-05-05", "2026-11-24");
    expect(old[0]!.period.from).toBe("2025-10-01");
    expect(old.at(-1)!.period.from).toBe("2026-10-01");
  });

  it("count only the days inside the tenancy, and leave out periods outside it", () => {
    const due = dueFor("month", "2026-06-01", "2026-11-24", { start: "2026-06-15", end: "2026-09-10" });
    expect(due).toEqual([
      { period: { from: "2026-06-01", to: "2026-06-30" }, counted: { from: "2026-06-15", to: "2026-06-30" } },
      { period: { from: "2026-07-01", to: "2026-07-31" }, counted: { from: "2026-07-01", to: "2026-07-31" } },
      { period: { from: "2026-08-01", to: "2026-08-31" }, counted: { from: "2026-08-01", to: "2026-08-31" } },
      { period: { from: "2026-09-01", to: "2026-09-30" }, counted: { from: "2026-09-01", to: "2026-09-10" } },
    ]);
  });

  it("treat the daylight-saving days as the days they are", () => {
    const spring = dueFor("day", "2026-03-28", "2026-03-30");
    expect(spring.map((d) => d.counted)).toEqual([
      { from: "2026-03-28", to: "2026-03-28" },
      { from: "2026-03-29", to: "2026-03-29" },
    ]);
    const autumnWeek = dueFor("week", "2026-10-25", "2026-10-26");
    expect(autumnWeek.map((d) => d.period)).toEqual([{ from: "2026-10-19", to: "2026-10-25" }]);
  });
});
