/**
 * Marking a closed attempt (issue 25: the submit split). Closing and marking are two steps: the
 * close (close.ts `freezeAttempt`) is one conditional UPDATE that ends the attempt, so no save is
 * accepted after it; the marking, here, reads the answers stored by then and writes the result.
 * A submit answers after the close and leaves the marking to the queue (marking-queue.ts) when it
 * is not done within its wait, so a storm of submits at an exam's end is not a storm of markings.
 *
 * Exactly one result per attempt, whoever marks (the submit's queue in any process, a repeated
 * submit, the sweep): the transaction locks the attempt row (PostgreSQL; SQLite has one writer)
 * and marks only when the attempt has no result yet; a second marker finds it and returns it.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import {
  finalTotal,
  hasPassed,
  markAnswer,
  markedQuestionOf,
  MARKING_COLUMNS_SQL,
  multipleRuleOf,
} from './marking';
import { negativeTotalOption } from './test-options';
import {
  type Db,
  insertLinks,
  insertReturningIds,
  insertRowWithLinks,
  isPostgres,
  sqlRows,
  systemColumns,
  toDate,
  toNumber,
  knexOf,
} from '../../platform/db/sql';
import { enqueueLearner, kickSummaryWorker } from '../report-summary';
import { materializeSlots } from './answer-slots';

interface AnswerRow {
  id: number;
  selected_answer: string | null;
  /** And the question's MARKING_COLUMNS_SQL columns. */
  [column: string]: unknown;
}

/** What marking needs of the attempt: its start, its test's marks rules and its learner. */
interface AttemptFacts {
  document_id: string;
  end_date_time: unknown;
  answer_slots: unknown;
  start_date_time: unknown;
  test_id: number | null;
  maximum_marks: unknown;
  pass_mark: unknown;
  pass_mark_unit: string | null;
  negative_total: string | null;
  multiple_marking: string | null;
  student_id: number | null;
}

const ATTEMPT_FACTS_SQL = `SELECT a.document_id AS document_id, a.end_date_time AS end_date_time,
    a.answer_slots AS answer_slots,
    a.start_date_time AS start_date_time, t.id AS test_id,
    t.maximum_marks AS maximum_marks, t.pass_mark AS pass_mark, t.pass_mark_unit AS pass_mark_unit,
    t.negative_total AS negative_total, t.multiple_marking AS multiple_marking,
    (SELECT s.student_id FROM attempts_student_lnk s WHERE s.attempt_id = a.id LIMIT 1)
      AS student_id
  FROM attempts a
  LEFT JOIN attempts_test_lnk tl ON tl.attempt_id = a.id
  LEFT JOIN tests t ON t.id = tl.test_id
  WHERE a.id = ?
  LIMIT 1`;

/** The attempt's answers with their questions' keys and points, in question order. */
const ANSWERS_SQL = `SELECT a.id AS id, a.selected_answer AS selected_answer,
    ${MARKING_COLUMNS_SQL}
  FROM answers_attempt_lnk aa
  JOIN answers a ON a.id = aa.answer_id
  LEFT JOIN answers_question_lnk aq ON aq.answer_id = a.id
  LEFT JOIN questions q ON q.id = aq.question_id
  WHERE aa.attempt_id = ?
  ORDER BY q.id ASC, a.id ASC`;

/** The result documentId of an attempt, if it has one. */
export const resultOfAttempt = async (db: Db, attemptId: number): Promise<string | null> => {
  const row = (await db('results_attempt_lnk as ra')
    .join('results as r', 'r.id', 'ra.result_id')
    .where('ra.attempt_id', attemptId)
    .orderBy('r.id', 'asc')
    .first('r.document_id')) as { document_id: string } | undefined;
  return row?.document_id ?? null;
};

/**
 * Marks a closed attempt unless it has a result: the result's documentId (the existing one when
 * another marker was first), or null when the attempt is unknown or still open.
 */
