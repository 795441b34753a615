// @vitest-environment node
import { describe, expect, it } from "vitest";
import { chartColors } from "./chart-svg.server";
import { type ChartInput, niceScale, renderConsumptionChart, roundCoordinates } from "./consumption-chart.server";

const hour = 3_600_000;
const day = 24 * hour;

/** Bucket starts as the back-end sends them (Copenhagen, +01:00 in winter; good enough for a fixture). */
function timestamps(count: number, step: number): string[] {
  const start = Date.UTC(2025, 0, 1, -1);
  return Array.from({ length: count }, (_, i) => new Date(start + i * step).toISOString().replace("Z", "+01:00"));
}

/** A year of hourly indoor temperatures (leap year, 8784 hours) with a daily rhythm. */
function hourlyYear(): number[] {
  return Array.from(
    { length: 8784 },
    (_, i) => 21 + 1.5 * Math.sin((i / 24) * 2 * Math.PI) + Math.sin((i / 8784) * 2 * Math.PI),
  );
}

function input(overrides: Partial<ChartInput> & { values?: (number | null)[] } = {}): ChartInput {
  const { values = [1.2, 3.4, 2.2, 0.8, 4.1, 2.9, 3.3], ...rest } = overrides;
  return {
    idPrefix: "heat",
    timestamps: timestamps(values.length, day),
    series: [{ key: "main", label: "This period", values }],
    kind: "bars",
    tickLabels: values.map((_, i) => `L${i}`),
    formatValue: (value) => value.toLocaleString("da-DK"),
    unitLabel: "kWh",
    title: "Heat consumption per day",
    description: "Bars of the heat used each day in March 2026.",
    ...rest,
  };
}

function hourlyInput(values: (number | null)[], overrides: Partial<ChartInput> = {}): ChartInput {
  return input({
    values,
    kind: "line",
    timestamps: timestamps(values.length, hour),
    unitLabel: "°C",
    title: "Indoor temperature",
    description: "Hourly indoor temperature over 2024.",
    ...overrides,
  });
}

const count = (markup: string, pattern: RegExp) => markup.match(new RegExp(pattern.source, "g"))?.length ?? 0;
const attributeValues = (markup: string, name: string) =>
  [...markup.matchAll(new RegExp(`\\s${name}="([^"]*)"`, "g"))].map((match) => match[1]!);
