// Practice: checking one answer.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { kindOf, markAnswer, markedQuestionOf, multipleRuleOf } from './marking';
import { toBool, toDate, toNumber, documentIdOf, knexOf } from '../../platform/db/sql';
import type { Data } from './attempt-rows';
import { learner, ownAnswerQuery } from './attempt-rows';
import { HttpError } from '../../platform/http/errors';
import { ensureSlotRow } from './answer-slots';

// ---------------------------------------------------------------------------------------------
// Practice: check one answer

export const checkAnswer = async (
  strapi: Core.Strapi,
  caller: Caller,
  answerIdInput: unknown,
): Promise<Data> => {
  const me = learner(caller);
  const documentId = documentIdOf(answerIdInput);
  const knex = knexOf(strapi);
  if (documentId) {
    // A question never saved has no row yet (lazy rows): its blank row first, checked as blank.
    await ensureSlotRow(knex, { studentId: me.studentId }, documentId);
  }
  const row = documentId
    ? ((await ownAnswerQuery(knex, documentId, me.studentId)
        .join('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
        .join('questions as q', 'q.id', 'aq.question_id')
        .leftJoin('attempts_test_lnk as atl', 'atl.attempt_id', 't.id')
        .leftJoin('tests as tt', 'tt.id', 'atl.test_id')
        .first(
          'a.id',
          'a.selected_answer',
          'a.revision',
          'a.end_date_time',
          't.id as attempt_id',
          't.end_date_time as attempt_end',
          't.expires_at',
          't.is_practice_test',
          'q.question_type',
          'q.correct_answer',
          'q.explanation',
          'q.points_correct_answer',
          'q.points_incorrect_answer',
          'q.answer_tolerance',
          'q.answer_min',
          'q.answer_max',
          'tt.multiple_marking',
        )) as Data | undefined)
    : undefined;
  if (!row) {
    throw new HttpError(404, 'Unknown answer.');
  }
  if (!toBool(row.is_practice_test)) {
    throw new HttpError(403, 'Only an answer of a practice attempt can be checked.');
  }
  const expires = toDate(row.expires_at);
  const over = !!row.attempt_end || !expires || expires.getTime() + GRACE_MS < Date.now();
  if (over && !row.end_date_time) {
    throw new HttpError(409, 'This attempt is over.');
  }
  const question = markedQuestionOf(row);
  const { outcome, points } = markAnswer(
    question,
    row.selected_answer as string | null,
    multipleRuleOf(row.multiple_marking),
  );
  if (!row.end_date_time) {
    // Locks the answer: later saves are refused (409 "This answer has been checked."). Only the
    // revision that was marked: a save landing in between would leave points of another choice.
    const locked = await knex('answers')
      .where('id', row.id as number)
      .whereNull('end_date_time')
      .whereRaw('COALESCE(revision, 0) = ?', [toNumber(row.revision) ?? 0])
      .update({ end_date_time: new Date(), points, updated_at: new Date() });
    if (locked !== 1) {
      // A concurrent check of the same revision is the same outcome; a newer save is not.
      const now = (await knex('answers')
        .where('id', row.id as number)
        .first('revision', 'end_date_time')) as Data | undefined;
      if (!now?.end_date_time || (toNumber(now.revision) ?? 0) !== (toNumber(row.revision) ?? 0)) {
        throw new HttpError(409, 'This answer changed while it was being checked: check it again.');
      }
    }
  }
  return {
    correct_answer: row.correct_answer ?? null,
    // Issue 26: a numeric key's tolerance or range, and a multiple answer's partial outcome;
    // a single-correct question's check keeps today's shape.
    ...(kindOf(question.question_type) === 'single'
      ? {}
      : {
          answer_tolerance: question.answer_tolerance ?? null,
          answer_min: question.answer_min ?? null,
          answer_max: question.answer_max ?? null,
          outcome,
        }),
    explanation: row.explanation ?? null,
    is_correct: outcome === 'correct',
    points,
  };
};
