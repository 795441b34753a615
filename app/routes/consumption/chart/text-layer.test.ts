import { describe, expect, it } from "vitest";
import { labelsImageUrl, svgDataUrl, textAsImage } from "./text-layer";

const chart =
  '<svg viewBox="0 0 720 300" width="100%" role="img" aria-labelledby="t d" font-size="12" fill="#1b1b1b">' +
  '<title id="t">Varme</title><desc id="d">Graf med 3 værdier, i kWh.</desc>' +
  '<g><line x1="64" x2="84" y1="14" y2="14"></line><text x="90" y="18">Varme</text></g>' +
  '<g role="presentation"><text x="16" y="150" transform="rotate(-90,16,152)"><tspan x="16" text-anchor="middle">kWh</tspan></text>' +
  '<text x="58" y="268"><tspan x="58" text-anchor="end">1.000</tspan></text></g>' +
  '<g fill="#1f5f8b"><rect x="67" y="174" width="7" height="89"></rect></g></svg>';

function pictureOf(svg: string): string {
  const href = /<image href="data:image\/svg\+xml,([^"]*)"/.exec(svg)?.[1];
  expect(href).toBeDefined();
  return decodeURIComponent(href!);
}

describe("textAsImage", () => {
  it("leaves no text element in the page's SVG, and keeps its title, description and shapes", () => {
    const out = textAsImage(chart);
    expect(out).not.toMatch(/<text\b/);
    expect(out).toContain('<title id="t">Varme</title><desc id="d">Graf med 3 værdier, i kWh.</desc>');
    expect(out).toContain('<rect x="67" y="174" width="7" height="89"></rect>');
    expect(out).toMatch(/^<svg viewBox="0 0 720 300" width="100%" role="img"/);
    expect(out).toMatch(/<image href="[^"]*" x="0" y="0" width="720" height="300"><\/image><\/svg>$/);
  });

  it("draws every text, with its position and transform, in a picture of the same view box and inherited look", () => {
    const picture = pictureOf(textAsImage(chart));
    expect(picture).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 720 300" width="720" height="300"/,
    );
    expect(picture).toContain('font-size="12"');
    expect(picture).toContain('fill="#1b1b1b"');
    expect(picture).toContain("font-family=");
    expect(picture).toContain('<text x="90" y="18">Varme</text>');
    expect(picture).toContain('transform="rotate(-90,16,152)"><tspan x="16" text-anchor="middle">kWh</tspan>');
    expect(picture).toContain('<tspan x="58" text-anchor="end">1.000</tspan>');
  });

  it("returns markup without texts, or that is not one SVG with a view box, as it is", () => {
    const noText = '<svg viewBox="0 0 10 10"><rect width="1" height="1"></rect></svg>';
    expect(textAsImage(noText)).toBe(noText);
    const noViewBox = '<svg width="10"><text>a</text></svg>';
    expect(textAsImage(noViewBox)).toBe(noViewBox);
    expect(textAsImage("<p>not svg</p>")).toBe("<p>not svg</p>");
  });
});

describe("svgDataUrl", () => {
  it("is a valid URL: no space, quote, hash, angle bracket or non-ASCII character left, and decodes back", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><text fill="#123">Sidste år (1.–31. oktober): 5 m³ &amp; 50 %</text></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(url).toMatch(/^[\x21-\x7e]+$/);
    expect(url).not.toMatch(/[\s"#<>]/);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(svg);
  });
});

describe("labelsImageUrl", () => {
  it("draws each label at its point, escaped, in a picture of the given size and look", () => {
    const url = labelsImageUrl({
      width: 520,
      height: 172,
      fontSize: 12,
      fill: "#4a5560",
      labels: [
        { x: 20, y: 166, anchor: "middle", text: "okt. 25" },
        { x: 60, y: 166, anchor: "middle", text: "<&>" },
      ],
    });
    const picture = decodeURIComponent(url.slice("data:image/svg+xml,".length));
    expect(picture).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 520 172" width="520" height="172"/,
    );
    expect(picture).toContain('font-size="12" fill="#4a5560"');
    expect(picture).toContain('<text x="20" y="166" text-anchor="middle">okt. 25</text>');
    expect(picture).toContain('<text x="60" y="166" text-anchor="middle">&lt;&amp;&gt;</text>');
  });
});
