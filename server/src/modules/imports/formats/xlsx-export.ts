/**
 * The pool or a test's questions as the import template's spreadsheet (issue 26, pool export):
 * the template's columns (question-rows.ts COLUMNS), so the file imports back as it is. Texts a
 * spreadsheet would read as a formula get the one leading apostrophe every export uses (the
 * import then reads the text with it: such a cell is told in the notes). Rich text is written
 * as its stored HTML; a stored image stays an `<img>` with its path in this portal, so it comes
 * back only into this portal (the notes say so).
 */
import ExcelJS from 'exceljs';
import { neutralise } from '../../../platform/sheets/neutralise';
import { COLUMNS } from '../question-rows';
import type { ExportQuestion, FormatWriter } from './export-types';

const cell = (
  q: ExportQuestion,
  field: (typeof COLUMNS)[number]['field'],
): string | number | null => {
  if (field === 'tags') return q.tags.length > 0 ? q.tags.join(', ') : null;
  const value = (q as unknown as Record<string, unknown>)[field];
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value !== '' ? neutralise(value) : null;
};

export const writeQuestionSheet = async (questions: readonly ExportQuestion[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal';
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow(COLUMNS.map((c) => c.header)).font = { bold: true };
  for (const q of questions) sheet.addRow(COLUMNS.map((c) => cell(q, c.field)));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

export const xlsxWriter: FormatWriter = {
  extension: 'xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  images: 'linked',
  cannotHold: () => null,
  write: writeQuestionSheet,
  notes: [
    'Images stay links to this portal: the spreadsheet imports back with them here only (use Moodle XML to carry the pictures).',
  ],
};
