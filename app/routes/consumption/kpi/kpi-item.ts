import type { ConsumptionComparison } from "~/domain/smileys";

/** One key figure as the pages show it (built by kpis.server.ts). */
export interface KpiItem {
  key: "total" | "previous-period" | "previous-year" | "property-average";
  label: string;
  value: string;
  /** How the total compares with this figure (not for the total itself). */
  comparison: { kind: ConsumptionComparison; text: string } | null;
}
