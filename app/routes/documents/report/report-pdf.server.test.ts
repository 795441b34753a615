/**
 * The report's PDF, checked as DESIGN.md section 6 asks: rendered by poppler (pdftoppm), its text
 * read back (pdftotext: æ ø å right, the same totals as the page's view), tagged, titled.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRequestI18n } from "~/i18n/i18n.server";
import { sampleReport } from "./report-fixture";
import { renderReportPdf, reportPdf, winAnsiText } from "./report-pdf.server";
import { reportView } from "./report-view";

const plain = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

async function viewIn(language: "da" | "en" | "nb", today = "2026-11-25") {
  const t = (await createRequestI18n(language)).getFixedT(null, "common");
  return reportView(sampleReport, {
    language,
    t: (key, values) => t(key, values),
    brand: {
      appName: "Mit Forbrug",
      appStores: { appStore: "https://apps.example/a", googlePlay: "https://apps.example/g" },
    },
    today,
  });
}

function poppler(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), "report-pdf-"));
  const file = path.join(dir, "report.pdf");
  writeFileSync(file, pdf);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  execFileSync("pdftoppm", ["-r", "40", "-png", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
  const png = readFileSync(path.join(dir, "page-1.png"));
  return { info, text: plain(text), png };
}

describe("the report's PDF", () => {
  it("renders, with the view's texts and figures in Danish (æ ø å), tagged, titled, in Danish", async () => {
    const view = await viewIn("da");
    const { info, text, png } = poppler(await renderReportPdf(view));
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(/Title:\s+Forbrugsrapport, oktober 2026/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.byteLength).toBeGreaterThan(2000);
    for (const expected of [
      "Forbrugsrapport, oktober 2026",
      "Nørrebrogade 148B, 4. tv., 2200 København N",
      "694 kWh",
      "6 % mere end i oktober 2025",
      "Samme måned sidste år (oktober 2025): 653 kWh",
      "CO2-udledning: 43.040 g CO2",
      "Koldt vand: 0,0699 kr. pr. liter",
      "Seneste udgift (oktober 2026): 536,94 kr.",
      "Forbrugerrådet Tænk",
      "okt. 25",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("speaks English and Norwegian", async () => {
    const en = poppler(await renderReportPdf(await viewIn("en")));
    expect(en.text).toContain("6% more than in October 2025");
    const nb = poppler(await renderReportPdf(await viewIn("nb")));
    expect(nb.text).toContain("Forbruksrapport, oktober 2026");
    expect(nb.text).toContain("Gjennomsnittsbolig i eiendommen din");
  });

  it("writes what Helvetica cannot as its nearest letters", () => {
    expect(winAnsiText("CO₂ 1\u202f000 −5")).toBe("CO2 1\u00a0000 -5");
  });

  it("is drawn once per view: concurrent and later requests share it, another day's view is drawn anew", async () => {
    const view = await viewIn("da");
    const [a, b] = await Promise.all([reportPdf(view), reportPdf({ ...view })]);
    expect(a).toBe(b);
    expect(await reportPdf(view)).toBe(a);
    expect(await reportPdf(await viewIn("da", "2026-11-26"))).not.toBe(a);
  });
});
