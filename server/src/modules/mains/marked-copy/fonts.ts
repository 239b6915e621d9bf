// The typeface of the marked copy (issue 27): Noto Sans, shipped by @fontsource/noto-sans as one
// file per script subset (Latin, Latin Extended, Vietnamese, Greek, Cyrillic…), embedded through
// @pdf-lib/fontkit as a subset of the glyphs used. Each character is written with the first
// subset that has it, so a comment mixing Latin, Greek and Cyrillic prints as typed; a character
// no shipped subset has (∫, ≤, √, Devanagari…) prints as a visible "?", never failing the copy.
// Why the .woff files and why no Devanagari: docs/decisions.md, "Unicode in the marked copy".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as FontkitModule from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { woffToSfnt } from './woff';

/**
 * In order of preference. WOFF, not WOFF2: fontkit reads both, but the subsets it writes from a
 * WOFF2 file have damaged outlines. Devanagari is left out: fontkit's Indic shaping throws
 * (it needs a regenerator runtime the bundle lacks), which would fail the whole copy.
 */
const SUBSETS = [
  'latin',
  'latin-ext',
  'vietnamese',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
] as const;

export type Weight = 400 | 700;

const FILES = path.dirname(
  require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
);
const fileOf = (subset: string, weight: Weight): string =>
  path.join(FILES, `noto-sans-${subset}-${weight}-normal.woff`);

/** Loaded by `typefaces` (a large module: a copy without typed text, or a photo job, skips it). */
let fontkit: typeof FontkitModule | undefined;

/** Each subset file as TrueType and the code points it has (read once per thread, when needed). */
const files = new Map<string, { bytes: Uint8Array; chars: Set<number> }>();
const subsetFile = (index: number, weight: Weight) => {
  const key = `${index}-${weight}`;
  let entry = files.get(key);
  if (!entry) {
    const bytes = woffToSfnt(readFileSync(fileOf(SUBSETS[index], weight)));
    if (!fontkit) throw new Error('fontkit is not loaded.');
    entry = { bytes, chars: new Set(fontkit.create(bytes).characterSet) };
    files.set(key, entry);
  }
  return entry;
};

/** The subset (index into SUBSETS) that writes this code point, or -1 when none does. */
const found = new Map<string, number>();
const subsetOf = (codePoint: number, weight: Weight): number => {
  const key = `${codePoint}-${weight}`;
  let index = found.get(key);
  if (index === undefined) {
    index = SUBSETS.findIndex((_, i) => subsetFile(i, weight).chars.has(codePoint));
    found.set(key, index);
  }
  return index;
};

export interface Typeface {
  /** Embeds the subsets this text needs; call before measuring or drawing it. */
  load(text: string): Promise<void>;
  /** The text as the copy writes it: whitespace as single spaces, unknown characters "?". */
  writable(text: string): string;
  widthOf(text: string, size: number): number;
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: Color }): void;
}

/** Noto Sans of one weight for `doc`; a subset's font is embedded only when a character needs it. */
const typeface = (doc: PDFDocument, weight: Weight): Typeface => {
  const embedded = new Map<number, PDFFont>();
  /** Each character's advance at size 1 (fontkit's layout per measure would be slow). */
  const advances = new Map<string, number>();
  /** Runs of consecutive characters written by the same subset. */
  const runs = (text: string): Array<{ index: number; text: string }> => {
    const out: Array<{ index: number; text: string }> = [];
    for (const ch of text.replace(/\s+/g, ' ')) {
      const found = subsetOf(ch.codePointAt(0) ?? -1, weight);
      const index = found < 0 ? 0 : found;
      const shown = found < 0 ? '?' : ch;
      const last = out[out.length - 1];
      if (last && last.index === index) last.text += shown;
      else out.push({ index, text: shown });
    }
    return out;
  };
  const fontOf = (index: number): PDFFont => {
    const font = embedded.get(index);
    if (!font) throw new Error(`Noto Sans ${SUBSETS[index]} was not loaded for this text.`);
    return font;
  };
  const widthOf = (text: string, size: number): number => {
    let width = 0;
    for (const run of runs(text)) {
      for (const ch of run.text) {
        const key = `${run.index}:${ch}`;
        let advance = advances.get(key);
        if (advance === undefined) {
          advance = fontOf(run.index).widthOfTextAtSize(ch, 1);
          advances.set(key, advance);
        }
        width += advance * size;
      }
    }
    return width;
  };
  return {
    load: async (text) => {
      for (const { index } of runs(text)) {
        if (embedded.has(index)) continue;
        const { bytes } = subsetFile(index, weight);
        embedded.set(index, await doc.embedFont(bytes, { subset: true }));
      }
    },
    writable: (text) =>
      runs(text)
        .map((r) => r.text)
        .join(''),
    widthOf,
    draw: (page, text, { x, y, size, color }) => {
      let left = x;
      for (const run of runs(text)) {
        const font = fontOf(run.index);
        page.drawText(run.text, { x: left, y, size, font, color });
        left += widthOf(run.text, size);
      }
    },
  };
};

/** The copy's two weights (call once per document): regular for comments, bold for stamps. */
export const typefaces = async (
  doc: PDFDocument,
): Promise<{ regular: Typeface; bold: Typeface }> => {
  const kit = (fontkit ??= await import('@pdf-lib/fontkit'));
  doc.registerFontkit(kit);
  return { regular: typeface(doc, 400), bold: typeface(doc, 700) };
};
