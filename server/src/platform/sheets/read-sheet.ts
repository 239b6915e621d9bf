/**
 * Turns an uploaded question file into a table of cell values: an .xlsx (first worksheet, read
 * with exceljs) or a .docx (its first table, read from word/document.xml). The kind is told by
 * the archive's parts, never by the file name; the archive is opened with safe-unzip first.
 */
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { zipSync, type Zippable } from 'fflate';
import { looksLikeZip, NotAZipError, safeUnzip, ZipBombError } from './safe-unzip';

export const NOT_A_SHEET = 'This is not a spreadsheet (.xlsx) or Word document (.docx).';
export const ZIP_BOMB = 'The file expands to more than 50 MB; it was refused.';

/** A cell: text, a number, or null for an empty cell. */
export type Cell = string | number | null;

export interface SheetRow {
  /** 1-based row number in the spreadsheet, or in the Word table. */
  row: number;
  cells: Cell[];
}

export interface Sheet {
  kind: 'xlsx' | 'docx';
  /** The header row (first non-blank row) and the rows after it. */
  header: SheetRow | null;
  rows: SheetRow[];
}

/** A file that cannot be read as a question table; `message` is the client's. */
export class SheetError extends Error {}

/** A problem with the whole file (the client's message, and details). */
export class TableError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const isBlankRow = (cells: Cell[]): boolean =>
  cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

const split = (rows: SheetRow[], kind: Sheet['kind']): Sheet => {
  const start = rows.findIndex((r) => !isBlankRow(r.cells));
  if (start < 0) {
    return { kind, header: null, rows: [] };
  }
  return { kind, header: rows[start], rows: rows.slice(start + 1) };
};

const cellOf = (cell: ExcelJS.Cell): Cell => {
  switch (cell.type) {
    case ExcelJS.ValueType.Null:
    case ExcelJS.ValueType.Merge:
      return null;
    case ExcelJS.ValueType.Number:
      return cell.value as number;
    case ExcelJS.ValueType.Formula: {
      // Stored as its formula text, never evaluated (nor its cached result trusted).
      const formula = cell.formula ?? (cell.value as { formula?: string }).formula ?? '';
      return `=${formula}`;
    }
    case ExcelJS.ValueType.RichText: {
      const parts = (cell.value as ExcelJS.CellRichTextValue).richText ?? [];
      return parts.map((p) => p.text ?? '').join('');
    }
    case ExcelJS.ValueType.Hyperlink: {
      const value = cell.value as ExcelJS.CellHyperlinkValue;
      const text = value.text as unknown;
      if (typeof text === 'string') return text;
      if (text && typeof text === 'object' && 'richText' in text) {
        return (text as ExcelJS.CellRichTextValue).richText.map((p) => p.text ?? '').join('');
      }
      return value.hyperlink ?? '';
    }
    case ExcelJS.ValueType.Date:
      return (cell.value as Date).toISOString();
    case ExcelJS.ValueType.Boolean:
      return cell.value ? 'TRUE' : 'FALSE';
    case ExcelJS.ValueType.Error:
      return String((cell.value as ExcelJS.CellErrorValue).error ?? '');
    default:
      return typeof cell.value === 'string' ? cell.value : (cell.text ?? null);
  }
};

const readXlsx = async (parts: Map<string, Buffer>): Promise<Sheet> => {
  // exceljs gets back exactly the bytes counted above, stored uncompressed.
  const stored: Zippable = {};
  for (const [name, data] of parts) {
    stored[name] = [data, { level: 0 }];
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(zipSync(stored)) as never);
  } catch {
    throw new SheetError(NOT_A_SHEET);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    return { kind: 'xlsx', header: null, rows: [] };
  }
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellOf(cell);
    });
    rows.push({ row: number, cells: Array.from(cells, (c) => c ?? null) });
  });
  return split(rows, 'xlsx');
};

type XmlNode = Record<string, unknown>;

