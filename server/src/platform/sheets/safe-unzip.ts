/**
 * Reads a ZIP archive (an .xlsx or .docx) without trusting it: entries are found through the
 * central directory, each one is inflated here with a streaming inflater that counts the bytes it
 * produces, and reading stops as soon as the total passes the cap, whatever sizes the headers
 * declare. The entry count is capped too. Only then is anything parsed.
 */
import { Inflate } from 'fflate';

export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const MAX_ENTRIES = 2000;

export class NotAZipError extends Error {}
export class ZipBombError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const SLICE = 64 * 1024;

export interface UnzipOptions {
  maxBytes?: number;
  maxEntries?: number;
}

/** True when the bytes start like a ZIP archive (a local file header). */
export const looksLikeZip = (buffer: Buffer): boolean =>
  buffer.length >= 30 && buffer.readUInt32LE(0) === LOCAL;

const findEndOfCentralDirectory = (buffer: Buffer): number => {
  const last = buffer.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD) {
      return at;
    }
  }
  throw new NotAZipError('no end of central directory');
};

/** Inflates raw deflate data, counting; throws ZipBombError once `budget` bytes are passed. */
const inflateCounted = (compressed: Buffer, budget: number): Buffer => {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > budget) {
      throw new ZipBombError('expands past the cap');
    }
    chunks.push(chunk);
    if (final) {
      ended = true;
    }
  });
  try {
    for (let at = 0; at < compressed.length; at += SLICE) {
      const end = Math.min(at + SLICE, compressed.length);
      inflater.push(compressed.subarray(at, end), end === compressed.length);
      if (ended) {
        break;
      }
    }
    if (compressed.length === 0) {
      inflater.push(new Uint8Array(0), true);
    }
  } catch (error) {
    if (error instanceof ZipBombError) {
      throw error;
    }
    throw new NotAZipError('corrupt deflate data');
  }
  return Buffer.concat(chunks, total);
};

/**
 * Every entry of the archive, inflated: name → bytes. Throws NotAZipError for anything that is not
 * a well-formed, unencrypted, non-ZIP64 archive, ZipBombError past the caps.
 */
export const safeUnzip = (buffer: Buffer, options: UnzipOptions = {}): Map<string, Buffer> => {
  const maxBytes = options.maxBytes ?? MAX_UNZIPPED_BYTES;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  if (!looksLikeZip(buffer)) {
    throw new NotAZipError('not a zip');
  }
  const end = findEndOfCentralDirectory(buffer);
  const count = buffer.readUInt16LE(end + 10);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new NotAZipError('zip64 is not supported');
  }
  if (count > maxEntries) {
    throw new ZipBombError('too many entries');
  }
  const entries = new Map<string, Buffer>();
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL) {
      throw new NotAZipError('bad central directory');
    }
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localOffset = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x1) {
      throw new NotAZipError('encrypted entry');
    }
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== LOCAL) {
      throw new NotAZipError('bad local header');
    }
    const dataStart =
      localOffset +
      30 +
      buffer.readUInt16LE(localOffset + 26) +
      buffer.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > buffer.length) {
      throw new NotAZipError('entry past the end of the file');
    }
    const compressed = buffer.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) {
      if (total + compressed.length > maxBytes) {
        throw new ZipBombError('expands past the cap');
      }
      data = Buffer.from(compressed);
    } else if (method === 8) {
      data = inflateCounted(compressed, maxBytes - total);
    } else {
      throw new NotAZipError(`compression method ${method}`);
    }
    total += data.length;
    if (!name.endsWith('/')) {
      if (entries.has(name)) {
        throw new NotAZipError('duplicate entry');
      }
      entries.set(name, data);
    }
  }
  return entries;
};
