/** The shape of a chart as loaders send it to the page (see chart-view.server.ts). */
import type { EmptyStateKey } from "~/domain/empty-state";

export interface ChartTableRow {
  label: string;
  value: string;
  comparison: string | null;
  /** The bucket's heating degree days (heat and gas by the day or longer, ADR 0070); null without that column. */
  degreeDays: string | null;
  /** The bucket covers only part of its week or month (its label names the dates). */
  partial?: boolean;
}

export interface ChartView {
  /** The text to show when there is nothing to draw (a translation key). */
  emptyKey: EmptyStateKey;
  /**
   * SVG markup rendered by Victory on the server; null when there is nothing to draw. Plain loader
   * data: the browser gets it too, with the page's data for hydration and with a later period's
   * data, so the page's markup and its data say the same (ADR 0062).
   */
  svg: string | null;
  /** Heading and caption texts, already in the resident's language. */
  title: string;
  unit: string;
  comparisonLabel: string | null;
  /** The degree-day column's heading: for heat and gas by the day or longer, where the property has outdoor readings. */
  degreeDaysLabel: string | null;
  rows: ChartTableRow[];
  /** Values drawn / values in the period (the chart keeps each stretch's peaks). */
  drawnPoints: number;
  totalPoints: number;
  /** Whether the series is a mean (temperature, humidity …) rather than a sum: "Average", not "Total". */
  averaged: boolean;
  /** Sum (addition) or mean (average) of the main series; null without data. */
  total: number | null;
  comparisonTotal: number | null;
  totalText: string;
  comparisonTotalText: string | null;
  hasData: boolean;
  /** The chosen comparison cannot be shown here (property average per room or meter). */
  comparisonNotPossible: boolean;
  /**
   * Why the chosen comparison has no line, in words, where it could have one: the efficient
   * neighbours with fewer than 10 other homes with data for the period (ADR 0073); else null.
   */
  comparisonMissing: string | null;
  /** There is data in the period but none for its last bucket (no estimate for the latest period). */
  lastValueMissing: boolean;
  /** The back-end refused the request (for example a span too long for the resolution). */
  refused: boolean;
  /** Under the chart when some buckets are partial: which, and that they are drawn lighter (ADR 0018). */
  partialNote: string | null;
}
