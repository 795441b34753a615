import { describe, expect, it } from "vitest";
import {
  billingYear,
  canStepBack,
  canStepForward,
  comparedPeriod,
  type PeriodContext,
  periodSearch,
  presetOf,
  readPeriodQuery,
  sinceMovingIn,
} from "./period-query";

const context: PeriodContext = {
  today: "2026-11-22",
  tenancyStart: "2023-08-01",
  tenancyEnd: null,
  billingPeriod: { start: "2026-05-01", end: "2027-04-30" },
  defaultCompare: "property-average",
};
const read = (search: string, overrides: Partial<PeriodContext> = {}) =>
  readPeriodQuery(new URLSearchParams(search), { ...context, ...overrides });

describe("readPeriodQuery", () => {
  const last30Days = { from: "2026-10-24", to: "2026-11-22" };
  it.each([
    [
      "defaults to the 30 days ending today and the page's comparison",
      "",
      { period: last30Days, preset: "last-30-days", compare: "property-average", error: null, redirectSearch: null },
    ],
    [
      "reads from, to and compare",
      "from=2025-12-01&to=2025-12-31&compare=previous-year",
      {
        period: { from: "2025-12-01", to: "2025-12-31" },
        compare: "previous-year",
        preset: "custom",
        redirectSearch: null,
      },
    ],
    [
      "turns a chosen preset into a redirect to its canonical dates, keeping the view",
      "preset=this-year&compare=none&from=2026-10-24&to=2026-11-22&tab=detailed&help=co2",
      {
        period: { from: "2026-01-01", to: "2026-12-31" },
        redirectSearch: "from=2026-01-01&to=2026-12-31&compare=none&tab=detailed",
      },
    ],
    [
      "uses the typed dates when their own button was pressed, whatever the preset says",
      "from=2026-03-01&to=2026-03-31&preset=last-30-days&apply=dates&compare=none",
      {
        period: { from: "2026-03-01", to: "2026-03-31" },
        redirectSearch: "from=2026-03-01&to=2026-03-31&compare=none",
      },
    ],
    [
      "keeps what was typed and shows the default period for a bad date",
      "from=2026-02-30&to=2026-03-01",
      { error: "invalid-date", typed: { from: "2026-02-30", to: "2026-03-01" }, period: last30Days },
    ],
  ])("%s (%j)", (_, search, expected) => {
    expect(read(search)).toMatchObject(expected);
  });

  it("takes the page's own default comparison", () => {
    expect(read("", { defaultCompare: "previous-period" }).compare).toBe("previous-period");
  });

  it("ignores an unknown comparison", () => {
    expect(read("compare=evil").compare).toBe("property-average");
    expect(read("compare=efficient_neighbours").compare).toBe("property-average");
    expect(read("compare=EFFICIENT_NEIGHBOURS").compare).toBe("property-average");
  });

  it("reads the efficient neighbours as a comparison (ADR 0073)", () => {
    expect(read("compare=efficient-neighbours").compare).toBe("efficient-neighbours");
  });

  it("applies since moving in and the billing year", () => {
    expect(read("preset=since-moving-in").period).toEqual({ from: "2023-08-01", to: "2026-11-22" });
    expect(read("preset=billing-year").period).toEqual({ from: "2026-05-01", to: "2027-04-30" });
  });

  it("refuses an end before the start, a period over ten years and dates outside 2000-2099", () => {
    expect(read("from=2026-03-01&to=2026-02-01").error).toBe("end-before-start");
    expect(read("from=2016-01-01&to=2026-11-22").error).toBe("too-long");
    expect(read("from=0001-01-01&to=0001-12-31").error).toBe("out-of-range");
    expect(read("from=2090-01-01&to=2100-01-01").error).toBe("out-of-range");
  });

  it("treats a missing date as invalid, not as the default", () => {
    expect(read("from=2026-01-01").error).toBe("invalid-date");
  });
});

describe("presets", () => {
  it("recognises a named period, since moving in and the billing year", () => {
    expect(presetOf({ from: "2026-11-16", to: "2026-11-22" }, context)).toBe("this-week");
    expect(presetOf({ from: "2023-08-01", to: "2026-11-22" }, context)).toBe("since-moving-in");
    expect(presetOf({ from: "2026-05-01", to: "2027-04-30" }, context)).toBe("billing-year");
    expect(presetOf({ from: "2026-05-02", to: "2026-05-09" }, context)).toBe("custom");
  });

  it("ends since moving in on the moving-out day, if earlier than today", () => {
    expect(sinceMovingIn({ ...context, tenancyEnd: "2025-06-30" })).toEqual({ from: "2023-08-01", to: "2025-06-30" });
  });

  it("has no billing year without both ends", () => {
    expect(billingYear({ billingPeriod: null })).toBeNull();
    expect(billingYear({ billingPeriod: { start: "2026-05-01", end: null } })).toBeNull();
  });
});

describe("stepping limits and links", () => {
  it("stops at moving in and at today", () => {
    expect(canStepBack({ from: "2023-08-01", to: "2023-08-31" }, context)).toBe(false);
    expect(canStepBack({ from: "2023-09-01", to: "2023-09-30" }, context)).toBe(true);
    expect(canStepForward({ from: "2026-11-01", to: "2026-11-30" }, context)).toBe(false);
    expect(canStepForward({ from: "2026-10-01", to: "2026-10-31" }, context)).toBe(true);
  });

  it("writes the period and comparison, keeping only the view parameters given", () => {
    expect(periodSearch({ from: "2026-01-01", to: "2026-01-31" }, "none", { tab: "detailed", view: null })).toBe(
      "from=2026-01-01&to=2026-01-31&compare=none&tab=detailed",
    );
  });
});

describe("comparedPeriod (ADR 0018)", () => {
  // The same number of days just before, or the same dates a year earlier.
  it.each([
    ["2026-03-29", "2026-03-29", "previous-period", "2026-03-28", "2026-03-28"],
    ["2026-06-10", "2026-08-20", "previous-period", "2026-03-30", "2026-06-09"],
    ["2026-06-10", "2026-08-20", "previous-year", "2025-06-10", "2025-08-20"],
    ["2028-02-29", "2028-03-01", "previous-year", "2027-02-28", "2027-03-01"],
  ] as const)("%s–%s against the %s is %s–%s", (from, to, compare, comparedFrom, comparedTo) => {
    expect(comparedPeriod({ from, to }, compare)).toEqual({ from: comparedFrom, to: comparedTo });
  });

  it("has no dates of its own for the property average or no comparison", () => {
    expect(comparedPeriod({ from: "2026-06-10", to: "2026-08-20" }, "property-average")).toBeNull();
    expect(comparedPeriod({ from: "2026-06-10", to: "2026-08-20" }, "efficient-neighbours")).toBeNull();
    expect(comparedPeriod({ from: "2026-06-10", to: "2026-08-20" }, "none")).toBeNull();
  });
});
