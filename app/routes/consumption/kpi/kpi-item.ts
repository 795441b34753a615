import type { ConsumptionComparison } from "~/domain/smileys";

/** One key figure as the pages show it (built by kpis.server.ts). */
export interface KpiItem {
  key: "total" | "previous-period" | "previous-year" | "property-average" | "efficient-neighbours";
  label: string;
  value: string;
  /** How the total compares with this figure (not for the total itself). */
  comparison: { kind: ConsumptionComparison; text: string } | null;
  /**
   * Why there is no figure, in words, shown instead of the value: the efficient neighbours where
   * fewer than 10 other homes have data for the period (ADR 0073).
   */
  missing?: string | null;
}

/**
 * A weather-adjusted comparison as the pages show it (ADR 0070): the compared period's consumption
 * in this period's weather, how the total compares with it, and both periods' degree days; or, when
 * it cannot be given, why not in words.
 */
export interface WeatherKpi {
  key: "weather-previous-period" | "weather-previous-year";
  label: string;
  /** The compared period's consumption at this period's degree days; null when it cannot be given. */
  value: string | null;
  /** "2 % less than the previous period in this period's weather"; null without a figure. */
  comparison: KpiItem["comparison"];
  /** "It was 23 % colder: 529 against 429 degree days"; null without both periods' degree days. */
  weather: string | null;
  /** Why there is no figure, in words; null when there is one. */
  problem: string | null;
}

/** What a key-figure list holds: the plain figures and the weather-adjusted ones beside them. */
export type KeyFigure = KpiItem | WeatherKpi;

export function isWeatherKpi(figure: KeyFigure): figure is WeatherKpi {
  return figure.key === "weather-previous-period" || figure.key === "weather-previous-year";
}