/** The y coordinates of every point of a path's d attribute ("M64,200.8L66.6,146.1..."). */
const pathYs = (d: string) => [...d.matchAll(/[ML]([-\d.]+),([-\d.]+)/g)].map((match) => Number(match[2]));
const mainPath = (svg: string) =>
  svg.match(new RegExp(`<path d="([^"]*)"[^>]*stroke="${chartColors.main}"`))?.[1] ?? "";

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe("renderConsumptionChart", () => {
  it("renders one responsive svg image named by its title and description", () => {
    const { svg } = renderConsumptionChart(input());

    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(count(svg, /<svg[\s>]/)).toBe(1);
    expect(svg).not.toContain("<div");
    const root = svg.slice(0, svg.indexOf(">") + 1);
    expect(root).toContain('role="img"');
    expect(root).toContain('viewBox="0 0 720 300"');
    expect(root).toContain('width="100%"');
    expect(root).not.toMatch(/\sheight=/);
    expect(root).toContain('aria-labelledby="heat-title heat-desc"');
    expect(svg).toContain('<title id="heat-title">Heat consumption per day</title>');
    expect(svg).toContain('<desc id="heat-desc">Bars of the heat used each day in March 2026.</desc>');
  });

  it("uses the given size and only ids with the chart's prefix, so two charts on a page never clash", () => {
    const { svg } = renderConsumptionChart(
      input({
        idPrefix: "water-2",
        width: 360,
        height: 200,
        series: [
          { key: "main", label: "2026", values: [1, 2, 3] },
          { key: "comparison", label: "2025", values: [2, 2, 2] },
        ],
        timestamps: timestamps(3, day),
        tickLabels: ["a", "b", "c"],
      }),
    );
    expect(svg).toContain('viewBox="0 0 360 200"');
    const ids = attributeValues(svg, "id");
    expect(ids.sort()).toEqual(["water-2-desc", "water-2-title"]);
    expect(() => renderConsumptionChart(input({ idPrefix: 'x" onload="alert(1)' }))).toThrow();
  });

  it("holds no script, no event handler and escapes the texts it is given", () => {
    const { svg } = renderConsumptionChart(
      input({ title: '<script>alert("t")</script>', tickLabels: ["<b>", "x", "x", "x", "x", "x", "x"] }),
    );
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/\son[a-z]+=/i);
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).toContain("&lt;b&gt;");
  });

  it("draws text in the page's font, 12 units high and dark enough on white", () => {
    const { svg } = renderConsumptionChart(input());
    const root = svg.slice(0, svg.indexOf(">") + 1);
    expect(root).toContain('font-size="12"');
    expect(root).toContain(`fill="${chartColors.text}"`);
    // No font family anywhere: the svg inherits the page's font.
    expect(svg).not.toMatch(/font-family|fontFamily|Gill Sans/);
    expect(attributeValues(svg, "font-size")).toEqual(["12"]);
    expect(contrastOnWhite(chartColors.text)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(chartColors.main)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(chartColors.comparison)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(chartColors.axis)).toBeGreaterThanOrEqual(4.5);
  });

  it("draws one bar per value, in the main colour, with y ticks formatted by the caller", () => {
    const { svg, drawnPoints, totalPoints } = renderConsumptionChart(input({ formatValue: (v) => `${v} u` }));
    expect(drawnPoints).toBe(7);
    expect(totalPoints).toBe(7);
    expect(count(svg, /<rect /)).toBe(7);
    expect(svg).toContain(`<g fill="${chartColors.main}"`);
    expect(svg).toContain(">0 u<");
    expect(svg).toContain(">kWh<");
  });

  it("never writes two y ticks the same, even for small values of a whole-number quantity", () => {
    // Heat energy is written without decimals; ticks 0, 0.5, 1, 1.5, 2 must not read 0, 1, 1, 2, 2.
    const whole = (value: number, digits: number) =>
      value.toLocaleString("da-DK", { minimumFractionDigits: digits ?? 0, maximumFractionDigits: digits ?? 0 });
    const { svg } = renderConsumptionChart(input({ values: [0.4, 1.6, 1.1, 0.2], formatValue: whole }));
    const yTicks = [...svg.matchAll(/>(\d+(?:,\d+)?)</g)].map((m) => m[1]);
    expect(yTicks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(yTicks).size).toBe(yTicks.length);
    expect(yTicks).toContain("0,5");
  });

  it("skips missing values in bars instead of drawing them as zero", () => {
    const values = [2, null, 3, 0, null, null, 1];
    const { svg } = renderConsumptionChart(input({ values }));
    expect(count(svg, /<rect /)).toBe(4); // 2, 3, 0 and 1
    expect(attributeValues(svg, "height").filter((height) => height === "0")).toHaveLength(1); // the real 0
  });

  it("breaks a line at missing values instead of dropping to zero", () => {
    const values = [20, 21, 22, null, null, 21, 20, 19];
    const gapless = renderConsumptionChart(input({ values: values.map((v) => v ?? 21), kind: "line" }));
    const withGap = renderConsumptionChart(input({ values, kind: "line" }));
    expect(count(mainPath(gapless.svg), /M/)).toBe(1);
    expect(count(mainPath(withGap.svg), /M/)).toBe(2);
    expect(pathYs(mainPath(withGap.svg))).toHaveLength(6);
    // No point lower than the lowest reading (19) of the gapless line: nothing fell to zero.
    expect(Math.max(...pathYs(mainPath(withGap.svg)))).toBeLessThanOrEqual(Math.max(...pathYs(mainPath(gapless.svg))));
  });

  it("marks a reading between two gaps with a dot, since a line needs two points", () => {
    const { svg } = renderConsumptionChart(input({ values: [20, 21, null, 22, null, 21, 20], kind: "line" }));
    expect(count(svg, /<circle /)).toBe(1);
  });

  it("draws the comparison series when given: lighter bars or a dashed line, and a legend", () => {
    const comparison = { key: "comparison" as const, label: "Last year", values: [1, 1, 1, 1, 1, 1, null] };
    const main = { key: "main" as const, label: "This year", values: [2, 2, 2, 2, 2, 2, 2] };

    const bars = renderConsumptionChart(input({ series: [main, comparison] })).svg;
    expect(bars).toContain(`<g fill="${chartColors.comparison}" fill-opacity="0.4" stroke="${chartColors.comparison}"`);
    expect(count(bars, /<rect /)).toBe(7 + 6 + 1); // main, comparison without its gap, legend swatch
    expect(bars).toContain(">Last year<");
    expect(bars).toContain(">This year<");

    const lines = renderConsumptionChart(input({ series: [main, comparison], kind: "line" })).svg;
    expect(lines).toMatch(
      new RegExp(`<path d="M[^"]*"[^>]*stroke="${chartColors.comparison}"[^>]*stroke-dasharray="6 4"`),
    );

    const alone = renderConsumptionChart(input({ series: [main] })).svg;
    expect(alone).not.toContain(chartColors.comparison);
    expect(alone).not.toContain("This year"); // one series needs no legend
  });

  it("shades bands behind the data and names them in the legend", () => {
    const { svg } = renderConsumptionChart(
      input({ kind: "line", values: [20, 21, 23, 22], bands: [{ from: 19, to: 22, label: "Comfortable" }] }),
    );
    const band = svg.indexOf(`<path d="M`);
    expect(svg.slice(band, svg.indexOf(">", band))).toContain(`fill="${chartColors.band}"`);
    expect(band).toBeLessThan(svg.indexOf(`stroke="${chartColors.main}" stroke-width="2"`));
    expect(svg).toContain(">Comfortable<");
  });

  it("reduces a year of hourly values to what 720 units can show, keeping the peak", () => {
    const values: (number | null)[] = hourlyYear();
    values[4321] = 30; // a hot afternoon
    const flat = [...values];
    flat[4321] = 21;
    const started = performance.now();
    const chart = renderConsumptionChart(hourlyInput(values));
    const elapsed = performance.now() - started;
    console.log(
      `8784-point line: ${elapsed.toFixed(1)} ms, ${chart.svg.length} bytes, ${chart.drawnPoints} points drawn`,
    );

    expect(chart.totalPoints).toBe(8784);
    expect(chart.drawnPoints).toBeLessThanOrEqual(240);
    expect(chart.drawnPoints).toBe(chart.indices.length);
    expect(chart.indices).toContain(4321);
    // The drawn line reaches higher (a smaller y) with the peak than without it.
    const peakTop = Math.min(...pathYs(mainPath(chart.svg)));
    const flatTop = Math.min(...pathYs(mainPath(renderConsumptionChart(hourlyInput(flat)).svg)));
    expect(peakTop).toBeLessThan(flatTop - 20);
    expect(pathYs(mainPath(chart.svg)).length).toBe(chart.drawnPoints);
    // A handful of elements, not thousands.
    expect(count(chart.svg, /<(path|rect|line|circle|text)[\s>]/)).toBeLessThan(50);
    expect(chart.svg.length).toBeLessThan(8_000); // measured 5.5 KB
    expect(elapsed).toBeLessThan(1000); // measured about 17 ms (first render in the file)
  });

  it("keeps a 30-bar month small", () => {
    const values = Array.from({ length: 30 }, (_, i) => 10 + ((i * 7) % 13) / 3);
    const month = renderConsumptionChart(input({ values }));
    const withComparison = renderConsumptionChart(
      input({
        values,
        series: [
          { key: "main", label: "2026", values },
          { key: "comparison", label: "2025", values: values.map((v) => v - 1) },
        ],
      }),
    );
    console.log(`30 bars: ${month.svg.length} bytes; with comparison: ${withComparison.svg.length} bytes`);
    expect(count(month.svg, /<rect /)).toBe(30);
    expect(month.svg.length).toBeLessThan(6_000); // measured 4.4 KB
    expect(withComparison.svg.length).toBeLessThan(9_000); // measured 6.5 KB
  });

  it("rounds coordinates to one decimal", () => {
    const { svg } = renderConsumptionChart(hourlyInput(hourlyYear()));
    for (const name of ["d", "x", "y", "x1", "x2", "y1", "y2", "width", "height", "transform"]) {
      for (const value of attributeValues(svg, name)) expect(value).not.toMatch(/\d\.\d\d/);
    }
  });

  it("draws more bars than fit as a line", () => {
    const values = Array.from({ length: 90 }, (_, i) => 5 + (i % 9));
    const { svg, drawnPoints } = renderConsumptionChart(input({ values }));
    expect(count(svg, /<rect /)).toBe(0);
    expect(mainPath(svg)).not.toBe("");
    expect(drawnPoints).toBe(90); // 90 points fit in 720 / 3 = 240
  });

  it("shows at most 8 time tick labels, evenly spaced over the drawn points", () => {
    const values = Array.from({ length: 31 }, (_, i) => i);
    const { svg } = renderConsumptionChart(input({ values }));
    const shown = [...svg.matchAll(/>L(\d+)</g)].map((match) => Number(match[1]));
    expect(shown.length).toBeLessThanOrEqual(8);
    expect(shown.length).toBeGreaterThanOrEqual(6);
    expect(shown[0]).toBe(0);
    const steps = new Set(shown.slice(1).map((label, i) => label - shown[i]!));
    expect(steps.size).toBe(1);
  });

  it("gives the same markup for the same input, whatever was rendered before", () => {
    const first = renderConsumptionChart(hourlyInput(hourlyYear())).svg;
    renderConsumptionChart(input());
    expect(renderConsumptionChart(hourlyInput(hourlyYear())).svg).toBe(first);
  });

  it("renders a series of nulls only, without bars or a line", () => {
    const values = [null, null, null];
    expect(count(renderConsumptionChart(input({ values })).svg, /<rect /)).toBe(0);
    expect(mainPath(renderConsumptionChart(input({ values, kind: "line" })).svg)).toBe("");
  });

  it("rejects series and labels that do not match the timestamps", () => {
    expect(() => renderConsumptionChart(input({ tickLabels: ["a"] }))).toThrow(/tick labels/);
    expect(() => renderConsumptionChart(input({ series: [{ key: "main", label: "m", values: [1, 2] }] }))).toThrow(
      /values/,
    );
  });

  it("renders a 31-bar month fast (printed, for the SSR budget)", () => {
    const values = Array.from({ length: 31 }, (_, i) => 10 + ((i * 7) % 13) / 3);
    const chartInput = input({
      values,
      timestamps: timestamps(31, day),
      tickLabels: values.map((_, i) => `${i + 1}.`),
    });
    renderConsumptionChart(chartInput); // warm up
    const runs = 50;
    const started = performance.now();
    for (let i = 0; i < runs; i++) renderConsumptionChart(chartInput);
    const perChart = (performance.now() - started) / runs;
    console.log(`31-bar chart: ${perChart.toFixed(2)} ms per render (mean of ${runs})`);
    expect(perChart).toBeLessThan(100);
  });
});

