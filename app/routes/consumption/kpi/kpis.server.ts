import { emptyTableReason } from "@common/meters";
import type { QuantityId } from "@common/quantities";
import { quantityDefinition, totalKindOf } from "@common/quantities";
import { formatNumber, formatQuantity, formatQuantityNumber, unitLabel } from "@common/quantity-format";
import { roomSlug } from "@common/room-slug";
import type { TFunction } from "i18next";
import { type ComparedDaysLike, comparisonName } from "~/domain/compared-days";
import { changePercent, consumptionComparison } from "~/domain/smileys";
import type { TenantTable, TenantUnit, UnitQuantityKpis } from "~/services/tenant/schemas";
import type { KpiItem } from "./kpi-item";

export type { KpiItem };

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
  const kind = consumptionComparison(total, reference);
  const change = changePercent(total, reference);
  if (kind === null || change === null) return null;
  const percent = formatNumber(Math.abs(change), language, { minimumFractionDigits: 0, maximumFractionDigits: 0 });
  return { kind, text: t(`comparison.${kind}`, { percent, reference: t(`comparison.against.${key}`) }) };
}

const totalLabelKey = { consumption: "kpi.total", average: "kpi.total_average", total: "kpi.total_sum" } as const;

export function comparisonKpis(kpis: UnitQuantityKpis, common: Common): KpiItem[] {
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
  return [
    // "Your consumption", "Average" (temperatures) or "Total" (backflow, errors).
    { key: "total", label: t(totalLabelKey[totalKindOf(quantity)]), value: format(kpis.total), comparison: null },
    item("previous-period", kpis.previousPeriod, kpis.previousPeriodDays),
    item("previous-year", kpis.previousYear, kpis.previousYearDays),
    item("property-average", kpis.propertyComparison),
  ];
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
