import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { demoTenancyIds } from "./helpers";
import { everyPageHtml, type PageHtml } from "./page-html";

/**
 * Every page as a text browser reads it (w3m and lynx: residents who block scripts, and close to a
 * screen reader's linear reading): each figure with its name, a separator and its unit, never run
 * together with the next thing; help links with words, not a bare "?"; charts as their title,
 * summary and table, without their axis and legend text. .ci/run installs both browsers.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "reads the server's HTML, the same for both projects");

const textBrowsers = {
  // Wide enough that no line wraps: a figure and its name stay on one line.
  w3m: ["-dump", "-T", "text/html", "-cols", "1000", "-I", "UTF-8", "-O", "UTF-8"],
  lynx: ["-dump", "-stdin", "-width=1000", "-nolist", "-assume_charset=utf-8", "-display_charset=utf-8"],
} as const;
type TextBrowser = keyof typeof textBrowsers;
const installed = Object.keys(textBrowsers).every((name) => !spawnSync(name, ["-version"]).error);
test.skip(!installed && !process.env.CI, "w3m or lynx is not installed here (apt-get install w3m lynx; .ci/run does)");

function dump(browser: TextBrowser, html: string): string {
  const run = spawnSync(browser, textBrowsers[browser], { input: html, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`${browser} failed: ${run.error ?? run.stderr}`);
  return run.stdout;
}

/** Units the portal writes after a number (spec section 9), in the three languages. */
const units = [
  "kWh",
  "MWh",
  "m³",
  "m²",
  "°C",
  "%",
  "enheder",
  "units",
  "enheter",
  "kr.",
  "DKK",
  "NOK",
  "g CO₂",
  "kg CO₂",
];
const unit = `(?:${units.map((u) => u.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`;

/** What must never be read on any page, each with why. */
const runTogether: { pattern: RegExp; what: string }[] = [
  {
    pattern: new RegExp(`\\d ${unit}(?=[\\p{L}\\d])`, "u"),
    what: "a unit run into the next word or figure ('694 kWhEjendommens')",
  },
  { pattern: /\d{9,}/, what: "a meter number run into its value ('Måler 61000009678 kWh')" },
  { pattern: /\p{Ll}\d/u, what: "a name run into its figure ('Stue20 °C')" },
  { pattern: /[\p{L}\p{N}.)]\[\d+\]/u, what: "a link run into the one before it ('Forbrug[21]Pris og CO₂')" },
  { pattern: /(?:^|\s)(?:\[\d+\])?\?[ \t]*$/m, what: "a help link that reads only '?'" },
];

