import { describe, expect, it } from "vitest";
import { createRequestI18n } from "~/i18n/i18n.server";
import { sampleReport } from "./report-fixture";
import { changePercent, comparisonOf, reportView, sameMonthLastYear } from "./report-view";

const plain = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

async function viewIn(language: "da" | "en" | "nb", report = sampleReport) {
  const t = (await createRequestI18n(language)).getFixedT(null, "common");
  const brand = {
    appName: "Mit Forbrug",
    appStores: { appStore: "https://apps.example/a", googlePlay: "https://apps.example/g" },
  };
  return reportView(report, { language, t: (key, values) => t(key, values), brand, today: "2026-11-25" });
}

describe("comparisons", () => {
  it("compare a month with the same month last year in whole percent, 'about the same' within half a percent", () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`;
    expect(changePercent(694, 653)).toBeCloseTo(6.28, 2);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(null, 5)).toBeNull();
    expect(comparisonOf(694, 653, "oktober 2025", "da", t).direction).toBe("more");
    expect(comparisonOf(600, 653, "oktober 2025", "da", t)).toMatchObject({ direction: "less" });
    expect(comparisonOf(653.2, 653, "oktober 2025", "da", t).direction).toBe("same");
    expect(comparisonOf(1, null, "oktober 2025", "da", t).direction).toBe("none");
    expect(sameMonthLastYear("2026-01")).toBe("2025-01");
  });
});

describe("reportView", () => {
  it("says the month, the totals and their comparison in Danish", async () => {
    const view = await viewIn("da");
    expect(view.title).toBe("Forbrugsrapport, oktober 2026");
    expect(view.address).toBe("Nørrebrogade 148B, 4. tv., 2200 København N");
    const [heat, water] = view.quantities;
    expect(plain(heat!.total)).toBe("694 kWh");
    expect(plain(heat!.comparison.text)).toBe("6 % mere end i oktober 2025");
    expect(heat!.facts.map((f) => `${f.label}: ${plain(f.value)}`)).toEqual([
      "Måneden før (september 2026): 294 kWh",
      "Samme måned sidste år (oktober 2025): 653 kWh",
      "Gennemsnitsbolig i din ejendom: 610 kWh",
      "CO₂-udledning: 43.040 g CO₂",
    ]);
    expect(heat!.chart.bars).toHaveLength(13);
    expect(heat!.chart.bars[0]).toMatchObject({ kind: "last-year", label: "okt. 25", longLabel: "oktober 2025" });
    expect(heat!.chart.bars[12]).toMatchObject({ kind: "report", label: "okt." });
    expect(plain(water!.comparison.text)).toBe("Sammenligning ikke mulig: intet tal for oktober 2025");
    expect(view.water!.prices.map(plain)).toEqual(["Koldt vand: 0,0699 kr. pr. liter"]);
    expect(view.water!.costs.map((c) => `${c.label}: ${plain(c.value)}`)).toEqual([
      "Seneste udgift (oktober 2026): 536,94 kr.",
      "Forrige udgift (september 2026): 526,39 kr.",
    ]);
    expect(view.advice.contacts.map((c) => c.url)).toContain("https://sparenergi.dk");
    expect(view.disclaimer.text).toContain("25. november 2026");
    expect(view.app).toMatchObject({
      name: "Mit Forbrug",
      appStore: { url: "https://apps.example/a" },
      googlePlay: { url: "https://apps.example/g" },
    });
    expect(view.fileName).toBe("forbrugsrapport-2026-10.pdf");
  });

  it("speaks English and Norwegian, and points a Norwegian property to Norwegian advice", async () => {
    const en = await viewIn("en");
    expect(en.title).toBe("Consumption report, October 2026");
    expect(plain(en.quantities[0]!.comparison.text)).toBe("6% more than in October 2025");
    expect(en.water!.prices.map(plain)).toEqual(["Cold water: 0.0699 DKK per litre"]);
    const nb = await viewIn("nb", { ...sampleReport, country: "NO" });
    expect(nb.title).toBe("Forbruksrapport, oktober 2026");
    expect(nb.advice.contacts.map((c) => c.name)).toEqual(["Enova", "Forbrukerrådet"]);
    expect(nb.fileName).toBe("forbruksrapport-2026-10.pdf");
  });

  it("has no water section without water prices and no CO2 line without a footprint", async () => {
    const view = await viewIn("en", {
      ...sampleReport,
      waterCost: null,
      quantities: [{ ...sampleReport.quantities[0]!, co2Grams: null }],
    });
    expect(view.water).toBeNull();
    expect(view.quantities[0]!.facts.some((f) => f.label.includes("CO₂"))).toBe(false);
    expect(view.advice.lines.some((line) => line.includes("CO₂"))).toBe(false);
  });
});
