// Submitting an attempt: the learner's own, once.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { freezeAttempt } from './close';
import { resultOfAttempt } from './mark-attempt';
import { markingRetryAfterMs, queueMarking, resultWithin, submitWaitMs } from './marking-queue';
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

/**
 * Submits the caller's attempt: closes it (no save is accepted after) and answers its result, or
 * 202 "marking" when its marking did not finish within the submit's wait (marking-queue.ts); the
 * learner submits again after `retryAfterMs` and gets the result once it is there. Repeating a
 * submit is always safe: it changes nothing and answers the one result.
 */
export const submit = async (
  strapi: Core.Strapi,
  caller: Caller,
  attemptId: unknown,
): Promise<{ status: 200 | 202; data: Data }> => {
  const attempt = await myAttempt(strapi, caller, attemptId);
  if (attempt.expires_at === null || attempt.expires_at === undefined) {
    // A Prelims attempt always has an expiry (startAttempt); a Mains attempt never has one. Its
    // submit checks the uploaded documents: closing it here would skip that rule (issue 18).
    throw new HttpError(
      400,
      'This is a Mains attempt: submit it with POST /api/mains/submit (every answer document is checked there).',
    );
  }
  const knex = knexOf(strapi);
  if (!attempt.end_date_time) {
    const now = new Date();
    const expires = toDate(attempt.expires_at);
    const late = expires !== null && now.getTime() > expires.getTime() + GRACE_MS;
    const endAt = expires && now > expires ? expires : now;
    await freezeAttempt(knex, attempt.id, late ? 'expiry' : 'learner', endAt);
  }
  const resultId =
    (await resultOfAttempt(knex, attempt.id)) ??
    (await resultWithin(queueMarking(strapi, attempt.id), submitWaitMs));
  if (!resultId) {
    // Closed, its answers kept; the result follows (a failed marking is tried again then).
    return {
      status: 202,
      data: { result: null, marking: true, retryAfterMs: markingRetryAfterMs() },
    };
  }
  const result = await loadResult(knex, resultId);
  if (!result) {
    throw new HttpError(409, 'This attempt has no result.');
  }
  // The score only when the test's review options allow it now (issue 23); the review says when.
  // The usual case (score after each attempt) costs one small read on this hot path.
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
    status: 200,
    data: {
      result: visibleResult(result, score),
      review: { scoreShown: score.shown, scoreMessage: score.message },
    },
  };
};
