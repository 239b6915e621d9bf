// Submitting Mains work: closes the attempt and its answers, creates the result, marks an
// assignment attempted.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { insertLinks, insertReturningIds, systemColumns, knexOf } from '../../platform/db/sql';
import { mainsStatus } from './status';
import {
  ANSWER_TYPE,
  evaluationRows,
  resultRows,
  statusEvaluations,
  type ResultRow,
} from './result-rows';
import { filesOf, type Data, type Kind, type Work } from './work';
import { learnerOf } from './staff';
import { attemptLink } from './my-work';
import { answersOfAttempt, assertBeforeDeadline, ownAttempt } from './learner-attempt';
import { HttpError } from '../../platform/http/errors';
import { workSubmitted } from './notices';
import { enqueueLearner } from '../report-summary';

// ---------------------------------------------------------------------------------------------
// Submit

const resultSummary = (row: ResultRow, status: string): Data => ({
  documentId: row.documentId,
  status,
  submittedAt: row.submittedAt,
});

/** POST /api/mains/submit {attemptId} */
export const submit = async (strapi: Core.Strapi, caller: Caller, body: Data): Promise<Data> => {
  const me = learnerOf(caller);
  const owned = await ownAttempt(strapi, me.studentId, body.attemptId);
  const { kind, work, attempt } = owned;
  const knex = knexOf(strapi);
  const existing = async (db: Knex | Knex.Transaction): Promise<ResultRow | undefined> =>
    (await resultRows(db, kind, { workIds: [work.id], studentIds: [me.studentId] })).find(
      (r) => r.attemptId === attempt.id,
    );
  if (attempt.end) {
    const result = await existing(knex);
    if (result) {
      return { result: resultSummary(result, await statusOf(knex, work, result)) };
    }
    // Closed by the clock with nothing uploaded: the same words as before the sweep ran.
    if (owned.expired) assertBeforeDeadline(work, attempt, new Date());
    throw new HttpError(409, 'This attempt has no result.');
  }
  const now = new Date();
  assertBeforeDeadline(work, attempt, now);
  await closeWork(
    knex,
    { kind, work, studentId: me.studentId, attemptId: attempt.id },
    'learner',
    now,
  );
  for (let i = 0; i < 20; i += 1) {
    const result = await existing(knex);
    if (result) {
      return { result: resultSummary(result, await statusOf(knex, work, result)) };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new HttpError(409, 'This attempt has no result.');
};

/** The attempt to close: its work, kind and learner. */
export interface OpenWork {
  kind: Kind;
  work: Work;
  studentId: number;
  attemptId: number;
}

/**
 * Closes a Mains attempt and, when it holds at least one answer document, makes its result, in
 * one transaction. The conditional UPDATE (end_date_time still null) elects one winner, so a
 * concurrent submit, a second click or the expiry sweep in another process changes nothing.
 * - 'learner' (submit): nothing uploaded → 400 and the attempt stays open.
 * - 'expiry' (the sweep, issue 23): what was uploaded is submitted, as the learner would have;
 *   nothing uploaded → the attempt closes without a result ("Time ended", my-work.ts).
 * Returns whether a result was made.
 */
export const closeWork = async (
  knex: Knex,
  { kind, work, studentId, attemptId }: OpenWork,
  closedBy: 'learner' | 'expiry',
  now: Date,
): Promise<boolean> => {
  const answers = await answersOfAttempt(knex, attemptId);
  return knex.transaction(async (trx) => {
    const won = await trx('attempts')
      .where({ id: attemptId })
      .whereNull('end_date_time')
      .update({ end_date_time: now, closed_by: closedBy, updated_at: now });
    if (won !== 1) {
      return false; // a concurrent close won: its result stands
    }
    // The documents are read after the close holds the attempt row (issue 18): an upload or a
    // removal of this attempt (changeDocuments) waits for it, so the rule is checked on what is
    // submitted. Refused: the transaction rolls back and the attempt stays open.
    const docs = await filesOf(
      trx,
      ANSWER_TYPE,
      'answer_documents',
      answers.map((a) => a.id),
    );
    const ids = answers.map((a) => a.id);
    await trx('answers')
      .whereIn('id', ids)
      .whereNull('end_date_time')
      .update({ end_date_time: now, updated_at: now });
    if (![...docs.values()].some((list) => list.length > 0)) {
      if (closedBy === 'learner') {
        throw new HttpError(400, 'Upload at least one answer document before submitting.');
      }
      return false;
    }
    const system = systemColumns(now);
    const [result] = await insertReturningIds(trx, 'results', [
      { ...system, total_marks: null, is_published: false },
    ]);
    const { col } = attemptLink(kind);
    await trx(kind === 'test' ? 'results_test_lnk' : 'results_assignment_lnk').insert({
      result_id: result.id,
      [col]: work.id,
    });
    await trx('results_student_lnk').insert({ result_id: result.id, student_id: studentId });
    await trx('results_attempt_lnk').insert({ result_id: result.id, attempt_id: attemptId });
    if (kind === 'test') {
      // The reports' summary (issue 22) counts the learner's results of the test again.
      await enqueueLearner(trx, work.id, studentId);
    }
    await insertLinks(
      trx,
      'results_answers_lnk',
      answers.map((a, i) => ({ result_id: result.id, answer_id: a.id, answer_ord: i + 1 })),
    );
    if (kind === 'assignment') {
      await trx('assignments').where({ id: work.id }).update({ is_attempted: true });
    }
    await workSubmitted(trx, work, studentId, result.document_id);
    return true;
  });
};

const statusOf = async (db: Knex, work: Work, result: ResultRow): Promise<string> =>
  mainsStatus({
    result: { is_published: result.is_published },
    subjects: work.subjects,
    evaluations: statusEvaluations(await evaluationRows(db, { resultIds: [result.id] })),
  }).status;