const childrenOf = (node: XmlNode, tag: string): XmlNode[] =>
  Array.isArray(node[tag]) ? (node[tag] as XmlNode[]) : [];

const tagOf = (node: XmlNode): string | undefined =>
  Object.keys(node).find((key) => key !== ':@' && key !== '#text');

/** The text of a node: w:t texts, tabs and breaks; paragraphs on their own lines. */
const textOf = (nodes: XmlNode[]): string => {
  let out = '';
  for (const node of nodes) {
    const tag = tagOf(node);
    if (!tag) continue;
    if (tag === 'w:t') {
      out += childrenOf(node, tag)
        .map((n) => (typeof n['#text'] === 'string' ? n['#text'] : String(n['#text'] ?? '')))
        .join('');
    } else if (tag === 'w:tab') {
      out += '\t';
    } else if (tag === 'w:br' || tag === 'w:cr') {
      out += '\n';
    } else if (tag === 'w:p') {
      out += `${out && !out.endsWith('\n') ? '\n' : ''}${textOf(childrenOf(node, tag))}`;
    } else if (tag !== 'w:tbl' && tag !== 'w:delText' && tag !== 'w:instrText') {
      out += textOf(childrenOf(node, tag));
    }
  }
  return out;
};

const findFirst = (nodes: XmlNode[], wanted: string): XmlNode | null => {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (!tag) continue;
    if (tag === wanted) return node;
    const found = findFirst(childrenOf(node, tag), wanted);
    if (found) return found;
  }
  return null;
};

const readDocx = (parts: Map<string, Buffer>): Sheet => {
  const xml = parts.get('word/document.xml')?.toString('utf8') ?? '';
  let tree: XmlNode[];
  try {
    tree = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: true,
      trimValues: false,
      parseTagValue: false,
      processEntities: true,
      htmlEntities: false,
    }).parse(xml) as XmlNode[];
  } catch {
    throw new SheetError(NOT_A_SHEET);
  }
  const table = findFirst(tree, 'w:tbl');
  if (!table) {
    return { kind: 'docx', header: null, rows: [] };
  }
  const rows: SheetRow[] = [];
  let number = 0;
  for (const tr of childrenOf(table, 'w:tbl')) {
    if (tagOf(tr) !== 'w:tr') continue;
    number += 1;
    const cells: Cell[] = [];
    for (const tc of childrenOf(tr, 'w:tr')) {
      if (tagOf(tc) !== 'w:tc') continue;
      const text = textOf(childrenOf(tc, 'w:tc')).trim();
      cells.push(text === '' ? null : text);
    }
    rows.push({ row: number, cells });
  }
  return split(rows, 'docx');
};

/** Reads the table of an uploaded file; throws SheetError with the client's message. */
export const readSheet = async (buffer: Buffer): Promise<Sheet> => {
  if (!looksLikeZip(buffer)) {
    throw new SheetError(NOT_A_SHEET);
  }
  let parts: Map<string, Buffer>;
  try {
    parts = safeUnzip(buffer);
  } catch (error) {
    if (error instanceof ZipBombError) {
      throw new SheetError(ZIP_BOMB);
    }
    if (error instanceof NotAZipError) {
      throw new SheetError(NOT_A_SHEET);
    }
    throw error;
  }
  if (!parts.has('[Content_Types].xml')) {
    throw new SheetError(NOT_A_SHEET);
  }
  // Office never writes a DOCTYPE; one could only be there to define entities.
  for (const [name, data] of parts) {
    if (/\.(xml|rels)$/i.test(name) && data.includes('<!DOCTYPE')) {
      throw new SheetError(NOT_A_SHEET);
    }
  }
  if (parts.has('xl/workbook.xml')) {
    return readXlsx(parts);
  }
  if (parts.has('word/document.xml')) {
    return readDocx(parts);
  }
  throw new SheetError(NOT_A_SHEET);
};
