import type { Font } from "fontkit";
import { describe, expect, it } from "vitest";
import { reportFonts, withSharedShaping } from "./report-pdf-fonts.server";

/** A stand-in face: one glyph a letter, 500 units wide; it counts how often it shapes. */
function countingFont() {
  const calls: string[] = [];
  const font = {
    postscriptName: "Counting",
    unitsPerEm: 1000,
    hasGlyphForCodePoint: () => true,
    layout(text: string) {
      calls.push(text);
      const letters = [...text];
      return {
        glyphs: letters.map((letter) => ({
          id: letter.codePointAt(0)!,
          advanceWidth: 500,
          codePoints: [letter.codePointAt(0)!],
        })),
        positions: letters.map(() => ({ xAdvance: 500, yAdvance: 0, xOffset: 0, yOffset: 0 })),
        get advanceWidth() {
          return letters.length * 500;
        },
      };
    },
  };
  return { font: font as Font & { unitsPerEm: number }, calls };
}

describe("the report PDF's fonts", () => {
  it("shape a word once for every document, each document getting positions of its own to scale", () => {
    const { font, calls } = countingFont();
    const shared = withSharedShaping(font);
    const first = shared.layout("måned");
    // pdfkit scales the positions of its run in place.
    for (const position of first.positions) position.xAdvance *= 2;
    const second = shared.layout("måned");
    expect(calls).toEqual(["måned"]);
    expect(second.positions.map((p) => p.xAdvance)).toEqual([500, 500, 500, 500, 500]);
    expect(second.advanceWidth).toBe(2500);
    expect(first.advanceWidth).toBe(5000);
    expect(second.glyphs).toBe(first.glyphs);
  });

  it("shape anew when asked for other features, and forget the oldest word past the limit", () => {
    const { font, calls } = countingFont();
    const shared = withSharedShaping(font, 2);
    shared.layout("a", ["kern"]);
    shared.layout("a", ["kern"]);
    shared.layout("a");
    shared.layout("b");
    shared.layout("c");
    shared.layout("c");
    shared.layout("a");
    expect(calls).toEqual(["a", "a", "a", "b", "c", "a"]);
  });

  it("are the face itself for everything else pdfkit reads (metrics, subsetting)", () => {
    const { font } = countingFont();
    expect((withSharedShaping(font) as typeof font).unitsPerEm).toBe(1000);
    expect(reportFonts.regular.postscriptName).toBe("LiberationSans");
    expect(reportFonts.bold.postscriptName).toBe("LiberationSans-Bold");
    expect(reportFonts.regular.hasGlyphForCodePoint(0x2082)).toBe(true);
  });
});
