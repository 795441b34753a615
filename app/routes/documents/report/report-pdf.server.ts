/**
 * The monthly report as a PDF (ADR 0028): the page's own view (report-view.ts) drawn with pdfkit
 * (ADR 0027) as PDF/UA-1 (ADR 0034): A4, PDF 1.7, the PDF/UA identifier in the XMP metadata, title
 * shown and language set, every font embedded (Liberation Sans, report-pdf-fonts.server.ts), and
 * every piece of content either in the structure tree or an artifact: headings, paragraphs,
 * sections, lists (L, LI, Lbl, LBody) as the page's lists, the facts as tables with row headers as
 * the page's description lists, the chart as a figure with its description and every bar's value,
 * links as Link elements holding their annotation, which carries a description (Contents).
 *
 * Made when asked for, kept per view (the same figures and language give the same bytes), one at
 * a time with a turn of the event loop between documents, so a burst of downloads never holds up
 * the portal's other pages for more than one document's few milliseconds.
 */
import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import { barLayout } from "./report-chart";
import { reportFonts } from "./report-pdf-fonts.server";
import type { ReportView } from "./report-view";

const BRAND = "#0b5563";
const MUTED = "#4a5560";
const TEXT = "#1b1f23";
const LAST_YEAR = "#7fa9b0";
const OTHER = "#b9cfd3";
const RULE = "#c9d6d9";

const localeOf: Record<string, string> = { da: "da-DK", en: "en-GB", nb: "nb-NO" };

type Struct = PDFKit.PDFStructureElement;
/** pdfkit takes these structure options, its type declarations do not list them yet. */
type StructOptions = { alt?: string; scope?: "Row" | "Column"; bbox?: [number, number, number, number] };
interface Style {
  size?: number;
  color?: string;
  bold?: boolean;
}

/**
 * A link annotation's description (its Contents, which PDF/UA asks for): pdfkit writes the
 * annotation of a `link` text option with an empty one, so while `draw` runs, every link the
 * document makes gets `description`. A link that wraps makes one annotation per line; each gets it.
 */
function withLinkDescription(doc: PDFKit.PDFDocument, description: string, draw: () => void) {
  const link = doc.link;
  doc.link = function (this: PDFKit.PDFDocument, x, y, w, h, url, options) {
    // pdfkit writes a String object as a PDF text string, a plain string as a name.
    const contents = new String(description) as unknown as string;
    return link.call(this, x, y, w, h, url, { ...options, Contents: contents });
  };
  try {
    draw();
  } finally {
    doc.link = link;
  }
}

