/**
 * The question import shared by the three routes (questions of a test, of an assignment, the
 * question pool): checks the file (present, not empty, at most 10 MB, an .xlsx or .docx by its
 * content, not a ZIP bomb), validates every row (both in the import worker, off the event loop),
 * and writes the accepted rows in one transaction. Any refusal is a 400/404/429 that writes
 * nothing.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem } from '../../access/caller';
import { readUpload, UPLOAD_MESSAGES, type UploadedFile } from '../../platform/files/uploads';
import type { SubjectRef } from './question-rows';
import { readQuestionRows } from './worker/read';
import { documentIdOf } from '../../platform/db/sql';

export const MESSAGES = {
  ...UPLOAD_MESSAGES,
  noneAccepted: 'No questions imported: every row has errors.',
  noTest: 'Choose the test to import the questions into (testId).',
  noAssignment: 'Choose the assignment to import the questions into (assignmentId).',
  unknownTest: 'Unknown test.',
  unknownAssignment: 'Unknown assignment.',
} as const;

export type ImportTarget =
  | { kind: 'test'; documentId: unknown }
  | { kind: 'assignment'; documentId: unknown }
  | { kind: 'pool' };

export interface ImportResult {
  createdQuestions: Array<{ id: number; documentId: string; question: string }>;
  skippedRows: Array<{ row: number; reasons: string[] }>;
  message: string;
}

const QUESTION = 'api::question.question';
const POOL = 'api::question-pool.question-pool';

/** The test or assignment the caller may see, or a 400/404. */
const resolveTarget = async (
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
): Promise<ImportResult> => {
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
  const { accepted, skipped } = await readQuestionRows(buffer, subjects);
  if (accepted.length === 0) {
    throw new errors.ValidationError(MESSAGES.noneAccepted, { skippedRows: skipped });
  }
  const uid = owner ? QUESTION : POOL;
  // The caller's right to import was checked by the route; the rows were checked above.
  const created = await asSystem(() =>
    strapi.db.transaction(async () => {
      const out: ImportResult['createdQuestions'] = [];
      for (const row of accepted) {
        const data: Record<string, unknown> = {
          ...row.values,
          subject: row.subject?.documentId ?? null,
        };
        if (owner) {
          data[owner.field] = owner.documentId;
        }
        const doc = (await strapi.documents(uid).create({
          data: data as never,
          fields: ['question'],
        })) as unknown as { id: number; documentId: string; question: string };
        out.push({ id: doc.id, documentId: doc.documentId, question: doc.question });
      }
      return out;
    }),
  );
  return {
    createdQuestions: created,
    skippedRows: skipped,
    message: `${created.length} Questions imported succesfully`,
  };
};
