// A learner's answer documents: PDF or images, checked by content, added and removed while the
// attempt is open and before the deadline. Photos (JPEG/PNG/WebP) of one upload are stored as one PDF
// (answer-photos.ts).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { shareLock, sqlRows, documentIdOf, knexOf } from '../../platform/db/sql';
import { ANSWER_TYPE } from './result-rows';
import { filesOf, type Data } from './work';
import { learnerOf } from './staff';
import type { OwnAttempt } from './learner-attempt';
import { ALREADY_SUBMITTED_WORK, assertBeforeDeadline, ownAttempt } from './learner-attempt';
import { HttpError } from '../../platform/http/errors';
import { ownAnswerQuery } from '../exam';
import { uploadSizeLimit, type IncomingFile } from '../../platform/files/uploads';
import { checkPhotoLimits, documentsStored, withPhotosJoined } from './answer-photos';

// ---------------------------------------------------------------------------------------------
// Answer documents

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;

interface OwnAnswer extends OwnAttempt {
  answerId: number;
  answerDocumentId: string;
}

const ownAnswer = async (
  strapi: Core.Strapi,
  studentId: number,
  answerIdInput: unknown,
): Promise<OwnAnswer> => {
  const documentId = documentIdOf(answerIdInput);
  const knex = knexOf(strapi);
  const row = documentId
    ? ((await ownAnswerQuery(knex, documentId, studentId).first(
        'a.id',
        't.document_id as attempt',
      )) as Data | undefined)
    : undefined;
  if (!row) {
    throw new HttpError(404, 'Unknown answer.');
  }
  let owned: OwnAttempt;
  try {
    owned = await ownAttempt(strapi, studentId, row.attempt);
  } catch {
    throw new HttpError(404, 'Unknown answer.');
  }
  return { ...owned, answerId: Number(row.id), answerDocumentId: String(documentId) };
};

/** The caller's own answer whose documents may still change (not submitted, before the deadline). */
const openOwnAnswer = async (
  strapi: Core.Strapi,
  caller: Caller,
  answerIdInput: unknown,
): Promise<OwnAnswer> => {
  const owned = await ownAnswer(strapi, learnerOf(caller).studentId, answerIdInput);
  // Closed by the clock: the learner hears that the time ended, as before the sweep ran.
  if (owned.expired) assertBeforeDeadline(owned.work, owned.attempt, new Date());
  if (owned.attempt.end) {
    throw new HttpError(409, ALREADY_SUBMITTED_WORK);
  }
  assertBeforeDeadline(owned.work, owned.attempt, new Date());
  return owned;
};

const documentsOfAnswer = async (db: Knex | Knex.Transaction, answerId: number) =>
  (await filesOf(db, ANSWER_TYPE, 'answer_documents', [answerId])).get(answerId) ?? [];

/**
 * Runs a change of an attempt's answer documents in one transaction, only while the attempt is
 * open (issue 18): the attempt row is read with a share lock (PostgreSQL), so the change and the
 * submit of that attempt are serialised, as an answer save and the Prelims submit are. False
 * (nothing changed) when the attempt has been submitted meanwhile.
 */
const changeDocuments = (
  knex: Knex,
  attemptId: number,
  change: (trx: Knex.Transaction) => Promise<void>,
): Promise<boolean> =>
  knex.transaction(async (trx) => {
    const open = await sqlRows(
      trx,
      `SELECT id FROM attempts WHERE id = ? AND end_date_time IS NULL${shareLock(trx)}`,
      [attemptId],
    );
    if (open.length !== 1) {
      return false;
    }
    await change(trx);
    return true;
  });

/** Removes files stored for a change that was then refused (they are linked to nothing). */
const removeStored = async (strapi: Core.Strapi, ids: number[]): Promise<void> => {
  const upload = strapi.plugin('upload').service('upload') as unknown as {
    remove(file: unknown): Promise<unknown>;
  };
  for (const id of ids) {
    try {
      const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id } });
      if (file) {
        await upload.remove(file);
      }
    } catch (error) {
      strapi.log.warn(`An unlinked answer document (file ${id}) was not removed: ${String(error)}`);
    }
  }
};

/** Uploads the files with the upload plugin; returns their ids. */
export type StoreFiles = (files: IncomingFile[]) => Promise<number[]>;

/** POST /api/mains/answers/:answerId/documents (multipart `files`) */
export const addDocuments = async (
  strapi: Core.Strapi,
  caller: Caller,
  answerIdInput: unknown,
  files: IncomingFile[],
  check: (files: IncomingFile[]) => Promise<void>,
  store: StoreFiles,
): Promise<Data> => {
  const owned = await openOwnAnswer(strapi, caller, answerIdInput);
  const knex = knexOf(strapi);
  const before = await documentsOfAnswer(knex, owned.answerId);
  if (files.length === 0) {
    throw new HttpError(400, 'Choose at least one file to upload (field "files").');
  }
  await check(files);
  if (before.length + documentsStored(files) > MAX_DOCUMENTS) {
    throw new HttpError(400, `An answer can have at most ${MAX_DOCUMENTS} documents.`);
  }
  checkPhotoLimits(files);
  const ids = await withPhotosJoined(files, uploadSizeLimit(strapi), store);
  const added = await changeDocuments(knex, owned.attempt.id, async (trx) => {
    const last = (await trx('files_related_mph')
      .where({ related_id: owned.answerId, related_type: ANSWER_TYPE, field: 'answer_documents' })
      .max({ m: 'order' })
      .first()) as { m: number | string | null } | undefined;
    const base = Number(last?.m ?? 0);
    await trx('files_related_mph').insert(
      ids.map((fileId, i) => ({
        file_id: fileId,
        related_id: owned.answerId,
        related_type: ANSWER_TYPE,
        field: 'answer_documents',
        order: base + i + 1,
      })),
    );
  });
  if (!added) {
    await removeStored(strapi, ids);
    throw new HttpError(409, ALREADY_SUBMITTED_WORK);
  }
  return {
    documentId: owned.answerDocumentId,
    documents: await documentsOfAnswer(knex, owned.answerId),
  };
};

/** DELETE /api/mains/answers/:answerId/documents/:fileId */
export const removeDocument = async (
  strapi: Core.Strapi,
  caller: Caller,
  answerIdInput: unknown,
  fileIdInput: unknown,
): Promise<Data> => {
  const owned = await openOwnAnswer(strapi, caller, answerIdInput);
  const fileId = Number(fileIdInput);
  const knex = knexOf(strapi);
  let removed = 0;
  const open = await changeDocuments(knex, owned.attempt.id, async (trx) => {
    removed = Number.isInteger(fileId)
      ? await trx('files_related_mph')
          .where({
            related_id: owned.answerId,
            related_type: ANSWER_TYPE,
            field: 'answer_documents',
            file_id: fileId,
          })
          .delete()
      : 0;
  });
  if (!open) {
    throw new HttpError(409, ALREADY_SUBMITTED_WORK);
  }
  if (removed === 0) {
    throw new HttpError(404, 'Unknown file.');
  }
  return {
    documentId: owned.answerDocumentId,
    documents: await documentsOfAnswer(knex, owned.answerId),
  };
};
