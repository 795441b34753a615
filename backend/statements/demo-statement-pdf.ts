/**
 * The demo's allocation statements as real PDF files: what a landlord's billing system
 * would hand the portal. Made by the demo seed with pdfkit (ADR 0027): tagged, with title and
 * language, the same bytes on every machine (fixed dates in the document information).
 */
import PDFDocument from "pdfkit";

export interface DemoStatement {
  tenancyAddress: string;
  unitId: string;
  periodStart: string;
  periodEnd: string;
  /** Lines of the statement: expense type and amount in DKK (paid on account, then the share). */
  lines: { label: string; onAccount: number; share: number }[];
}

const kroner = new Intl.NumberFormat("da-DK", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The statement as PDF bytes (Danish, as a Danish landlord's would be). */
export function demoStatementPdf(statement: DemoStatement): Promise<Buffer> {
  const title = `Fordelingsregnskab ${statement.periodStart} – ${statement.periodEnd}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    pdfVersion: "1.7",
    tagged: true,
    lang: "da-DK",
    displayTitle: true,
    // Fixed, so the seed writes the same bytes every time.
    info: {
      Title: title,
      Author: "Mit Forbrug (demo)",
      Subject: statement.unitId,
      CreationDate: new Date(`${statement.periodEnd}T12:00:00Z`),
      ModDate: new Date(`${statement.periodEnd}T12:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const section = doc.struct("Sect");
  doc.addStructure(section);
  section.add(doc.struct("H1", {}, () => doc.font("Helvetica-Bold").fontSize(18).text(title)));
  section.add(
    doc.struct("P", {}, () =>
      doc
        .moveDown(0.5)
        .font("Helvetica")
        .fontSize(11)
        .text(`${statement.tenancyAddress} (${statement.unitId})`)
        .text(`Periode: ${statement.periodStart} til ${statement.periodEnd}`),
    ),
  );
  let total = 0;
  for (const line of statement.lines) {
    const balance = line.onAccount - line.share;
    total += balance;
    section.add(
      doc.struct("P", {}, () =>
        doc
          .moveDown(0.8)
          .font("Helvetica-Bold")
          .text(line.label)
          .font("Helvetica")
          .text(`Betalt a conto: ${kroner.format(line.onAccount)} kr.`)
          .text(`Din andel af udgifterne: ${kroner.format(line.share)} kr.`)
          .text(
            balance >= 0
              ? `Til udbetaling: ${kroner.format(balance)} kr.`
              : `Til betaling: ${kroner.format(-balance)} kr.`,
          ),
      ),
    );
  }
  section.add(
    doc.struct("P", {}, () =>
      doc
        .moveDown(1)
        .font("Helvetica-Bold")
        .text(
          total >= 0
            ? `I alt til udbetaling: ${kroner.format(total)} kr.`
            : `I alt til betaling: ${kroner.format(-total)} kr.`,
        ),
    ),
  );
  section.add(
    doc.struct("P", {}, () =>
      doc
        .moveDown(1)
        .font("Helvetica")
        .fontSize(9)
        .text("Demodata: dette regnskab er lavet til demonstration af lejerportalen."),
    ),
  );
  section.end();
  doc.end();
  return done;
}
