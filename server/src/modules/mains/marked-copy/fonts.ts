// The typeface of the marked copy (issue 27): typed comments and stamps are written in runs, each
// with the first font file (font-files.ts: Noto Sans's script subsets, then Noto Sans Math, then
// Noto Sans Devanagari) that has all its characters, embedded through @pdf-lib/fontkit as a
// subset of the glyphs used and only when a run needs it. So Greek, Cyrillic, maths signs (∫ ≤ √
// ✓) and Hindi print as typed; a character no file has (an emoji, Chinese…) prints as a visible
// "?", never failing the copy. Decisions: docs/decisions.md, "Unicode in the marked copy" and
// "Issue 27: maths and Hindi in the marked copy".
import type * as FontkitModule from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { FONT_FILES, fontFile, parsedFont, type Weight } from './font-files';
import { installFontkitRuntime } from './fontkit-runtime';
import { drawShaped, shapeRun, type Shaped } from './shaping';

export type { Weight } from './font-files';

/** Loaded by `typefaces` (a large module: a copy without typed text, or a photo job, skips it). */
let fontkit: typeof FontkitModule | undefined;
const kit = (): typeof FontkitModule => {
  if (!fontkit) throw new Error('fontkit is not loaded.');
  return fontkit;
};

/** Characters that belong to the run before them when its font has them (a virama, a ZWJ…). */
const JOINING = /^[\p{M}\u200C\u200D]$/u;

/** The font (index into FONT_FILES) first in order that has this code point, or -1. */
const found = new Map<string, number>();
const fontOf = (codePoint: number, weight: Weight): number => {
  const key = `${codePoint}-${weight}`;
  let index = found.get(key);
  if (index === undefined) {
    index = FONT_FILES.findIndex((_, i) => fontFile(kit(), i, weight).chars.has(codePoint));
    found.set(key, index);
  }
  return index;
};

export interface Typeface {
  /** Embeds the fonts this text needs; call before measuring or drawing it. */
  load(text: string): Promise<void>;
  /** The text as the copy writes it: whitespace as single spaces, unknown characters "?". */
  writable(text: string): string;
  widthOf(text: string, size: number): number;
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: Color }): void;
}

interface Run {
  index: number;
  text: string;
}

/** `embedded`: the document's fonts by file, shared by both weights (Noto Sans Math has one). */
const typeface = (doc: PDFDocument, weight: Weight, embedded: Map<string, PDFFont>): Typeface => {
  /** Each character's advance at size 1 per font (fontkit's layout per measure would be slow). */
  const advances = new Map<string, number>();
  /** Complex-script runs as shaped (undefined: the shaper threw, the run prints "?"). */
  const shapedRuns = new Map<string, Shaped | undefined>();
  /** A shaped run's glyph codes in the document's subset of its font (see drawShaped). */
  const subsetCodes = new Map<string, string>();
  const shape = (index: number, text: string): Shaped | undefined => {
    const id = `${index}:${text}`;
    if (!shapedRuns.has(id)) {
      const { font } = fontFile(kit(), index, weight);
      shapedRuns.set(id, font ? shapeRun(font, text) : undefined);
    }
    return shapedRuns.get(id);
  };

  const runs = (text: string): Run[] => {
    const out: Run[] = [];
    for (const ch of text.replace(/\s+/g, ' ')) {
      const codePoint = ch.codePointAt(0) ?? -1;
      const last = out[out.length - 1];
      const joins =
        last && JOINING.test(ch) && fontFile(kit(), last.index, weight).chars.has(codePoint);
      const index = joins ? last.index : fontOf(codePoint, weight);
      const shown = index < 0 ? '?' : ch;
      if (last && last.index === Math.max(index, 0)) last.text += shown;
      else out.push({ index: Math.max(index, 0), text: shown });
    }
    // A run that its font cannot shape is written as "?" (one per character).
    return out.map((run) =>
      FONT_FILES[run.index].shaped && !shape(run.index, run.text)
        ? { index: 0, text: '?'.repeat(Array.from(run.text).length) }
        : run,
    );
  };

  const pdfFont = (index: number): PDFFont => {
    const font = embedded.get(fontFile(kit(), index, weight).key);
    if (!font) throw new Error(`${FONT_FILES[index].name} was not loaded for this text.`);
    return font;
  };

  const runWidth = (run: Run): number => {
    if (FONT_FILES[run.index].shaped) return shape(run.index, run.text)?.width ?? 0;
    let width = 0;
    for (const ch of run.text) {
      const key = `${run.index}:${ch}`;
      let advance = advances.get(key);
      if (advance === undefined) {
        advance = pdfFont(run.index).widthOfTextAtSize(ch, 1);
        advances.set(key, advance);
      }
      width += advance;
    }
    return width;
  };

  return {
    load: async (text) => {
      for (const run of runs(text)) {
        const { key, bytes } = fontFile(kit(), run.index, weight);
        if (!embedded.has(key)) embedded.set(key, await doc.embedFont(bytes, { subset: true }));
      }
    },
    writable: (text) =>
      runs(text)
        .map((r) => r.text)
        .join(''),
    widthOf: (text, size) => runs(text).reduce((sum, run) => sum + runWidth(run) * size, 0),
    draw: (page, text, { x, y, size, color }) => {
      let left = x;
      for (const run of runs(text)) {
        const font = pdfFont(run.index);
        const shaped = FONT_FILES[run.index].shaped ? shape(run.index, run.text) : undefined;
        if (shaped) {
          const id = `${run.index}:${run.text}`;
          let codes = subsetCodes.get(id);
          if (codes === undefined) {
            codes = font.encodeText(run.text).asString();
            subsetCodes.set(id, codes);
          }
          drawShaped(page, font, run.text, { ...shaped, codes }, { x: left, y, size, color });
        } else page.drawText(run.text, { x: left, y, size, font, color });
        left += runWidth(run) * size;
      }
    },
  };
};

/** The copy's two weights (call once per document): regular for comments, bold for stamps. */
export const typefaces = async (
  doc: PDFDocument,
): Promise<{ regular: Typeface; bold: Typeface }> => {
  const loadedKit = (fontkit ??= await import('@pdf-lib/fontkit'));
  installFontkitRuntime();
  // pdf-lib parses each embedded font again; it gets the thread's own reading of the file, whose
  // glyphs and shaping tables (a complex script's first layout takes ~0.2 s) are already set up.
  doc.registerFontkit({
    create: (bytes, name) => parsedFont(bytes) ?? loadedKit.create(bytes, name),
  });
  const embedded = new Map<string, PDFFont>();
  return { regular: typeface(doc, 400, embedded), bold: typeface(doc, 700, embedded) };
};
