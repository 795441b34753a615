import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { comparedDaysText, comparedHoursCount, comparisonName } from "./compared-days";

const t = ((key: string, values?: Record<string, string>) =>
  key === "compare.days_until" ? `${values?.range} until ${values?.time}` : key) as unknown as TFunction;

describe("comparedDaysText (ADR 0018 rule 8)", () => {
  it("names whole compared days", () => {
    expect(comparedDaysText({ firstDay: "2025-01-01", lastDay: "2025-11-24", until: null }, "en", t)).toBe(
      "1 January–24 November 2025",
    );
  });

  it("adds the hour the compared part ends at, in the wall time the back-end wrote", () => {
    expect(
      comparedDaysText({ firstDay: "2025-01-01", lastDay: "2025-11-25", until: "2025-11-25T14:00:00+01:00" }, "en", t),
    ).toBe("1 January–25 November 2025 until 14:00");
  });

  it("is null when nothing is compared", () => {
    expect(comparedDaysText({ firstDay: null, lastDay: null, until: null }, "da", t)).toBeNull();
    expect(comparisonName("Previous year", undefined, "en", t)).toBe("Previous year");
  });

  it("puts the dates after the comparison's name", () => {
    expect(comparisonName("Sidste år", { firstDay: "2025-01-01", lastDay: "2025-11-25", until: null }, "da", t)).toBe(
      "Sidste år (1. januar–25. november 2025)",
    );
  });
});

describe("comparedHoursCount (ADR 0018 rule 5)", () => {
  it("says the spring row 01:00–03:00 is compared with two hours, other rows with one", () => {
    expect(comparedHoursCount("PREVIOUS_PERIOD", "2026-03-29T01:00:00+01:00", 1)).toBe(2);
    expect(comparedHoursCount("PREVIOUS_PERIOD", "2026-03-29T03:00:00+02:00", 1)).toBeNull();
  });

  it("says a normal day's 02:00 compared with an autumn day takes both its 02:00 hours", () => {
    expect(comparedHoursCount("PREVIOUS_PERIOD", "2026-10-26T02:00:00+01:00", 1)).toBe(2);
    expect(comparedHoursCount("PREVIOUS_YEAR", "2026-10-25T02:00:00+02:00", 1)).toBeNull();
  });
});
