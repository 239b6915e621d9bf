/**
 * The import jobs the worker runs (entry.ts) and the main thread asks for (read.ts): the file's
 * unzip, parse and the row checks that need no database. Plain data in and out: it crosses the
 * thread boundary by structured clone (the file's bytes are transferred, not copied).
 */
import type { PeopleRow, PeopleTemplate } from '../people-rows';
import { readPeopleTable } from '../people-rows';
import { readSheet, SheetError, TableError } from '../../../platform/sheets/read-sheet';
import { validateRows, type AcceptedRow, type SkippedRow, type SubjectRef } from '../question-rows';
import type { WorkerReply } from '../../../platform/sheets/worker-pool';

export type ImportJob =
  | { task: 'questions'; bytes: Uint8Array; subjects: SubjectRef[] }
  | { task: 'people'; bytes: Uint8Array; template: PeopleTemplate };

export interface QuestionRows {
  accepted: AcceptedRow[];
  skipped: SkippedRow[];
}

export type PeopleRows = PeopleRow[];

const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Runs a job; a file the client must fix becomes a refusal (its message), anything else throws. */
export const runImportJob = async (job: ImportJob): Promise<WorkerReply<unknown>> => {
  try {
    if (job.task === 'questions') {
      const sheet = await readSheet(bufferOf(job.bytes));
      return { ok: true, value: validateRows(sheet, job.subjects) };
    }
    return { ok: true, value: await readPeopleTable(bufferOf(job.bytes), job.template) };
  } catch (error) {
    if (error instanceof TableError) {
      return { ok: false, message: error.message, details: error.details };
    }
    if (error instanceof SheetError) {
      return { ok: false, message: error.message };
    }
    throw error;
  }
};
