// The fold (issue 22): takes queued (test, learner) pairs and works their counted results out
// again — for each pick (best, last) the result the reports count (chosen.ts, the reports' own
// rule), its answers' counters subtracted at the total they were added with (the picks row keeps
// it) and the new result's added. Set-based, a batch of pairs per transaction, one fold at a time
// (PostgreSQL: an advisory lock; SQLite has one writer), so a batch holds the database briefly.
import type { Knex } from 'knex';
import { isPostgres, sqlRows, toNumber, type Db } from '../../platform/db/sql';
import { chosenCte, PICKS } from './chosen';
import { FOLD_LOCK, rebuildTest } from './queue';
import {
  SUMMARY_COUNTS_TABLE as COUNTS,
  SUMMARY_PENDING_TABLE as PENDING,
  SUMMARY_PICKS_TABLE as PICKS_TABLE,
  SUMMARY_TESTS_TABLE,
} from './tables';

/**
 * Pairs per fold transaction (~200 answers each): at 50,000 learners a batch of 250 held the
 * database 0.3–0.6 s (bench), 100 keeps it near a tenth of a second for the writes waiting.
 */
export const FOLD_BATCH = 100;

const CHOICE = "LOWER(TRIM(COALESCE(an.selected_answer, '')))";

/** Counters of the answers of the picks of the test's claimed learners, per key. */
const answerSums = `SELECT p.pick AS pick, aq.question_id AS question_id, ${CHOICE} AS choice,
    p.total AS total, COUNT(*) AS n,
    SUM(CASE WHEN an.mark_as_important = ? THEN 1 ELSE 0 END) AS important,
    SUM(COALESCE(an.points, 0)) AS earned,
    SUM(CASE WHEN an.points > 0 THEN 1 ELSE 0 END) AS right_n
  FROM ${PICKS_TABLE} p
  JOIN answers_attempt_lnk aa ON aa.attempt_id = p.attempt_id
  JOIN answers an ON an.id = aa.answer_id
  JOIN answers_question_lnk aq ON aq.answer_id = an.id
  WHERE p.test_id = ? AND p.total IS NOT NULL
    AND p.student_id IN (SELECT student_id FROM ${PENDING} WHERE test_id = ? AND claimed = 1)
  GROUP BY p.pick, aq.question_id, ${CHOICE}, p.total`;

/**
 * Adds `sign` × the counters of the claimed learners' picks (one row per key: an upsert probing
 * the primary key, the same plan on both databases and for any size of the test's counters). A
 * counter brought to 0 stays (it adds nothing to any sum; a rebuild drops it): deleting them
 * would walk every counter of the test in each fold.
 */
const addSums = (trx: Db, testId: number, sign: 1 | -1) =>
  sqlRows(
    trx,
    `INSERT INTO ${COUNTS} (test_id, pick, question_id, choice, total, n, important, earned,
       right_n)
     SELECT CAST(? AS INTEGER), d.pick, d.question_id, d.choice, d.total, ${sign} * d.n,
       ${sign} * d.important, ${sign} * d.earned, ${sign} * d.right_n
     FROM (${answerSums}) d WHERE true
     ON CONFLICT (test_id, pick, question_id, choice, total) DO UPDATE SET
       n = ${COUNTS}.n + excluded.n, important = ${COUNTS}.important + excluded.important,
       earned = ${COUNTS}.earned + excluded.earned, right_n = ${COUNTS}.right_n + excluded.right_n`,
    [testId, true, testId, testId],
  );

const foldTest = async (trx: Db, testId: number): Promise<void> => {
  // Out: what the previous picks added (their answers are as they were: a write that changes
  // counted answers rebuilds the test instead, queue.ts).
  await addSums(trx, testId, -1);
  await sqlRows(
    trx,
    `DELETE FROM ${PICKS_TABLE} WHERE test_id = ? AND student_id IN
       (SELECT student_id FROM ${PENDING} WHERE test_id = ? AND claimed = 1)`,
    [testId, testId],
  );
  const students = {
    sql: `SELECT student_id FROM ${PENDING} WHERE test_id = ? AND claimed = 1`,
    bindings: [testId],
  };
  for (const pick of PICKS) {
    const cte = chosenCte(testId, { facultyId: null, batchId: null }, pick, students);
    await sqlRows(
      trx,
      `WITH ${cte.sql}
       INSERT INTO ${PICKS_TABLE} (test_id, pick, student_id, result_id, attempt_id, total)
       SELECT CAST(? AS INTEGER), CAST(? AS VARCHAR(8)), student_id, result_id, attempt_id, total
       FROM chosen WHERE true`,
      [...cte.bindings, testId, pick],
    );
  }
  // In: the answers of the picks as they are now.
  await addSums(trx, testId, 1);
};

