import { defaultPeriod, todayInCopenhagen } from "@common/period";
import { spanType } from "@common/span";
import { describe, expect, it } from "vitest";
import { readPeriodQuery } from "~/domain/period-query";
import { pageInputsFromUrl } from "./page-inputs.server";

/**
 * ADR 0021: the inputs a consumption page's calls are made of, read from the URL alone before the
 * guard answers. A wrong guess only costs a round trip, but a guess that is right as often as
 * possible is the point: here, what the page itself would read for a tenancy whose dates do not
 * limit the period.
 */

const request = (search: string) => new Request(`http://portal.test/t/7009/consumption/heat-energy${search}`);

describe("pageInputsFromUrl", () => {
  it("reads the tenancy's number, the period, the comparison and the span from the URL", () => {
    expect(
      pageInputsFromUrl(
        request("?from=2026-03-01&to=2026-03-31&compare=previous-year"),
        { tenancyId: "7009" },
        { defaultCompare: "property-average" },
      ),
    ).toEqual({
      tenancyId: 7009,
      period: { from: "2026-03-01", to: "2026-03-31" },
      compare: "previous-year",
      span: "day",
      hourlyValues: true,
    });
  });

  it.each([
    ["efficient-neighbours", "efficient-neighbours"],
    // Only the URL's own spelling: the back-end's enum or another spelling falls back to the default.
    ["EFFICIENT_NEIGHBOURS", "previous-period"],
    ["efficient_neighbours", "previous-period"],
    ["efficient-neighbour", "previous-period"],
  ] as const)("reads compare=%s as %s, as the page reads it (ADR 0073)", (compare, expected) => {
    const search = `?from=2026-03-01&to=2026-03-31&compare=${compare}`;
    const guess = pageInputsFromUrl(request(search), { tenancyId: "7009" }, { defaultCompare: "previous-period" });
    expect(guess?.compare).toBe(expected);
    const page = readPeriodQuery(new URLSearchParams(search), {
      today: todayInCopenhagen(),
      tenancyStart: "2023-08-01",
      tenancyEnd: null,
      billingPeriod: null,
      defaultCompare: "previous-period",
    });
    expect(page.compare).toBe(expected);
  });

  it("takes the page's default period and comparison when the URL names none", () => {
    const inputs = pageInputsFromUrl(request(""), { tenancyId: "7009" }, { defaultCompare: "previous-period" });
    expect(inputs).toMatchObject({ period: defaultPeriod(todayInCopenhagen()), compare: "previous-period" });
  });

  it("reads what the page reads for a tenancy whose dates do not limit the period", () => {
    const search = "?from=2025-11-01&to=2026-02-28&compare=property-average";
    const page = readPeriodQuery(new URLSearchParams(search), {
      today: todayInCopenhagen(),
      tenancyStart: "2023-08-01",
      tenancyEnd: null,
      billingPeriod: { start: "2025-01-01", end: "2025-12-31" },
      defaultCompare: "property-average",
    });
    const guess = pageInputsFromUrl(request(search), { tenancyId: "7009" }, { defaultCompare: "property-average" });
    expect(guess).toEqual({
      tenancyId: 7009,
      period: page.period,
      compare: page.compare,
      span: spanType(page.period, false),
      hourlyValues: true,
    });
  });

  it("guesses hourly values for a single day (most homes have them)", () => {
    expect(pageInputsFromUrl(request(""), { tenancyId: "7009" }, { defaultCompare: "none" })?.hourlyValues).toBe(true);
    expect(
      pageInputsFromUrl(request("?from=2026-03-29&to=2026-03-29"), { tenancyId: "7009" }, { defaultCompare: "none" })
        ?.span,
    ).toBe("hour");
  });

  it("guesses nothing for an id that is no number, or a preset the page redirects", () => {
    expect(pageInputsFromUrl(request(""), { tenancyId: "abc" }, { defaultCompare: "none" })).toBeNull();
    expect(pageInputsFromUrl(request(""), { tenancyId: "-1" }, { defaultCompare: "none" })).toBeNull();
    expect(
      pageInputsFromUrl(request("?preset=last-30-days"), { tenancyId: "7009" }, { defaultCompare: "none" }),
    ).toBeNull();
  });
});
