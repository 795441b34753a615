import type { ConsumptionComparison, Smiley as Face } from "~/domain/smileys";
import type { KpiItem } from "~/routes/consumption/kpi/kpi-item";
import { Separator } from "./separator";
import { Smiley } from "./smiley";

/** The face for each consumption comparison of spec section 4 (less … 50 % or more). */
export const comparisonFace: Record<ConsumptionComparison, Face> = {
  less: "happy",
  same: "happy",
  "more-0-25": "neutral",
  "more-25-50": "sad",
  "more-50": "sad",
};

/** A consumption comparison's smiley with its sentence ("12 % more than the previous period"). */
export function ComparisonSmiley({ comparison }: { comparison: NonNullable<KpiItem["comparison"]> }) {
  return (
    <span className={`kpi-comparison comparison-${comparison.kind}`}>
      <Smiley kind={comparisonFace[comparison.kind]} label={comparison.text} />
    </span>
  );
}

/** Key figures: the total and each comparison with its smiley and a sentence saying the same. */
export function KpiList({ kpis }: { kpis: KpiItem[] }) {
  return (
    <dl className="kpi-list">
      {kpis.map((kpi) => (
        <div key={kpi.key} className={`kpi kpi-${kpi.key}`}>
          <dt>{kpi.label}</dt>
          <dd>
            <span className="kpi-value">{kpi.value}</span>
            {kpi.comparison ? (
              <>
                <Separator />
                <ComparisonSmiley comparison={kpi.comparison} />
              </>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