/**
 * One fold transaction over at most `limit` queued pairs (of `testId` only, when given). Answers
 * how many pairs it took; 0 when none is queued or (PostgreSQL) another fold holds the lock —
 * unless `wait` (a report folding its own test: it waits for that fold's batch instead).
 */
export const foldPending = (
  knex: Knex,
  {
    testId,
    limit = FOLD_BATCH,
    wait = false,
  }: { testId?: number; limit?: number; wait?: boolean } = {},
): Promise<number> =>
  knex.transaction(async (trx) => {
    if (isPostgres(trx)) {
      const [lock] = await sqlRows(
        trx,
        wait
          ? 'SELECT true AS ok FROM (SELECT pg_advisory_xact_lock(?, 0)) l'
          : 'SELECT pg_try_advisory_xact_lock(?, 0) AS ok',
        [FOLD_LOCK],
      );
      if (!lock?.ok) return 0;
    }
    const only = testId === undefined ? '' : ' AND test_id = ?';
    await sqlRows(
      trx,
      `UPDATE ${PENDING} SET claimed = 1 WHERE id IN
         (SELECT id FROM ${PENDING} WHERE claimed = 0${only} ORDER BY id LIMIT ?)`,
      testId === undefined ? [limit] : [testId, limit],
    );
    const tests = await sqlRows(
      trx,
      `SELECT test_id, COUNT(*) AS n FROM ${PENDING} WHERE claimed = 1 GROUP BY test_id`,
    );
    for (const t of tests) {
      await foldTest(trx, Number(t.test_id));
      await sqlRows(
        trx,
        `UPDATE ${SUMMARY_TESTS_TABLE} SET results = results +
           (SELECT COALESCE(SUM(added), 0) FROM ${PENDING} WHERE test_id = ? AND claimed = 1)
         WHERE test_id = ?`,
        [t.test_id, t.test_id],
      );
    }
    await sqlRows(trx, `DELETE FROM ${PENDING} WHERE claimed = 1`);
    return tests.reduce((sum, t) => sum + (toNumber(t.n) ?? 0), 0);
  });

/**
 * The backfill: every test with results and no summary yet is rebuilt (its learners queued), one
 * transaction per test; so is a kept test, nothing of it queued, whose count of results is not
 * the one its summary was folded at (results written around the server's own writes).
 * Idempotent: a test summarised (or queued) is left alone.
 */
export const backfillMissing = async (knex: Knex): Promise<number> => {
  const tests = await sqlRows(
    knex,
    `SELECT t.id FROM tests t
     WHERE NOT EXISTS (SELECT 1 FROM ${SUMMARY_TESTS_TABLE} s WHERE s.test_id = t.id)
       AND EXISTS (SELECT 1 FROM results_test_lnk rt WHERE rt.test_id = t.id)
     UNION
     SELECT s.test_id FROM ${SUMMARY_TESTS_TABLE} s
     WHERE NOT EXISTS (SELECT 1 FROM ${PENDING} p WHERE p.test_id = s.test_id)
       AND s.results <> (SELECT COUNT(*) FROM results_test_lnk rt WHERE rt.test_id = s.test_id)`,
  );
  for (const t of tests) {
    await knex.transaction((trx) => rebuildTest(trx, Number(t.id)));
  }
  return tests.length;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Folds while the batches come full (a backlog), pausing between them so the requests of
 * everyone else go between them; a batch that was not full ends the drain, and what is queued
 * after it waits for the next kick. A fold costs about the same for 1 pair as for 100 (its
 * statements walk the test's picks), so in a submit storm folding each close's pair as it came
 * cost ~10 ms of the one writer per submit (bench/exam-load --query-stats: 1,902 folds for 2,000
 * submits, 20 s of SQLite time); batched by the kick's delay it is a fold per second or so.
 */
export const drainPending = async (knex: Knex, pauseMs = 5): Promise<number> => {
  let total = 0;
  for (;;) {
    const n = await foldPending(knex);
    total += n;
    if (n < FOLD_BATCH) return total;
    await pause(pauseMs);
  }
};
