// WOFF → TrueType, in memory, for the marked copy's fonts (font-files.ts). fontkit reads WOFF, but
// it inflates a compressed table again on every access, and it reads the glyph table once per
// glyph: embedding a subset of Noto Sans straight from the .woff file made a 20-page copy 3–4
// times slower. Unwrapping the file once (each table inflated once, written as a plain sfnt) gives
// fontkit a TrueType font that it reads directly. Format: https://www.w3.org/TR/WOFF/.
//
// Glyphs are also padded to a multiple of 4 bytes: fontkit's subsets copy each glyph's bytes as
// they are and write short `loca` offsets (which count 2-byte words) when the subset is small, so
// a font whose glyphs have odd lengths (Noto Sans Math: long offsets, 1,767 of 4,060 glyphs odd)
// gives subsets whose glyphs after the first odd one are read from the wrong place (broken
// outlines). Padding is what the TrueType spec recommends; the glyphs' data are unchanged.
import { inflateSync } from 'node:zlib';

const WOFF = 0x774f4646; // 'wOFF'
const tag = (name: string): number => Buffer.from(name, 'latin1').readUInt32BE(0);

interface Table {
  tag: number;
  checksum: number;
  data: Buffer;
}

const checksum = (data: Buffer): number => {
  const padded = Buffer.alloc((data.length + 3) & ~3);
  data.copy(padded);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

/** `glyf` and `loca` with every glyph 4-byte aligned (unchanged when they already are). */
const padGlyphs = (tables: Table[]): Table[] => {
  const find = (name: string) => tables.find((t) => t.tag === tag(name));
  const [head, maxp, loca, glyf] = ['head', 'maxp', 'loca', 'glyf'].map(find);
  // Short offsets are always even, and fontkit keeps long ones long; only long ones can be odd.
  if (!head || !maxp || !loca || !glyf || head.data.readInt16BE(50) !== 1) return tables;
  const count = maxp.data.readUInt16BE(4);
  const offsets = Array.from({ length: count + 1 }, (_, i) => loca.data.readUInt32BE(i * 4));
  if (offsets.every((o) => o % 4 === 0)) return tables;
  const pieces: Buffer[] = [];
  const newLoca = Buffer.alloc((count + 1) * 4);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const piece = glyf.data.subarray(offsets[i], offsets[i + 1]);
    const padded = Buffer.alloc((piece.length + 3) & ~3);
    piece.copy(padded);
    newLoca.writeUInt32BE(at, i * 4);
    pieces.push(padded);
    at += padded.length;
  }
  newLoca.writeUInt32BE(at, count * 4);
  const replaced = new Map([
    [loca.tag, newLoca],
    [glyf.tag, Buffer.concat(pieces)],
  ]);
  return tables.map((t) => {
    const data = replaced.get(t.tag);
    return data ? { tag: t.tag, checksum: checksum(data), data } : t;
  });
};

/** The TrueType (or OpenType) font wrapped in a WOFF 1.0 file. */
export const woffToSfnt = (woff: Uint8Array): Uint8Array => {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.readUInt32BE(0) !== WOFF) throw new Error('Not a WOFF font.');
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  const read = Array.from({ length: numTables }, (_, i): Table => {
    const at = 44 + i * 20;
    const offset = input.readUInt32BE(at + 4);
    const compLength = input.readUInt32BE(at + 8);
    const origLength = input.readUInt32BE(at + 12);
    const stored = input.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table has the wrong length.');
    return { tag: input.readUInt32BE(at), checksum: input.readUInt32BE(at + 16), data };
  });
  const tables = padGlyphs(read);
  const pad = (n: number): number => (n + 3) & ~3;
  const headerSize = 12 + 16 * numTables;
  const out = Buffer.alloc(tables.reduce((sum, t) => sum + pad(t.data.length), headerSize));
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += pad(table.data.length);
  });
  return out;
};
