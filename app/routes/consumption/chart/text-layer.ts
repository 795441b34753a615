/**
 * A chart's words (axis ticks, legend, month labels) drawn as a picture of their own inside the
 * chart's `<svg>`, instead of as `<text>` elements of the page.
 *
 * Why: text browsers (w3m, lynx) do not know SVG and print every `<text>` of an inline SVG as one
 * run-on string ("VarmeEjendommens gennemsnitkWh010203040…"), between the chart's summary and its
 * table. An SVG `<image>` they skip, like the `<title>`, so they read a chart as its title, summary
 * (`<desc>`) and table. Screen readers are unaffected: the outer `<svg role="img">` is named by its
 * title and description, and its content was never read. The numbers stay in the table.
 */

/** The page's font (app.css `body`), which an SVG shown as an image cannot inherit. */
export const chartFontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const textElement = /<text\b[^>]*>[\s\S]*?<\/text>/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * A data URL of an SVG document, percent-encoded so that it is a valid URL (no spaces, `#`, `<`,
 * quotes or non-ASCII left), with the characters a data URL may hold as they are, to keep it short.
 */
export function svgDataUrl(svgDocument: string): string {
  const encoded = encodeURIComponent(svgDocument).replace(/%(2C|2F|3A|3B|3D|40)/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return `data:image/svg+xml,${encoded}`;
}

/**
 * Moves the `<text>` elements of `svg` (markup whose root is one `<svg viewBox="0 0 w h">`) into
 * an `<image>` drawn last, over the whole view box. The texts keep their own position attributes;
 * what they inherit from the root (`font-size`, `fill`) and the page's font are set on the
 * picture's root. A text inside a transformed group would lose the transform: the charts put their
 * transforms on the `<text>` itself.
 */
export function textAsImage(svg: string, inherited: { fontFamily?: string } = {}): string {
  const open = /^<svg\b[^>]*>/.exec(svg)?.[0];
  if (!open || !svg.endsWith("</svg>")) return svg;
  const texts = svg.match(textElement);
  if (!texts) return svg;
  const viewBox = attribute(open, "viewBox")
    ?.split(/[\s,]+/)
    .map(Number);
  if (viewBox?.length !== 4 || viewBox.some((n) => !Number.isFinite(n))) return svg;
  const [x, y, width, height] = viewBox as [number, number, number, number];
  const rootAttributes = [
    `viewBox="${x} ${y} ${width} ${height}"`,
    `width="${width}"`,
    `height="${height}"`,
    `font-family="${inherited.fontFamily ?? chartFontFamily}"`,
    ...["font-size", "fill"].flatMap((name) => {
      const value = attribute(open, name);
      return value === undefined ? [] : [`${name}="${value}"`];
    }),
  ];
  const picture = `<svg xmlns="http://www.w3.org/2000/svg" ${rootAttributes.join(" ")}>${texts.join("")}</svg>`;
  const image = `<image href="${svgDataUrl(picture)}" x="${x}" y="${y}" width="${width}" height="${height}"></image>`;
  return `${svg.slice(0, -"</svg>".length).replace(textElement, "")}${image}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A picture of labels for an SVG drawn as JSX (the report's month labels): a data URL for an
 * `<image>` over the view box `0 0 width height`, each label at its point.
 */
export function labelsImageUrl({
  width,
  height,
  fontSize,
  fill,
  labels,
}: {
  width: number;
  height: number;
  fontSize: number;
  fill: string;
  labels: { x: number; y: number; anchor: "start" | "middle" | "end"; text: string }[];
}): string {
  const texts = labels
    .map((label) => `<text x="${label.x}" y="${label.y}" text-anchor="${label.anchor}">${escapeXml(label.text)}</text>`)
    .join("");
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${chartFontFamily}" font-size="${fontSize}" fill="${escapeXml(fill)}">${texts}</svg>`,
  );
}
