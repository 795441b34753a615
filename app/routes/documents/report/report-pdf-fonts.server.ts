/**
 * The report PDF's fonts: Liberation Sans 2.1.5 (SIL OFL 1.1, app/assets/fonts/OFL.txt), regular and
 * bold, embedded (subset) in every PDF, as PDF/UA asks. Liberation Sans has Helvetica's metrics, so
 * the layout stayed as it was with the standard font, and it has the letters WinAnsi lacks (CO₂, the
 * narrow no-break space of Danish and Norwegian numbers, the minus sign).
 *
 * The files are inlined into the server bundle by Vite (`?inline`: a data URL), so the built server
 * and the Docker image need no font files beside them and no path that differs between source,
 * tests and build.
 *
 * What an embedded font costs per document, and what is done about it (pdfkit parses a font file
 * anew for every document, and keeps the shaped words only for that document):
 * - each face is parsed once (fontkit, pdfkit's own font reader) and shared by every document:
 *   parsing and preparing a face's shaping tables took about 100 ms per document;
 * - the shaped words are kept across documents (the report's words repeat from one to the next):
 *   OpenType shaping of a word not seen before takes about 2 ms with this face.
 * Subsetting (about 10 ms a face) and compression remain, per document.
 */
import { create, type Font, type GlyphRun } from "fontkit";
import bold from "~/assets/fonts/LiberationSans-Bold.ttf?inline";
import regular from "~/assets/fonts/LiberationSans-Regular.ttf?inline";

/** Enough for every word of the three languages' reports and the figures of many months. */
const SHAPED_WORDS_LIMIT = 20_000;

/**
 * The font with its shaped words kept: each caller gets its own copy of the glyph positions, as
 * pdfkit scales them in place; the glyphs themselves it only reads.
 */
export function withSharedShaping(font: Font, limit = SHAPED_WORDS_LIMIT): Font {
  const shaped = new Map<string, GlyphRun>();
  const shared: Font = Object.create(font);
  shared.layout = (text: string, features?: string[]) => {
    if (features !== undefined) return font.layout(text, features);
    let run = shaped.get(text);
    if (!run) {
      run = font.layout(text);
      if (shaped.size >= limit) shaped.delete(shaped.keys().next().value!);
      shaped.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
  return shared;
}

function fontOf(dataUrl: string): Font {
  return withSharedShaping(create(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64")) as Font);
}

export const reportFonts = {
  regular: fontOf(regular),
  bold: fontOf(bold),
} as const;
