// The font files the marked copy writes its text with (issue 27), in order of preference: Noto
// Sans (@fontsource/noto-sans, one file per script subset), then Noto Sans Math (∫ ≤ √ ∞ ✓ and
// the other maths signs no Noto Sans subset carries), then Noto Sans Devanagari (Hindi, Marathi,
// Sanskrit…). Each file is read, unwrapped from WOFF and its character set taken once per thread,
// only when a character is not found in the files before it. A fallback file that cannot be read,
// or whose shaping fails, is treated as having no characters: they print "?" rather than failing
// the copy. Why these files: docs/decisions.md, "Issue 27: maths and Hindi in the marked copy".
import { readFileSync } from 'node:fs';
import type * as FontkitModule from '@pdf-lib/fontkit';
import { woffToSfnt } from './woff';

export type Weight = 400 | 700;

export interface FontFile {
  /** What the font is called in messages. */
  name: string;
  /** The .woff file of this weight (Noto Sans Math has only a regular weight). */
  path: (weight: Weight) => string;
  /** A complex script: widths are measured on whole shaped runs, not summed per character. */
  shaped: boolean;
}

/**
 * WOFF, not WOFF2: fontkit reads both, but the subsets it writes from a WOFF2 file have damaged
 * outlines. Paths are resolved when a file is first needed (a missing package only loses its
 * characters).
 */
const notoSans = (subset: string): FontFile => ({
  name: `Noto Sans ${subset}`,
  path: (weight) =>
    require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`),
  shaped: false,
});

export const FONT_FILES: readonly FontFile[] = [
  ...['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'].map(
    notoSans,
  ),
  {
    name: 'Noto Sans Math',
    path: () =>
      require.resolve('@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff'),
    shaped: false,
  },
  {
    name: 'Noto Sans Devanagari',
    path: (weight) =>
      require.resolve(
        `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`,
      ),
    shaped: true,
  },
];

/** A syllable that exercises the Indic shaper (conjunct, reordered vowel sign): क्षि. */
const PROBE = '\u0915\u094D\u0937\u093F';

export interface LoadedFile {
  /** The key the document's embedded fonts are kept under (the file's path). */
  key: string;
  bytes: Uint8Array;
  chars: ReadonlySet<number>;
  /** fontkit's reading of the file (undefined: none loaded). */
  font?: FontkitModule.Font;
}

const NONE: LoadedFile = { key: '', bytes: new Uint8Array(), chars: new Set() };

const loaded = new Map<string, LoadedFile>();
/** The fontkit font of each loaded file's bytes, handed to pdf-lib instead of parsing it again. */
const parsed = new WeakMap<Uint8Array, FontkitModule.Font>();

/** fontkit's reading of these bytes when they are a loaded file's (its layout set up once). */
export const parsedFont = (bytes: Uint8Array): FontkitModule.Font | undefined => parsed.get(bytes);

/** The file `index` of FONT_FILES in this weight, as TrueType with its character set. */
export const fontFile = (kit: typeof FontkitModule, index: number, weight: Weight): LoadedFile => {
  const file = FONT_FILES[index];
  const memo = `${index}-${weight}`;
  let entry = loaded.get(memo);
  if (entry) return entry;
  try {
    const key = file.path(weight);
    // Noto Sans Math's one file serves both weights: read once.
    const same = [...loaded.values()].find((e) => e.key === key);
    if (same) {
      loaded.set(memo, same);
      return same;
    }
    const bytes = woffToSfnt(readFileSync(key));
    const font = kit.create(bytes);
    // fontkit's complex-script shaping depends on a runtime (fontkit-runtime.ts): if it still
    // throws here, the script prints "?" instead of failing every copy that uses it.
    if (file.shaped) font.layout(PROBE);
    entry = { key, bytes, chars: new Set(font.characterSet), font };
    parsed.set(bytes, font);
  } catch (error) {
    // The main font (index 0) must load: without it nothing can be written.
    if (index === 0) throw error;
    entry = NONE;
  }
  loaded.set(memo, entry);
  return entry;
};