describe("roundCoordinates", () => {
  it("rounds numbers in geometry attributes and leaves text alone", () => {
    expect(roundCoordinates('<path d="M1.23456,2.98765L-0.04,1e-7"></path><text x="3.14159">1.23456</text>')).toBe(
      '<path d="M1.2,3L0,0"></path><text x="3.1">1.23456</text>',
    );
  });
});

describe("niceScale", () => {
  it("covers the values with round steps, from zero for bars", () => {
    expect(niceScale([3, 17], true)).toEqual({ domain: [0, 20], ticks: [0, 5, 10, 15, 20], fractionDigits: 0 });
    expect(niceScale([0.4, 1.6], true)).toEqual({ domain: [0, 2], ticks: [0, 0.5, 1, 1.5, 2], fractionDigits: 1 });
    expect(niceScale([0.02, 0.11], true).fractionDigits).toBe(2);
  });

  it("gives a flat or empty series room around it", () => {
    expect(niceScale([21, 21], false).domain[0]).toBeLessThan(21);
    expect(niceScale([null, null], true).domain).toEqual([0, 1]);
  });

  it("takes negative values (a cost estimate may be negative)", () => {
    const { domain, ticks } = niceScale([-2, 3], true);
    expect(domain[0]).toBeLessThanOrEqual(-2);
    expect(ticks).toContain(0);
  });
});

