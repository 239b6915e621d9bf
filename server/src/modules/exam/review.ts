// A result and its review, with the key only when the review option allows it.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { isLearnerLike, UID } from '../../access/rules';
import { standing } from './marking';
import { type KeyDecision, reviewDecision, reviewOption } from './review-key';
import { testOptions } from './test-options';
import { mainsTestIds } from '../../access/facts/mains-tests';
import { iso, toBool, toDate, toNumber, documentIdOf, knexOf } from '../../platform/db/sql';
import type { Data, TestRow } from './attempt-rows';
import { findReadable, loadTestById, questionView } from './attempt-rows';
import { isShuffled } from './shuffle';
import { storedPlan } from './section-plan';
import { isOpen, myAttemptsForTest } from './start';
import type { ResultRow } from './result-rows';
import { loadResult, resultSummary } from './result-rows';
import { HttpError } from '../../platform/http/errors';
import { termsForLearner } from './accommodations';

// ---------------------------------------------------------------------------------------------
// Result and review

export interface ReviewDecisions {
  key: KeyDecision;
  score: KeyDecision;
  answers: KeyDecision;
  /** Rank and percentile: a scored attempt, its score shown, the test's show_rank. */
  rank: boolean;
}

const SHOWN: KeyDecision = { shown: true, message: null };

/**
 * What this caller's review shows (review-key.ts): staff everything; a learner by the test's
 * review options (key, score, answers, rank) and their attempts of the test (issue 23).
 */
export const reviewDecisions = async (
  knex: Knex,
  caller: Caller,
  test: TestRow,
  practiceAttempt: boolean,
): Promise<ReviewDecisions> => {
  const options = await testOptions(knex, test.id);
  if (!isLearnerLike(caller)) {
    return { key: SHOWN, score: SHOWN, answers: SHOWN, rank: !practiceAttempt };
  }
  const studentId = caller.kind === 'user' ? (caller.studentId ?? -1) : -1;
  const attempts = await myAttemptsForTest(knex, studentId, test.id);
  // The learner's own window end and attempts (issue 23: accommodations): a learner with an
  // extra attempt left does not see the key before using it.
  const terms = await termsForLearner(knex, studentId, test);
  const facts = {
    now: new Date(),
    closesAt: terms.to,
    maxAttempts: terms.maxAttempts,
    practiceAttempt,
    attempts: attempts.map((a) => ({
      ended: !isOpen(a),
      practice: toBool(a.is_practice_test),
      expiresAt: toDate(a.expires_at),
    })),
  };
  const score = reviewDecision({ ...facts, option: options.reviewScore }, 'Your score');
  return {
    key: reviewDecision({ ...facts, option: reviewOption(test.review_answer_key) }),
    score,
    answers: reviewDecision({ ...facts, option: options.reviewAnswers }, 'Your answers'),
    rank: !practiceAttempt && score.shown && options.showRank,
  };
};

/**
 * For a learner's own lists outside the review (My progress, issue 22): per test, whether their
 * scored results' score, and rank, may be shown now — the same decisions as the review's.
 */
export const learnerScoreViews = async (
  strapi: Core.Strapi,
  caller: Caller,
  testIds: number[],
): Promise<Map<number, { score: boolean; rank: boolean }>> => {
  const knex = knexOf(strapi);
  const out = new Map<number, { score: boolean; rank: boolean }>();
  for (const id of testIds) {
    const decisions = await reviewDecisions(knex, caller, await loadTestById(strapi, id), false);
    out.set(id, { score: decisions.score.shown, rank: decisions.rank });
  }
  return out;
};

/** The result's figures, or nulls where the learner may not see their score yet. */
export const visibleResult = (result: ResultRow, score: KeyDecision): Data => {
  const summary = resultSummary(result);
  return score.shown
    ? summary
    : {
        ...summary,
        total_marks: null,
        passed: null,
        correct_count: null,
        incorrect_count: null,
        unanswered_count: null,
      };
};

