/**
 * The question table's columns and its row validation: every row is checked with the question
 * rules (question-rules.ts) and its subject looked up; a row with any error is skipped with all
 * its reasons, blank rows are ignored.
 */
import {
  checkOrganising,
  checkQuestion,
  textOf,
  type CheckedQuestion,
  type QuestionInput,
} from '../catalogue';
import { TableError, type Cell, type Sheet } from '../../platform/sheets/read-sheet';
import { QUESTION_IMAGES_MAX, questionImageSources } from '../../platform/files/question-images';
import type { ImportImage } from './formats/common';
import { carryDataImages, hasDataImage } from './formats/data-images';

export const MAX_ROWS = 5000;

/** Template columns in order, and the question field each one fills. */
export const COLUMNS = [
  { header: 'Question', field: 'question' },
  { header: 'Option A', field: 'option_a' },
  { header: 'Option B', field: 'option_b' },
  { header: 'Option C', field: 'option_c' },
  { header: 'Option D', field: 'option_d' },
  { header: 'Correct Answer', field: 'correct_answer' },
  { header: 'Points Correct', field: 'points_correct_answer' },
  { header: 'Points Incorrect', field: 'points_incorrect_answer' },
  { header: 'Question Type', field: 'question_type' },
  { header: 'Subject', field: 'subject' },
  { header: 'Explanation', field: 'explanation' },
  // Issue 26: a numeric question's tolerance (±) or range (Minimum..Maximum), and its unit.
  // Optional: files made from the earlier template (without them) import as before.
  { header: 'Tolerance', field: 'answer_tolerance' },
  { header: 'Minimum', field: 'answer_min' },
  { header: 'Maximum', field: 'answer_max' },
  { header: 'Unit', field: 'answer_unit' },
  // Issue 26 ("Organising"): a pool question's difficulty (easy, medium, hard) and its tags
  // (comma-separated). Optional; a test's or an assignment's questions have neither.
  { header: 'Difficulty', field: 'difficulty' },
  { header: 'Tags', field: 'tags' },
] as const;

export const REQUIRED_COLUMNS = ['Question', 'Correct Answer', 'Points Correct'] as const;

export interface SubjectRef {
  id: number;
  documentId: string;
  SubjectName: string | null;
  subject_code: string | null;
}

export interface AcceptedRow {
  row: number;
  values: CheckedQuestion['values'];
  subject: SubjectRef | null;
  /** Difficulty and tags when the row had them (kept on pool questions only). */
  organising: Record<string, unknown>;
  /** What the file held that is not kept (question files; none for the templates). */
  notes: string[];
  /** Images a question file carried (issue 26), stored when the import is written. */
  images?: ImportImage[];
}

export interface SkippedRow {
  row: number;
  reasons: string[];
  /** The file format's name of the question's type, when it has one. */
  type?: string;
}

/** A row to check: the question's fields and the subject named by the file. */
export interface RowInput {
  row: number;
  input: QuestionInput;
  subject: string | null;
  /** A template's Subject column must name a subject; a format's category may name none. */
  subjectRequired: boolean;
  notes: string[];
  images?: ImportImage[];
  /** Problems found before the rules (a template cell's bad `data:` image). */
  reasons?: string[];
}

const IMAGE_NOTE = 'Images are stored with the question';

/** The template's rich fields and their names in reasons. */
const RICH_CELLS = [
  ['question', 'Question'],
  ['option_a', 'Option A'],
  ['option_b', 'Option B'],
  ['option_c', 'Option C'],
  ['option_d', 'Option D'],
  ['explanation', 'Explanation'],
] as const;

const normal = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Column index of each template column found in the header row. */
export const mapHeader = (sheet: Sheet): Map<string, number> => {
  const map = new Map<string, number>();
  const cells = sheet.header?.cells ?? [];
  cells.forEach((cell, index) => {
    const text = normal(textOf(cell));
    const column = COLUMNS.find((c) => normal(c.header) === text);
    if (column && !map.has(column.field)) {
      map.set(column.field, index);
    }
  });
  const missing = REQUIRED_COLUMNS.filter(
    (name) => !COLUMNS.some((c) => c.header === name && map.has(c.field)),
  );
  if (missing.length > 0) {
    throw new TableError(
      `The header row must have the columns ${REQUIRED_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`,
      { missingColumns: missing, expectedColumns: COLUMNS.map((c) => c.header) },
    );
  }
  return map;
};

const isBlank = (cells: Cell[]): boolean => cells.every((cell) => textOf(cell) === '');

