// Reads back the text a PDF's pages show, the way a viewer would, to test what the marked copy
// prints (issue 27): each text-showing operator's codes are mapped through its font's ToUnicode
// map (embedded fonts) or as WinAnsi bytes (standard fonts), and pieces drawn on the same line
// are joined left to right. For embedded fonts it also checks that the font program in the PDF
// has an outline for every glyph shown (a subset that lost its outlines prints blank boxes), and
// names the font each character was written with.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const {
  PDFDocument,
  PDFName,
  PDFArray,
  PDFRawStream,
  PDFDict,
  decodePDFRawStream,
} = require('pdf-lib');
const fontkit = require('@pdf-lib/fontkit');

const decode = (stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

/** `<hex>` of UTF-16BE → string. */
const utf16 = (hex) => {
  const units = [];
  for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

const toUnicodeMap = (cmap) => {
  const map = new Map();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, uni] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(Number.parseInt(code, 16), utf16(uni));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, uni] of block[1].matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const start = Number.parseInt(uni, 16);
      for (let c = Number.parseInt(lo, 16); c <= Number.parseInt(hi, 16); c++) {
        map.set(c, String.fromCharCode(start + c - Number.parseInt(lo, 16)));
      }
    }
  }
  return map;
};

/** WinAnsi bytes 0x80–0x9F that differ from Latin-1 (the ones the tests use). */
const WIN_ANSI = { 0x80: '€', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—' };

const fontReader = (doc, fontDict) => {
  const base = fontDict.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '?';
  const toUnicode = fontDict.get(PDFName.of('ToUnicode'));
  if (!toUnicode) {
    return {
      base,
      read: (hex) =>
        Array.from(Buffer.from(hex, 'hex'), (b) => ({
          ch: WIN_ANSI[b] ?? String.fromCharCode(b),
          outline: true,
        })),
    };
  }
  const map = toUnicodeMap(decode(doc.context.lookup(toUnicode)));
  const descendant = doc.context.lookup(fontDict.get(PDFName.of('DescendantFonts')));
  const cid = doc.context.lookup(descendant instanceof PDFArray ? descendant.get(0) : descendant);
  const descriptor = doc.context.lookup(cid.get(PDFName.of('FontDescriptor')));
  const file = doc.context.lookup(descriptor.get(PDFName.of('FontFile2')));
  const program = fontkit.create(Buffer.from(decodePDFRawStream(file).decode()));
  return {
    base,
    read: (hex) => {
      const out = [];
      for (let i = 0; i < hex.length; i += 4) {
        const code = Number.parseInt(hex.slice(i, i + 4), 16);
        out.push({
          ch: map.get(code) ?? '\uFFFD',
          outline: program.getGlyph(code).path.commands.length > 0,
        });
      }
      return out;
    },
  };
};

/**
 * Per page: `lines` (the text of each line, top to bottom), `blank` (characters other than spaces
 * whose glyph has no outline in the embedded font), `fonts` (character → base font name) and
 * `pieces` (each text-showing operator's text and place, in the order drawn).
 */
export const pdfText = async (bytes) => {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const resources = page.node.Resources();
    const fontDicts = resources?.lookup(PDFName.of('Font'));
    const readers = new Map();
    const readerOf = (name) => {
      if (!readers.has(name)) {
        const dict = fontDicts instanceof PDFDict ? fontDicts.lookup(PDFName.of(name)) : undefined;
        readers.set(name, dict ? fontReader(doc, dict) : undefined);
      }
      return readers.get(name);
    };
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((r) => doc.context.lookup(r))
        : [contents];
    const pieces = [];
    const blank = [];
    const fonts = {};
    for (const stream of streams.filter((s) => s instanceof PDFRawStream)) {
      let font;
      let x = 0;
      let y = 0;
      const ops = /\/([^\s/]+)\s+[\d.]+\s+Tf|([-\d.]+)\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
      for (const m of decode(stream).matchAll(ops)) {
        if (m[1]) font = readerOf(m[1]);
        else if (m[2] !== undefined) [x, y] = [Number(m[2]), Number(m[3])];
        else if (font) {
          const chars = font.read(m[4]);
          for (const { ch, outline } of chars) {
            if (!outline && ch.trim()) blank.push(ch);
            fonts[ch] ??= font.base;
          }
          pieces.push({ x, y, text: chars.map((c) => c.ch).join('') });
        }
      }
    }
    const rows = new Map();
    for (const p of pieces) {
      const key = Math.round(p.y * 10);
      rows.set(key, [...(rows.get(key) ?? []), p]);
    }
    const lines = [...rows.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, row]) =>
        row
          .sort((a, b) => a.x - b.x)
          .map((p) => p.text)
          .join(''),
      );
    return { lines, blank, fonts, pieces };
  });
};
