// Complex-script runs of the marked copy (issue 27: Hindi in Noto Sans Devanagari). Their glyphs
// come from fontkit's shaping (conjuncts, half forms, the reordered short i, the reph), and so do
// their places: a mark such as the anusvara or the u sign is moved onto its consonant by the
// font's GPOS offsets. pdf-lib's drawText writes the shaped glyphs but advances by each glyph's
// own width and ignores those offsets (a dot lands beside the letter, not on it), so a shaped run
// is drawn glyph by glyph at the places fontkit computed, with pdf-lib's own text operators and
// its font subset (the glyph codes come from `PDFFont.encodeText`, which also records them in the
// subset and its ToUnicode map, so the text still copies and searches).
import type * as FontkitModule from '@pdf-lib/fontkit';
import { PDFHexString, drawText, degrees, type Color, type PDFFont, type PDFPage } from 'pdf-lib';

export interface Shaped {
  /** The run's advance at size 1 (the sum of the shaped advances, as drawn). */
  width: number;
  /** Each glyph's place at size 1: pen position plus its offset. */
  places: Array<{ x: number; y: number }>;
}

/** The run shaped by `font`, or undefined when fontkit's shaper throws on it. */
export const shapeRun = (font: FontkitModule.Font, text: string): Shaped | undefined => {
  try {
    const { positions } = font.layout(text);
    const em = font.unitsPerEm;
    let pen = 0;
    const places = positions.map((p) => {
      const place = { x: (pen + p.xOffset) / em, y: p.yOffset / em };
      pen += p.xAdvance;
      return place;
    });
    return { width: pen / em, places };
  } catch {
    return undefined;
  }
};

/**
 * Draws a shaped run at (x, y); pdf-lib's own drawing when its glyphs differ from fontkit's.
 * `codes`: the run's glyph codes in `font`'s subset (`font.encodeText(text).asString()`, which
 * shapes the text again: the caller keeps them per document, a word recurring in every comment).
 */
export const drawShaped = (
  page: PDFPage,
  font: PDFFont,
  text: string,
  shaped: Shaped & { codes: string },
  at: { x: number; y: number; size: number; color: Color },
): void => {
  const { codes } = shaped;
  if (codes.length !== shaped.places.length * 4) {
    page.drawText(text, { ...at, font });
    return;
  }
  const key = page.node.newFontDictionary(font.name, font.ref);
  shaped.places.forEach((place, i) => {
    page.pushOperators(
      ...drawText(PDFHexString.of(codes.slice(i * 4, i * 4 + 4)), {
        color: at.color,
        font: key,
        size: at.size,
        rotate: degrees(0),
        xSkew: degrees(0),
        ySkew: degrees(0),
        x: at.x + place.x * at.size,
        y: at.y + place.y * at.size,
      }),
    );
  });
};
