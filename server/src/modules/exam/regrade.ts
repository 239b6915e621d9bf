/**
 * Regrade (issue 23): after a question's key or marks change on a test learners have taken,
 * staff preview what changes (GET) and re-mark every affected attempt in one transaction (POST):
 * answers' points, results' totals, counts and verdicts, an audit entry, the learners' notices.
 *
 * Why from the stored points: the question is edited before the regrade, so the key the attempts
 * were marked with is gone; an answer whose stored points differ from what today's key gives is
 * affected, and the previous key is read back from the stored points (the choice that scored
 * highest). Ranks, percentiles and statistics are computed from `results` at read time (review.ts,
 * modules/reports), so they follow the new totals with nothing cached to update.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { isPostgres, knexOf, sqlRows, toNumber, type Db } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { staffTestId } from './staff-test';
import { kickSummaryWorker, rebuildTest } from '../report-summary';
import { round2 } from './marking';
import {
  ANSWER_CHANGED,
  createAnswers,
  createMarks,
  dropTable,
  choiceMarksOf,
  distinctChoices,
  passedExpr,
  resultChanged,
  totalsFrom,
  tri,
} from './regrade-sql';
import {
  answeredQuestions,
  regradeFacts,
  type QuestionFacts,
  type RegradeFacts,
} from './regrade-facts';
import {
  notifyLearners,
  previousKeys,
  writeAudit,
  type ChangedResult,
  type RegradeQuestion,
  type RegradeSummary,
} from './regrade-record';

/** Learners shown in a preview's sample. */
export const SAMPLE_SIZE = 10;

const verdict = (value: unknown): boolean | null => {
  const n = Number(value);
  return n === -1 || Number.isNaN(n) ? null : n === 1;
};

const staffTest = (strapi: Core.Strapi, caller: Caller, input: unknown) =>
  staffTestId(strapi, caller, input, 'regrade a test');

/** Each result's new total (`t`) beside its stored values (`r`), where anything changes. */
const changedFrom = (facts: RegradeFacts, table: string) => {
  const passed = passedExpr(facts.rule, 't.total');
  const changed = resultChanged(passed);
  return {
    passed,
    changed,
    from: `(${totalsFrom(table, facts.negativeTotal)}) t JOIN results r ON r.id = t.result_id`,
  };
};

const changedResults = async (
  db: Db,
  facts: RegradeFacts,
  table: string,
  limit?: number,
): Promise<ChangedResult[]> => {
  const { passed, changed, from } = changedFrom(facts, table);
  const sql = `SELECT t.result_id AS result_id, r.document_id AS result_document_id,
        rs.student_id AS student_id, s.student_name AS student_name,
        r.total_marks AS old_total, t.total AS new_total,
        ${tri('r.passed')} AS old_passed, ${tri(passed.sql)} AS new_passed
      FROM ${from}
      LEFT JOIN results_student_lnk rs ON rs.result_id = r.id
      LEFT JOIN students s ON s.id = rs.student_id
      WHERE ${changed.sql}
      ORDER BY r.id ASC${limit ? ` LIMIT ${Math.floor(limit)}` : ''}`;
  // Parameters in the text's order: the verdict of the SELECT list (twice in tri), the WHERE.
  return sqlRows<ChangedResult>(db, sql, [...passed.params, ...passed.params, ...changed.params]);
};

interface Counts {
  results_changed: number;
  totals_changed: number;
  passed_changed: number;
  marks_change: number;
  attempts_affected: number;
}

/** The changed results counted and summed (one aggregate over the marks table). */
const countsOf = async (db: Db, facts: RegradeFacts, table: string): Promise<Counts> => {
  const { passed, changed, from } = changedFrom(facts, table);
  const [row] = await sqlRows<Record<string, unknown>>(
    db,
    `SELECT COUNT(*) AS n,
        SUM(CASE WHEN r.total_marks IS NULL OR ABS(r.total_marks - t.total) > 0.001
          THEN 1 ELSE 0 END) AS totals,
        SUM(CASE WHEN ${tri('r.passed')} <> ${tri(passed.sql)} THEN 1 ELSE 0 END) AS passed,
        SUM(t.total - COALESCE(r.total_marks, 0)) AS delta
      FROM ${from} WHERE ${changed.sql}`,
    [...passed.params, ...passed.params, ...changed.params],
  );
  const [affected] = await sqlRows<{ n: unknown }>(
    db,
    `SELECT COUNT(DISTINCT m.result_id) AS n FROM ${table} m WHERE ${ANSWER_CHANGED}`,
  );
  return {
    results_changed: toNumber(row?.n) ?? 0,
    totals_changed: toNumber(row?.totals) ?? 0,
    passed_changed: toNumber(row?.passed) ?? 0,
    marks_change: round2(toNumber(row?.delta) ?? 0),
    attempts_affected: toNumber(affected?.n) ?? 0,
  };
};

interface QuestionStats {
  question_id: number;
  answers: unknown;
  attempts: unknown;
  delta: unknown;
}

/** The questions with a changed answer: how many answers and attempts, how many marks. */
const questionsOf = async (
  db: Db,
  facts: RegradeFacts,
  table: string,
): Promise<RegradeQuestion[]> => {
  const rows = await sqlRows<QuestionStats>(
    db,
    `SELECT m.question_id AS question_id, COUNT(*) AS answers,
        COUNT(DISTINCT m.result_id) AS attempts,
        SUM(m.new_points - COALESCE(m.old_points, 0)) AS delta
      FROM ${table} m WHERE ${ANSWER_CHANGED} GROUP BY m.question_id`,
  );
  const byQuestion = new Map(facts.questions.map((q) => [q.id, q]));
  return rows
    .map((row) => {
      const q = byQuestion.get(Number(row.question_id)) as QuestionFacts;
      return {
        documentId: q.documentId,
        question: q.text.slice(0, 200),
        key: q.marked.correct_answer,
        points_correct_answer: q.marked.points_correct_answer,
        points_incorrect_answer: q.marked.points_incorrect_answer,
        answers_changed: toNumber(row.answers) ?? 0,
        attempts_affected: toNumber(row.attempts) ?? 0,
        marks_change: round2(toNumber(row.delta) ?? 0),
      };
    })
    .sort((x, y) => x.documentId.localeCompare(y.documentId));
};

