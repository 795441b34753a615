import { useId } from "react";
import { labelsImageUrl } from "~/routes/consumption/chart/text-layer";
import { barLayout } from "~/routes/documents/report/report-chart";
import type { ChartBar } from "~/routes/documents/report/report-view";
import { DataTable } from "./data-table";

const WIDTH = 520;
const HEIGHT = 150;
const LABELS = 22;
/** app.css `--muted`, which a picture cannot inherit. */
const MUTED = "#4a5560";

/**
 * The report's month-by-month bars as plain SVG drawn on the server (no script, no chart library):
 * the report's month dark, the same month last year outlined. The figures are also a table, for
 * screen readers and for reading exact values.
 */
export function ReportChart({
  title,
  description,
  bars,
  tableHeading,
  monthHeading,
  valueHeading,
}: {
  title: string;
  description: string;
  bars: ChartBar[];
  tableHeading: string;
  monthHeading: string;
  valueHeading: string;
}) {
  const id = useId();
  const layout = barLayout(
    bars.map((bar) => bar.value),
    { width: WIDTH, height: HEIGHT, gap: 0.3 },
  );
  return (
    <figure className="report-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="report-chart-title">
        {title}
      </figcaption>
      {/* A block of its own, so that text browsers end the chart's summary before the table's toggle. */}
      <div>
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby, the figcaption and the desc */}
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT + LABELS}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          preserveAspectRatio="xMidYMid meet"
        >
          <desc id={`${id}-desc`}>{description}</desc>
          <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="report-chart-axis" />
          {layout.bars.map((rect, index) =>
            rect === null ? null : (
              <rect
                key={bars[index]!.month}
                x={rect.x}
                y={rect.y}
                width={rect.width}
                height={Math.max(rect.height, 0.5)}
                className={`report-bar report-bar-${bars[index]!.kind}`}
              >
                <title>{`${bars[index]!.longLabel}: ${bars[index]!.valueText}`}</title>
              </rect>
            ),
          )}
          {/* The month labels as a picture, so that text browsers do not read them as one run-on
            string ("okt. 25nov.dec.jan. 26…"): the table below has the months in words. */}
          <image
            href={labelsImageUrl({
              width: WIDTH,
              height: HEIGHT + LABELS,
              fontSize: 12,
              fill: MUTED,
              labels: bars.map((bar, index) => ({
                x: layout.centers[index] ?? 0,
                y: HEIGHT + 16,
                anchor: "middle",
                text: bar.label,
              })),
            })}
            x={0}
            y={0}
            width={WIDTH}
            height={HEIGHT + LABELS}
          />
        </svg>
      </div>
      <details className="report-chart-table">
        <summary>{tableHeading}</summary>
        <DataTable columns={[monthHeading, valueHeading]}>
          {bars.map((bar) => (
            <tr key={bar.month}>
              <th scope="row">{bar.longLabel}</th>
              <td>{bar.valueText}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </figure>
  );
}
