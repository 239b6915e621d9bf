/**
 * The import jobs the worker runs (entry.ts) and the main thread asks for (read.ts): the file's
 * unzip, parse and the row checks that need no database. Plain data in and out: it crosses the
 * thread boundary by structured clone (the file's bytes are transferred, not copied).
 */
import type { PeopleRow, PeopleTemplate } from '../people-rows';
import { readPeopleTable } from '../people-rows';
import { readSheet, SheetError, TableError } from '../../../platform/sheets/read-sheet';
import { looksLikeZip } from '../../../platform/sheets/safe-unzip';
import { FormatError, type FileFormat } from '../formats/common';
import { imageTotalProblem } from '../formats/data-images';
import { readFormat, type FileKind } from '../formats/read-format';
import {
  checkRows,
  validateRows,
  type AcceptedRow,
  type SkippedRow,
  type SubjectRef,
} from '../question-rows';
import type { WorkerReply } from '../../../platform/sheets/worker-pool';

export type ImportJob =
  | { task: 'questions'; bytes: Uint8Array; subjects: SubjectRef[]; kind: FileKind | null }
  | { task: 'people'; bytes: Uint8Array; template: PeopleTemplate };

export interface QuestionRows {
  /** The file's format: a template (xlsx/docx) or a question format. */
  format: 'xlsx' | 'docx' | FileFormat;
  accepted: AcceptedRow[];
  skipped: SkippedRow[];
}

/** A question format's file: parsed, then its questions checked like template rows. */
const formatRows = (
  bytes: Uint8Array,
  kind: FileFormat | 'text',
  subjects: SubjectRef[],
): QuestionRows => {
  const parsed = readFormat(bytes, kind);
  const checked = checkRows(
    parsed.candidates.map((c) => ({
      row: c.row,
      input: c.input,
      subject: c.category,
      subjectRequired: false,
      notes: c.notes,
      images: c.images,
    })),
    subjects,
  );
  const skipped = [...parsed.skipped, ...checked.skipped].sort((a, b) => a.row - b.row);
  return { format: parsed.format, accepted: checked.accepted, skipped };
};

const readRows = async (job: Extract<ImportJob, { task: 'questions' }>): Promise<QuestionRows> => {
  const buffer = bufferOf(job.bytes);
  // A zip is a template whatever its name; a template's name on something else is not a sheet.
  if (job.kind === 'table' || looksLikeZip(buffer)) {
    const sheet = await readSheet(buffer);
    return { format: sheet.kind, ...validateRows(sheet, job.subjects) };
  }
  return formatRows(job.bytes, job.kind ?? 'text', job.subjects);
};

const questionRows = async (
  job: Extract<ImportJob, { task: 'questions' }>,
): Promise<QuestionRows> => {
  const rows = await readRows(job);
  // Issue 26: the images the file would store, together, are bounded before any leaves the worker.
  const tooMuch = imageTotalProblem(rows.accepted);
  if (tooMuch) throw new FormatError(tooMuch);
  return rows;
};

export type PeopleRows = PeopleRow[];

const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Runs a job; a file the client must fix becomes a refusal (its message), anything else throws. */
export const runImportJob = async (job: ImportJob): Promise<WorkerReply<unknown>> => {
  try {
    if (job.task === 'questions') {
      return { ok: true, value: await questionRows(job) };
    }
    return { ok: true, value: await readPeopleTable(bufferOf(job.bytes), job.template) };
  } catch (error) {
    if (error instanceof TableError) {
      return { ok: false, message: error.message, details: error.details };
    }
    if (error instanceof SheetError || error instanceof FormatError) {
      return { ok: false, message: error.message };
    }
    throw error;
  }
};
