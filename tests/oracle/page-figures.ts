/**
 * The figures a consumption page shows, read from its HTML as a resident's browser receives it:
 * each chart's data-table rows and legend totals, and the key-figure cards. Plain string parsing
 * of the server's markup (no DOM library): the classes are the page's own (chart-figure,
 * chart-table, legend-main, legend-comparison, kpi-list, kpi-value, chart-note).
 *
 * Numbers are read in the page's language (html lang): Danish and Norwegian "1.234,5", English
 * "1,234.5", with their displayed decimals, so a recomputed value can be compared to exactly as
 * many decimals as the page shows. Anything else in a cell ("—", empty) reads as no value.
 */

export interface DisplayedNumber {
  value: number;
  decimals: number;
  text: string;
}

export interface PageRow {
  label: string;
  value: DisplayedNumber | null;
  comparison: DisplayedNumber | null;
  /** The comparison cell's text, to tell "no column" from "empty". */
  comparisonText: string | null;
}

export interface PageChart {
  title: string;
  legendMain: DisplayedNumber | null;
  legendComparison: DisplayedNumber | null;
  comparisonLabel: string | null;
  /** The table lists only some of the chart's values (a long line was thinned out). */
  thinned: boolean;
  rows: PageRow[];
  notes: string[];
}

export interface PageFigures {
  language: string;
  charts: PageChart[];
  /** Key-figure cards by their key (total, previous-period, previous-year, property-average). */
  cards: Record<string, DisplayedNumber | null>;
  hasNul: boolean;
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  "#39": "'",
  "#x27": "'",
};

/** The text of a piece of markup: tags and comments removed, entities decoded, spaces collapsed. */
export function textOf(markup: string): string {
  return (
    markup
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing NUL bytes is the point
      .replace(/\u0000/g, "")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]*>/g, "")
      .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
        if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
        if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
        return entities[name] ?? whole;
      })
      .replace(/[\s\u00a0\u202f]+/g, " ")
      .trim()
  );
}

/**
 * A displayed number in a language: "1.234,56" (da, nb) or "1,234.56" (en), optionally with a unit
 * after it ("36 kWh"); null when the text holds no number ("—", "").
 */
export function parseDisplayedNumber(text: string, language: string): DisplayedNumber | null {
  const decimal = language.startsWith("en") ? "." : ",";
  const group = decimal === "." ? "," : ".";
  const cleaned = text.replace(/[\u00a0\u202f]/g, " ").trim();
  const esc = (c: string) => `\\${c}`;
  const match = new RegExp(`^([-−–]?)\\s*(\\d{1,3}(?:${esc(group)}\\d{3})+|\\d+)(${esc(decimal)}\\d+)?`).exec(cleaned);
  if (!match) return null;
  const integer = match[2]!.split(group).join("");
  const fraction = match[3] ?? "";
  const digits = fraction ? fraction.slice(1) : "";
  const sign = match[1] ? -1 : 1;
  return { value: sign * Number(`${integer}.${digits || "0"}`), decimals: digits.length, text: cleaned };
}

