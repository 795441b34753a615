/**
 * Consumption charts rendered on the server to one `<svg>` markup string, so the browser gets no
 * chart JavaScript: a loader calls renderConsumptionChart and the page inserts `svg` with
 * dangerouslySetInnerHTML (the markup holds no script and no event handler attributes).
 *
 * Long series are reduced before drawing (min/max decimation, see ~/domain/chart-points), so a year
 * of hourly values draws a few hundred points, peaks included. Victory computes the layout; the SVG
 * it is written with is chart-svg.server.tsx's.
 */
import { renderToStaticMarkup } from "react-dom/server";
import {
  Area,
  Curve,
  VictoryArea,
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryGroup,
  VictoryLabel,
  VictoryLine,
  VictoryScatter,
} from "victory";
import { pick, reductionIndices } from "~/domain/chart-points";
import {
  ChartSvg,
  chartColors,
  defaultHeight,
  defaultWidth,
  fontSize,
  type LegendEntry,
  plainTheme,
  SvgBar,
  SvgDot,
  SvgLine,
  SvgPartialDot,
  SvgPath,
  SvgText,
  SvgTspan,
} from "./chart-svg.server";

export interface ChartSeries {
  key: "main" | "comparison";
  label: string;
  values: readonly (number | null)[];
}

export interface ChartInput {
  /** Prefix of the ids inside the SVG (title, description); unique per chart on a page. */
  idPrefix: string;
  /** Bucket starts, ISO 8601 with offset, e.g. "2026-03-29T03:00:00+02:00" (Europe/Copenhagen). */
  timestamps: readonly string[];
  /** Main first; optional comparison, aligned by index. */
  series: readonly ChartSeries[];
  /** bars for consumption (addition) quantities, line for temperatures/humidity. */
  kind: "bars" | "line";
  /** Axis tick labels, already localized by the caller: one per timestamp. */
  tickLabels: readonly string[];
  /**
   * Formats a y-axis tick, e.g. (1.5, 1) => "1,5". The second argument is the number of decimals
   * the ticks' step needs, so neighbouring ticks never read the same (0, 0,5, 1 — not 0, 1, 1).
   */
  formatValue: (value: number, fractionDigits: number) => string;
  /** Shown as the y-axis label, e.g. "kWh". */
  unitLabel: string;
  /** `<title>` of the SVG (accessible name). */
  title: string;
  /** `<desc>` of the SVG. */
  description: string;
  /**
   * Per timestamp: the bucket covers only part of its week or month (ADR 0018). Partial bars are
   * drawn lighter with a dashed outline, partial points of a line as hollow dashed rings; both
   * carry data-partial="true".
   */
  partial?: readonly boolean[];
  /** Optional horizontal band(s) to shade, e.g. the "happy" temperature band 19–22. */
  bands?: readonly { from: number; to: number; label: string }[];
  /** Default 720. */
  width?: number;
  /** Default 300. */
  height?: number;
  /**
   * Most points drawn. Default: width / 3 for lines, 62 for bars; a bar chart with more points than
   * that is drawn as a line instead (reduced to width / 3 points, or to maxPoints when given).
   */
  maxPoints?: number;
}

export interface RenderedChart {
  svg: string;
  drawnPoints: number;
  totalPoints: number;
  /** Indices (into timestamps and values) of the drawn points. */
  indices: number[];
}

const maxBars = 62;
const maxTickLabels = 8;
const idPattern = /^[A-Za-z][\w-]*$/;

export function renderConsumptionChart(input: ChartInput): RenderedChart {
  const width = input.width ?? defaultWidth;
  const height = input.height ?? defaultHeight;
  const main = input.series[0];
  if (main?.key !== "main") throw new Error("The first chart series must be the main series");
  if (!idPattern.test(input.idPrefix)) throw new Error(`Invalid chart id prefix: ${input.idPrefix}`);
  const totalPoints = input.timestamps.length;
  for (const series of input.series) {
    if (series.values.length !== totalPoints) {
      throw new Error(`Series ${series.key} has ${series.values.length} values for ${totalPoints} timestamps`);
    }
  }
  if (input.tickLabels.length !== totalPoints) {
    throw new Error(`${input.tickLabels.length} tick labels for ${totalPoints} timestamps`);
  }

  const barLimit = input.maxPoints ?? maxBars;
  const kind = input.kind === "bars" && totalPoints <= barLimit ? "bars" : "line";
  const maxPoints = kind === "bars" ? barLimit : (input.maxPoints ?? Math.floor(width / 3));
  const indices = reductionIndices(main.values, Math.max(2, maxPoints));
  const drawn = input.series.map((series) => ({ ...series, values: pick(series.values, indices) }));

  const markup = renderToStaticMarkup(
    <Chart input={input} kind={kind} width={width} height={height} indices={indices} series={drawn} />,
  );
  return { svg: roundCoordinates(markup), drawnPoints: indices.length, totalPoints, indices };
}

