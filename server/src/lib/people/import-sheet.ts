/**
 * The file half of the people imports (learners, faculties, users): the same checks as the
 * question import (a file, not empty, at most 10 MB, an .xlsx by its content, not a ZIP bomb;
 * src/lib/imports), then the header row matched to the template's columns.
 */
import { readFile } from 'node:fs/promises';
import { errors } from '@strapi/utils';
import { MAX_IMPORT_BYTES, MESSAGES, type UploadedFile } from '../imports/import-questions';
import { readQuestionSheet, SheetError, type Cell } from '../imports/question-sheet';

export const MAX_PEOPLE_ROWS = 5000;
export const NOT_XLSX = 'This is not a spreadsheet (.xlsx).';
export const TOO_MANY_ROWS = `The file has more than ${MAX_PEOPLE_ROWS.toLocaleString('en-US')} rows.`;

export interface PeopleRow {
  row: number;
  values: Record<string, string>;
}

export type Skipped = Record<string, Array<{ row: number; name: string; email: string }>>;

export const skip = (
  skipped: Skipped,
  reason: string,
  row: PeopleRow,
  name: string,
  email: string,
) => {
  (skipped[reason] ??= []).push({ row: row.row, name, email });
};

const cellText = (cell: Cell | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).trim();

const normal = (header: string): string => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Reads the upload; `kind` names the template in the wrong-columns message. */
export const readPeopleSheet = async (
  file: UploadedFile | null,
  columns: readonly string[],
  kind: string,
): Promise<PeopleRow[]> => {
  if (!file) throw new errors.ValidationError(MESSAGES.noFile);
  if (file.size === 0) throw new errors.ValidationError(MESSAGES.empty);
  if (file.size > MAX_IMPORT_BYTES) throw new errors.ValidationError(MESSAGES.tooLarge);
  const buffer = await readFile(file.filepath);
  if (buffer.length === 0) throw new errors.ValidationError(MESSAGES.empty);
  if (buffer.length > MAX_IMPORT_BYTES) throw new errors.ValidationError(MESSAGES.tooLarge);
  let sheet;
  try {
    sheet = await readQuestionSheet(buffer);
  } catch (error) {
    if (error instanceof SheetError) {
      throw new errors.ValidationError(
        error.message.startsWith('This is not') ? NOT_XLSX : error.message,
      );
    }
    throw error;
  }
  if (sheet.kind !== 'xlsx') throw new errors.ValidationError(NOT_XLSX);
  const wrong = `The file does not have the columns of the ${kind} template (${columns.join(', ')}).`;
  if (!sheet.header) throw new errors.ValidationError(wrong);
  const positions = new Map<string, number>();
  sheet.header.cells.forEach((cell, i) => {
    const key = normal(cellText(cell));
    if (key && !positions.has(key)) positions.set(key, i);
  });
  if (columns.some((c) => !positions.has(normal(c)))) throw new errors.ValidationError(wrong);
  const rows = sheet.rows.filter((r) => r.cells.some((c) => cellText(c) !== ''));
  if (rows.length > MAX_PEOPLE_ROWS) throw new errors.ValidationError(TOO_MANY_ROWS);
  return rows.map((r) => {
    const values: Record<string, string> = {};
    for (const column of columns) {
      values[column] = cellText(r.cells[positions.get(normal(column)) ?? -1]);
    }
    return { row: r.row, values };
  });
};

/** "a, b; c" → ["a", "b", "c"]. */
export const listOf = (value: string): string[] =>
  value
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A real calendar day as YYYY-MM-DD, or false (31/02, month 13…). */
const calendarDay = (year: string, month: string, day: string): string | false => {
  const text = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text
    ? false
    : text;
};

/**
 * A date cell (ISO text from exceljs), YYYY-MM-DD or DD/MM/YYYY: null when blank, false when it is
 * not a real date (the row is skipped with "Invalid date" rather than imported without it).
 */
export const importDate = (value: string): string | null | false => {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (iso) return calendarDay(iso[1], iso[2], iso[3]);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (dmy) return calendarDay(dmy[3], dmy[2], dmy[1]);
  return false;
};
