/**
 * What may be uploaded, checked by content (magic bytes), not only by name or declared type.
 * The file's extension must name the same kind as its content; its type is then the content's.
 */
import { open } from 'node:fs/promises';

export const TYPE_NOT_ALLOWED = 'This type of file is not allowed.';

/** Allowed MIME type by extension. */
export const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  mp4: 'video/mp4',
};

type Kind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'ole' | 'zip' | 'text' | 'mp4';

const KIND_BY_EXTENSION: Readonly<Record<string, Kind>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  txt: 'text',
  mp4: 'mp4',
};

/** Bytes of the head read to recognise a binary kind. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The binary kind of a file's first bytes, or null (text is checked separately). */
const binaryKind = (head: Buffer): Kind | null => {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, ascii('ftyp'), 4)) return 'mp4';
  return null;
};

/** An image's MIME type by its first bytes alone (PNG, JPEG, GIF, WebP), or null. */
export const imageTypeOf = (head: Buffer): string | null => {
  const kind = binaryKind(head);
  return kind === 'png' || kind === 'jpeg' || kind === 'gif' || kind === 'webp'
    ? TYPE_BY_EXTENSION[kind === 'jpeg' ? 'jpg' : kind]
    : null;
};

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The allowed MIME type of a file name and declared type, or null (by name and type only). */
export const declaredTypeAllowed = (name: string, type: string): boolean => {
  const expected = TYPE_BY_EXTENSION[extensionOf(name)];
  return expected !== undefined && expected === type.trim().toLowerCase();
};

/**
 * Incremental text check: valid UTF-8 without NUL. Feed chunks, then `end()`.
 */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  ok = true;

  push(chunk: Buffer): void {
    if (!this.ok) return;
    if (chunk.includes(0)) {
      this.ok = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.ok = false;
    }
  }

  end(): boolean {
    if (this.ok) {
      try {
        this.decoder.decode();
      } catch {
        this.ok = false;
      }
    }
    return this.ok;
  }
}

/**
 * The MIME type of a file by name and first bytes, or null when not allowed. For text files the
 * whole content must also pass `TextCheck` (the caller feeds it).
 */
export const typeByContent = (name: string, head: Buffer): string | null => {
  const extension = extensionOf(name);
  const expected = KIND_BY_EXTENSION[extension];
  if (!expected) {
    return null;
  }
  const kind = binaryKind(head);
  if (expected === 'text') {
    return kind === null ? TYPE_BY_EXTENSION[extension] : null;
  }
  return kind === expected ? TYPE_BY_EXTENSION[extension] : null;
};

/** Checks a whole file on disk; returns its MIME type or null. */
export const sniffFile = async (path: string, name: string): Promise<string | null> => {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const type = typeByContent(name, head.subarray(0, bytesRead));
    if (type !== 'text/plain') {
      return type;
    }
    const check = new TextCheck();
    for await (const chunk of handle.createReadStream({ start: 0, autoClose: false })) {
      check.push(chunk as Buffer);
      if (!check.ok) break;
    }
    return check.end() ? type : null;
  } finally {
    await handle.close();
  }
};

export const sizeLabel = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

export const tooLargeMessage = (limit: number): string =>
  `The file is larger than ${sizeLabel(limit)}.`;
