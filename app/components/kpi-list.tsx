import type { ConsumptionComparison, Smiley as Face } from "~/domain/smileys";
import { isWeatherKpi, type KeyFigure, type KpiItem, type WeatherKpi } from "~/routes/consumption/kpi/kpi-item";
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

/**
 * Key figures: the total and each comparison with its smiley and a sentence saying the same; a
 * weather-adjusted one also with both periods' degree days, or in words why it cannot be given.
 */
export function KpiList({ kpis }: { kpis: KeyFigure[] }) {
  return (
    <dl className="kpi-list">
      {kpis.map((kpi) => (
        <div key={kpi.key} className={`kpi kpi-${kpi.key}`}>
          <dt>{kpi.label}</dt>
          <dd>
            {!isWeatherKpi(kpi) && kpi.missing ? (
              <span className="kpi-note">{kpi.missing}</span>
            ) : kpi.value !== null ? (
              <span className="kpi-value">{kpi.value}</span>
            ) : null}
            {kpi.comparison ? (
              <>
                <Separator />
                <ComparisonSmiley comparison={kpi.comparison} />
              </>
            ) : null}
            {isWeatherKpi(kpi) ? <WeatherNotes kpi={kpi} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Why a weather-adjusted figure is missing, and the two periods' degree days. */
function WeatherNotes({ kpi }: { kpi: WeatherKpi }) {
  return (
    <>
      {kpi.problem ? <span className="kpi-note">{kpi.problem}</span> : null}
      {kpi.weather ? (
        <>
          {/* After the problem's own full stop a space; after a figure, a full stop. */}
          <Separator text={kpi.problem ? " " : ". "} />
          <span className="kpi-note">{kpi.weather}</span>
        </>
      ) : null}
    </>
  );
}