interface DrawnSeries extends ChartSeries {
  values: (number | null)[];
}

interface ChartProps {
  input: ChartInput;
  kind: "bars" | "line";
  width: number;
  height: number;
  indices: number[];
  series: DrawnSeries[];
}

function Chart({ input, kind, width, height, indices, series }: ChartProps) {
  const bands = input.bands ?? [];
  const comparison = series.find((s) => s.key === "comparison");
  const legend: LegendEntry[] =
    comparison || bands.length > 0
      ? [
          ...series.map((s) => ({ label: s.label, kind: s.key, dashed: kind === "line" && s.key === "comparison" })),
          ...bands.map((band) => ({ label: band.label, kind: "band" as const, dashed: false })),
        ]
      : [];
  // A line's last tick can sit on the right edge: leave room for half a label there.
  const padding = { top: legend.length > 0 ? 40 : 16, right: kind === "line" ? 40 : 16, bottom: 36, left: 64 };

  const xDomain: [number, number] =
    kind === "bars" || indices.length < 2
      ? [(indices[0] ?? 0) - 0.5, (indices.at(-1) ?? 0) + 0.5]
      : [indices[0]!, indices.at(-1)!];
  const yScale = niceScale(
    [...series.flatMap((s) => s.values), ...bands.flatMap((band) => [band.from, band.to])],
    kind === "bars",
  );

  const labelByIndex = new Map(indices.map((index) => [index, input.tickLabels[index] ?? ""]));
  const tickStep = Math.max(1, Math.ceil(indices.length / maxTickLabels));
  const xTicks = indices.filter((_, position) => position % tickStep === 0);

  // fontSize and padding only steer Victory's layout; the primitives below draw text without inline
  // styles and inherit font (family, size, colour) from the <svg> element.
  const tickLabelStyle = { fontSize, padding: 6 };
  const tickLabel = <VictoryLabel textComponent={<SvgText />} tspanComponent={<SvgTspan />} />;
  const plotWidth = width - padding.left - padding.right;
  const slotWidth = plotWidth / Math.max(1, xDomain[1] - xDomain[0]);
  const barWidth = Math.max(1, (slotWidth * 0.7) / series.length);

  const isPartial = (x: number) => input.partial?.[x] === true;
  const data = (values: (number | null)[]) =>
    values.flatMap((y, position) => {
      const x = indices[position]!;
      // Bars skip missing values; a line keeps them as null so that it breaks there.
      if (kind === "bars") return y === null ? [] : [{ x, y, partial: isPartial(x) }];
      return [{ x, y }];
    });

  const drawSeries = (s: DrawnSeries) => {
    const color = chartColors[s.key];
    const points = data(s.values);
    if (kind === "bars") {
      return (
        <VictoryBar
          key={s.key}
          data={points}
          barWidth={barWidth}
          dataComponent={<SvgBar color={color} />}
          // The series' paint goes on its group once, not on every bar.
          groupComponent={
            s.key === "main" ? <g fill={color} /> : <g fill={color} fillOpacity={0.4} stroke={color} strokeWidth={1} />
          }
        />
      );
    }
    // A reading with no drawn neighbour (gaps on both sides) has no segment: mark it with a dot.
    const isolated = points.filter(
      (point, position) => point.y !== null && points[position - 1]?.y == null && points[position + 1]?.y == null,
    );
    const partialPoints = points.filter((point) => point.y !== null && isPartial(point.x));
    return [
      <VictoryLine
        key={s.key}
        data={points}
        groupComponent={<g />}
        dataComponent={<Curve pathComponent={<SvgPath />} />}
        style={{
          data: {
            stroke: color,
            strokeWidth: 2,
            strokeLinejoin: "round",
            fill: "none",
            ...(s.key === "comparison" ? { strokeDasharray: "6 4" } : {}),
          },
        }}
      />,
      isolated.length > 0 ? (
        <VictoryScatter
          key={`${s.key}-isolated`}
          data={isolated}
          dataComponent={<SvgDot />}
          groupComponent={<g fill={color} />}
        />
      ) : null,
      partialPoints.length > 0 ? (
        <VictoryScatter
          key={`${s.key}-partial`}
          data={partialPoints}
          dataComponent={<SvgPartialDot />}
          groupComponent={<g fill="#ffffff" stroke={color} strokeWidth={1.5} strokeDasharray="2 2" />}
        />
      ) : null,
    ];
  };

  return (
    <VictoryChart
      standalone
      width={width}
      height={height}
      padding={padding}
      domain={{ x: xDomain, y: yScale.domain }}
      // Named, so Victory does not look through every datum for dates to choose it.
      scale={{ x: "linear", y: "linear" }}
      domainPadding={0}
      theme={plainTheme}
      containerComponent={
        <ChartSvg idPrefix={input.idPrefix} title={input.title} desc={input.description} legend={legend} />
      }
    >
      {bands.map((band, position) => (
        <VictoryArea
          // biome-ignore lint/suspicious/noArrayIndexKey: the bands are drawn once, in a fixed order, on the server
          key={`band-${position}`}
          groupComponent={<g />}
          dataComponent={<Area pathComponent={<SvgPath />} />}
          data={[
            { x: xDomain[0], y: band.to, y0: band.from },
            { x: xDomain[1], y: band.to, y0: band.from },
          ]}
          style={{ data: { fill: chartColors.band, stroke: "none" } }}
        />
      ))}
      <VictoryAxis
        dependentAxis
        tickValues={yScale.ticks}
        tickFormat={(value: number) => input.formatValue(value, yScale.fractionDigits)}
        label={input.unitLabel}
        offsetX={padding.left}
        axisComponent={<SvgLine />}
        gridComponent={<SvgLine />}
        tickComponent={<SvgLine />}
        tickLabelComponent={tickLabel}
        axisLabelComponent={<VictoryLabel textComponent={<SvgText />} tspanComponent={<SvgTspan />} />}
        style={{
          axis: { stroke: "none" },
          grid: { stroke: chartColors.grid, strokeWidth: 1 },
          ticks: { stroke: "none" },
          tickLabels: tickLabelStyle,
          axisLabel: { fontSize, padding: 48 },
        }}
      />
      <VictoryAxis
        tickValues={xTicks}
        tickFormat={(value: number) => labelByIndex.get(value) ?? ""}
        offsetY={padding.bottom}
        axisComponent={<SvgLine />}
        gridComponent={<SvgLine />}
        tickComponent={<SvgLine />}
        tickLabelComponent={tickLabel}
        style={{
          axis: { stroke: chartColors.axis, strokeWidth: 1 },
          grid: { stroke: "none" },
          ticks: { stroke: chartColors.axis, size: 4 },
          tickLabels: { fontSize, padding: 4 },
        }}
      />
      {kind === "bars" && series.length > 1 ? (
        <VictoryGroup offset={barWidth} domainPadding={0}>
          {series.map(drawSeries)}
        </VictoryGroup>
      ) : (
        series.flatMap(drawSeries)
      )}
    </VictoryChart>
  );
}

