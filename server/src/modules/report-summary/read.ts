// Reading the reports' summary (issue 22): whether it can answer for a test, the counted result
// of each learner (the `chosen` of the from-scratch queries, from the picks table) and the item
// analysis's rows per question and option, top and bottom groups included.
import type { Knex } from 'knex';
import { sqlRows, toNumber, type Db } from '../../platform/db/sql';
import type { Pick } from './chosen';
import { FOLD_BATCH, foldPending } from './fold';
import {
  SUMMARY_COUNTS_TABLE as COUNTS,
  SUMMARY_PENDING_TABLE as PENDING,
  SUMMARY_PICKS_TABLE as PICKS_TABLE,
  SUMMARY_TESTS_TABLE,
} from './tables';

/**
 * Queued learners a report folds itself before answering (one of the worker's batches: the
 * database is held no longer than by the worker); more → the from-scratch queries.
 */
export const SYNC_FOLD_MAX = FOLD_BATCH;

const stateOf = async (db: Db, testId: number, pick: Pick) => {
  const [row] = await sqlRows(
    db,
    `SELECT (SELECT COUNT(*) FROM ${SUMMARY_TESTS_TABLE} WHERE test_id = ?) AS kept,
       (SELECT MAX(results) FROM ${SUMMARY_TESTS_TABLE} WHERE test_id = ?) AS folded,
       (SELECT COUNT(*) FROM results_test_lnk WHERE test_id = ?) AS results,
       (SELECT COUNT(*) FROM (SELECT 1 FROM ${PENDING} WHERE test_id = ? LIMIT ?) q) AS queued,
       (SELECT COUNT(*) FROM (SELECT 1 FROM ${PICKS_TABLE}
          WHERE test_id = ? AND pick = ? AND total IS NULL LIMIT 1) z) AS nulls`,
    [testId, testId, testId, testId, SYNC_FOLD_MAX + 1, testId, pick],
  );
  return {
    kept: Number(row?.kept ?? 0) > 0 && Number(row?.folded) === Number(row?.results),
    queued: Number(row?.queued ?? 0),
    nulls: Number(row?.nulls ?? 0),
  };
};

/**
 * Whether the summary answers for the test: it is kept (backfilled), nothing of it is queued (up
 * to SYNC_FOLD_MAX queued learners are folded here first, so a report right after a submit is
 * exact) and no counted result lacks a total (an unmarked Mains result: the databases order a
 * null total differently, so the from-scratch queries keep their own answer).
 */
export const summaryUsable = async (db: Db, testId: number, pick: Pick): Promise<boolean> => {
  let state = await stateOf(db, testId, pick);
  if (state.queued > SYNC_FOLD_MAX) return false;
  if (state.queued > 0) {
    await foldPending(db as Knex, { testId, limit: SYNC_FOLD_MAX, wait: true });
    state = await stateOf(db, testId, pick);
  }
  return state.kept && state.queued === 0 && state.nulls === 0;
};

/** `chosen` from the summary (result_id, student_id, attempt_id, total), as chosenCte names it. */
export const pickedCte = (testId: number, pick: Pick): { sql: string; bindings: unknown[] } => ({
  sql: `chosen AS (SELECT result_id, student_id, attempt_id, total FROM ${PICKS_TABLE}
    WHERE test_id = ? AND pick = ?)`,
  bindings: [testId, pick],
});

/**
 * `chosen` with the results' own columns (chosenCte's, attempt_number aside): result_id,
 * student_id, attempt_id, total, seconds, passed — for the statistics and the results list.
 */
export const pickedResultsCte = (
  testId: number,
  pick: Pick,
): { sql: string; bindings: unknown[] } => ({
  sql: `chosen AS (SELECT p.result_id, p.student_id, p.attempt_id, r.total_marks AS total,
      r.time_taken_seconds AS seconds, r.passed AS passed
    FROM ${PICKS_TABLE} p JOIN results r ON r.id = p.result_id
    WHERE p.test_id = ? AND p.pick = ?)`,
  bindings: [testId, pick],
});

export const pickedCount = async (db: Db, testId: number, pick: Pick): Promise<number> => {
  const [row] = await sqlRows(
    db,
    `SELECT COUNT(*) AS n FROM ${PICKS_TABLE} WHERE test_id = ? AND pick = ?`,
    [testId, pick],
  );
  return Number(row?.n ?? 0);
};

