/**
 * The question import shared by the three routes (questions of a test, of an assignment, the
 * question pool): checks the file (present, not empty, at most 10 MB; an .xlsx or .docx by its
 * content, not a ZIP bomb, or a Moodle XML, GIFT or Aiken file), validates every row (both in the
 * import worker, off the event loop), leaves out duplicates unless asked (duplicates.ts), and
 * either answers a preview (counts by type, first rows, skipped rows, duplicates; nothing
 * written) or writes the accepted rows, all or nothing (write-questions.ts). Any refusal is a
 * 400/404/429 that writes nothing.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  readUpload,
  UPLOAD_MESSAGES,
  type IncomingFile,
  type UploadedFile,
} from '../../platform/files/uploads';
import { existingKeys, splitDuplicates, type DuplicateRow } from './duplicates';
import { kindOf } from './formats/read-format';
import type { AcceptedRow, SkippedRow, SubjectRef } from './question-rows';
import { readQuestionRows } from './worker/read';
import { imagesToStore, previewImages } from './import-images';
import { writeQuestions } from './write-questions';
import { documentIdOf } from '../../platform/db/sql';

export const MESSAGES = {
  ...UPLOAD_MESSAGES,
  noneAccepted: 'No questions imported: every row has errors.',
  allDuplicates:
    'No questions imported: every row has errors or is a duplicate (choose "import duplicates anyway" to add them).',
  noTest: 'Choose the test to import the questions into (testId).',
  noAssignment: 'Choose the assignment to import the questions into (assignmentId).',
  unknownTest: 'Unknown test.',
  unknownAssignment: 'Unknown assignment.',
} as const;

export type ImportTarget =
  | { kind: 'test'; documentId: unknown }
  | { kind: 'assignment'; documentId: unknown }
  | { kind: 'pool' };

export interface ImportOptions {
  /** Answer what would be imported, write nothing. */
  preview: boolean;
  /** Import rows that duplicate a question (reported and left out otherwise). */
  importDuplicates: boolean;
  /** The `format` field (moodle, gift, aiken), else the file name's extension tells. */
  format: unknown;
}

export interface ImportResult {
  format: string;
  createdQuestions: Array<{ id: number; documentId: string; question: string }>;
  skippedRows: SkippedRow[];
  duplicateRows: DuplicateRow[];
  message: string;
}

/** How many preview rows are sent back. */
export const PREVIEW_ROWS = 20;

export interface ImportPreview {
  preview: true;
  format: string;
  /** Rows that would be imported, by question type (MCQ, Descriptive). */
  counts: Record<string, number>;
  /** Skipped rows by the file format's type name (or 'row' for a template's rows). */
  skippedCounts: Record<string, number>;
  acceptedCount: number;
  rows: Array<AcceptedRow['values'] & { row: number; subject: string | null; notes: string[] }>;
  skippedRows: SkippedRow[];
  duplicateRows: DuplicateRow[];
  /** Accepted rows with something the file held that is not kept. */
  notedRows: Array<{ row: number; notes: string[] }>;
  /** Images the import would store (issue 26), and their decoded bytes together. */
  imageCount: number;
  imageBytes: number;
}

const countBy = <T>(items: readonly T[], key: (item: T) => string): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

const QUESTION = 'api::question.question';
const POOL = 'api::question-pool.question-pool';

/** The test or assignment the caller may see, or a 400/404. */
export const resolveTarget = async (
  strapi: Core.Strapi,
  target: ImportTarget,
): Promise<{ field: 'test' | 'assignment'; documentId: string } | null> => {
  if (target.kind === 'pool') {
    return null;
  }
  const isTest = target.kind === 'test';
  const documentId = documentIdOf(target.documentId);
  if (!documentId) {
    throw new errors.ValidationError(isTest ? MESSAGES.noTest : MESSAGES.noAssignment);
  }
  const uid = isTest ? 'api::test.test' : 'api::assignment.assignment';
  // As the caller: a test they cannot see is unknown to them.
  const found = await strapi.documents(uid).findOne({ documentId, fields: ['documentId'] });
  if (!found) {
    throw new errors.NotFoundError(isTest ? MESSAGES.unknownTest : MESSAGES.unknownAssignment);
  }
  return { field: isTest ? 'test' : 'assignment', documentId };
};

export const importQuestions = async (
  strapi: Core.Strapi,
  file: UploadedFile | null,
  target: ImportTarget,
  options: ImportOptions = { preview: false, importDuplicates: false, format: null },
): Promise<ImportResult | ImportPreview> => {
  if (!file) {
    throw new errors.ValidationError(MESSAGES.noFile);
  }
  const owner = await resolveTarget(strapi, target);
  const buffer = await readUpload(file);
  // Looked up before the file is read: the worker has no database.
  const subjects = (await strapi.db.query('api::subject.subject').findMany({
    select: ['id', 'documentId', 'SubjectName', 'subject_code'],
  })) as SubjectRef[];
  // Unzip, parse and row checks run in a worker thread, off the event loop (issue 18).
  const kind = kindOf(
    (file as IncomingFile).originalFilename ?? (file as IncomingFile).name,
    options.format,
  );
  const { format, accepted, skipped } = await readQuestionRows(buffer, subjects, kind);
  const where = owner ? `this ${owner.field}` : 'the question pool';
  const split = splitDuplicates(accepted, await existingKeys(strapi, owner), where);
  const toWrite = options.importDuplicates ? accepted : split.fresh;
  const duplicateRows = options.importDuplicates ? [] : split.duplicates;
  if (options.preview) {
    const images = imagesToStore(toWrite);
    previewImages(toWrite);
    return {
      preview: true,
      format,
      counts: countBy(toWrite, (row) => row.values.question_type),
      skippedCounts: countBy(skipped, (row) => row.type ?? 'row'),
      acceptedCount: toWrite.length,
      rows: toWrite.slice(0, PREVIEW_ROWS).map((row) => ({
        row: row.row,
        ...row.values,
        subject: row.subject?.SubjectName ?? null,
        notes: row.notes,
      })),
      skippedRows: skipped,
      duplicateRows,
      notedRows: toWrite
        .filter((r) => r.notes.length > 0)
        .map((r) => ({ row: r.row, notes: r.notes })),
      ...images,
    };
  }
  if (toWrite.length === 0) {
    throw new errors.ValidationError(
      duplicateRows.length > 0 ? MESSAGES.allDuplicates : MESSAGES.noneAccepted,
      { skippedRows: skipped, duplicateRows },
    );
  }
  // Issue 26: the images the file carries are stored by the write, part by part.
  const created = await writeQuestions(strapi, owner ? QUESTION : POOL, owner, toWrite);
  return {
    format,
    createdQuestions: created,
    skippedRows: skipped,
    duplicateRows,
    message: `${created.length} Questions imported succesfully`,
  };
};
