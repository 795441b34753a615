import { emptyTableReason } from "@common/meters";
import type { QuantityId } from "@common/quantities";
import { quantityDefinition, totalKindOf } from "@common/quantities";
import { formatNumber, formatQuantity, formatQuantityNumber, unitLabel } from "@common/quantity-format";
import { roomSlug } from "@common/room-slug";
import { leavesWeatherFigureOut } from "@common/weather";
import type { TFunction } from "i18next";
import { type ComparedDaysLike, comparisonName } from "~/domain/compared-days";
import { changePercent, comparisonOfChange } from "~/domain/smileys";
import type { TenantTable, TenantUnit, UnitQuantityKpis, WeatherAdjustedComparison } from "~/services/tenant/schemas";
import type { KeyFigure, KpiItem, WeatherKpi } from "./kpi-item";

export type { KeyFigure, KpiItem, WeatherKpi };

/**
 * The key figures of a quantity as the pages show them, formatted on the server in the resident's
 * language (spec sections 3 and 9): the total, the comparisons with their smileys, per room and per
 * meter, and the all-meters table.
 */

interface Common {
  language: string;
  t: TFunction;
  quantity: QuantityId;
}

/** "12 % more than the previous period" and its smiley kind, or null without both figures. */
export function describeComparison(
  total: number | null,
  reference: number | null,
  key: Exclude<KpiItem["key"], "total">,
  { t, language }: Pick<Common, "t" | "language">,
): KpiItem["comparison"] {
  const change = changePercent(total, reference);
  return change === null ? null : describeChange(change, t(`comparison.against.${key}`), { t, language });
}

/** The same sentence for a change in per cent against a reference named in words. */
function describeChange(
  change: number,
  reference: string,
  { t, language }: Pick<Common, "t" | "language">,
): NonNullable<KpiItem["comparison"]> {
  const kind = comparisonOfChange(change);
  const percent = formatNumber(Math.abs(change), language, { minimumFractionDigits: 0, maximumFractionDigits: 0 });
  return { kind, text: t(`comparison.${kind}`, { percent, reference }) };
}

/** Degree days as residents read them: whole ones (ADR 0070). */
export function formatDegreeDays(value: number, language: string): string {
  return formatNumber(Math.round(value), language, { minimumFractionDigits: 0, maximumFractionDigits: 0 });
}

/**
 * "It was 23 % colder: 529 against 429 degree days" (warmer, or the same weather when the
 * difference rounds to 0 %); null without both periods' degree days. A compared period without
 * degree days (a summer) has no percentage: then only the two figures.
 */
