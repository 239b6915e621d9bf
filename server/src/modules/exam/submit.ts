// Submitting an attempt: the learner's own, once.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { closeAttempt, resultOfAttempt } from './close';
import { examWriteGate } from '../../platform/http/write-gate';
import {
  iso,
  sqlRows,
  toBool,
  toDate,
  toNumber,
  documentIdOf,
  knexOf,
} from '../../platform/db/sql';
import type { AttemptRow, Data } from './attempt-rows';
import { STUDENT_ATTEMPTS_SQL, learner } from './attempt-rows';
import { HttpError } from '../../platform/http/errors';

// ---------------------------------------------------------------------------------------------
// Submit

export interface ResultRow {
  id: number;
  document_id: string;
  total_marks: unknown;
  passed: unknown;
  correct_count: unknown;
  incorrect_count: unknown;
  unanswered_count: unknown;
  time_taken_seconds: unknown;
  created_at: unknown;
}

export const resultSummary = (r: ResultRow): Data => ({
  documentId: r.document_id,
  total_marks: toNumber(r.total_marks),
  passed: r.passed === null || r.passed === undefined ? null : toBool(r.passed),
  correct_count: toNumber(r.correct_count),
  incorrect_count: toNumber(r.incorrect_count),
  unanswered_count: toNumber(r.unanswered_count),
  time_taken_seconds: toNumber(r.time_taken_seconds),
  createdAt: iso(r.created_at),
});

export const loadResult = async (db: Knex, documentId: string): Promise<ResultRow | undefined> =>
  (
    await sqlRows<ResultRow>(
      db,
      `SELECT id, document_id, total_marks, passed, correct_count, incorrect_count,
        unanswered_count, time_taken_seconds, created_at
      FROM results WHERE document_id = ? LIMIT 1`,
      [documentId],
    )
  )[0];

/** The caller's own attempt by documentId (learners only). */
const myAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentIdInput: unknown,
): Promise<AttemptRow> => {
  const me = learner(caller);
  const documentId = documentIdOf(documentIdInput);
  const attempt = documentId
    ? (
        await sqlRows<AttemptRow>(
          knexOf(strapi),
          `${STUDENT_ATTEMPTS_SQL} AND a.document_id = ? LIMIT 1`,
          [me.studentId, documentId],
        )
      )[0]
    : undefined;
  if (!attempt) {
    throw new HttpError(404, 'Unknown attempt.');
  }
  return attempt;
};

export const submit = (strapi: Core.Strapi, caller: Caller, attemptId: unknown): Promise<Data> =>
  examWriteGate.run(() => submitAttempt(strapi, caller, attemptId));

const submitAttempt = async (
  strapi: Core.Strapi,
  caller: Caller,
  attemptId: unknown,
): Promise<Data> => {
  const attempt = await myAttempt(strapi, caller, attemptId);
  if (attempt.expires_at === null || attempt.expires_at === undefined) {
    // A Prelims attempt always has an expiry (startAttempt); a Mains attempt never has one. Its
    // submit checks the uploaded documents: closing it here would skip that rule (issue 18).
    throw new HttpError(
      400,
      'This is a Mains attempt: submit it with POST /api/mains/submit (every answer document is checked there).',
    );
  }
  let resultId: string | null;
  if (attempt.end_date_time) {
    resultId = await resultOfAttempt(knexOf(strapi), attempt.id);
  } else {
    const now = new Date();
    const expires = toDate(attempt.expires_at);
    const late = expires !== null && now.getTime() > expires.getTime() + GRACE_MS;
    const endAt = expires && now > expires ? expires : now;
    resultId = await closeAttempt(strapi, attempt.id, late ? 'expiry' : 'learner', endAt);
  }
  const result = resultId ? await loadResult(knexOf(strapi), resultId) : undefined;
  if (!result) {
    throw new HttpError(409, 'This attempt has no result.');
  }
  return { result: resultSummary(result) };
};
