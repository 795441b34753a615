/**
 * The report's PDF, checked as DESIGN.md section 6 asks: rendered by poppler (pdftoppm), its text
 * read back (pdftotext: æ ø å and CO₂ right, the same totals as the page's view), tagged, titled;
 * and what PDF/UA-1 asks that poppler and a reading of the file's objects can show (fonts
 * embedded, the identifier, links, lists, tables, figures, artifacts). veraPDF, the reference
 * checker, is not available on these machines (no Java, not in the package registries here).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRequestI18n } from "~/i18n/i18n.server";
import { sampleReport } from "./report-fixture";
import { renderReportPdf, reportPdf } from "./report-pdf.server";
import { reportFonts } from "./report-pdf-fonts.server";
import { kidsOf, nameOf, parentTree, pdfObjects, refOf, textOf } from "./report-pdf-objects.test-support";
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
      "CO₂-udledning: 43.040 g CO₂",
      "Koldt vand: 0,0699 kr. pr. liter",
      "Seneste udgift (oktober 2026): 536,94 kr.",
      "Forbrugerrådet Tænk",
      "okt. 25",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("carries the weather-adjusted comparisons of heat, their figures recomputed from the report's", async () => {
    const heat = sampleReport.quantities[0]!;
    const da = poppler(await renderReportPdf(await viewIn("da")));
    const en = poppler(await renderReportPdf(await viewIn("en")));
    for (const [comparison, monthDa, monthEn] of [
      [heat.weatherAdjustedSameMonthLastYear!, "oktober 2025", "October 2025"],
      [heat.weatherAdjustedPreviousMonth!, "september 2026", "September 2026"],
    ] as const) {
      // The change: this month against the compared one at this month's degree days, in whole percent.
      const change = Math.round(((heat.total! - comparison.adjustedCompared!) / comparison.adjustedCompared!) * 100);
      const colder = Math.round(
        ((comparison.degreeDays! - comparison.comparedDegreeDays!) / comparison.comparedDegreeDays!) * 100,
      );
      const dd = `${Math.round(comparison.degreeDays!)} mod ${Math.round(comparison.comparedDegreeDays!)} graddage`;
      expect(da.text).toContain(
        `Vejrkorrigeret: ${Math.abs(change)} % ${change < 0 ? "mindre" : "mere"} end i ${monthDa}`,
      );
      expect(da.text).toContain(`Det var ${colder} % koldere: ${dd}`);
      expect(en.text).toContain(
        `Weather-adjusted: ${Math.abs(change)}% ${change < 0 ? "less" : "more"} than in ${monthEn}`,
      );
    }
    expect(da.text).toContain("Vejrkorrigeret: 7 % mindre end i oktober 2025");
    expect(da.text).toContain("Det var 18 % koldere: 292 mod 247 graddage");
    // Water does not follow the weather: the lines are heat's alone.
    expect(da.text.match(/Vejrkorrigeret/g)).toHaveLength(2);
  });

  it("speaks English and Norwegian", async () => {
    const en = poppler(await renderReportPdf(await viewIn("en")));
    expect(en.text).toContain("6% more than in October 2025");
    const nb = poppler(await renderReportPdf(await viewIn("nb")));
    expect(nb.text).toContain("Forbruksrapport, oktober 2026");
    expect(nb.text).toContain("Gjennomsnittsbolig i eiendommen din");
  });

  it("is drawn once per view: concurrent and later requests share it, another day's view is drawn anew", async () => {
    const view = await viewIn("da");
    const [a, b] = await Promise.all([reportPdf(view), reportPdf({ ...view })]);
    expect(a).toBe(b);
    expect(await reportPdf(view)).toBe(a);
    expect(await reportPdf(await viewIn("da", "2026-11-26"))).not.toBe(a);
  });
});

function pdfFile(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "report-pdf-")), "report.pdf");
  writeFileSync(file, pdf);
  return file;
}

/** Every string a view holds, wherever it is. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The structure elements by object number, with their type and kids. */
function structure(pdf: Buffer) {
  const objects = pdfObjects(pdf);
  const elements = new Map<number, { type: string; dict: string; kids: ReturnType<typeof kidsOf> }>();
  for (const object of objects.values()) {
    const type = nameOf(object.dict, "S");
    if (type && refOf(object.dict, "P") !== undefined)
      elements.set(object.id, { type, dict: object.dict, kids: kidsOf(object.dict) });
  }
  const root = [...objects.values()].find((o) => nameOf(o.dict, "Type") === "StructTreeRoot")!;
  const annotations = [...objects.values()].filter((o) => nameOf(o.dict, "Type") === "Annot");
  return { objects, elements, parents: parentTree(root.dict), annotations };
}

