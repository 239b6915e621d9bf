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
import { isStaff, type Caller } from '../../access/caller';
import { UID } from '../../access/rules';
import { findVisible } from '../../access/visibility';
import {
  documentIdOf,
  isPostgres,
  knexOf,
  sqlRows,
  toNumber,
  type Db,
} from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { round2 } from './marking';
import {
  ANSWER_CHANGED,
  MARKED_SQL,
  TOTALS_SQL,
  keyRowOf,
  keysCte,
  passedExpr,
  resultChanged,
  tri,
  type KeyRow,
} from './regrade-sql';
import { regradeFacts, type QuestionFacts, type RegradeFacts } from './regrade-facts';
import {
  notifyLearners,
  previousKeys,
  writeAudit,
  type ChangedResult,
  type RegradeSummary,
} from './regrade-record';

/** Learners shown in a preview's sample. */
export const SAMPLE_SIZE = 10;

const verdict = (value: unknown): boolean | null => {
  const n = Number(value);
  return n === -1 || Number.isNaN(n) ? null : n === 1;
};

/** The test the staff caller may write (404 otherwise; learners 403). */
const staffTest = async (strapi: Core.Strapi, caller: Caller, input: unknown): Promise<number> => {
  if (!isStaff(caller)) {
    throw new HttpError(403, 'Only staff regrade a test.');
  }
  const documentId = documentIdOf(input);
  if (!documentId) {
    throw new HttpError(400, 'Send the documentId of the test.');
  }
  const [test] = await findVisible(strapi, caller, UID.test, {
    ids: [],
    documentIds: [documentId],
  });
  if (!test) {
    throw new HttpError(404, 'Unknown test.');
  }
  return test.id;
};

/** Marks of each question, joined to each answer (`WITH k … <sql>`), bound with the test id. */
const marked = (keys: readonly KeyRow[], sql: string, testId: number, more: unknown[] = []) => {
  const cte = keysCte(keys);
  return { sql: `${cte.sql} ${sql}`, params: [...cte.params, testId, ...more] };
};

const changedResults = async (
  db: Db,
  facts: RegradeFacts,
  keys: readonly KeyRow[],
  limit?: number,
): Promise<ChangedResult[]> => {
  const passed = passedExpr(facts.rule, 't.total');
  const changed = resultChanged(passed);
  const cte = keysCte(keys);
  const sql = `${cte.sql} SELECT t.result_id AS result_id, r.document_id AS result_document_id,
        rs.student_id AS student_id, s.student_name AS student_name,
        r.total_marks AS old_total, t.total AS new_total,
        ${tri('r.passed')} AS old_passed, ${tri(passed.sql)} AS new_passed
      FROM (${TOTALS_SQL}) t
      JOIN results r ON r.id = t.result_id
      LEFT JOIN results_student_lnk rs ON rs.result_id = r.id
      LEFT JOIN students s ON s.id = rs.student_id
      WHERE ${changed.sql}
      ORDER BY r.id ASC${limit ? ` LIMIT ${Math.floor(limit)}` : ''}`;
  // Parameters in the text's order: the keys, the verdict of the SELECT list (twice in tri),
  // the test of the sub-query, the WHERE.
  return sqlRows<ChangedResult>(db, sql, [
    ...cte.params,
    ...passed.params,
    ...passed.params,
    facts.testId,
    ...changed.params,
  ]);
};

interface QuestionStats {
  question_id: number;
  answers: unknown;
  attempts: unknown;
  delta: unknown;
}

const questionStats = async (db: Db, facts: RegradeFacts, keys: readonly KeyRow[]) => {
  const q = marked(
    keys,
    `SELECT m.question_id AS question_id, COUNT(*) AS answers,
        COUNT(DISTINCT m.result_id) AS attempts,
        SUM(m.new_points - COALESCE(m.old_points, 0)) AS delta
      FROM (${MARKED_SQL}) m WHERE ${ANSWER_CHANGED} GROUP BY m.question_id`,
    facts.testId,
  );
  const [rows, [affected]] = await Promise.all([
    sqlRows<QuestionStats>(db, q.sql, q.params),
    sqlRows<{ n: unknown }>(
      db,
      marked(
        keys,
        `SELECT COUNT(DISTINCT m.result_id) AS n FROM (${MARKED_SQL}) m WHERE ${ANSWER_CHANGED}`,
        facts.testId,
      ).sql,
      q.params,
    ),
  ]);
  return { rows, affected: toNumber(affected?.n) ?? 0 };
};