export function describeWeather(
  comparison: Pick<WeatherAdjustedComparison, "degreeDays" | "comparedDegreeDays" | "colder">,
  { t, language }: Pick<Common, "t" | "language">,
): string | null {
  const { degreeDays, comparedDegreeDays, colder } = comparison;
  if (degreeDays === null || comparedDegreeDays === null) return null;
  const figures = {
    degreeDays: formatDegreeDays(degreeDays, language),
    comparedDegreeDays: formatDegreeDays(comparedDegreeDays, language),
  };
  if (colder === null || !Number.isFinite(colder)) return t("weather.degree_days_against", figures);
  const percent = Math.round(Math.abs(colder) * 100);
  if (percent === 0) return t("weather.same_weather", figures);
  return t(colder > 0 ? "weather.colder" : "weather.warmer", {
    ...figures,
    percent: formatNumber(percent, language, { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
  });
}

/** What a weather-adjusted comparison says, or null where the page leaves it out (cooking gas, ADR 0070). */
export function weatherAdjustedFigure(
  comparison: WeatherAdjustedComparison | null,
  key: "previous-period" | "previous-year",
  { t, language, quantity }: Common,
): Pick<WeatherKpi, "value" | "comparison" | "weather" | "problem"> | null {
  if (comparison === null || leavesWeatherFigureOut(quantity, comparison.problem)) return null;
  const weather = describeWeather(comparison, { t, language });
  if (comparison.problem !== null || comparison.adjustedCompared === null) {
    return {
      value: null,
      comparison: null,
      weather,
      problem: t(`weather.problem.${comparison.problem ?? "NO_COMPARISON"}`),
    };
  }
  // The back-end's change: it says none where the adjusted consumption is not above zero.
  const reference = t("weather.value_hint", { reference: t(`comparison.against.${key}`) });
  return {
    value: formatQuantity(comparison.adjustedCompared, quantity, language),
    comparison:
      comparison.change === null || !Number.isFinite(comparison.change)
        ? null
        : describeChange(comparison.change * 100, reference, { t, language }),
    weather,
    problem: null,
  };
}

const totalLabelKey = { consumption: "kpi.total", average: "kpi.total_average", total: "kpi.total_sum" } as const;

/**
 * The key figures; `asked.efficientNeighbours` says whether they were asked with the efficient
 * neighbours (the answer's null then means too few homes, not "not asked").
 */
export function comparisonKpis(
  kpis: UnitQuantityKpis,
  common: Common,
  asked: { efficientNeighbours?: boolean } = {},
): KeyFigure[] {
  const { t, language, quantity } = common;
  const format = (value: number | null) =>
    formatQuantity(value, quantity, language, { normalized: kpis.quantityDescriptor.normalized });
  // Consumption smileys compare amounts; for averages (temperatures) a difference is no judgement.
  const judged = quantityDefinition(quantity).aggregation === "addition";
  // A comparison's card names the days it covers (ADR 0018 rules 7 and 8), as the legend does.
  const item = (
    key: Exclude<KpiItem["key"], "total">,
    reference: number | null,
    days: ComparedDaysLike | null = null,
  ): KpiItem => ({
    key,
    label: comparisonName(t(`kpi.${key}`), days, language, t),
    value: format(reference),
    comparison: judged ? describeComparison(kpis.total, reference, key, common) : null,
  });
  // Beside each plain comparison its weather-adjusted one, when the key figures were asked with
  // them (heat and gas, ADR 0070): the resident reads "more than last year" and at once "but it
  // was colder" next to it.
  const weather = (
    key: "previous-period" | "previous-year",
    comparison: WeatherAdjustedComparison | null,
    plain: KpiItem,
  ): WeatherKpi[] => {
    const figure = weatherAdjustedFigure(comparison, key, common);
    return figure
      ? [{ key: `weather-${key}`, label: t("weather.against", { reference: plain.label }), ...figure }]
      : [];
  };
  const previousPeriod = item("previous-period", kpis.previousPeriod, kpis.previousPeriodDays);
  const previousYear = item("previous-year", kpis.previousYear, kpis.previousYearDays);
  return [
    // "Your consumption", "Average" (temperatures) or "Total" (backflow, errors).
    { key: "total", label: t(totalLabelKey[totalKindOf(quantity)]), value: format(kpis.total), comparison: null },
    previousPeriod,
    ...weather("previous-period", kpis.weatherAdjustedPreviousPeriod ?? null, previousPeriod),
    previousYear,
    ...weather("previous-year", kpis.weatherAdjustedPreviousYear ?? null, previousYear),
    item("property-average", kpis.propertyComparison),
    ...(asked.efficientNeighbours ? efficientNeighbours(kpis, judged, item, t) : []),
  ];
}

/**
 * The efficient neighbours' card beside the property average (ADR 0073), for amounts only and
 * when the key figures were asked with it: the figure with its smiley, or, where fewer than 10
 * other homes have data on every day of the period, in words why there is none.
 */
function efficientNeighbours(
  kpis: UnitQuantityKpis,
  judged: boolean,
  item: (key: "efficient-neighbours", reference: number | null) => KpiItem,
  t: TFunction,
): KpiItem[] {
  if (!judged) return [];
  const card = item("efficient-neighbours", kpis.efficientNeighbours);
  return [kpis.efficientNeighbours === null ? { ...card, missing: t("efficient_neighbours.too_few") } : card];
}

export interface NamedValue {
  id: string;
  slug: string;
  label: string;
  value: string;
}

export function roomRows(kpis: UnitQuantityKpis, _unit: TenantUnit, { language, quantity }: Common): NamedValue[] {
  return kpis.rooms.map((room) => ({
    id: roomSlug(room.label),
    slug: roomSlug(room.label),
    label: room.label,
    value: formatQuantity(room.value, quantity, language),
  }));
}

/** A meter's name for residents: its number, and its room when it has one. */
export function meterLabel(meter: { number: string; roomName: string | null }, t: TFunction): string {
  return meter.roomName
    ? t("consumption.meter_in_room", { number: meter.number, room: meter.roomName })
    : t("consumption.meter", { number: meter.number });
}

export function meterRows(kpis: UnitQuantityKpis, unit: TenantUnit, { language, quantity, t }: Common): NamedValue[] {
  return kpis.meters.flatMap((row) => {
    const number = row.objectDetails.group?.meter?.number ?? row.objectDetails.measurementPoint?.legacyMeterId ?? null;
    const meter = unit.meters.find((candidate) => candidate.number === number);
    if (!meter) return [];
    return [
      {
        id: meter.id,
        slug: meter.id,
        label: meterLabel(meter, t),
        value: formatQuantity(row.value, quantity, language),
      },
    ];
  });
}

export interface TableView {
  unit: string;
  comparisonLabel: string | null;
  rows: { key: string; label: string; value: string; comparison: string | null }[];
  /** What to say instead of an empty table (a translation key), null when it has rows. */
  emptyKey: string | null;
}

/** The all-meters table, grouped by meter or by room. */
export function tableView(
  table: TenantTable,
  unit: TenantUnit,
  { language, quantity, t }: Common,
  comparisonLabel: string | null = null,
  group: "METER" | "ROOM" = "METER",
): TableView {
  const descriptor = table.quantityDescriptors[0];
  const normalized = descriptor?.normalized ?? false;
  const hasComparison = table.rows.some((row) => row.comparisonValues.length > 0);
  return {
    unit: unitLabel(quantity, language, { normalized }),
    comparisonLabel: hasComparison ? (comparisonLabel ?? t("kpi.comparison")) : null,
    emptyKey:
      table.rows.length > 0
        ? null
        : emptyTableReason(unit.meters, quantity, group) === "meters_in_no_room"
          ? "consumption.table_meters_in_no_room"
          : "states.data_not_yet_available",
    rows: table.rows.map((row) => {
      const details = row.objectDetails;
      const number = details.group?.meter?.number ?? null;
      const meter = number ? unit.meters.find((candidate) => candidate.number === number) : undefined;
      // Room rows carry the room's slug in their id ("<unit>:<slug>"); the unit knows its name.
      const slug = details.id.includes(":") ? details.id.slice(details.id.indexOf(":") + 1) : null;
      const room = slug ? unit.rooms.find((candidate) => candidate.slug === slug) : undefined;
      const label = meter ? meterLabel(meter, t) : (room?.name ?? details.unit?.name ?? details.id);
      return {
        key: details.id,
        label,
        value: formatQuantityNumber(row.values[0] ?? null, quantity, language, { normalized }),
        comparison: hasComparison
          ? formatQuantityNumber(row.comparisonValues[0] ?? null, quantity, language, { normalized })
          : null,
      };
    }),
  };
}
