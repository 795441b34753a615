import { describe, expect, it } from "vitest";
import { comparedInstant, comparedSpan, daysOfTenancy, elapsedEndOf } from "./calendar";

/** An instant given as Copenhagen wall time with its offset, e.g. "2026-11-25T14:00:00+01:00". */
const at = (iso: string) => Date.parse(iso);

describe("daysOfTenancy (ADR 0018 rule 7)", () => {
  it("keeps the days the resident lived there", () => {
    const named = { fromDay: "2026-11-01", endDay: "2026-11-20" };
    expect(daysOfTenancy(named, { fromDay: "2026-11-11", endDay: null })).toEqual({
      fromDay: "2026-11-11",
      endDay: "2026-11-20",
    });
    expect(daysOfTenancy(named, { fromDay: "2020-01-01", endDay: "2026-11-10" })).toEqual({
      fromDay: "2026-11-01",
      endDay: "2026-11-10",
    });
    expect(daysOfTenancy(named, { fromDay: "2026-12-01", endDay: null })).toBeNull();
  });
});

describe("comparedInstant", () => {
  it("keeps the clock time on the compared day", () => {
    expect(comparedInstant("PREVIOUS_YEAR", at("2026-11-25T14:00:00+01:00"), 329)).toBe(
      at("2025-11-25T14:00:00+01:00"),
    );
    // Summer time a year back: the same clock time, another offset.
    expect(comparedInstant("PREVIOUS_PERIOD", at("2026-11-25T14:00:00+01:00"), 30)).toBe(
      at("2026-10-26T14:00:00+01:00"),
    );
    expect(comparedInstant("PREVIOUS_PERIOD", at("2026-11-01T09:00:00+01:00"), 10)).toBe(
      at("2026-10-22T09:00:00+02:00"),
    );
  });

  it("takes 03:00 for a clock time in the spring gap and the summer-time one on the autumn day", () => {
    expect(comparedInstant("PREVIOUS_PERIOD", at("2026-03-30T02:00:00+02:00"), 1)).toBe(
      at("2026-03-29T03:00:00+02:00"),
    );
    expect(comparedInstant("PREVIOUS_PERIOD", at("2026-10-26T02:00:00+01:00"), 1)).toBe(
      at("2026-10-25T02:00:00+02:00"),
    );
  });
});

describe("comparedSpan (ADR 0018 rule 8)", () => {
  const thisYear = { fromDay: "2026-01-01", endDay: "2027-01-01" };

  it("compares a whole period with its whole image (no date maps to 29 February)", () => {
    const span = comparedSpan("PREVIOUS_YEAR", { fromDay: "2025-01-01", endDay: "2026-01-01" }, null);
    expect(span).toEqual({
      whole: [
        { fromDay: "2024-01-01", endDay: "2024-02-29" },
        { fromDay: "2024-03-01", endDay: "2025-01-01" },
      ],
      hours: null,
      firstDay: "2024-01-01",
      lastDay: "2024-12-31",
      until: null,
    });
  });

  it("compares this year to 25 November 14:00 with last year to 25 November 14:00", () => {
    const span = comparedSpan("PREVIOUS_YEAR", thisYear, at("2026-11-25T14:00:00+01:00"));
    expect(span.whole).toEqual([{ fromDay: "2025-01-01", endDay: "2025-11-25" }]);
    expect(span.hours).toEqual({
      day: "2025-11-25",
      start: at("2025-11-25T00:00:00+01:00"),
      end: at("2025-11-25T14:00:00+01:00"),
    });
    expect([span.firstDay, span.lastDay, span.until]).toEqual([
      "2025-01-01",
      "2025-11-25",
      at("2025-11-25T14:00:00+01:00"),
    ]);
  });

  it("compares whole days when the cut falls on a midnight", () => {
    const span = comparedSpan("PREVIOUS_YEAR", thisYear, at("2026-11-25T00:00:00+01:00"));
    expect(span).toMatchObject({
      whole: [{ fromDay: "2025-01-01", endDay: "2025-11-25" }],
      hours: null,
      lastDay: "2025-11-24",
      until: null,
    });
  });

  it("compares nothing when nothing has elapsed", () => {
    expect(comparedSpan("PREVIOUS_YEAR", thisYear, at("2026-01-01T00:00:00+01:00")).firstDay).toBeNull();
  });

  // A period (fromDay, endDay) cut at an instant, and the compared span's whole days and cut.
  it.each([
    // This month, 1–30 November, elapsed to 25 November 08:00: 2 October to 27 October 08:00.
    [
      "moves the previous period by the period's days, cut at the same point",
      "PREVIOUS_PERIOD",
      ["2026-11-01", "2026-12-01", "2026-11-25T08:00:00+01:00"],
      ["2026-10-02", "2026-10-26", "2026-10-26T08:00:00+01:00"],
    ],
    [
      "cuts a year back on 28 February when the period's values end on 29 February",
      "PREVIOUS_YEAR",
      ["2028-02-01", "2028-03-01", "2028-02-29T12:00:00+01:00"],
      ["2027-02-01", "2027-02-28", "2027-02-28T12:00:00+01:00"],
    ],
  ] as const)("%s", (_, kind, [fromDay, endDay, now], [wholeFrom, wholeEnd, until]) => {
    const span = comparedSpan(kind, { fromDay, endDay }, at(now));
    expect(span.whole).toEqual([{ fromDay: wholeFrom, endDay: wholeEnd }]);
    // The hours compared are those of the cut's day.
    expect(span.hours?.day).toBe(until.slice(0, 10));
    expect(span.until).toBe(at(until));
  });
});

describe("elapsedEndOf (ADR 0018 rule 8)", () => {
  const days = { fromDay: "2026-10-27", endDay: "2026-11-26" };
  const now = at("2026-11-25T14:37:00+01:00");

  it("is null for a period that has fully elapsed", () => {
    expect(elapsedEndOf({ fromDay: "2026-10-01", endDay: "2026-11-01" }, now, null)).toBeNull();
  });

  it("ends with the latest hour that has a value", () => {
    expect(elapsedEndOf(days, now, at("2026-11-25T13:00:00+01:00"))).toBe(at("2026-11-25T14:00:00+01:00"));
    expect(elapsedEndOf(days, now, at("2026-11-23T05:00:00+01:00"))).toBe(at("2026-11-23T06:00:00+01:00"));
  });

  it("ends at the start of the current hour without any value", () => {
    expect(elapsedEndOf(days, now, null)).toBe(at("2026-11-25T14:00:00+01:00"));
  });
});