export const markAttempt = async (
  strapi: Core.Strapi,
  attemptId: number,
): Promise<string | null> => {
  const knex = knexOf(strapi) as Knex;
  const marked = await knex.transaction(async (trx) => {
    if (isPostgres(trx)) {
      // Markers of one attempt wait for each other here; the later one finds the result below.
      await sqlRows(trx, 'SELECT id FROM attempts WHERE id = ? FOR UPDATE', [attemptId]);
    }
    const existing = await resultOfAttempt(trx, attemptId);
    if (existing) {
      return { resultId: existing, created: false };
    }
    const now = new Date();
    const [attempt] = await sqlRows<AttemptFacts>(trx, ATTEMPT_FACTS_SQL, [attemptId]);
    const endAt = toDate(attempt?.end_date_time);
    if (!attempt || !endAt) {
      return null; // unknown, or not closed: nothing to mark
    }
    // Lazy rows (answer-slots.ts): the questions never saved get their blank rows now, so the
    // attempt is marked and kept with one row per question.
    await materializeSlots(
      trx,
      {
        id: attemptId,
        documentId: attempt.document_id,
        slots: attempt.answer_slots,
        testId: attempt.test_id ?? null,
        studentId: attempt.student_id ?? null,
      },
      now,
    );
    const answers = await sqlRows<AnswerRow>(trx, ANSWERS_SQL, [attemptId]);

    let total = 0;
    const counts = { correct: 0, incorrect: 0, unanswered: 0 };
    const rule = multipleRuleOf(attempt.multiple_marking);
    const byPoints = new Map<string, number[]>();
    for (const row of answers) {
      const { outcome, points } = markAnswer(markedQuestionOf(row), row.selected_answer, rule);
      if (outcome !== 'descriptive') {
        // A partly right multiple answer (issue 26) counts with the correct ones: it scored and
        // chose no wrong option (docs/decisions.md).
        counts[outcome === 'partial' ? 'correct' : outcome] += 1;
        total += points ?? 0;
      }
      const key = points === null ? 'null' : String(points);
      const ids = byPoints.get(key) ?? [];
      ids.push(row.id);
      byPoints.set(key, ids);
    }
    await writePoints(trx, byPoints, now, endAt);
    total = finalTotal(total, negativeTotalOption(attempt.negative_total));
    const start = toDate(attempt.start_date_time);
    const seconds = start ? Math.max(0, Math.round((endAt.getTime() - start.getTime()) / 1000)) : 0;
    const testId = attempt.test_id ?? null;
    const passed =
      testId !== null
        ? hasPassed(
            total,
            toNumber(attempt.pass_mark),
            attempt.pass_mark_unit,
            toNumber(attempt.maximum_marks),
          )
        : null;
    const system = systemColumns(now);
    const resultRow: Record<string, unknown> = {
      ...system,
      total_marks: total,
      passed,
      correct_count: counts.correct,
      incorrect_count: counts.incorrect,
      unanswered_count: counts.unanswered,
      time_taken_seconds: seconds,
      is_published: false,
    };
    await writeResult(trx, resultRow, {
      attemptId,
      testId,
      studentId: attempt.student_id ?? null,
      answerIds: answers.map((a) => a.id),
    });
    // The reports' summary (issue 22): the learner's counted results are folded in later.
    await enqueueLearner(trx, testId, attempt.student_id ?? null);
    return { resultId: system.document_id as string, created: true };
  });
  if (marked?.created) {
    kickSummaryWorker(strapi);
  }
  return marked?.resultId ?? null;
};

interface ResultLinks {
  attemptId: number;
  testId: number | null;
  studentId: number | null;
  /** In the result's order (answer_ord 1, 2, ...). */
  answerIds: number[];
}

/**
 * The result row and its links (attempt, test, learner, answers in order). On PostgreSQL one
 * statement (data-modifying CTEs; the answers' ids as one JSON array): five inserts, four built by
 * knex's query builder and one with ~300 values, cost the server ~2 ms of CPU per submit
 * (bench/exam-load --db=postgres). The columns are this module's own, never a request's.
 */
const writeResult = async (
  trx: Knex.Transaction,
  row: Record<string, unknown>,
  links: ResultLinks,
): Promise<void> => {
  const { attemptId, testId, studentId, answerIds } = links;
  if (isPostgres(trx)) {
    await insertRowWithLinks(trx, {
      table: 'results',
      row,
      idColumn: 'result_id',
      // No test or no learner: no link to it.
      links: [
        { table: 'results_attempt_lnk', column: 'attempt_id', value: attemptId },
        { table: 'results_test_lnk', column: 'test_id', value: testId },
        { table: 'results_student_lnk', column: 'student_id', value: studentId },
      ].filter((link) => link.value !== null),
      // The answers in order: their ids as one JSON array.
      after: {
        sql: `v AS (SELECT a, o FROM jsonb_to_recordset(CAST(? AS jsonb)) AS v(a integer, o integer)),
          lv AS (INSERT INTO results_answers_lnk (result_id, answer_id, answer_ord)
            SELECT ins.id, v.a, v.o FROM ins, v)`,
        bindings: [JSON.stringify(answerIds.map((a, i) => ({ a, o: i + 1 })))],
      },
    });
    return;
  }
  const [inserted] = await insertReturningIds(trx, 'results', [row]);
  const resultId = inserted.id;
  await insertLinks(trx, 'results_attempt_lnk', [{ result_id: resultId, attempt_id: attemptId }]);
  if (testId !== null) {
    await insertLinks(trx, 'results_test_lnk', [{ result_id: resultId, test_id: testId }]);
  }
  if (studentId !== null) {
    await insertLinks(trx, 'results_student_lnk', [{ result_id: resultId, student_id: studentId }]);
  }
  await insertLinks(
    trx,
    'results_answers_lnk',
    answerIds.map((answerId, i) => ({
      result_id: resultId,
      answer_id: answerId,
      answer_ord: i + 1,
    })),
  );
};

/**
 * Every answer's points: one UPDATE per distinct points value (a handful), not one per answer;
 * on PostgreSQL one UPDATE for all, the ids and points sent as one JSON array.
 */
const writePoints = async (
  trx: Knex.Transaction,
  byPoints: Map<string, number[]>,
  now: Date,
  endAt: Date,
): Promise<void> => {
  if (isPostgres(trx)) {
    const rows = [...byPoints].flatMap(([key, ids]) =>
      ids.map((id) => ({ i: id, p: key === 'null' ? null : Number(key) })),
    );
    if (rows.length === 0) return;
    await sqlRows(
      trx,
      `UPDATE answers SET points = v.p, updated_at = ?, end_date_time = COALESCE(end_date_time, ?)
        FROM jsonb_to_recordset(CAST(? AS jsonb)) AS v(i integer, p numeric)
        WHERE answers.id = v.i`,
      [now, endAt, JSON.stringify(rows)],
    );
    return;
  }
  for (const [key, ids] of byPoints) {
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      await sqlRows(
        trx,
        `UPDATE answers SET points = ?, updated_at = ?, end_date_time = COALESCE(end_date_time, ?)
          WHERE id IN (${part.map(() => '?').join(', ')})`,
        [key === 'null' ? null : Number(key), now, endAt, ...part],
      );
    }
  }
};