const summaryOf = async (
  db: Db,
  facts: RegradeFacts,
  keys: readonly KeyRow[],
  changed: ChangedResult[],
): Promise<RegradeSummary> => {
  const stats = keys.length > 0 ? await questionStats(db, facts, keys) : { rows: [], affected: 0 };
  const byQuestion = new Map(facts.questions.map((q) => [q.id, q]));
  const questions = stats.rows
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
    .sort((a, b) => a.documentId.localeCompare(b.documentId));
  let totalsChanged = 0;
  let passedChanged = 0;
  let marksChange = 0;
  for (const row of changed) {
    const before = toNumber(row.old_total) ?? 0;
    const after = toNumber(row.new_total) ?? 0;
    if (row.old_total === null || Math.abs(before - after) > 0.001) totalsChanged += 1;
    if (Number(row.old_passed) !== Number(row.new_passed)) passedChanged += 1;
    marksChange += after - before;
  }
  return {
    test: { documentId: facts.documentId, name: facts.name },
    results: facts.results,
    attempts_affected: stats.affected,
    results_changed: changed.length,
    totals_changed: totalsChanged,
    passed_changed: passedChanged,
    marks_change: round2(marksChange),
    questions,
    sample: changed.slice(0, SAMPLE_SIZE).map((row) => ({
      result: row.result_document_id,
      learner: row.student_name ?? '',
      old_total: toNumber(row.old_total),
      new_total: toNumber(row.new_total),
      old_passed: verdict(row.old_passed),
      new_passed: verdict(row.new_passed),
    })),
  };
};

const keysOf = (facts: RegradeFacts): KeyRow[] =>
  facts.questions.map((q) => keyRowOf(q.id, q.marked)).filter((row): row is KeyRow => row !== null);

const nothingToRegrade = (facts: RegradeFacts): void => {
  if (facts.results === 0) {
    throw new HttpError(400, 'Nothing to regrade.');
  }
};

/** GET /api/tests/:documentId/regrade: what a regrade would change, changing nothing. */
export const regradePreview = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
): Promise<RegradeSummary> => {
  const testId = await staffTest(strapi, caller, documentId);
  const db = knexOf(strapi);
  const facts = await regradeFacts(db, testId);
  nothingToRegrade(facts);
  const keys = keysOf(facts);
  const changed = keys.length > 0 ? await changedResults(db, facts, keys, SAMPLE_SIZE) : [];
  const summary = await summaryOf(db, facts, keys, changed);
  if (keys.length > 0 && changed.length >= SAMPLE_SIZE) {
    // The sample was limited: count and sum every changed result (aggregated in JS from one
    // set-based query).
    const all = await changedResults(db, facts, keys);
    const full = await summaryOf(db, facts, keys, all);
    return { ...full, sample: summary.sample };
  }
  return summary;
};

/** Tests being regraded by this process (PostgreSQL adds an advisory lock across processes). */
const running = new Set<number>();
const REGRADE_LOCK = 23023;

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
    throw new HttpError(409, 'A regrade of this test is running: try again when it ends.');
  }
  running.add(testId);
  try {
    return await (knexOf(strapi) as Knex).transaction(async (trx) => {
      if (isPostgres(trx)) {
        const [lock] = await sqlRows<{ ok: boolean }>(
          trx,
          'SELECT pg_try_advisory_xact_lock(?, ?) AS ok',
          [REGRADE_LOCK, testId],
        );
        if (!lock?.ok) {
          throw new HttpError(409, 'A regrade of this test is running: try again when it ends.');
        }
      }
      const facts = await regradeFacts(trx, testId);
      nothingToRegrade(facts);
      const keys = keysOf(facts);
      const changed = keys.length > 0 ? await changedResults(trx, facts, keys) : [];
      const summary = await summaryOf(trx, facts, keys, changed);
      const previous = keys.length > 0 ? await previousKeys(trx, facts, keys) : new Map();
      if (keys.length > 0) {
        await applyMarks(trx, facts, keys);
      }
      const audit = await writeAudit(trx, caller, facts, summary, changed, previous);
      const notified = await notifyLearners(trx, facts, changed);
      return { ...summary, audit, notified };
    });
  } finally {
    running.delete(testId);
  }
};

/** Results first (their new values come from the key, not from the stored points), then answers. */
const applyMarks = async (trx: Db, facts: RegradeFacts, keys: readonly KeyRow[]) => {
  const now = new Date();
  const cte = keysCte(keys);
  const passed = passedExpr(facts.rule, 't.total');
  const changed = resultChanged(passed);
  await sqlRows(
    trx,
    `${cte.sql} UPDATE results AS r SET total_marks = t.total, correct_count = t.c,
        incorrect_count = t.i, unanswered_count = t.u, passed = ${passed.sql}, updated_at = ?
      FROM (${TOTALS_SQL}) t
      WHERE r.id = t.result_id AND ${changed.sql}`,
    [...cte.params, ...passed.params, now, facts.testId, ...changed.params],
  );
  await sqlRows(
    trx,
    `${cte.sql} UPDATE answers SET points = m.new_points, updated_at = ?
      FROM (${MARKED_SQL}) m
      WHERE answers.id = m.answer_id AND ${ANSWER_CHANGED}`,
    [...cte.params, now, facts.testId],
  );
};
