/**
 * The file half of the people imports (learners, faculties, users): the same checks as the
 * question import (a file, not empty, at most 10 MB, an .xlsx by its content, not a ZIP bomb;
 * src/modules/imports), then the header row matched to the template's columns, and the row helpers
 * of the three imports.
 */
import { readUpload, type UploadedFile } from '../../platform/files/uploads';
import { readPeopleRows } from './worker/read';
import type { PeopleRow, PeopleTemplate } from './people-rows';

export type { PeopleRow } from './people-rows';

export type Skipped = Record<string, Array<{ row: number; name: string; email: string }>>;

/** A reported cell is cut here: a skipped row for a too-long cell must not echo all of it. */
const REPORTED_LENGTH = 255;
const reported = (value: string): string =>
  value.length > REPORTED_LENGTH ? `${value.slice(0, REPORTED_LENGTH)}…` : value;

export const skip = (
  skipped: Skipped,
  reason: string,
  row: PeopleRow,
  name: string,
  email: string,
) => {
  (skipped[reason] ??= []).push({ row: row.row, name: reported(name), email: reported(email) });
};

/**
 * Reads the upload: the file checks here, then the sheet read in the import worker (off the
 * event loop) against the template (src/modules/imports/people-rows.ts).
 */
export const readPeopleSheet = async (
  file: UploadedFile | null,
  template: PeopleTemplate,
): Promise<PeopleRow[]> => {
  const buffer = await readUpload(file);
  return readPeopleRows(buffer, template);
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
