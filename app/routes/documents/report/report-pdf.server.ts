/**
 * The monthly report as a PDF (ADR 0028): the page's own view (report-view.ts) drawn
 * with pdfkit (ADR 0027): A4, tagged (headings, paragraphs, figures with their description),
 * title shown and language set, selectable text in standard Helvetica (WinAnsi: æ ø å).
 *
 * Made when asked for, kept per view (the same figures and language give the same bytes), one at
 * a time with a turn of the event loop between documents, so a burst of downloads never holds up
 * the portal's other pages for more than one document's few milliseconds.
 */
import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import { barLayout } from "./report-chart";
import type { ReportView } from "./report-view";

const BRAND = "#0b5563";
const MUTED = "#4a5560";
const LAST_YEAR = "#7fa9b0";
const OTHER = "#b9cfd3";

/**
 * Helvetica's WinAnsi encoding has æ ø å, the no-break space, the en dash and ³, not the
 * subscript two, the narrow no-break space or the minus sign: those are written as their nearest.
 */
export function winAnsiText(text: string): string {
  return text
    .replace(/\u2082/g, "2")
    .replace(/\u202f/g, "\u00a0")
    .replace(/\u2212/g, "-")
    .replace(/\u2009/g, " ");
}

const localeOf: Record<string, string> = { da: "da-DK", en: "en-GB", nb: "nb-NO" };

/** The view as PDF bytes. */
export function renderReportPdf(view: ReportView): Promise<Buffer> {
  const s = winAnsiText;
  const title = s(view.title);
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    pdfVersion: "1.7",
    tagged: true,
    lang: localeOf[view.language] ?? "da-DK",
    displayTitle: true,
    info: { Title: title, Subject: s(view.address), Author: s(view.app.name) },
  });
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
  const root = doc.struct("Document");
  doc.addStructure(root);
  const heading = (tag: "H1" | "H2" | "H3", text: string, size: number) => {
    ensureRoom(size * 3);
    root.add(
      doc.struct(tag, {}, () =>
        doc
          .font("Helvetica-Bold")
          .fontSize(size)
          .fillColor(tag === "H1" ? BRAND : "#1b1f23")
          .text(s(text), left, doc.y, { width }),
      ),
    );
    doc.moveDown(0.3);
  };
  const paragraph = (text: string, options: { size?: number; color?: string; bold?: boolean; link?: string } = {}) => {
    root.add(
      doc.struct("P", {}, () =>
        doc
          .font(options.bold ? "Helvetica-Bold" : "Helvetica")
          .fontSize(options.size ?? 10.5)
          .fillColor(options.link ? BRAND : (options.color ?? "#1b1f23"))
          .text(s(text), left, doc.y, { width, link: options.link, underline: options.link !== undefined }),
      ),
    );
    doc.moveDown(0.35);
  };
  const facts = (rows: { label: string; value: string }[]) => {
    for (const row of rows) paragraph(`${row.label}: ${row.value}`, { size: 10 });
  };

  heading("H1", view.title, 20);
  paragraph(view.address, { color: MUTED });
  paragraph(view.intro);
  doc.moveDown(0.5);

  heading("H2", view.totalsTitle, 15);
  for (const q of view.quantities) {
    ensureRoom(230);
    heading("H3", q.name, 12.5);
    paragraph(q.total, { size: 16, bold: true });
    paragraph(q.comparison.text);
    facts(q.facts);
    drawChart(doc, root, q.chart, left, width, ensureRoom);
    doc.moveDown(0.8);
  }

  if (view.water) {
    heading("H2", view.water.title, 15);
    for (const price of view.water.prices) paragraph(price);
    facts(view.water.costs);
    paragraph(view.water.note, { size: 9.5, color: MUTED });
    doc.moveDown(0.5);
  }

  heading("H2", view.info.title, 15);
  for (const box of view.info.boxes) {
    heading("H3", box.title, 11.5);
    paragraph(box.text);
  }
  doc.moveDown(0.5);

  heading("H2", view.advice.title, 15);
  paragraph(view.advice.intro);
  for (const contact of view.advice.contacts) paragraph(`${contact.name}: ${contact.url}`, { link: contact.url });
  for (const line of view.advice.lines) paragraph(line);
  doc.moveDown(0.5);

  heading("H2", view.disclaimer.title, 13);
  paragraph(view.disclaimer.text, { size: 9.5, color: MUTED });
  doc.moveDown(0.5);

  heading("H2", view.app.title, 13);
  paragraph(view.app.text);
  paragraph(`${view.app.appStore.label}: ${view.app.appStore.url}`, { link: view.app.appStore.url, size: 9.5 });
  paragraph(`${view.app.googlePlay.label}: ${view.app.googlePlay.url}`, { link: view.app.googlePlay.url, size: 9.5 });

  root.end();
  doc.end();
  return done;
}

function drawChart(
  doc: PDFKit.PDFDocument,
  root: PDFKit.PDFStructureElement,
  chart: ReportView["quantities"][number]["chart"],
  left: number,
  width: number,
  ensureRoom: (height: number) => void,
) {
  const height = 90;
  const labels = 14;
  ensureRoom(height + labels + 24);
  root.add(
    doc.struct("P", {}, () =>
      doc.font("Helvetica-Bold").fontSize(9.5).fillColor(MUTED).text(winAnsiText(chart.title), left, doc.y, { width }),
    ),
  );
  doc.moveDown(0.2);
  const top = doc.y;
  const layout = barLayout(
    chart.bars.map((bar) => bar.value),
    { width, height, gap: 0.3 },
  );
  root.add(
    doc.struct(
      "Figure",
      {
        alt: winAnsiText(
          `${chart.title}. ${chart.description} ${chart.bars.map((bar) => `${bar.longLabel}: ${bar.valueText}`).join("; ")}`,
        ),
      },
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
        doc.font("Helvetica").fontSize(7.5).fillColor(MUTED);
        chart.bars.forEach((bar, index) => {
          const slot = width / chart.bars.length;
          doc.text(winAnsiText(bar.label), left + layout.centers[index]! - slot / 2, top + height + 3, {
            width: slot,
            align: "center",
            lineBreak: false,
          });
        });
        doc.restore();
      },
    ),
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
