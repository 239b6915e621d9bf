// Reading an attempt: the learner's own, settled if its time is over.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { UID } from '../../access/rules';
import { closeAttempt } from './close';
import { resultOfAttempt } from './mark-attempt';
import { iso, toDate, documentIdOf, knexOf } from '../../platform/db/sql';
import type { AttemptRow, Data } from './attempt-rows';
import {
  attemptQuery,
  findReadable,
  loadTestById,
  openShape,
  attemptSummary,
} from './attempt-rows';
import { HttpError } from '../../platform/http/errors';

// ---------------------------------------------------------------------------------------------
// Read an attempt

/** The attempt `documentId` the caller may read (own for learners, scope of rules.ts for staff). */
const readableAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentIdInput: unknown,
): Promise<AttemptRow> => {
  const documentId = documentIdOf(documentIdInput);
  const visible = documentId
    ? await findReadable<{ id: number }>(strapi, caller, UID.attempt, documentId, ['id'])
    : null;
  if (!visible) {
    throw new HttpError(404, 'Unknown attempt.');
  }
  return (await attemptQuery(knexOf(strapi)).where('a.id', visible.id).first()) as AttemptRow;
};

const endedShape = async (strapi: Core.Strapi, attempt: AttemptRow): Promise<Data> => ({
  attempt: {
    ...attemptSummary(attempt),
    end_date_time: iso(attempt.end_date_time),
    closed_by: attempt.closed_by ?? null,
  },
  ended: true,
  resultId: await resultOfAttempt(knexOf(strapi), attempt.id),
});

/** Closes the attempt if it is open and past its expiry; returns its current row. */
const settle = async (strapi: Core.Strapi, attempt: AttemptRow): Promise<AttemptRow> => {
  const expires = toDate(attempt.expires_at);
  if (attempt.end_date_time || !expires || expires.getTime() > Date.now()) {
    return attempt;
  }
  await closeAttempt(strapi, attempt.id, 'expiry', expires);
  return (await attemptQuery(knexOf(strapi)).where('a.id', attempt.id).first()) as AttemptRow;
};

export const readAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  attemptId: unknown,
): Promise<Data> => {
  const attempt = await settle(strapi, await readableAttempt(strapi, caller, attemptId));
  if (attempt.end_date_time) {
    return endedShape(strapi, attempt);
  }
  if (attempt.test_id === null) {
    throw new HttpError(404, 'Unknown attempt.');
  }
  return openShape(strapi, await loadTestById(strapi, attempt.test_id), attempt, true);
};