/**
 * A y domain and about five round tick values covering the values (and zero, for bars), with the
 * decimals the step needs to write every tick differently.
 */
export function niceScale(
  values: readonly (number | null)[],
  includeZero: boolean,
): { domain: [number, number]; ticks: number[]; fractionDigits: number } {
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  if (low === Infinity) [low, high] = [0, 1];
  if (includeZero) [low, high] = [Math.min(0, low), Math.max(0, high)];
  if (low === high) [low, high] = [low - 1, high + 1];

  const rough = (high - low) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const from = Math.floor(low / step);
  const to = Math.ceil(high / step);
  const ticks: number[] = [];
  for (let k = from; k <= to; k++) ticks.push(Number((k * step).toFixed(decimals)));
  let fractionDigits = 0;
  while (
    fractionDigits < decimals &&
    Math.abs(Math.round(step * 10 ** fractionDigits) - step * 10 ** fractionDigits) > 1e-9
  )
    fractionDigits++;
  return { domain: [ticks[0]!, ticks.at(-1)!], ticks, fractionDigits };
}

const geometryAttribute = /\s(d|x|y|x1|x2|y1|y2|cx|cy|r|width|height|transform)="([^"]*)"/g;
const longNumber = /-?\d*\.\d+(?:e[-+]?\d+)?|-?\d+e[-+]?\d+/gi;

/** Victory writes coordinates with up to 15 decimals; one is plenty for a 720-unit-wide drawing. */
export function roundCoordinates(markup: string): string {
  return markup.replace(
    geometryAttribute,
    (_, name: string, value: string) =>
      ` ${name}="${value.replace(longNumber, (number) => {
        const rounded = Math.round(Number(number) * 10) / 10;
        return String(Object.is(rounded, -0) ? 0 : rounded);
      })}"`,
  );
}
