import { describe, expect, it } from "vitest";
import { createRequestI18n } from "~/i18n/i18n.server";
import { sampleReport } from "./report-fixture";
import { changePercent, comparisonOf, reportView, sameMonthLastYear, weatherLineOf } from "./report-view";

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

  it("gives the weather-adjusted comparisons of heat with both months' whole degree days, in each language", async () => {
    const lines = (view: Awaited<ReturnType<typeof viewIn>>) =>
      view.quantities[0]!.weather.map((line) => [plain(line.change), line.detail && plain(line.detail)]);
    // Against October 2025: 742.4 kWh at this October's degree days, 694 is 6.5 % less; 291.6 against 246.9 is 18.1 % colder.
    expect(lines(await viewIn("da"))).toEqual([
      ["Vejrkorrigeret: 7 % mindre end i oktober 2025", "Det var 18 % koldere: 292 mod 247 graddage"],
      ["Vejrkorrigeret: 13 % mere end i september 2026", "Det var 122 % koldere: 292 mod 131 graddage"],
    ]);
    expect(lines(await viewIn("en"))[0]).toEqual([
      "Weather-adjusted: 7% less than in October 2025",
      "It was 18 % colder: 292 against 247 degree days",
    ]);
    expect(lines(await viewIn("nb"))[1]).toEqual([
      "Værkorrigert: 13 % mer enn i september 2026",
      "Det var 122 % kaldere: 292 mot 131 graddager",
    ]);
    expect((await viewIn("da")).quantities[0]!.weather.map((line) => line.direction)).toEqual(["less", "more"]);
    // Water does not follow the weather.
    expect((await viewIn("da")).quantities[1]!.weather).toEqual([]);
  });

  it("says why instead of a figure, and leaves gas out where it does not follow the weather", async () => {
    const heat = sampleReport.quantities[0]!;
    const unsound = (problem: "NO_OUTDOOR_DATA" | "NO_WEATHER_DEPENDENCE" | "WEAK_FIT" | "TOO_FEW_DAYS") => ({
      problem,
      degreeDays: null,
      comparedDegreeDays: null,
      adjustedCompared: null,
      change: null,
      colder: null,
    });
    const view = await viewIn("en", {
      ...sampleReport,
      quantities: [
        { ...heat, weatherAdjustedPreviousMonth: unsound("NO_OUTDOOR_DATA") },
        { ...heat, quantity: "gas-volume", weatherAdjustedSameMonthLastYear: unsound("NO_WEATHER_DEPENDENCE") },
        { ...heat, quantity: "gas-volume", weatherAdjustedPreviousMonth: unsound("WEAK_FIT") },
        { ...heat, quantity: "gas-volume", weatherAdjustedPreviousMonth: unsound("TOO_FEW_DAYS") },
        { ...heat, quantity: "hca", total: null },
      ],
    });
    const [withProblem, cooking, loose, gasTooNew, noData] = view.quantities;
    expect(withProblem!.weather[1]).toEqual({
      change: "Weather-adjusted: Previous month (September 2026)",
      detail: "There are not enough outdoor temperature readings for this period to correct for the weather.",
      direction: "none",
    });
    expect(cooking!.weather).toEqual([]);
    expect(loose!.weather).toEqual([]);
    // Gas whose fit could not be made yet may still heat: it says why.
    expect(gasTooNew!.weather[1]!.detail).toBe(
      "Your home needs at least 60 days of readings before the weather can be corrected for.",
    );
    expect(noData!.weather).toEqual([]);
  });

  it("says the weather was the same within half a percent, and nothing of it without compared degree days", () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`;
    const figure = { problem: null, degreeDays: 100.2, comparedDegreeDays: 100, adjustedCompared: 50, change: 0.004 };
    const same = weatherLineOf({ ...figure, colder: 0.002 }, { monthName: "M", reference: "R" }, "da", t);
    expect(same.direction).toBe("same");
    expect(same.detail).toBe('weather.same_weather {"degreeDays":"100","comparedDegreeDays":"100"}');
    const warmer = weatherLineOf({ ...figure, colder: -0.25 }, { monthName: "M", reference: "R" }, "da", t);
    expect(warmer.detail).toContain('weather.warmer {"degreeDays":"100","comparedDegreeDays":"100","percent":"25"}');
    const summer = weatherLineOf(
      { ...figure, degreeDays: 4, comparedDegreeDays: 0, colder: null },
      { monthName: "M", reference: "R" },
      "da",
      t,
    );
    expect(summer.detail).toBeNull();
  });
});
