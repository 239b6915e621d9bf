/**
 * Which reader a question file goes to: the templates (.xlsx/.docx, told by their content) or
 * one of the question formats (Moodle XML, GIFT, Aiken), told by the name's extension or the
 * `format` field, else by the text itself. Runs in the import worker.
 */
import { parseAiken } from './aiken';
import { formatOf, textOfBytes, type FileFormat, type ParsedFormat } from './common';
import { parseGift } from './gift';
import { parseMoodleXml } from './moodle-xml';

/** What the name or the `format` field says: a template, a format, or plain text to sniff. */
export type FileKind = 'table' | FileFormat | 'text';

const FORMATS: Record<string, FileKind> = {
  xlsx: 'table',
  docx: 'table',
  moodle: 'moodle',
  xml: 'moodle',
  gift: 'gift',
  aiken: 'aiken',
  txt: 'text',
};

/** The kind of a file from its `format` field (moodle, gift, aiken) or its name's extension. */
export const kindOf = (name: string | null | undefined, format: unknown): FileKind | null => {
  if (typeof format === 'string' && FORMATS[format.trim().toLowerCase()]) {
    return FORMATS[format.trim().toLowerCase()];
  }
  const extension = /\.([a-z0-9]+)$/i.exec(name ?? '')?.[1]?.toLowerCase();
  return extension ? (FORMATS[extension] ?? null) : null;
};

/** Parses a question file's text in the format it is written in. */
export const readFormat = (bytes: Uint8Array, kind: FileFormat | 'text'): ParsedFormat => {
  const text = textOfBytes(bytes);
  const format = formatOf(text, kind === 'text' ? null : kind);
  if (format === 'moodle') return parseMoodleXml(text);
  if (format === 'gift') return parseGift(text);
  return parseAiken(text);
};
