// Submitting an attempt: the learner's own, once.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { closeAttempt, resultOfAttempt } from './close';
import { examWriteGate } from '../../platform/http/write-gate';
import { sqlRows, toBool, toDate, documentIdOf, knexOf } from '../../platform/db/sql';
import type { AttemptRow, Data } from './attempt-rows';
import { STUDENT_ATTEMPTS_SQL, learner, loadTestById } from './attempt-rows';
import { loadResult } from './result-rows';
import { reviewDecisions, visibleResult } from './review';
import type { KeyDecision } from './review-key';
import { testOptions } from './test-options';
import { HttpError } from '../../platform/http/errors';

// ---------------------------------------------------------------------------------------------
// Submit

/** The caller's own attempt by documentId (learners only). */
export const myAttempt = async (
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
  // The score only when the test's review options allow it now (issue 23); the review says when.
  // The usual case (score after each attempt) costs one small read on this hot path.
  const knex = knexOf(strapi);
  const practice = toBool(attempt.is_practice_test);
  let score: KeyDecision = { shown: true, message: null };
  if (attempt.test_id && !practice) {
    const options = await testOptions(knex, attempt.test_id);
    if (options.reviewScore !== 'after_each_attempt') {
      const test = await loadTestById(strapi, attempt.test_id);
      score = (await reviewDecisions(knex, caller, test, practice)).score;
    }
  }
  return {
    result: visibleResult(result, score),
    review: { scoreShown: score.shown, scoreMessage: score.message },
  };
};