function problems(page: PageHtml, browser: TextBrowser, text: string): string[] {
  const found = runTogether.flatMap(({ pattern, what }) => {
    const line = text.split("\n").find((l) => pattern.test(l));
    return line === undefined ? [] : [`${what}: ${JSON.stringify(line.trim().slice(0, 160))}`];
  });
  // A chart reads as its summary (its SVG's <desc>) and then stops: no axis or legend text after it.
  for (const [, desc] of page.html.matchAll(/<desc[^>]*>([^<]+)<\/desc>/g)) {
    const summary = decodeEntities(desc!).replace(/\s+/g, " ").trim();
    const line = text.split("\n").find((l) => l.replace(/\s+/g, " ").includes(summary));
    if (line === undefined) found.push(`the chart summary is not read: ${JSON.stringify(summary)}`);
    else if (!line.replace(/\s+/g, " ").trim().endsWith(summary))
      found.push(`a chart's text runs on after its summary: ${JSON.stringify(line.trim().slice(0, 200))}`);
  }
  return found.map((problem) => `${browser} ${page.who} ${page.path}: ${problem}`);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

test("every page reads in w3m and lynx with each figure apart from its neighbours", async ({ browser }) => {
  test.setTimeout(240_000);
  const pages = await everyPageHtml(browser);
  const found = pages.flatMap((page) =>
    (Object.keys(textBrowsers) as TextBrowser[]).flatMap((name) => problems(page, name, dump(name, page.html))),
  );
  expect(found, `${pages.length} pages read in w3m and lynx`).toEqual([]);

  // Known figures of Jens's first home in October 2026 (Danish), each with name, separator and unit.
  const base = `/t/${demoTenancyIds.jensFirst}`;
  const period = "from=2026-10-01&to=2026-10-31";
  const flat = (path: string, name: TextBrowser) => {
    const page = pages.find((p) => p.path === path);
    expect(page, path).toBeDefined();
    return dump(name, page!.html)
      .replace(/\[\d+\]/g, "")
      .replace(/\s+/g, " ");
  };
  const n = "\\d[\\d.]*(?:,\\d+)?";
  for (const name of Object.keys(textBrowsers) as TextBrowser[]) {
    const heat = flat(`${base}/consumption/heat-energy?${period}&compare=previous-year`, name);
    expect(heat, `${name}: view tabs`).toContain("Forbrug Pris og CO₂");
    expect(heat, `${name}: overview tabs`).toContain("Overblik Detaljeret");
    expect(heat, `${name}: the chart's caption`).toMatch(
      new RegExp(
        `Varme, 1\\. oktober 2026 – 31\\. oktober 2026\\. I alt: ${n} kWh; Sidste år \\(1\\.–31\\. oktober 2025\\): ${n} kWh`,
      ),
    );
    expect(heat, `${name}: a key figure and its comparison`).toMatch(
      // The card names the days it compares (ADR 0018), then the figure and the change.
      new RegExp(
        `Samme periode sidste år \\(1\\.–31\\. oktober 2025\\) ${n} kWh, \\d+ % (mere|mindre) end samme periode sidste år`,
      ),
    );
    expect(heat, `${name}: the per-meter list`).toMatch(new RegExp(`Måler \\d{8}: ${n} kWh`));
    expect(heat, `${name}: a help link`).toMatch(/Pr\. måler \? Hjælp: Forbrug pr\. måler/);

    const climate = flat(`${base}/consumption/indoor-climate?${period}`, name);
    expect(climate, `${name}: a room`).toMatch(new RegExp(`Stue: ${n} °C, \\p{L}+`, "u"));
    expect(climate, `${name}: the average`).toMatch(new RegExp(`Gennemsnit i perioden: ${n} %, \\p{L}+`, "u"));

    // Issue 46's figures (ADR 0070, 0072, 0073) read with their words. The heat page compared with
    // last year: the weather-adjusted comparison named after the plain one, and both periods' degree days.
    expect(heat, `${name}: the weather-adjusted key figure`).toMatch(
      new RegExp(`Vejrkorrigeret: Samme periode sidste år \\(1\\.–31\\. oktober 2025\\) ${n} kWh`),
    );
    expect(heat, `${name}: both periods' degree days`).toMatch(new RegExp(`${n} mod ${n} graddage`));
    expect(heat, `${name}: the table's degree-day column`).toContain("Graddage");
    // The same page in English, compared with the efficient neighbours: their key figure and column.
    const e = "\\d[\\d,]*(?:\\.\\d+)?";
    const neighbours = flat(`${base}/consumption/heat-energy?${period}&compare=efficient-neighbours&lng=en`, name);
    expect(neighbours, `${name}: the efficient neighbours' key figure`).toMatch(
      new RegExp(`Efficient neighbours ${e} kWh`),
    );
    expect(neighbours, `${name}: the weather-adjusted key figure in English`).toMatch(
      new RegExp(`Weather-adjusted: Same period last year \\([^)]*October 2025\\) ${e} kWh`),
    );
    expect(neighbours, `${name}: degree days in English`).toMatch(new RegExp(`${e} against ${e} degree days`));
    // The dashboard: the Forecast card (Danish and Norwegian "Prognose") and the heat card's weather line.
    const danishDashboard = flat(base, name);
    expect(danishDashboard, `${name}: the Danish Forecast card`).toContain("Prognose");
    expect(danishDashboard, `${name}: the heat card's weather line in Danish`).toContain("Vejrkorrigeret");
    const dashboard = flat(`${base}?lng=en`, name);
    expect(dashboard, `${name}: the Forecast card`).toMatch(/Forecast .*This year/);
    expect(dashboard, `${name}: the heat card's weather-adjusted comparison`).toContain("Weather-adjusted");
    // The monthly report's weather-adjusted line (Danish: the e-mail's link).
    const report = pages.find((p) => p.path.startsWith("/report/") && p.status === 200);
    expect(report, "the seed's monthly report").toBeDefined();
    const reportText = flat(report!.path, name);
    expect(reportText, `${name}: the report's weather-adjusted line`).toMatch(/Vejrkorrigeret: /);
    expect(reportText, `${name}: the report's degree days`).toMatch(/\d+ mod \d+ graddage/);
  }
});
