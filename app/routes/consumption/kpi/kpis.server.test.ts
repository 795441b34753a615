import type { QuantityId } from "@common/quantities";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { UnitQuantityKpis, WeatherAdjustedComparison } from "~/services/tenant/schemas";
import { isWeatherKpi, type KeyFigure, type WeatherKpi } from "./kpi-item";
import { comparisonKpis, describeWeather } from "./kpis.server";

const NBSP = "\u00a0";
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

function kpis(quantity: QuantityId, total: number, reference: number): UnitQuantityKpis {
  return {
    quantityDescriptor: { quantity, normalized: false, expressedAs: "" },
    total,
    previousPeriod: reference,
    previousYear: reference,
    propertyComparison: null,
    rooms: [],
    meters: [],
  } as unknown as UnitQuantityKpis;
}

describe("comparisonKpis for each kind of quantity (ADR 0022)", () => {
  it("calls a temperature's figure an average, whole degrees, without a smiley", () => {
    const [total, previous] = comparisonKpis(kpis("heat-flow-temperature", 71.6, 60), {
      t,
      language: "da",
      quantity: "heat-flow-temperature",
    });
    expect(total).toMatchObject({ label: "kpi.total_average", value: `72${NBSP}°C` });
    expect(previous).toMatchObject({ value: `60${NBSP}°C`, comparison: null });
  });

  it("gives heat cooling whole kelvin and cooling energy two decimals, both averages", () => {
    expect(
      comparisonKpis(kpis("heat-cooling", 30.46, 28), { t, language: "en", quantity: "heat-cooling" })[0],
    ).toMatchObject({ label: "kpi.total_average", value: `30${NBSP}K` });
    expect(
      comparisonKpis(kpis("cooling-energy", 0.125, 0.2), { t, language: "en", quantity: "cooling-energy" })[0],
    ).toMatchObject({ label: "kpi.total_average", value: `0.13${NBSP}kWh` });
  });

  it("totals backflow in litres and errors as a bare count, judged like consumption", () => {
    const [backflow, previous] = comparisonKpis(kpis("cold-water-backflow", 0.1234, 0.05), {
      t,
      language: "da",
      quantity: "cold-water-backflow",
    });
    expect(backflow).toMatchObject({ label: "kpi.total_sum", value: `0,123${NBSP}m³` });
    expect(previous?.comparison?.kind).toBe("more-50");
    expect(comparisonKpis(kpis("error", 34, 0), { t, language: "da", quantity: "error" })[0]).toMatchObject({
      label: "kpi.total_sum",
      value: "34",
    });
  });

  it("keeps 'your consumption' for heat volume", () => {
    expect(
      comparisonKpis(kpis("heat-volume", 12.345, 10), { t, language: "en", quantity: "heat-volume" })[0],
    ).toMatchObject({ label: "kpi.total", value: `12.35${NBSP}m³` });
  });
});

