/**
 * The table half of the people imports, without the database or Strapi (it runs in the import
 * worker, src/modules/imports/worker): the file read as an .xlsx, its header row matched to the
 * template's columns, each data row's values by column, and the first cell too long for its
 * field noted on the row, which the import then skips with that reason.
 */
import { readSheet, SheetError, TableError, type Cell } from '../../platform/sheets/read-sheet';

export const MAX_PEOPLE_ROWS = 5000;
/** Strapi's limit for a short-text ("string") field, which refuses the whole write past it. */
export const MAX_CELL_LENGTH = 255;
export const NOT_XLSX = 'This is not a spreadsheet (.xlsx).';
export const TOO_MANY_ROWS = `The file has more than ${MAX_PEOPLE_ROWS.toLocaleString('en-US')} rows.`;

export interface PeopleRow {
  row: number;
  values: Record<string, string>;
  /** "<Column> is longer than 255 characters" for the first such column, else null. */
  tooLong: string | null;
}

export interface PeopleTemplate {
  /** The template's columns, in order. */
  columns: readonly string[];
  /** The template's name in the wrong-columns message ("learners"). */
  kind: string;
  /** Columns stored in short-text fields, so at most MAX_CELL_LENGTH characters. */
  shortText: readonly string[];
}

const cellText = (cell: Cell | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).trim();

const normal = (header: string): string => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** The rows of an uploaded people sheet; throws TableError with the client's message. */
export const readPeopleTable = async (
  buffer: Buffer,
  template: PeopleTemplate,
): Promise<PeopleRow[]> => {
  let sheet;
  try {
    sheet = await readSheet(buffer);
  } catch (error) {
    if (error instanceof SheetError) {
      throw new TableError(error.message.startsWith('This is not') ? NOT_XLSX : error.message);
    }
    throw error;
  }
  if (sheet.kind !== 'xlsx') throw new TableError(NOT_XLSX);
  const { columns, kind, shortText } = template;
  const wrong = `The file does not have the columns of the ${kind} template (${columns.join(', ')}).`;
  if (!sheet.header) throw new TableError(wrong);
  const positions = new Map<string, number>();
  sheet.header.cells.forEach((cell, i) => {
    const key = normal(cellText(cell));
    if (key && !positions.has(key)) positions.set(key, i);
  });
  if (columns.some((c) => !positions.has(normal(c)))) throw new TableError(wrong);
  const rows = sheet.rows.filter((r) => r.cells.some((c) => cellText(c) !== ''));
  if (rows.length > MAX_PEOPLE_ROWS) throw new TableError(TOO_MANY_ROWS);
  return rows.map((r) => {
    const values: Record<string, string> = {};
    for (const column of columns) {
      values[column] = cellText(r.cells[positions.get(normal(column)) ?? -1]);
    }
    const long = shortText.find((column) => (values[column] ?? '').length > MAX_CELL_LENGTH);
    return {
      row: r.row,
      values,
      tooLong: long ? `${long} is longer than ${MAX_CELL_LENGTH} characters` : null,
    };
  });
};
