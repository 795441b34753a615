/**
 * Compares what a page shows (page-figures.ts) with the recomputation (recompute.ts): every table
 * row (its bucket, partial marking, value and comparison), the legend totals and the key-figure
 * cards, each to the decimals the page displays. Returns the differences as sentences.
 */
import type { DisplayedNumber, PageFigures } from "./page-figures";
import { parseRowLabel } from "./page-figures";
import { agreesToDisplayedDecimals, type ExpectedFigures, isoWeek, type Span } from "./recompute";

const show = (value: number | null) => (value === null ? "none" : String(Math.round(value * 10_000) / 10_000));
const shown = (value: DisplayedNumber | null) => (value === null ? "none" : value.text);

export interface Difference {
  /** Which issue item the check stands for (1–4 figures, "labels", "nul"). */
  kind:
    | "row"
    | "row-comparison"
    | "label"
    | "legend"
    | "legend-comparison"
    | "card"
    | "legend-card"
    | "nul"
    | "structure";
  message: string;
}

export function compareFigures(
  page: PageFigures,
  expected: ExpectedFigures,
  span: Span,
  compare: string,
): Difference[] {
  const out: Difference[] = [];
  const add = (kind: Difference["kind"], message: string) => out.push({ kind, message });
  if (page.hasNul) add("nul", "the page's HTML contains a NUL byte");
  const chart = page.charts[0];
  if (!chart) {
    add("structure", "no chart on the page");
    return out;
  }

  // Rows: one per bucket, unless the table was thinned out (then only the totals are checked).
  if (!chart.thinned) {
    if (chart.rows.length !== expected.rows.length) {
      add("structure", `${chart.rows.length} table rows, expected ${expected.rows.length}`);
    }
    const count = Math.min(chart.rows.length, expected.rows.length);
    for (let i = 0; i < count; i++) {
      const row = chart.rows[i]!;
      const want = expected.rows[i]!;
      let label: ReturnType<typeof parseRowLabel>;
      try {
        label = parseRowLabel(row.label, span);
      } catch (error) {
        add("label", `row "${row.label}": ${(error as Error).message}`);
        continue;
      }
      const bucket = want.bucket;
      if (bucket.span === "hour" && label.kind === "hour") {
        const from = bucket.clockHours[0]!;
        const to = (bucket.clockHours.at(-1)! + 1) % 24;
        if (label.from !== from || label.to !== to)
          add("label", `row "${row.label}": expected the clock hours ${from}:00–${to}:00`);
        if ((bucket.repeated ?? null) !== label.zone)
          add("label", `row "${row.label}": expected ${bucket.repeated ?? "no"} time-of-year mark`);
      } else if (bucket.span !== "hour") {
        if (label.kind === "week") {
          const week = isoWeek(bucket.range.from);
          if (label.week !== week.week || label.year !== week.year)
            add("label", `row "${row.label}": expected week ${week.week} ${week.year}`);
        }
        if (label.kind === "day" && label.day !== Number(bucket.range.from.slice(8, 10)))
          add("label", `row "${row.label}": expected ${bucket.range.from}`);
        if ((label.kind === "week" || label.kind === "month") && label.partial !== bucket.partial) {
          add(
            "label",
            `row "${row.label}": ${bucket.partial ? `covers only ${bucket.range.from}..${bucket.range.to} but is not marked partial` : "marked partial but is whole"}`,
          );
        }
        // The note under the chart names each partial bucket exactly as its row does (issue 45: it
        // once wrote "uge 3 2026 (15. januar 2026) (15.–18. januar 2026)" beside the row's
        // "uge 3 2026 (15.–18. januar 2026, del af ugen)").
        if (bucket.partial && chart.notes.length > 0 && !chart.notes.some((note) => note.includes(row.label))) {
          add("label", `the chart note does not name the partial row "${row.label}" as the table does`);
        }
      }
      if (!agreesToDisplayedDecimals(row.value, want.value)) {
        add("row", `row "${row.label}": shows ${shown(row.value)}, recomputed ${show(want.value)}`);
      }
      if (compare !== "none" && !agreesToDisplayedDecimals(row.comparison, want.comparison)) {
        add(
          "row-comparison",
          `row "${row.label}" ${compare}: shows ${shown(row.comparison)}, recomputed ${show(want.comparison)}`,
        );
      }
      // A comparison of more real hours than the row's one says how many (issue 25: "(2 hours)").
      const hoursNamed = new RegExp(`\\([^()]*\\b${want.comparedHours}\\s[^()]*\\)`);
      if (want.comparedHours !== undefined && !hoursNamed.test(row.comparisonText ?? "")) {
        add("label", `row "${row.label}": its comparison covers ${want.comparedHours} hours but does not say so`);
      }
    }
  }

  const partial = expected.rows.filter((row) => row.bucket.span !== "hour" && row.bucket.partial).length;
  if (partial > 0 && chart.notes.length === 0)
    add("label", `${partial} partial bucket(s) but no chart note (p.chart-note)`);

  if (!agreesToDisplayedDecimals(chart.legendMain, expected.total)) {
    add(
      "legend",
      `legend total shows ${shown(chart.legendMain)}, recomputed over ${expected.period.from}..${expected.period.to}: ${show(expected.total)}`,
    );
  }
  if (compare !== "none" && !agreesToDisplayedDecimals(chart.legendComparison, expected.comparisonTotal)) {
    add(
      "legend-comparison",
      `legend ${compare} total shows ${shown(chart.legendComparison)}, recomputed ${show(expected.comparisonTotal)}`,
    );
  }
  // The comparison's name says where its days end (issue 25): the year of the last compared date,
  // and the hour when the comparison stops inside that day.
  const end = expected.comparedEnd;
  if (end !== null && chart.comparisonLabel !== null) {
    const label = chart.comparisonLabel;
    if (!label.includes(end.lastDate.slice(0, 4)))
      add("label", `comparison "${label}" does not name ${end.lastDate}'s year`);
    if (end.until !== null && !label.includes(end.until))
      add("label", `comparison "${label}" does not say it ends at ${end.until} on ${end.lastDate}`);
    if (end.until === null && /\d{2}[:.]\d{2}/.test(label))
      add("label", `comparison "${label}" names an hour, but compares whole days to ${end.lastDate}`);
  }
  const cards: [string, number | null][] = [
    ["total", expected.cards.total],
    ["previous-period", expected.cards.previousPeriod],
    ["previous-year", expected.cards.previousYear],
    ["property-average", expected.cards.propertyAverage],
  ];
  for (const [key, value] of cards) {
    if (!(key in page.cards)) continue;
    if (!agreesToDisplayedDecimals(page.cards[key] ?? null, value))
      add("card", `card ${key} shows ${shown(page.cards[key] ?? null)}, recomputed ${show(value)}`);
  }
  // Table, legend and card must agree with one another to the displayed decimals (definition 6).
  const sameText = (a: DisplayedNumber | null | undefined, b: DisplayedNumber | null | undefined) =>
    !a || !b || a.decimals !== b.decimals || a.value === b.value;
  if (!sameText(chart.legendMain, page.cards.total))
    add("legend-card", `legend total ${shown(chart.legendMain)} ≠ card ${shown(page.cards.total ?? null)}`);
  if (compare !== "none" && !sameText(chart.legendComparison, page.cards[compare])) {
    add(
      "legend-card",
      `legend ${compare} ${shown(chart.legendComparison)} ≠ card ${shown(page.cards[compare] ?? null)}`,
    );
  }
  return out;
}