const summaryOf = async (
  db: Db,
  facts: RegradeFacts,
  table: string | null,
  sample: ChangedResult[],
): Promise<RegradeSummary> => {
  const counts: Counts = table
    ? await countsOf(db, facts, table)
    : {
        results_changed: 0,
        totals_changed: 0,
        passed_changed: 0,
        marks_change: 0,
        attempts_affected: 0,
      };
  return {
    test: { documentId: facts.documentId, name: facts.name },
    results: facts.results,
    ...counts,
    questions: table ? await questionsOf(db, facts, table) : [],
    sample: sample.slice(0, SAMPLE_SIZE).map((row) => ({
      result: row.result_document_id,
      learner: row.student_name ?? '',
      old_total: toNumber(row.old_total),
      new_total: toNumber(row.new_total),
      old_passed: verdict(row.old_passed),
      new_passed: verdict(row.new_passed),
    })),
  };
};

/**
 * Runs `work` in a transaction with the test's marks table (null when the test has no objective
 * question: nothing to re-mark). 400 "Nothing to regrade." when no attempt of the test is closed.
 */
const withMarks = <T>(
  strapi: Core.Strapi,
  testId: number,
  work: (trx: Db, facts: RegradeFacts, table: string | null) => Promise<T>,
): Promise<T> =>
  (knexOf(strapi) as Knex).transaction(async (trx) => {
    if (isPostgres(trx)) {
      const [lock] = await sqlRows<{ ok: boolean }>(
        trx,
        'SELECT pg_try_advisory_xact_lock(?, ?) AS ok',
        [REGRADE_LOCK, testId],
      );
      if (!lock?.ok) {
        throw new HttpError(409, BUSY);
      }
    }
    const facts = await regradeFacts(trx, testId);
    if (facts.results === 0) {
      throw new HttpError(400, 'Nothing to regrade.');
    }
    const answers = await createAnswers(trx, testId);
    try {
      facts.questions = await answeredQuestions(trx, answers);
      const marks = choiceMarksOf(
        facts.questions,
        await distinctChoices(trx, answers),
        facts.multipleRule,
      );
      const table = marks.length > 0 ? await createMarks(trx, answers, marks) : null;
      try {
        return await work(trx, facts, table);
      } finally {
        if (table) await dropTable(trx, table);
      }
    } finally {
      await dropTable(trx, answers);
    }
  });

/** GET /api/tests/:documentId/regrade: what a regrade would change, changing nothing. */
export const regradePreview = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
): Promise<RegradeSummary> => {
  const testId = await staffTest(strapi, caller, documentId);
  if (running.has(testId)) {
    throw new HttpError(409, BUSY);
  }
  return withMarks(strapi, testId, async (db, facts, table) =>
    summaryOf(db, facts, table, table ? await changedResults(db, facts, table, SAMPLE_SIZE) : []),
  );
};

/** Tests being regraded by this process (PostgreSQL adds an advisory lock across processes). */
const running = new Set<number>();
const REGRADE_LOCK = 23023;
const BUSY = 'A regrade of this test is running: try again when it ends.';

export interface RegradeOutcome extends RegradeSummary {
  audit: string;
  notified: number;
}

/** POST /api/tests/:documentId/regrade: re-marks every affected attempt in one transaction. */
export const regrade = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
): Promise<RegradeOutcome> => {
  const testId = await staffTest(strapi, caller, documentId);
  if (running.has(testId)) {
    throw new HttpError(409, BUSY);
  }
  running.add(testId);
  try {
    return await withMarks(strapi, testId, async (trx, facts, table) => {
      const changed = table ? await changedResults(trx, facts, table) : [];
      const summary = await summaryOf(trx, facts, table, changed);
      const previous = table ? await previousKeys(trx, table) : new Map();
      if (table) {
        await applyMarks(trx, facts, table);
        // The reports' summary counted the answers' old points and totals: built again.
        await rebuildTest(trx, testId);
      }
      const audit = await writeAudit(trx, caller, facts, summary, changed, previous);
      const notified = await notifyLearners(trx, facts, changed);
      return { ...summary, audit, notified };
    });
  } finally {
    running.delete(testId);
    kickSummaryWorker(strapi);
  }
};

/** Results first (their new values come from the key, not from the stored points), then answers. */
const applyMarks = async (trx: Db, facts: RegradeFacts, table: string) => {
  const now = new Date();
  const { passed, changed } = changedFrom(facts, table);
  await sqlRows(
    trx,
    `UPDATE results AS r SET total_marks = t.total, correct_count = t.c,
        incorrect_count = t.i, unanswered_count = t.u, passed = ${passed.sql}, updated_at = ?
      FROM (${totalsFrom(table, facts.negativeTotal)}) t
      WHERE r.id = t.result_id AND ${changed.sql}`,
    [...passed.params, now, ...changed.params],
  );
  await sqlRows(
    trx,
    `UPDATE answers SET points = m.new_points, updated_at = ?
      FROM ${table} m
      WHERE answers.id = m.answer_id AND ${ANSWER_CHANGED}`,
    [now],
  );
};
