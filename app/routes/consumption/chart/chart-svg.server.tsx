/**
 * The SVG that the consumption charts are drawn with, in place of Victory's own components: one
 * responsive, labelled `<svg>` with its legend, and primitives that take the geometry Victory
 * computes and write it as plain presentation attributes.
 */
import type { ReactNode } from "react";

export const chartColors = {
  main: "#1f5f8b",
  comparison: "#b4572a",
  band: "#2e7d3233",
  text: "#1b1b1b",
  axis: "#6b6b6b",
  grid: "#e3e3e3",
} as const;

export const defaultWidth = 720;
export const defaultHeight = 300;
export const fontSize = 12;

/*
 * Minimal SVG primitives in place of Victory's: presentation attributes instead of inline styles, and
 * none of the ids, roles and event props Victory adds for interactive charts. They receive the
 * geometry Victory computes.
 */
type StyleProps = { style?: Record<string, unknown> };

function paint(style: Record<string, unknown> = {}) {
  const value = (key: string) => {
    const v = style[key];
    return typeof v === "string" || typeof v === "number" ? String(v) : undefined;
  };
  return {
    fill: value("fill"),
    fillOpacity: value("fillOpacity"),
    stroke: value("stroke"),
    strokeWidth: value("strokeWidth"),
    strokeDasharray: value("strokeDasharray"),
    strokeLinejoin: value("strokeLinejoin") === "round" ? ("round" as const) : undefined,
  };
}

export function SvgLine({
  x1,
  x2,
  y1,
  y2,
  style,
}: StyleProps & { x1?: number; x2?: number; y1?: number; y2?: number }) {
  const { stroke, strokeWidth } = paint(style);
  if (stroke === undefined || stroke === "none" || stroke === "transparent") return null;
  return <line x1={x1} x2={x2} y1={y1} y2={y2} stroke={stroke} strokeWidth={strokeWidth} />;
}

export function SvgPath({ d, style, transform }: StyleProps & { d?: string; transform?: string }) {
  if (!d) return null;
  return <path d={d} transform={transform} {...paint(style)} />;
}

export function SvgBar({
  x,
  y,
  y0,
  barWidth,
  datum,
  color,
}: {
  x?: number;
  y?: number;
  y0?: number;
  barWidth?: number;
  datum?: { partial?: boolean };
  color?: string;
}) {
  if (x === undefined || y === undefined || y0 === undefined || barWidth === undefined) return null;
  const geometry = { x: x - barWidth / 2, y: Math.min(y, y0), width: barWidth, height: Math.abs(y0 - y) };
  // A bucket covering only part of its week or month: lighter, with a dashed outline (ADR 0018).
  if (datum?.partial) {
    return (
      <rect {...geometry} data-partial="true" fillOpacity={0.35} stroke={color} strokeWidth={1} strokeDasharray="3 2" />
    );
  }
  return <rect {...geometry} />;
}

export function SvgPartialDot({ x, y }: { x?: number; y?: number }) {
  if (x === undefined || y === undefined) return null;
  return <circle cx={x} cy={y} r={4} data-partial="true" />;
}

export function SvgDot({ x, y }: { x?: number; y?: number }) {
  if (x === undefined || y === undefined) return null;
  return <circle cx={x} cy={y} r={3} />;
}

export function SvgText({
  x,
  y,
  dx,
  transform,
  children,
}: {
  x?: number;
  y?: number;
  dx?: number;
  transform?: string;
  children?: ReactNode;
}) {
  return (
    <text x={x} y={y} dx={dx || undefined} transform={transform}>
      {children}
    </text>
  );
}

export function SvgTspan({
  x,
  dx,
  dy,
  textAnchor,
  children,
}: {
  x?: number;
  dx?: number;
  dy?: number;
  textAnchor?: "start" | "middle" | "end";
  children?: ReactNode;
}) {
  return (
    <tspan x={x} dx={dx || undefined} dy={dy || undefined} textAnchor={textAnchor === "start" ? undefined : textAnchor}>
      {children}
    </tspan>
  );
}

/** A theme with nothing in it, so that no default font, colour or animation leaks into the markup. */
export const plainTheme = {};

export interface LegendEntry {
  label: string;
  kind: "main" | "comparison" | "band";
  dashed: boolean;
}

interface ChartSvgProps {
  idPrefix: string;
  title: string;
  desc: string;
  legend: LegendEntry[];
  // Set by VictoryChart:
  width?: number;
  height?: number;
  children?: ReactNode;
}

/**
 * Replaces VictoryContainer: one responsive `<svg>` (no wrapping `<div>`, no portal, no events),
 * labelled by its own `<title>` and `<desc>`, with the legend drawn as plain SVG.
 */
export function ChartSvg({
  idPrefix,
  title,
  desc,
  legend,
  width = defaultWidth,
  height = defaultHeight,
  children,
}: ChartSvgProps) {
  const titleId = `${idPrefix}-title`;
  const descId = `${idPrefix}-desc`;
  let legendX = 64;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      fontSize={fontSize}
      fill={chartColors.text}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{desc}</desc>
      {legend.length > 0 ? (
        <g>
          {legend.map((entry) => {
            const x = legendX;
            legendX += 28 + Math.ceil(entry.label.length * fontSize * 0.6) + 16;
            return (
              <g key={`${entry.kind}-${entry.label}`}>
                {entry.kind === "band" ? (
                  <rect x={x} y={8} width={20} height={12} fill={chartColors.band} />
                ) : entry.dashed || entry.kind === "main" ? (
                  <line
                    x1={x}
                    x2={x + 20}
                    y1={14}
                    y2={14}
                    stroke={chartColors[entry.kind]}
                    strokeWidth={entry.dashed ? 2 : 4}
                    strokeDasharray={entry.dashed ? "6 4" : undefined}
                  />
                ) : (
                  <rect
                    x={x}
                    y={8}
                    width={20}
                    height={12}
                    fill={chartColors.comparison}
                    fillOpacity={0.4}
                    stroke={chartColors.comparison}
                  />
                )}
                <text x={x + 26} y={18}>
                  {entry.label}
                </text>
              </g>
            );
          })}
        </g>
      ) : null}
      {children}
    </svg>
  );
}