describe("weather-adjusted key figures (ADR 0070)", () => {
  const weatherKpis = (
    quantity: QuantityId,
    comparison: Partial<WeatherAdjustedComparison> | null,
    language = "en",
  ): KeyFigure[] =>
    comparisonKpis(
      {
        ...kpis(quantity, 560, 480),
        weatherAdjustedPreviousPeriod: comparison === null ? null : { ...januaryExample, ...comparison },
        weatherAdjustedPreviousYear: comparison === null ? null : { ...januaryExample, ...comparison },
      },
      { t, language, quantity },
    );
  // ADR 0070's worked example: 560 kWh at 529 degree days against 480 kWh at 429, fit slope 0.9.
  const adjusted = 480 + 0.9 * (529 - 429);
  const januaryExample: WeatherAdjustedComparison = {
    problem: null,
    degreeDays: 529,
    comparedDegreeDays: 429,
    adjustedCompared: adjusted,
    change: (560 - adjusted) / adjusted,
    colder: (529 - 429) / 429,
  };

  it("stands beside each plain comparison: the adjusted value, its change and both periods' degree days", () => {
    const figures = weatherKpis("heat-energy", {});
    expect(figures.map((figure) => figure.key)).toEqual([
      "total",
      "previous-period",
      "weather-previous-period",
      "previous-year",
      "weather-previous-year",
      "property-average",
    ]);
    const figure = figures[2] as WeatherKpi;
    expect(figure.label).toBe('weather.against {"reference":"kpi.previous-period"}');
    expect(figure.value).toBe(`570${NBSP}kWh`);
    // −1.8 % reads "2 % less", as every comparison rounds to whole per cent.
    expect(figure.comparison).toEqual({
      kind: "less",
      text: `comparison.less {"percent":"2","reference":"weather.value_hint {\\"reference\\":\\"comparison.against.previous-period\\"}"}`,
    });
    expect(figure.weather).toBe('weather.colder {"degreeDays":"529","comparedDegreeDays":"429","percent":"23"}');
    expect(figure.problem).toBeNull();
    expect((figures[4] as WeatherKpi).comparison?.text).toContain("comparison.against.previous-year");
  });

  it("writes degree days whole, in the resident's language, and says warmer or the same", () => {
    const warmer = describeWeather(
      { degreeDays: 1234.4, comparedDegreeDays: 1500.6, colder: -0.177 },
      { t, language: "da" },
    );
    expect(warmer).toBe(`weather.warmer {"degreeDays":"1.234","comparedDegreeDays":"1.501","percent":"18"}`);
    expect(
      describeWeather({ degreeDays: 400, comparedDegreeDays: 401, colder: -0.0025 }, { t, language: "en" }),
    ).toMatch(/^weather\.same_weather /);
    // A compared summer without degree days: no percentage, only the figures.
    expect(describeWeather({ degreeDays: 12, comparedDegreeDays: 0, colder: null }, { t, language: "en" })).toBe(
      'weather.degree_days_against {"degreeDays":"12","comparedDegreeDays":"0"}',
    );
    expect(
      describeWeather({ degreeDays: null, comparedDegreeDays: 3, colder: null }, { t, language: "en" }),
    ).toBeNull();
  });

  it("gives the problem's words instead of a figure", () => {
    const figure = weatherKpis("hca", {
      problem: "TOO_FEW_DAYS",
      adjustedCompared: null,
      change: null,
    })[2] as WeatherKpi;
    expect(figure).toMatchObject({ value: null, comparison: null, problem: "weather.problem.TOO_FEW_DAYS" });
    // The degree days are still true, and said.
    expect(figure.weather).toMatch(/^weather\.colder /);
  });

  it("says no change where the back-end gives none (adjusted consumption not above zero)", () => {
    const figure = weatherKpis("heat-energy", { adjustedCompared: 0, change: null })[2] as WeatherKpi;
    expect(figure.comparison).toBeNull();
    expect(figure.problem).toBeNull();
  });

  it("leaves the figure out for gas that does not follow the weather (cooking), not for heat", () => {
    for (const problem of ["NO_WEATHER_DEPENDENCE", "WEAK_FIT"] as const) {
      const gas = weatherKpis("gas-volume", { problem, adjustedCompared: null, change: null });
      expect(gas.map((figure) => figure.key)).toEqual([
        "total",
        "previous-period",
        "previous-year",
        "property-average",
      ]);
      const heat = weatherKpis("heat-energy", { problem, adjustedCompared: null, change: null });
      expect((heat[2] as WeatherKpi).problem).toBe(`weather.problem.${problem}`);
    }
    const gasTooFew = weatherKpis("gas-volume", { problem: "TOO_FEW_DAYS", adjustedCompared: null, change: null });
    expect(gasTooFew.filter(isWeatherKpi)).toHaveLength(2);
  });

  it("is not there when the key figures were asked without it", () => {
    expect(weatherKpis("heat-energy", null).filter(isWeatherKpi)).toEqual([]);
  });
});

describe("the efficient neighbours' key figure (ADR 0073)", () => {
  const withNeighbours = (quantity: QuantityId, efficientNeighbours: number | null, asked = true): KeyFigure[] =>
    comparisonKpis(
      { ...kpis(quantity, 600, 480), propertyComparison: 700, efficientNeighbours },
      { t, language: "en", quantity },
      { efficientNeighbours: asked },
    );

  it("stands right after the property average with its value and the smiley against the efficient neighbours", () => {
    const figures = withNeighbours("heat-energy", 400);
    expect(figures.map((figure) => figure.key)).toEqual([
      "total",
      "previous-period",
      "previous-year",
      "property-average",
      "efficient-neighbours",
    ]);
    const neighbours = figures[4]!;
    expect(neighbours).toMatchObject({ label: "kpi.efficient-neighbours", value: `400${NBSP}kWh` });
    // 600 against 400 is 50 % more.
    expect(neighbours.comparison).toEqual({
      kind: "more-50",
      text: 'comparison.more-50 {"percent":"50","reference":"comparison.against.efficient-neighbours"}',
    });
    expect(isWeatherKpi(neighbours) ? null : neighbours.missing).toBeFalsy();
  });

  it("says in words that too few homes have data, with no smiley, where the figure is null", () => {
    const neighbours = withNeighbours("heat-energy", null)[4]!;
    expect(neighbours).toMatchObject({
      key: "efficient-neighbours",
      comparison: null,
      missing: "efficient_neighbours.too_few",
    });
  });

  it("is not there when not asked, nor for averages (temperatures), which have none", () => {
    expect(withNeighbours("heat-energy", null, false).map((figure) => figure.key)).not.toContain(
      "efficient-neighbours",
    );
    expect(withNeighbours("heat-flow-temperature", null).map((figure) => figure.key)).not.toContain(
      "efficient-neighbours",
    );
  });
});
