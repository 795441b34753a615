import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDisplayedNumber, parsePageFigures, parseRowLabel, textOf } from "./page-figures";

// A weekly heating page of Anna's as the portal served it (its chart drawing and smileys cut out).
const fixture = readFileSync(new URL("./fixtures/weekly-heat-da.html", import.meta.url), "utf8");

describe("parsePageFigures", () => {
  it("reads the chart's rows, legend totals and the key-figure cards", () => {
    const page = parsePageFigures(fixture);
    expect(page.language).toBe("da");
    expect(page.hasNul).toBe(false);
    expect(page.charts).toHaveLength(1);
    const chart = page.charts[0]!;
    expect(chart.title).toBe("Varme, 10. juni 2026 – 20. august 2026");
    expect(chart.legendMain).toMatchObject({ value: 51, decimals: 0 });
    expect(chart.comparisonLabel).toBe("Sidste år");
    expect(chart.legendComparison).toMatchObject({ value: 54, decimals: 0 });
    expect(chart.thinned).toBe(false);
    expect(chart.rows).toHaveLength(11);
    expect(chart.rows[0]).toMatchObject({
      label: "uge 24 2026 (8. juni 2026)",
      value: { value: 16 },
      comparison: { value: 20 },
    });
    expect(chart.rows[10]).toMatchObject({
      label: "uge 34 2026 (17. august 2026)",
      value: { value: 12 },
      comparison: { value: 4 },
    });
    expect(page.cards).toMatchObject({
      total: { value: 36, decimals: 0 },
      "previous-period": { value: 701 },
      "previous-year": { value: 33 },
      "property-average": { value: 161 },
    });
  });

  it("notices a NUL byte anywhere in the page", () => {
    expect(parsePageFigures(fixture.replace("Sidste år", "Sidste \u0000år")).hasNul).toBe(true);
  });

  it("reads a chart note and an empty comparison cell", () => {
    const html = fixture
      .replace("</figcaption>", '</figcaption><p class="chart-note">Første og sidste uge er kun en del af ugen.</p>')
      .replace("<td>4</td></tr></tbody>", "<td>—</td></tr></tbody>");
    const chart = parsePageFigures(html).charts[0]!;
    expect(chart.notes).toEqual(["Første og sidste uge er kun en del af ugen."]);
    expect(chart.rows[10]!.comparison).toBeNull();
    expect(chart.rows[10]!.comparisonText).toBe("—");
  });
});

describe("parseDisplayedNumber", () => {
  it("reads Danish and Norwegian numbers with their decimals", () => {
    expect(parseDisplayedNumber("1.234,56 kWh", "da")).toMatchObject({ value: 1234.56, decimals: 2 });
    expect(parseDisplayedNumber("0,123", "nb")).toMatchObject({ value: 0.123, decimals: 3 });
    expect(parseDisplayedNumber("5.936", "da")).toMatchObject({ value: 5936, decimals: 0 });
    expect(parseDisplayedNumber("−2,5", "da")).toMatchObject({ value: -2.5, decimals: 1 });
  });
  it("reads English numbers", () => {
    expect(parseDisplayedNumber("6,497 kWh", "en")).toMatchObject({ value: 6497, decimals: 0 });
    expect(parseDisplayedNumber("0.08", "en")).toMatchObject({ value: 0.08, decimals: 2 });
  });
  it("reads no number from a dash or an empty cell", () => {
    expect(parseDisplayedNumber("—", "da")).toBeNull();
    expect(parseDisplayedNumber("", "en")).toBeNull();
  });
});

describe("parseRowLabel", () => {
  it("reads today's labels and the marked ones", () => {
    expect(parseRowLabel("uge 24 2026 (8. juni 2026)", "week")).toEqual({
      kind: "week",
      week: 24,
      year: 2026,
      partial: false,
    });
    expect(parseRowLabel("week 24 2026 (10–14 June 2026, part of the week)", "week")).toEqual({
      kind: "week",
      week: 24,
      year: 2026,
      partial: true,
    });
    expect(parseRowLabel("uke 1 2026 (1.–4. januar 2026, del av uken)", "week")).toMatchObject({
      week: 1,
      partial: true,
    });
    expect(parseRowLabel("november 2025 (25.–30. november 2025, del af måneden)", "month")).toEqual({
      kind: "month",
      year: 2025,
      partial: true,
    });
    expect(parseRowLabel("mandag 3. marts 2026", "day")).toEqual({ kind: "day", day: 3, year: 2026, partial: false });
  });
  it("reads the hours of daylight-saving rows", () => {
    expect(parseRowLabel("29. marts 2026 01:00–02:00", "hour")).toEqual({ kind: "hour", from: 1, to: 2, zone: null });
    expect(parseRowLabel("29 March 2026 01:00–03:00", "hour")).toMatchObject({ from: 1, to: 3 });
    expect(parseRowLabel("25. oktober 2026 02:00–03:00 (CEST)", "hour")).toMatchObject({ zone: "summer" });
    expect(parseRowLabel("25. oktober 2026 02:00–03:00 (CET)", "hour")).toMatchObject({ zone: "winter" });
    expect(parseRowLabel("25 October 2026 02:00–03:00 (winter time)", "hour")).toMatchObject({ zone: "winter" });
    expect(parseRowLabel("25. oktober 2026 02:00–03:00 (sommertid)", "hour")).toMatchObject({ zone: "summer" });
  });
});

describe("textOf", () => {
  it("drops tags and React's comments and decodes entities", () => {
    expect(textOf("I alt<!-- -->: <strong>1&nbsp;234</strong> &amp; mere")).toBe("I alt: 1 234 & mere");
  });
});
