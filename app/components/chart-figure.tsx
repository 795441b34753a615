import { useTranslation } from "react-i18next";
import type { ChartView } from "~/routes/consumption/chart/chart-view";
import { TableScroll } from "./data-table";
import { Separator } from "./separator";

/**
 * A server-rendered chart with its numbers: the SVG (title and description inside it) and a data
 * table for screen readers and for residents who prefer numbers. No chart JavaScript is involved.
 */
export function ChartFigure({ chart }: { chart: ChartView }) {
  const { t } = useTranslation();
  return (
    <figure className="chart-figure">
      <figcaption className="chart-caption">
        {/* Apart from what comes before (a row of tabs) in text browsers; the flex layout drops it. */}{" "}
        <span className="chart-title">{chart.title}</span>
        {chart.hasData ? (
          <>
            <Separator text=". " />
            <span className="chart-legend">
              <span className="legend-main">
                {t(chart.averaged ? "chart.average" : "chart.total")}: <strong>{chart.totalText}</strong> {chart.unit}
              </span>
              {chart.comparisonLabel ? (
                <>
                  <Separator text="; " />
                  <span className="legend-comparison">
                    {chart.comparisonLabel}: <strong>{chart.comparisonTotalText}</strong> {chart.unit}
                  </span>
                </>
              ) : null}
            </span>
          </>
        ) : null}
      </figcaption>
      {chart.comparisonNotPossible ? <p className="notice">{t("states.comparison_not_possible")}</p> : null}
      {chart.comparisonMissing ? <p className="notice">{chart.comparisonMissing}</p> : null}
      {chart.refused ? (
        <p className="notice" role="status">
          {t("chart.refused")}
        </p>
      ) : chart.svg ? (
        // The markup is Victory's, rendered by our own server from numbers: no user text in it
        // besides translated labels, which React-DOM-server escaped. On a phone the chart scrolls
        // sideways, so the box takes keyboard focus (arrow keys scroll it) and says what it is.
        <>
          {/* biome-ignore lint/a11y/useSemanticElements: a named group of a chart, not a form's fieldset */}
          <div
            className="chart"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a sideways-scrolling box takes focus for arrow keys
            tabIndex={0}
            role="group"
            aria-label={t("chart.scroll_region", { title: chart.title })}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own chart code renders the SVG on the server
            dangerouslySetInnerHTML={{ __html: chart.svg }}
          />
          {chart.partialNote ? <p className="chart-note">{chart.partialNote}</p> : null}
        </>
      ) : (
        <p className="empty-state">{t(chart.emptyKey)}</p>
      )}
      {chart.rows.length > 0 ? (
        <details className="chart-table">
          <summary>{t("chart.show_table")}</summary>
          {/* A long period's rows with a comparison and degree days are wider than a phone: the
              table scrolls inside its own named region, never the page (WCAG 1.4.10). */}
          <TableScroll label={chart.title}>
            <table>
              <caption>
                {chart.title}
                {chart.drawnPoints < chart.totalPoints ? (
                  <span className="hint">
                    {" "}
                    {t("chart.thinned", { shown: chart.drawnPoints, total: chart.totalPoints })}
                  </span>
                ) : null}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("chart.period")}</th>
                  <th scope="col">
                    {t(chart.averaged ? "chart.value_average" : "chart.value")}
                    {chart.unit ? ` (${chart.unit})` : null}
                  </th>
                  {chart.comparisonLabel ? (
                    <th scope="col">
                      {chart.comparisonLabel}
                      {chart.unit ? ` (${chart.unit})` : null}
                    </th>
                  ) : null}
                  {chart.degreeDaysLabel ? (
                    <th scope="col" className="degree-days">
                      {chart.degreeDaysLabel}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {chart.rows.map((row) => (
                  <tr key={row.label} className={row.partial ? "partial" : undefined}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                    {chart.comparisonLabel ? <td>{row.comparison}</td> : null}
                    {chart.degreeDaysLabel ? <td className="degree-days">{row.degreeDays}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </details>
      ) : null}
    </figure>
  );
}
