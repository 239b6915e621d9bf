// WOFF → TrueType, in memory, for the marked copy's fonts (fonts.ts). fontkit reads WOFF, but it
// inflates a compressed table again on every access, and it reads the glyph table once per glyph:
// embedding a subset of Noto Sans straight from the .woff file made a 20-page copy 3–4 times
// slower. Unwrapping the file once (each table inflated once, written as a plain sfnt) gives
// fontkit a TrueType font that it reads directly. Format: https://www.w3.org/TR/WOFF/.
import { inflateSync } from 'node:zlib';

const WOFF = 0x774f4646; // 'wOFF'

/** The TrueType (or OpenType) font wrapped in a WOFF 1.0 file. */
export const woffToSfnt = (woff: Uint8Array): Uint8Array => {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.readUInt32BE(0) !== WOFF) throw new Error('Not a WOFF font.');
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = input.readUInt32BE(at + 4);
    const compLength = input.readUInt32BE(at + 8);
    const origLength = input.readUInt32BE(at + 12);
    const stored = input.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table has the wrong length.');
    return { tag: input.readUInt32BE(at), checksum: input.readUInt32BE(at + 16), data };
  });
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