/** The view as PDF bytes. */
export function renderReportPdf(view: ReportView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    pdfVersion: "1.7",
    // pdfkit 0.20 knows "PDF/UA" (the pdfuaid:part 1 in the XMP metadata); its type declarations do not yet.
    subset: "PDF/UA" as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    lang: localeOf[view.language] ?? "da-DK",
    displayTitle: true,
    // No standard font: every letter is drawn with an embedded one.
    font: "",
    info: { Title: view.title, Subject: view.address, Author: view.app.name },
  });
  // pdfkit embeds a parsed fontkit font as it does a file; its type declarations name only files.
  doc.registerFont("regular", reportFonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont("bold", reportFonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font("regular");
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const struct = (tag: string, options: StructOptions, draw: () => void): Struct =>
    doc.struct(tag, options as PDFKit.Mixins.StructureElementOptions, [draw]);
  const style = ({ size = 10.5, color = TEXT, bold = false }: Style) =>
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(size)
      .fillColor(color);

  const root = doc.struct("Document");
  doc.addStructure(root);
  /** A section (the page's <section>), added to the document before its content is drawn. */
  const section = (parent: Struct = root): Struct => {
    const sect = doc.struct("Sect");
    parent.add(sect);
    return sect;
  };
  const heading = (parent: Struct, tag: "H1" | "H2" | "H3", text: string, size: number) => {
    ensureRoom(size * 3);
    parent.add(
      struct(tag, {}, () =>
        style({ size, bold: true, color: tag === "H1" ? BRAND : TEXT }).text(text, left, doc.y, { width }),
      ),
    );
    doc.moveDown(0.3);
  };
  const paragraph = (parent: Struct, text: string, options: Style = {}) => {
    parent.add(struct("P", {}, () => style(options).text(text, left, doc.y, { width })));
    doc.moveDown(0.35);
  };
  /** A link: its text underlined in the brand colour, the annotation inside its Link element. */
  const link = (text: string, url: string, description: string, x: number, linkWidth: number, size: number) =>
    struct("Link", {}, () =>
      withLinkDescription(doc, description, () =>
        style({ size, color: BRAND }).text(text, x, doc.y, { width: linkWidth, link: url, underline: true }),
      ),
    );
  const linkParagraph = (parent: Struct, text: string, url: string, size = 10.5) => {
    const p = doc.struct("P");
    parent.add(p);
    p.add(link(text, url, text.includes(url) ? text : `${text}: ${url}`, left, width, size));
    p.end();
    doc.moveDown(0.35);
  };
  /** A bulleted list (the page's <ul>): L, and per item LI with the bullet as Lbl and the text as LBody. */
  const list = <T>(parent: Struct, items: T[], body: (item: T, x: number, bodyWidth: number) => Struct) => {
    const indent = 14;
    const l = doc.struct("L");
    parent.add(l);
    for (const item of items) {
      ensureRoom(30);
      const top = doc.y;
      const li = doc.struct("LI");
      l.add(li);
      li.add(struct("Lbl", {}, () => style({}).text("•", left + 2, top, { width: indent, lineBreak: false })));
      doc.y = top;
      li.add(body(item, left + indent, width - indent));
      li.end();
      doc.moveDown(0.25);
    }
    l.end();
    doc.moveDown(0.2);
  };
  const textItem = (text: string, x: number, bodyWidth: number) =>
    struct("LBody", {}, () => style({}).text(text, x, doc.y, { width: bodyWidth }));
  /**
   * Label–value pairs (the page's <dl>) as a table: a row per pair, the label its row header. Drawn as
   * one line "label: value", as before, so the text reads the same when copied.
   */
  const facts = (parent: Struct, rows: { label: string; value: string }[], size = 10) => {
    const table = doc.struct("Table");
    parent.add(table);
    for (const row of rows) {
      ensureRoom(size * 3);
      const tr = doc.struct("TR");
      table.add(tr);
      const top = doc.y;
      tr.add(
        struct("TH", { scope: "Row" }, () =>
          style({ size }).text(`${row.label}: `, left, top, { width, continued: true }),
        ),
      );
      tr.add(struct("TD", {}, () => style({ size }).text(row.value)));
      tr.end();
      doc.moveDown(0.35);
    }
    table.end();
  };
  /** Decoration: a rule below the header, marked as an artifact so assistive technology skips it. */
  const rule = () => {
    doc.markContent("Artifact", { type: "Layout" });
    doc
      .save()
      .lineWidth(1)
      .strokeColor(RULE)
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .stroke()
      .restore();
    doc.endMarkedContent();
    doc.moveDown(0.6);
  };

  heading(root, "H1", view.title, 20);
  paragraph(root, view.address, { color: MUTED });
  paragraph(root, view.intro);
  rule();

  const totals = section();
  heading(totals, "H2", view.totalsTitle, 15);
  for (const q of view.quantities) {
    ensureRoom(230 + 30 * q.weather.length);
    const sect = section(totals);
    heading(sect, "H3", q.name, 12.5);
    paragraph(sect, q.total, { size: 16, bold: true });
    paragraph(sect, q.comparison.text);
    for (const line of q.weather) {
      paragraph(sect, line.change);
      if (line.detail) paragraph(sect, line.detail, { size: 9.5, color: MUTED });
    }
    facts(sect, q.facts);
    drawChart(doc, sect, q.chart, left, width, ensureRoom);
    sect.end();
    doc.moveDown(0.8);
  }
  totals.end();

  if (view.water) {
    const water = section();
    heading(water, "H2", view.water.title, 15);
    list(water, view.water.prices, textItem);
    facts(water, view.water.costs);
    paragraph(water, view.water.note, { size: 9.5, color: MUTED });
    water.end();
    doc.moveDown(0.5);
  }

  const info = section();
  heading(info, "H2", view.info.title, 15);
  for (const box of view.info.boxes) {
    heading(info, "H3", box.title, 11.5);
    paragraph(info, box.text);
  }
  info.end();
  doc.moveDown(0.5);

  const advice = section();
  heading(advice, "H2", view.advice.title, 15);
  paragraph(advice, view.advice.intro);
  list(advice, view.advice.contacts, (contact, x, bodyWidth) => {
    const body = doc.struct("LBody");
    const text = `${contact.name}: ${contact.url}`;
    body.add(link(text, contact.url, text, x, bodyWidth, 10.5));
    body.end();
    return body;
  });
  for (const line of view.advice.lines) paragraph(advice, line);
  advice.end();
  doc.moveDown(0.5);

  const disclaimer = section();
  heading(disclaimer, "H2", view.disclaimer.title, 13);
  paragraph(disclaimer, view.disclaimer.text, { size: 9.5, color: MUTED });
  disclaimer.end();
  doc.moveDown(0.5);

  const app = section();
  heading(app, "H2", view.app.title, 13);
  paragraph(app, view.app.text);
  for (const store of [view.app.appStore, view.app.googlePlay])
    linkParagraph(app, `${store.label}: ${store.url}`, store.url, 9.5);
  app.end();

  root.end();
  doc.end();
  return done;
}

function drawChart(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  chart: ReportView["quantities"][number]["chart"],
  left: number,
  width: number,
  ensureRoom: (height: number) => void,
) {
  const height = 90;
  const labels = 14;
  ensureRoom(height + labels + 24);
  parent.add(
    doc.struct("P", {}, [
      () => doc.font("bold").fontSize(9.5).fillColor(MUTED).text(chart.title, left, doc.y, { width }),
    ]),
  );
  doc.moveDown(0.2);
  const top = doc.y;
  const layout = barLayout(
    chart.bars.map((bar) => bar.value),
    { width, height, gap: 0.3 },
  );
  const figure: { alt: string; bbox: [number, number, number, number] } = {
    alt: `${chart.title}. ${chart.description} ${chart.bars.map((bar) => `${bar.longLabel}: ${bar.valueText}`).join("; ")}`,
    bbox: [left, top, left + width, top + height + labels],
  };
  parent.add(
    doc.struct("Figure", figure as PDFKit.Mixins.StructureElementOptions, [
      () => {
        doc.save();
        doc
          .lineWidth(0.5)
          .strokeColor(MUTED)
          .moveTo(left, top + height)
          .lineTo(left + width, top + height)
          .stroke();
        layout.bars.forEach((rect, index) => {
          if (rect === null) return;
          const kind = chart.bars[index]!.kind;
          const h = Math.max(rect.height, 0.5);
          if (kind === "last-year")
            doc
              .lineWidth(1.2)
              .rect(left + rect.x, top + height - h, rect.width, h)
              .fillAndStroke(LAST_YEAR, BRAND);
          else doc.rect(left + rect.x, top + height - h, rect.width, h).fill(kind === "report" ? BRAND : OTHER);
        });
        doc.font("regular").fontSize(7.5).fillColor(MUTED);
        chart.bars.forEach((bar, index) => {
          const slot = width / chart.bars.length;
          doc.text(bar.label, left + layout.centers[index]! - slot / 2, top + height + 3, {
            width: slot,
            align: "center",
            lineBreak: false,
          });
        });
        doc.restore();
      },
    ]),
  );
  doc.x = left;
  doc.y = top + height + labels + 6;
}

// ---------------------------------------------------------------------------------------------
// Made once per view, one at a time

const CACHE_LIMIT = 300;
const cache = new Map<string, Promise<Buffer>>();
let queue: Promise<unknown> = Promise.resolve();

/** The cache key of a view: its content (figures, texts, language). */
export function viewKey(view: ReportView): string {
  return createHash("sha256").update(JSON.stringify(view)).digest("base64url");
}

/**
 * The PDF of a view: from the cache when the same view was drawn before (concurrent requests for
 * it share one drawing), else drawn after the documents already waiting, each on its own turn of
 * the event loop.
 */
export function reportPdf(view: ReportView): Promise<Buffer> {
  const key = viewKey(view);
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = queue
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => renderReportPdf(view));
  queue = made.catch(() => undefined);
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return made;
}