function all(markup: string, pattern: RegExp): RegExpExecArray[] {
  return [
    ...markup.matchAll(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`)),
  ];
}

/** The markup of the first element with the class, from its opening tag to its matching close. */
function elementsWithClass(markup: string, tag: string, className: string): string[] {
  const found: string[] = [];
  const open = new RegExp(`<${tag}\\b[^>]*class="(?:[^"]*\\s)?${className}(?:\\s[^"]*)?"[^>]*>`, "g");
  for (const match of markup.matchAll(open)) {
    const start = match.index!;
    let depth = 0;
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
    tags.lastIndex = start;
    for (let m = tags.exec(markup); m; m = tags.exec(markup)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        found.push(markup.slice(start, m.index + m[0].length));
        break;
      }
    }
  }
  return found;
}

function parseChart(figure: string, language: string): PageChart {
  const caption = elementsWithClass(figure, "figcaption", "chart-caption")[0] ?? "";
  const title = textOf(elementsWithClass(caption, "span", "chart-title")[0] ?? "");
  const strongOf = (markup: string | undefined) => {
    const strong = markup ? /<strong\b[^>]*>([\s\S]*?)<\/strong>/.exec(markup) : null;
    return strong ? parseDisplayedNumber(textOf(strong[1]!), language) : null;
  };
  const main = elementsWithClass(caption, "span", "legend-main")[0];
  const comparison = elementsWithClass(caption, "span", "legend-comparison")[0];
  const comparisonLabel = comparison ? textOf(comparison.replace(/<strong[\s\S]*$/, "")).replace(/:\s*$/, "") : null;

  const table = elementsWithClass(figure, "details", "chart-table")[0] ?? "";
  const captionMarkup = /<caption\b[^>]*>([\s\S]*?)<\/caption>/.exec(table)?.[1] ?? "";
  const thinned = /class="hint"/.test(captionMarkup);
  const body = /<tbody\b[^>]*>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? "";
  const rows: PageRow[] = all(body, /<tr\b[^>]*>([\s\S]*?)<\/tr>/g).map((tr) => {
    const label = textOf(/<th\b[^>]*>([\s\S]*?)<\/th>/.exec(tr[1]!)?.[1] ?? "");
    // The weather's degree-day column (ADR 0070) is no figure of the quantity: left out.
    const cells = all(tr[1]!, /<td\b([^>]*)>([\s\S]*?)<\/td>/g)
      .filter((td) => !/class="[^"]*\bdegree-days\b/.test(td[1]!))
      .map((td) => textOf(td[2]!));
    return {
      label,
      value: cells[0] === undefined ? null : parseDisplayedNumber(cells[0], language),
      comparison: cells[1] === undefined ? null : parseDisplayedNumber(cells[1], language),
      comparisonText: cells[1] ?? null,
    };
  });
  const notes = elementsWithClass(figure, "p", "chart-note").map(textOf);
  return {
    title,
    legendMain: strongOf(main),
    legendComparison: strongOf(comparison),
    comparisonLabel,
    thinned,
    rows,
    notes,
  };
}

/** Everything the oracle compares, from a page's HTML. */
export function parsePageFigures(html: string): PageFigures {
  const language = /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? "da";
  const charts = elementsWithClass(html, "figure", "chart-figure").map((figure) => parseChart(figure, language));
  const cards: Record<string, DisplayedNumber | null> = {};
  for (const list of elementsWithClass(html, "dl", "kpi-list")) {
    for (const kpi of all(list, /<div\b[^>]*class="kpi kpi-([\w-]+)"[^>]*>([\s\S]*?)<\/dd>/g)) {
      const value = /<span\b[^>]*class="kpi-value"[^>]*>([\s\S]*?)<\/span>/.exec(kpi[2]!)?.[1];
      cards[kpi[1]!] = value === undefined ? null : parseDisplayedNumber(textOf(value), language);
    }
  }
  return { language, charts, cards, hasNul: html.includes("\u0000") };
}

// ---------------------------------------------------------------------------------------------
// Row labels

export type RowLabel =
  | { kind: "hour"; from: number; to: number; zone: "summer" | "winter" | null }
  | { kind: "week"; week: number; year: number; partial: boolean }
  | { kind: "month"; year: number; partial: boolean }
  | { kind: "day"; day: number; year: number; partial: boolean };

const partialWords = ["part of the", "del af", "del av"];
const summerWords = ["summer time", "sommertid", "CEST"];
const winterWords = ["winter time", "vintertid", "normaltid", "CET)"];
const weekWords = ["week", "uge", "uke"];

/**
 * What a table row's label says: its clock hours, ISO week, month or day, and whether it is
 * marked as part of its week or month. Accepts today's labels ("uge 24 2026 (8. juni 2026)",
 * "29. marts 2026 02:00–03:00 (CEST)") and the marked ones ("week 24 2026 (10–14 June 2026,
 * part of the week)", "01:00–03:00", "02:00–03:00 (summer time)").
 */
export function parseRowLabel(label: string, span: "hour" | "day" | "week" | "month"): RowLabel {
  const partial = partialWords.some((word) => label.toLowerCase().includes(word));
  if (span === "hour") {
    const match = /(\d{2}):\d{2}\s*[–-]\s*(\d{2}):\d{2}/.exec(label);
    if (!match) throw new Error(`no hours in "${label}"`);
    const zone = summerWords.some((w) => label.includes(w))
      ? "summer"
      : winterWords.some((w) => label.includes(w))
        ? "winter"
        : null;
    return { kind: "hour", from: Number(match[1]), to: Number(match[2]), zone };
  }
  if (span === "week") {
    const match = new RegExp(`(?:${weekWords.join("|")})\\s+(\\d{1,2})\\s+(\\d{4})`, "i").exec(label);
    if (!match) throw new Error(`no week in "${label}"`);
    return { kind: "week", week: Number(match[1]), year: Number(match[2]), partial };
  }
  const year = Number(/\b(\d{4})\b/.exec(label)?.[1] ?? Number.NaN);
  if (span === "month") return { kind: "month", year, partial };
  const day = Number(/\b(\d{1,2})\.?\s/.exec(label)?.[1] ?? Number.NaN);
  return { kind: "day", day, year, partial };
}
