/**
 * The little of fontkit (pdfkit's font reader, a dependency of its own) that the report PDF uses:
 * a parsed font that pdfkit embeds as it is (pdfkit's `font()` takes any object with `layout`).
 */
declare module "fontkit" {
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  }
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[]): GlyphRun;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | unknown;
}