describe("the report's PDF as PDF/UA", () => {
  it("embeds every font it uses, and no standard font (pdffonts: emb yes)", async () => {
    const file = pdfFile(await renderReportPdf(await viewIn("da")));
    const rows = execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(rows.map((row) => row.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, ""))).toEqual([
      "LiberationSans-Bold",
      "LiberationSans",
    ]);
    for (const row of rows) {
      // name, type (two words), encoding, then emb, sub, uni
      const [, , , , emb, sub, uni] = row.split(/\s+/);
      expect({ row, emb, sub, uni }).toEqual({ row, emb: "yes", sub: "yes", uni: "yes" });
    }
  });

  it("writes CO₂ as it is (the standard fonts' WinAnsi has no subscript two)", async () => {
    const file = pdfFile(await renderReportPdf(await viewIn("da")));
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    expect(text).toContain("CO₂-udledning: 43.040 g CO₂");
    const en = pdfFile(await renderReportPdf(await viewIn("en")));
    expect(execFileSync("pdftotext", ["-enc", "UTF-8", en, "-"], { encoding: "utf8" })).toContain(
      "CO₂ emission: 43,040 g CO₂",
    );
  });

  it("has a letter for every character of the view, in every language, regular and bold", async () => {
    for (const language of ["da", "en", "nb"] as const) {
      const characters = new Set(stringsOf(await viewIn(language)).flatMap((text) => [...text]));
      const missing = [...characters].filter(
        (c) =>
          !(
            reportFonts.regular.hasGlyphForCodePoint(c.codePointAt(0)!) &&
            reportFonts.bold.hasGlyphForCodePoint(c.codePointAt(0)!)
          ),
      );
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it("is tagged and says it is PDF/UA-1 in its XMP metadata, with its title shown and its language", async () => {
    const pdf = await renderReportPdf(await viewIn("nb"));
    const file = pdfFile(pdf);
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Tagged:\s+yes/);
    const xmp = execFileSync("pdfinfo", ["-meta", file], { encoding: "utf8" });
    expect(xmp).toMatch(
      /xmlns:pdfuaid="http:\/\/www\.aiim\.org\/pdfua\/ns\/id\/"[^>]*>\s*<pdfuaid:part>1<\/pdfuaid:part>/,
    );
    expect(xmp).toContain("<dc:title>");
    const catalog = [...pdfObjects(pdf).values()].find((o) => nameOf(o.dict, "Type") === "Catalog")!;
    expect(textOf(catalog.dict, "Lang")).toBe("nb-NO");
    expect(pdf.toString("latin1")).toMatch(/\/DisplayDocTitle\s+true/);
    expect(pdf.toString("latin1")).toMatch(/\/Marked\s+true/);
  });

  it("tags each link annotation as a Link element holding it, with a description naming its address", async () => {
    const { elements, parents, annotations } = structure(await renderReportPdf(await viewIn("da")));
    const links = annotations.filter((a) => nameOf(a.dict, "Subtype") === "Link");
    // The two advice contacts and the two app stores.
    expect(links.map((a) => /\/URI\s*\(([^)]*)\)/.exec(a.dict)?.[1] ?? textOf(a.dict, "Contents"))).toHaveLength(4);
    for (const annotation of links) {
      const key = Number(/\/StructParent\s+(\d+)/.exec(annotation.dict)?.[1]);
      const element = elements.get(parents.get(key) as number);
      expect(element?.type).toBe("Link");
      expect(element?.kids.annotations).toContain(annotation.id);
      const description = textOf(annotation.dict, "Contents") ?? "";
      expect(description).toMatch(/^.+: https:\/\/\S+$/);
    }
    const described = links.map((a) => textOf(a.dict, "Contents"));
    expect(described).toEqual([
      "SparEnergi (Energistyrelsen): https://sparenergi.dk",
      "Forbrugerrådet Tænk: https://taenk.dk",
      "Hent i App Store: https://apps.example/a",
      "Hent på Google Play: https://apps.example/g",
    ]);
    // Every Link element holds an annotation and marked text (its visible words).
    for (const element of [...elements.values()].filter((e) => e.type === "Link")) {
      expect(element.kids.annotations).toHaveLength(1);
      expect(element.dict).toMatch(/\/K\s*\[\s*\d+\s/);
    }
  });

  it("tags lists as lists: L of LI, each a label (Lbl) and a body (LBody)", async () => {
    const { elements } = structure(await renderReportPdf(await viewIn("da")));
    const lists = [...elements.values()].filter((e) => e.type === "L");
    // The water prices and the advice contacts, as on the page.
    expect(lists).toHaveLength(2);
    for (const list of lists) {
      const items = list.kids.elements.map((id) => elements.get(id)!);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.type).toBe("LI");
        expect(item.kids.elements.map((id) => elements.get(id)!.type)).toEqual(["Lbl", "LBody"]);
      }
    }
  });

  it("tags headings, tables with row headers and figures with their description", async () => {
    const view = await viewIn("da");
    const { elements } = structure(await renderReportPdf(view));
    const types = [...elements.values()].map((e) => e.type);
    expect(types.filter((t) => t === "H1")).toHaveLength(1);
    expect(types.filter((t) => t === "H2").length).toBeGreaterThanOrEqual(5);
    const figures = [...elements.values()].filter((e) => e.type === "Figure");
    expect(figures).toHaveLength(view.quantities.length);
    expect(plain(textOf(figures[0]!.dict, "Alt") ?? "")).toContain("oktober 2025: 653 kWh");
    for (const row of [...elements.values()].filter((e) => e.type === "TR")) {
      const cells = row.kids.elements.map((id) => elements.get(id)!);
      expect(cells.map((c) => c.type)).toEqual(["TH", "TD"]);
      expect(cells[0]!.dict).toMatch(/\/Scope\s*\/Row/);
    }
    expect(types.filter((t) => t === "TR").length).toBe(
      view.quantities.reduce((n, q) => n + q.facts.length, 0) + (view.water?.costs.length ?? 0),
    );
  });

  it("draws nothing outside the structure tree but artifacts (every text and path in marked content)", async () => {
    const { objects } = structure(await renderReportPdf(await viewIn("da")));
    const pages = [...objects.values()].filter((o) => nameOf(o.dict, "Type") === "Page");
    expect(pages.length).toBeGreaterThan(0);
    let artifacts = 0;
    for (const page of pages) {
      // One operator a line, as pdfkit writes them, once a marked-content dictionary is on one line.
      const content = objects
        .get(refOf(page.dict, "Contents")!)!
        .stream!.toString("latin1")
        .replace(/<<[\s\S]*?>>/g, (dict) => dict.replace(/\s+/g, " "));
      const open: string[] = [];
      for (const line of content.split("\n")) {
        const operator = line.trim().split(/\s+/).pop() ?? "";
        if (operator === "BDC" || operator === "BMC") {
          open.push(line);
          if (line.startsWith("/Artifact")) artifacts++;
        } else if (operator === "EMC") open.pop();
        else if (["TJ", "Tj", "'", '"', "f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "Do", "sh"].includes(operator))
          expect({ line, markedBy: open.find((m) => /MCID|^\/Artifact/.test(m)) }).toEqual({
            line,
            markedBy: expect.any(String),
          });
      }
      expect(open).toEqual([]);
    }
    // The rule below the header.
    expect(artifacts).toBeGreaterThan(0);
  });
});