describe("partial buckets (ADR 0018)", () => {
  it("draws a bar covering only part of its week lighter with a dashed outline, the others as before", () => {
    const values = [1.2, 3.4, 2.2, 0.8];
    const partial = [true, false, false, true];
    const { svg } = renderConsumptionChart(input({ values, partial }));
    const partialBars = svg.match(/<rect[^>]*data-partial="true"[^>]*>/g) ?? [];
    expect(partialBars).toHaveLength(2);
    for (const bar of partialBars) {
      expect(bar).toMatch(/fill-opacity="0.35"/);
      expect(bar).toMatch(/stroke-dasharray="3 2"/);
      expect(bar).toContain(`stroke="${chartColors.main}"`);
    }
    // Without partial buckets nothing is marked.
    expect(renderConsumptionChart(input({ values })).svg).not.toContain("data-partial");
  });

  it("marks the comparison's partial bars too, in the comparison's colour", () => {
    const values = [1.2, 3.4, 2.2];
    const { svg } = renderConsumptionChart(
      input({
        values,
        partial: [true, false, false],
        series: [
          { key: "main", label: "Now", values },
          { key: "comparison", label: "Before", values: [1, 2, 3] },
        ],
      }),
    );
    const partialBars = svg.match(/<rect[^>]*data-partial="true"[^>]*>/g) ?? [];
    expect(partialBars).toHaveLength(2);
    expect(partialBars.some((bar) => bar.includes(`stroke="${chartColors.comparison}"`))).toBe(true);
  });

  it("rings a line's partial points", () => {
    const { svg } = renderConsumptionChart(
      input({ kind: "line", values: [20.1, 21.3, 21.8], partial: [false, false, true] }),
    );
    expect(count(svg, /<circle[^>]*data-partial="true"/)).toBe(1);
  });
});