export interface ItemRow {
  question_id: unknown;
  choice: unknown;
  n: unknown;
  top: unknown;
  bottom: unknown;
  important: unknown;
  total_sum: unknown;
  total_squares: unknown;
}

const CHOICE = "LOWER(TRIM(COALESCE(an.selected_answer, '')))";

/** The (total, result id) of the learner at 0-based `position` in the order by total. */
const at = async (db: Db, testId: number, pick: Pick, position: number) => {
  const [row] = await sqlRows(
    db,
    `SELECT total, result_id FROM ${PICKS_TABLE} WHERE test_id = ? AND pick = ?
     ORDER BY total DESC, result_id ASC LIMIT 1 OFFSET ?`,
    [testId, pick, position],
  );
  return { total: row?.total ?? null, resultId: Number(row?.result_id ?? 0) };
};

/**
 * Per question and choice: answers, top and bottom group members, marked important, sum and sum
 * of squares of the totals. Learners are ordered by total (ties: the earlier result first) and the
 * groups are the first and last `size`: everything strictly above the top group's last total (or
 * below the bottom group's first) comes from the counters; the learners tied at such a boundary
 * total are split by result id, from their own answers (a few hundred learners at most).
 */
export const summaryItemRows = async (
  db: Db,
  testId: number,
  pick: Pick,
  learners: number,
  size: number,
): Promise<ItemRow[]> => {
  if (learners === 0 || size === 0) {
    return sqlRows<ItemRow>(
      db,
      `SELECT question_id, choice, SUM(n) AS n, 0 AS top, 0 AS bottom,
         SUM(important) AS important, SUM(n * total) AS total_sum,
         SUM(n * total * total) AS total_squares
       FROM ${COUNTS} WHERE test_id = ? AND pick = ? GROUP BY question_id, choice`,
      [testId, pick],
    );
  }
  const top = await at(db, testId, pick, size - 1);
  const bottom = await at(db, testId, pick, learners - size);
  const [rows, ties] = await Promise.all([
    sqlRows<ItemRow>(
      db,
      `SELECT question_id, choice, SUM(n) AS n,
         SUM(CASE WHEN total > ? THEN n ELSE 0 END) AS top,
         SUM(CASE WHEN total < ? THEN n ELSE 0 END) AS bottom,
         SUM(important) AS important, SUM(n * total) AS total_sum,
         SUM(n * total * total) AS total_squares
       FROM ${COUNTS} WHERE test_id = ? AND pick = ? GROUP BY question_id, choice`,
      [top.total, bottom.total, testId, pick],
    ),
    sqlRows<{ question_id: unknown; choice: unknown; top: unknown; bottom: unknown }>(
      db,
      `SELECT aq.question_id AS question_id, ${CHOICE} AS choice,
         SUM(CASE WHEN p.total = ? AND p.result_id <= ? THEN 1 ELSE 0 END) AS top,
         SUM(CASE WHEN p.total = ? AND p.result_id >= ? THEN 1 ELSE 0 END) AS bottom
       FROM ${PICKS_TABLE} p
       JOIN answers_attempt_lnk aa ON aa.attempt_id = p.attempt_id
       JOIN answers an ON an.id = aa.answer_id
       JOIN answers_question_lnk aq ON aq.answer_id = an.id
       WHERE p.test_id = ? AND p.pick = ? AND (p.total = ? OR p.total = ?)
       GROUP BY aq.question_id, ${CHOICE}`,
      [
        top.total,
        top.resultId,
        bottom.total,
        bottom.resultId,
        testId,
        pick,
        top.total,
        bottom.total,
      ],
    ),
  ]);
  const key = (r: { question_id: unknown; choice: unknown }) =>
    `${Number(r.question_id)}\u0000${String(r.choice ?? '')}`;
  const tied = new Map(ties.map((t) => [key(t), t]));
  return rows.map((r) => {
    const t = tied.get(key(r));
    return {
      ...r,
      top: (toNumber(r.top) ?? 0) + (toNumber(t?.top) ?? 0),
      bottom: (toNumber(r.bottom) ?? 0) + (toNumber(t?.bottom) ?? 0),
    };
  });
};

/**
 * Per question: the marks its counted answers earned, how many scored above zero and how many
 * there are (the by-subject report counts drawn copies' answers, issue 26).
 */
export const questionSumsSql = (): string => `perq AS (
  SELECT question_id, SUM(earned) AS earned, SUM(right_n) AS right_n, SUM(n) AS answers
  FROM ${COUNTS}
  WHERE test_id = ? AND pick = ? GROUP BY question_id)`;