/** Validates the data rows; throws TableError for a file that has no usable table. */
export const validateRows = (
  sheet: Sheet,
  subjects: readonly SubjectRef[],
): { accepted: AcceptedRow[]; skipped: SkippedRow[] } => {
  if (!sheet.header) {
    throw new TableError(
      sheet.kind === 'docx'
        ? 'The Word document has no question table; use the template.'
        : 'The spreadsheet has no header row; use the template.',
    );
  }
  const columns = mapHeader(sheet);
  const rows = sheet.rows.filter((r) => !isBlank(r.cells));
  if (rows.length > MAX_ROWS) {
    throw new TableError(
      `The file has ${rows.length} question rows; import at most ${MAX_ROWS.toLocaleString('en')} at a time.`,
    );
  }
  return checkRows(
    rows.map(({ row, cells }) => {
      const value = (field: string): Cell => {
        const index = columns.get(field);
        return index === undefined ? null : (cells[index] ?? null);
      };
      // Issue 26: a cell's `data:` images (HTML pasted from Word or a page) become stored images.
      const images: ImportImage[] = [];
      const reasons: string[] = [];
      const rich: Record<string, Cell> = {};
      for (const [field, label] of RICH_CELLS) {
        const text = textOf(value(field));
        if (!hasDataImage(text)) {
          rich[field] = value(field);
          continue;
        }
        const carried = carryDataImages(label, text, images);
        if (carried.reason) reasons.push(carried.reason);
        rich[field] = carried.html;
      }
      return {
        row,
        images,
        reasons,
        input: {
          ...rich,
          correct_answer: value('correct_answer'),
          points_correct_answer: value('points_correct_answer'),
          points_incorrect_answer: value('points_incorrect_answer'),
          question_type: value('question_type'),
          explanation: value('explanation'),
          answer_tolerance: value('answer_tolerance'),
          answer_min: value('answer_min'),
          answer_max: value('answer_max'),
          answer_unit: value('answer_unit'),
          ...(columns.has('difficulty') ? { difficulty: textOf(value('difficulty')) } : {}),
          ...(columns.has('tags') ? { tags: textOf(value('tags')) } : {}),
        },
        subject: textOf(value('subject')) || null,
        subjectRequired: true,
        notes: images.length > 0 ? [IMAGE_NOTE] : [],
      };
    }),
    subjects,
  );
};

/** Checks rows with the question rules and finds their subjects (by name or code). */
export const checkRows = (
  rows: readonly RowInput[],
  subjects: readonly SubjectRef[],
): { accepted: AcceptedRow[]; skipped: SkippedRow[] } => {
  const bySubject = new Map<string, SubjectRef>();
  for (const subject of subjects) {
    for (const key of [subject.subject_code, subject.SubjectName]) {
      if (key && !bySubject.has(normal(key))) {
        bySubject.set(normal(key), subject);
      }
    }
  }
  const accepted: AcceptedRow[] = [];
  const skipped: SkippedRow[] = [];
  for (const {
    row,
    input,
    subject: subjectText,
    subjectRequired,
    notes,
    images,
    ...found
  } of rows) {
    const { values, reasons } = checkQuestion(input);
    reasons.unshift(...(found.reasons ?? []));
    // The images a row carries and the stored ones its text already shows count together.
    const shown = RICH_CELLS.reduce(
      (n, [field]) => n + questionImageSources(values[field]).length,
      0,
    );
    const count = (images?.length ?? 0) + shown;
    if ((images?.length ?? 0) > 0 && count > QUESTION_IMAGES_MAX) {
      reasons.push(`Question has ${count} images; at most ${QUESTION_IMAGES_MAX} are allowed`);
    }
    const organising = checkOrganising(input as Record<string, unknown>);
    reasons.push(...organising.reasons);
    let subject: SubjectRef | null = null;
    const rowNotes = [...notes];
    if (subjectText) {
      subject = bySubject.get(normal(subjectText)) ?? null;
      if (!subject && subjectRequired) {
        reasons.push(`Unknown subject '${subjectText}'`);
      } else if (!subject) {
        rowNotes.push(
          `Category '${subjectText}' is not a subject here; imported without a subject`,
        );
      }
    }
    if (reasons.length > 0) {
      skipped.push({ row, reasons });
    } else {
      accepted.push({
        row,
        values,
        subject,
        organising: organising.value,
        notes: rowNotes,
        ...(images && images.length > 0 ? { images } : {}),
      });
    }
  }
  return { accepted, skipped };
};