export const reviewResult = async (
  strapi: Core.Strapi,
  caller: Caller,
  resultIdInput: unknown,
): Promise<Data> => {
  const documentId = documentIdOf(resultIdInput);
  const visible = documentId
    ? await findReadable<{ id: number }>(strapi, caller, UID.result, documentId, ['id'])
    : null;
  if (!visible || !documentId) {
    throw new HttpError(404, 'Unknown result.');
  }
  const knex = knexOf(strapi);
  const result = (await loadResult(knex, documentId)) as ResultRow;
  const attempt = (await knex('results_attempt_lnk as ra')
    .join('attempts as a', 'a.id', 'ra.attempt_id')
    .leftJoin('attempts_test_lnk as at', 'at.attempt_id', 'a.id')
    .where('ra.result_id', result.id)
    .first(
      'a.id',
      'a.start_date_time',
      'a.end_date_time',
      'a.expires_at',
      'a.closed_by',
      'a.is_practice_test',
      'a.shuffle_seed',
      'a.section_plan',
      'at.test_id',
    )) as Data | undefined;
  if (!attempt) {
    throw new HttpError(404, 'Unknown result.');
  }
  const testId =
    attempt.test_id === null || attempt.test_id === undefined ? null : Number(attempt.test_id);
  // A Mains result (an assignment's, a Mains test's, an attempt without expiry) has its own
  // script and marks, shown to a learner only once published: never through this endpoint.
  if (
    testId === null ||
    attempt.expires_at === null ||
    attempt.expires_at === undefined ||
    (await mainsTestIds(knex, [testId])).has(testId)
  ) {
    throw new HttpError(
      400,
      'This is a Mains result: see it in your Mains work (GET /api/mains/scripts/:resultId).',
    );
  }
  if (!attempt.end_date_time) {
    throw new HttpError(409, 'This attempt is not over yet.');
  }
  const test = await loadTestById(strapi, testId);
  // Whose result it is: staff open learners' reviews from the reports (issue 22).
  const learnerRow = (await knex('results_student_lnk as rs')
    .join('students as st', 'st.id', 'rs.student_id')
    .where('rs.result_id', result.id)
    .first('st.document_id', 'st.student_name', 'st.roll_number')) as Data | undefined;
  const practice = toBool(attempt.is_practice_test);
  const shown = await reviewDecisions(knex, caller, test, practice);
  const key = shown.key;

  const questions = (await knex('answers_attempt_lnk as aa')
    .join('answers as a', 'a.id', 'aa.answer_id')
    .join('answers_question_lnk as aq', 'aq.answer_id', 'a.id')
    .join('questions as q', 'q.id', 'aq.question_id')
    .leftJoin('questions_subject_lnk as qs', 'qs.question_id', 'q.id')
    .leftJoin('subjects as sub', 'sub.id', 'qs.subject_id')
    .where('aa.attempt_id', attempt.id as number)
    .orderBy('q.id', 'asc')
    .select(
      'q.document_id',
      'q.question',
      'q.option_a',
      'q.option_b',
      'q.option_c',
      'q.option_d',
      'q.question_type',
      'sub.subject_name',
      'q.correct_answer',
      'q.explanation',
      'q.points_correct_answer',
      'q.points_incorrect_answer',
      'q.answer_tolerance',
      'q.answer_min',
      'q.answer_max',
      'q.answer_unit',
      'a.selected_answer',
      'a.mark_as_important',
      'a.points',
      'a.section',
    )) as Data[];
  // Sections (issue 23): which section each answer was in, and when each opened and closed.
  const plan = storedPlan(attempt.section_plan);

  let rank: number | null = null;
  let outOf: number | null = null;
  let percentile: number | null = null;
  const total = toNumber(result.total_marks) ?? 0;
  if (shown.rank) {
    const best = knex('results as r')
      .join('results_test_lnk as rt', 'rt.result_id', 'r.id')
      .join('results_student_lnk as rs', 'rs.result_id', 'r.id')
      .join('results_attempt_lnk as ra', 'ra.result_id', 'r.id')
      .join('attempts as a', 'a.id', 'ra.attempt_id')
      .where('rt.test_id', testId)
      .where((q) => q.whereNull('a.is_practice_test').orWhere('a.is_practice_test', false))
      .groupBy('rs.student_id')
      .select('rs.student_id', knex.raw('MAX(ROUND(r.total_marks * 100)) as best'))
      .as('b');
    const mine = Math.round(total * 100);
    const counts = (await knex
      .from(best)
      .first(
        knex.raw('SUM(CASE WHEN best > ? THEN 1 ELSE 0 END) as higher', [mine]),
        knex.raw('SUM(CASE WHEN best < ? THEN 1 ELSE 0 END) as lower', [mine]),
        knex.raw('SUM(CASE WHEN best = ? THEN 1 ELSE 0 END) as equal', [mine]),
      )) as { higher: unknown; lower: unknown; equal: unknown };
    const s = standing(
      Number(counts.higher ?? 0),
      Number(counts.lower ?? 0),
      Math.max(1, Number(counts.equal ?? 0)),
    );
    rank = s.rank;
    outOf = s.outOf;
    percentile = s.percentile;
  }

  return {
    result: visibleResult(result, shown.score),
    learner: learnerRow
      ? {
          documentId: String(learnerRow.document_id),
          name: String(learnerRow.student_name ?? ''),
          rollNumber: (learnerRow.roll_number as string | null) ?? null,
        }
      : null,
    test: {
      TestName: test.TestName,
      MaximumMarks: toNumber(test.MaximumMarks),
      PassMark: toNumber(test.PassMark),
      pass_mark_unit: test.pass_mark_unit ?? 'marks',
    },
    attempt: {
      start_date_time: iso(attempt.start_date_time),
      end_date_time: iso(attempt.end_date_time),
      closed_by: attempt.closed_by ?? null,
      is_practice_test: practice,
      // Shown in a different order (issue 23); this review keeps the test's order and letters.
      shuffled: isShuffled(attempt.shuffle_seed),
      sections: plan
        ? plan.list.map((s) => ({
            name: s.name,
            minutes: Math.round(s.ms / 600) / 100,
            opened: s.opened,
            closed: s.closed,
          }))
        : null,
    },
    rank,
    outOf,
    percentile,
    review: {
      answerKeyShown: key.shown,
      message: key.message,
      scoreShown: shown.score.shown,
      scoreMessage: shown.score.message,
      answersShown: shown.answers.shown,
      answersMessage: shown.answers.message,
      rankShown: shown.rank,
    },
    // Without the key, each question's points are withheld too (they tell right from wrong), and
    // so they are without the score or without the learner's own answers.
    questions: questions.map((q) => {
      const points = key.shown && shown.score.shown && shown.answers.shown;
      return {
        ...questionView(q),
        correct_answer: key.shown ? (q.correct_answer ?? null) : null,
        explanation: key.shown ? (q.explanation ?? null) : null,
        points_correct_answer: key.shown ? toNumber(q.points_correct_answer) : null,
        points_incorrect_answer: key.shown ? toNumber(q.points_incorrect_answer) : null,
        // A numeric question's accepted tolerance or range is its key too (issue 26).
        answer_tolerance: key.shown ? toNumber(q.answer_tolerance) : null,
        answer_min: key.shown ? toNumber(q.answer_min) : null,
        answer_max: key.shown ? toNumber(q.answer_max) : null,
        selected_answer: shown.answers.shown ? (q.selected_answer ?? null) : null,
        mark_as_important: shown.answers.shown ? toBool(q.mark_as_important) : false,
        points: points ? toNumber(q.points) : null,
        ...(plan ? { section: toNumber(q.section) ?? 0 } : {}),
      };
    }),
  };
};
