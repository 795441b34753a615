/**
 * "Download my readings" (GDPR Article 20): a unit's consumption per hour or day, one
 * column per meter, as CSV. Pure: the route gathers the series, this writes them.
 *
 * Two formats: `local` for a spreadsheet in the resident's language (Danish and Norwegian: ";"
 * between fields and a decimal comma, with a byte-order mark so Excel reads UTF-8), and `plain`
 * for programs (",", a decimal point, no mark). Numbers are never grouped and keep up to six
 * decimals, so the rows add up to the page's totals.
 */
export type CsvFormat = "local" | "plain";
export type CsvResolution = "hour" | "day";

export interface CsvColumn {
  header: string;
  /** One per timestamp; null where there is no value. */
  values: readonly (number | null)[];
}

export interface CsvDialect {
  separator: "," | ";";
  decimal: "." | ",";
  bom: boolean;
}

export function csvDialect(format: CsvFormat, language: string): CsvDialect {
  if (format === "plain") return { separator: ",", decimal: ".", bom: false };
  return language === "en" ? { separator: ",", decimal: ".", bom: true } : { separator: ";", decimal: ",", bom: true };
}

/** A field quoted when it holds the separator, a quote or a line break (RFC 4180). */
function field(text: string, dialect: CsvDialect): string {
  return /[",;\r\n]/.test(text) || text.includes(dialect.separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvNumber(value: number | null, dialect: CsvDialect): string {
  if (value === null || !Number.isFinite(value)) return "";
  const rounded = Math.round(value * 1e6) / 1e6;
  // Never exponent notation: 0.0000001 rounds to 0; large values print whole.
  const text = Math.abs(rounded) < 1e21 ? rounded.toFixed(6).replace(/\.?0+$/, "") : String(rounded);
  const normal = text === "-0" ? "0" : text;
  return dialect.decimal === "," ? normal.replace(".", ",") : normal;
}

/** The CSV text: a header row (first column `timeHeader`), then one row per timestamp. */
export function readingsCsv(
  timeHeader: string,
  timestamps: readonly string[],
  columns: readonly CsvColumn[],
  dialect: CsvDialect,
): string {
  const lines = [
    [timeHeader, ...columns.map((column) => column.header)].map((text) => field(text, dialect)).join(dialect.separator),
  ];
  timestamps.forEach((timestamp, row) => {
    lines.push(
      [timestamp, ...columns.map((column) => csvNumber(column.values[row] ?? null, dialect))].join(dialect.separator),
    );
  });
  return `${(dialect.bom ? "\uFEFF" : "") + lines.join("\r\n")}\r\n`;
}

/** The file's name: readings-DK1042-0201-2026-10-01-2026-10-31-day.csv. */
export function readingsFileName(unitId: string, from: string, to: string, resolution: CsvResolution): string {
  const safe = unitId.replace(/[^A-Za-z0-9-]/g, "");
  return `readings-${safe}-${from}-${to}-${resolution}.csv`;
}
