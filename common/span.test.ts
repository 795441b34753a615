import { describe, expect, it } from "vitest";
import { addDays, type Period } from "./period";
import {
  chosenSpan,
  hourlyValuesEnabled,
  isSpanType,
  offeredSpans,
  resolutionOf,
  type SpanType,
  spanAllowed,
  spanLimits,
  spanType,
} from "./span";

const ofDays = (days: number, from = "2025-01-01"): Period => ({ from, to: addDays(from, days - 1) });

describe("hourlyValuesEnabled (spec section 4)", () => {
  it("reads the hourly-values setting on the new back-end", () => {
    expect(hourlyValuesEnabled({ useNewBackend: true }, ["HOURLY_VALUES"])).toBe(true);
    expect(hourlyValuesEnabled({ useNewBackend: true }, ["OTHER", "HOURLY_VALUES"])).toBe(true);
    expect(hourlyValuesEnabled({ useNewBackend: true }, ["OTHER"])).toBe(false);
    expect(hourlyValuesEnabled({ useNewBackend: true }, [])).toBe(false);
  });

  it("ignores the setting on the old back-end", () => {
    expect(hourlyValuesEnabled({ useNewBackend: false }, ["HOURLY_VALUES"])).toBe(false);
    expect(hourlyValuesEnabled({ useNewBackend: false }, [])).toBe(false);
  });

  it("matches the kind exactly", () => {
    expect(hourlyValuesEnabled({ useNewBackend: true }, ["hourly_values", "HOURLY_VALUES_X"])).toBe(false);
  });
});

describe("spanType (spec sections 4 and 9: thresholds 1, 31, 363)", () => {
  it.each([
    [1, "hour", "day"],
    [2, "day", "day"],
    [7, "day", "day"],
    [31, "day", "day"],
    [32, "week", "week"],
    [180, "week", "week"],
    [362, "week", "week"],
    // Neither "under 363" nor "over 363".
    [363, "day", "day"],
    [364, "month", "month"],
    [366, "month", "month"],
    [1000, "month", "month"],
  ] as const)("%i days: %s with hourly values, %s without", (days, withHourly, withoutHourly) => {
    expect(spanType(ofDays(days), true)).toBe(withHourly);
    expect(spanType(ofDays(days), false)).toBe(withoutHourly);
  });

  it("counts a DST day as one day", () => {
    expect(spanType({ from: "2025-03-30", to: "2025-03-30" }, true)).toBe("hour");
    expect(spanType({ from: "2025-10-26", to: "2025-10-26" }, true)).toBe("hour");
    // 31 days across the spring switch is still daily.
    expect(spanType({ from: "2025-03-01", to: "2025-03-31" }, true)).toBe("day");
  });
});

describe("isSpanType", () => {
  it("accepts the five resolutions of spec section 4 and nothing else", () => {
    for (const span of ["hour", "day", "week", "month", "year"]) expect(isSpanType(span)).toBe(true);
    for (const value of [null, undefined, "", "HOURLY", "years", "Hour", 1, "toString"])
      expect(isSpanType(value)).toBe(false);
  });
});

describe("resolutionOf", () => {
  it.each([
    ["hour", "HOURLY"],
    ["day", "DAILY"],
    ["week", "WEEKLY"],
    ["month", "MONTHLY"],
    ["year", "YEARLY"],
  ] as const)("%s is %s", (span, resolution) => {
    expect(resolutionOf(span)).toBe(resolution);
  });
});

describe("spanLimits and spanAllowed", () => {
  it("has the back-end's limits", () => {
    expect(spanLimits).toEqual({ hour: 370, day: 1100, week: 3700, month: Infinity, year: Infinity });
  });

  it.each([
    ["hour", 370],
    ["day", 1100],
    ["week", 3700],
  ] as const)("allows %s up to %i days and not one more", (span, limit) => {
    expect(spanAllowed(ofDays(1), span)).toBe(true);
    expect(spanAllowed(ofDays(limit), span)).toBe(true);
    expect(spanAllowed(ofDays(limit + 1), span)).toBe(false);
  });

  it("allows any length by month and by year", () => {
    expect(spanAllowed(ofDays(100_000, "1800-01-01"), "month")).toBe(true);
    expect(spanAllowed(ofDays(100_000, "1800-01-01"), "year")).toBe(true);
  });

  it("allows no span for a period that ends before it starts", () => {
    const reversed = { from: "2025-01-02", to: "2025-01-01" };
    for (const span of ["hour", "day", "week", "month"] as SpanType[]) expect(spanAllowed(reversed, span)).toBe(false);
  });

  it("allows the span spanType picks for ordinary periods", () => {
    for (const days of [1, 31, 32, 362, 363, 364, 366]) {
      expect(spanAllowed(ofDays(days), spanType(ofDays(days), true))).toBe(true);
    }
  });
});

describe("offeredSpans", () => {
  it("offers every resolution the period allows, hourly only with hourly values", () => {
    expect(offeredSpans(ofDays(1), true)).toEqual(["hour", "day", "week", "month", "year"]);
    expect(offeredSpans(ofDays(1), false)).toEqual(["day", "week", "month", "year"]);
    expect(offeredSpans(ofDays(30), false)).toEqual(["day", "week", "month", "year"]);
  });

  it("leaves out what the back-end would refuse for the period's length", () => {
    expect(offeredSpans(ofDays(371), true)).toEqual(["day", "week", "month", "year"]);
    expect(offeredSpans(ofDays(1101), true)).toEqual(["week", "month", "year"]);
  });

  it("always includes the span a page picks by itself", () => {
    for (const hourly of [true, false]) {
      for (const days of [1, 2, 31, 32, 363, 364, 1200, 5000]) {
        expect(offeredSpans(ofDays(days), hourly)).toContain(spanType(ofDays(days), hourly));
      }
    }
  });
});

describe("chosenSpan", () => {
  const oneDay = ofDays(1);

  it("uses an offered resolution", () => {
    expect(chosenSpan("hour", oneDay, true, "hour")).toEqual({ span: "hour", ignored: null });
    expect(chosenSpan("year", ofDays(30), false, "day")).toEqual({ span: "year", ignored: null });
  });

  it("falls back to the page's own span without a choice", () => {
    expect(chosenSpan(null, oneDay, false, "day")).toEqual({ span: "day", ignored: null });
    expect(chosenSpan("", oneDay, false, "day")).toEqual({ span: "day", ignored: null });
  });

  it("refuses hourly where the home has no hourly values", () => {
    expect(chosenSpan("hour", oneDay, false, "day")).toEqual({ span: "day", ignored: "not-offered" });
  });

  it("refuses a resolution too fine for the period", () => {
    expect(chosenSpan("hour", ofDays(400), true, "month")).toEqual({ span: "month", ignored: "not-offered" });
  });

  it("tells an unknown value apart, so the page can log it (spec section 8)", () => {
    for (const value of ["HOURLY", "minute", "years", "<script>"])
      expect(chosenSpan(value, oneDay, true, "hour")).toEqual({ span: "hour", ignored: "unknown" });
  });
});
